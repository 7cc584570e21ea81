/**
 * Tables fit the terminal: COLUMNS through a pipe, and real tmux windows. Widths are measured here in
 * terminal cells (escape codes stripped, wide characters counted twice), independently of src/output; in
 * a window the terminal itself is the judge: a line it had to wrap is a line too wide.
 */
import { describe, expect, it } from 'vitest';
import { AGENT_CODES } from '../../../src/api/agents.js';
import { useSandbox, type Sandbox } from '../../helpers/sandbox.js';
import { runInWindow } from '../../helpers/terminal-window.js';
import { runTix } from '../../helpers/tix.js';
import { sandboxEnv } from '../../helpers/tix-env.js';

const NOW = new Date();
// Enough events over the world's twelve years that one on sale at NOW is listed by every agent.
const sandbox = useSandbox({ now: NOW, events: 8000 });
const env = () => sandboxEnv(sandbox().url);
const tix = (args: string[], extra: Record<string, string> = {}) => runTix(args, { env: { ...env(), ...extra } });

const SEARCH = ['events', 'search', '--limit', '3'];
const SEARCH_COLUMNS = ['id', 'name', 'eventDate', 'venue', 'city', 'category'];
const NOTE = /^tix: note: columns? (.+) left out to fit (\d+) columns; widen the terminal or use -o csv$/;

const WIDE =
  /^(?:\p{Extended_Pictographic}|[\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6])/u;
// eslint-disable-next-line no-control-regex
const ESCAPES = /\u001b\[[0-9;]*[A-Za-z]/g;
/** Terminal cells a line takes: one per grapheme, two for a wide one. */
function cells(line: string): number {
  let width = 0;
  for (const { segment } of new Intl.Segmenter().segment(line.replace(ESCAPES, ''))) width += WIDE.test(segment) ? 2 : 1;
  return width;
}
const lines = (text: string) => text.split('\n').filter((line) => line !== '');
const notes = (stderr: string) => stderr.split('\n').filter((line) => line.includes('left out'));

function onSaleEverywhere(): Sandbox['events'][number] {
  const now = NOW.toISOString();
  return sandbox().events.find(
    (e) => e.publicSaleDate < now && e.eventDate > now && Object.keys(e.agentIds).length === AGENT_CODES.length,
  )!;
}

/**
 * The block form, read back: a record per block, its keys in order, each value with the lines that
 * continue it (indented by two) joined by `glue` (' ' where the value broke at a space, '' inside a word).
 */
function blocksOf(stdout: string, glue = ' '): Record<string, string>[] {
  return stdout
    .trimEnd()
    .split('\n\n')
    .map((block) => {
      const record: Record<string, string> = {};
      let key = '';
      for (const line of block.split('\n')) {
        const field = /^(\w+):(?: (.*))?$/.exec(line);
        if (field) record[(key = field[1]!)] = field[2] ?? '';
        else record[key] = [record[key], line.replace(/^ {2}/, '')].filter((part) => part !== '').join(glue);
      }
      return record;
    });
}

/** The header cells of a drawn table: '│ id │ name │' → ['id', 'name']. */
function headerOf(stdout: string): string[] {
  const header = lines(stdout).find((line) => line.startsWith('│'))!;
  return header
    .split('│')
    .slice(1, -1)
    .map((cell) => cell.trim());
}

async function searched(): Promise<{ id: string; name: string }[]> {
  const json = await tix([...SEARCH, '-o', 'json']);
  expect(json.code).toBe(0);
  return JSON.parse(json.stdout).events;
}

describe('tables fit COLUMNS through a pipe', () => {
  it.each([20, 40, 80, 200])('events search --limit 3 -o table at COLUMNS=%i: no line wider, every id whole', async (columns) => {
    const events = await searched();
    const result = await tix([...SEARCH, '-o', 'table'], { COLUMNS: String(columns) });
    expect(result.code).toBe(0);
    for (const line of lines(result.stdout)) expect(cells(line), line).toBeLessThanOrEqual(columns);
    for (const { id } of events) expect(result.stdout).toContain(id);
    expect(result.stdout).not.toContain('note');
  });

  it('leaves out the least important columns first, names them once on stderr, and keeps the id and name', async () => {
    for (const columns of [40, 80]) {
      const result = await tix([...SEARCH, '-o', 'table'], { COLUMNS: String(columns) });
      const [note, ...more] = notes(result.stderr);
      expect(more).toEqual([]);
      const match = NOTE.exec(note ?? '');
      expect(match, result.stderr).not.toBeNull();
      expect(match![2]).toBe(String(columns));
      const leftOut = match![1]!.split(', ');
      const shown = headerOf(result.stdout);
      expect([...shown, ...leftOut].sort()).toEqual([...SEARCH_COLUMNS].sort());
      expect(shown.slice(0, 2)).toEqual(['id', 'name']);
      expect(leftOut).toContain('venue');
    }
    const wide = await tix([...SEARCH, '-o', 'table'], { COLUMNS: '200' });
    expect(headerOf(wide.stdout)).toEqual(SEARCH_COLUMNS);
    expect(wide.stderr).toBe('');
    for (const { name } of await searched()) expect(wide.stdout).toContain(name);
  });

  it('falls back to one block of key: value lines per record below a minimum width', async () => {
    const events = await searched();
    const result = await tix([...SEARCH, '-o', 'table'], { COLUMNS: '20' });
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(/[│┌└]/);
    const blocks = blocksOf(result.stdout);
    expect(blocks).toHaveLength(events.length);
    expect(result.stdout.split('\n').filter((line) => line.startsWith('id: '))).toEqual(events.map((e) => `id: ${e.id}`));
    blocks.forEach((block, i) => {
      expect(Object.keys(block)).toEqual(SEARCH_COLUMNS);
      // A value too long for its line continues, indented, on the lines under its key: nothing is cut.
      expect(block.name).toBe(events[i]!.name);
    });
    expect(notes(result.stderr)).toEqual([]);
  });

  it('draws the whole table when the width is unknown (a pipe without COLUMNS)', async () => {
    const result = await tix([...SEARCH.slice(0, 2), '--limit', '10', '-o', 'table']);
    expect(result.code).toBe(0);
    expect(Math.max(...lines(result.stdout).map(cells))).toBeGreaterThan(100);
    expect(result.stdout).not.toContain('…');
    expect(result.stderr).toBe('');
  });

  it('never leaves out a column named with --fields: blocks instead, with every field', async () => {
    const fields = ['id', 'name', 'eventDate', 'venue', 'city', 'category'];
    const result = await tix([...SEARCH, '-o', 'table', '--fields', fields.join(',')], { COLUMNS: '40' });
    expect(result.code).toBe(0);
    expect(notes(result.stderr)).toEqual([]);
    for (const line of lines(result.stdout)) expect(cells(line), line).toBeLessThanOrEqual(40);
    for (const block of blocksOf(result.stdout)) expect(Object.keys(block)).toEqual(fields);
  });

  it.each([20, 30, 40, 80, 200])(
    'events view -o table at COLUMNS=%i: no line wider, every agent code whole and distinct',
    async (columns) => {
      const event = onSaleEverywhere();
      const json = await tix(['events', 'view', event.id, '-o', 'json', '--top', '3']);
      const agents: string[] = JSON.parse(json.stdout).market.map((row: { agent: string }) => row.agent);
      const result = await tix(['events', 'view', event.id, '-o', 'table', '--top', '3'], { COLUMNS: String(columns) });
      expect(result.code).toBe(0);
      for (const line of lines(result.stdout)) expect(cells(line), line).toBeLessThanOrEqual(columns);
      // The first cell of each market row (or the agent of each block), in order: every agent, whole.
      const blockForm = /^agent:/m.test(result.stdout);
      const shown = blockForm
        ? blocksOf(result.stdout, '').flatMap((block) => block.agent ?? [])
        : lines(result.stdout).flatMap((line) => /^│ ([A-Z]+) /.exec(line)?.[1] ?? []);
      expect(shown.slice(0, agents.length + 1)).toEqual([...agents, 'ALL']);
      // Only the agent cells: a section such as "Rear Mezzanine" may well be cut to "Rear M…".
      expect(result.stdout).not.toMatch(/^(│ |agent: )[A-Z]*…/m);
      expect(notes(result.stderr).length).toBeLessThanOrEqual(1);
    },
  );
});

describe('tables fit a real terminal', () => {
  it.each([40, 200])(
    'events search --limit 3 in a %i-column window: nothing wraps, ids whole, the note only when needed',
    async (columns) => {
      const events = await searched();
      const window = await runInWindow(SEARCH, { columns, env: env() });
      expect(window.code).toBe(0);
      expect(window.lines).toEqual(window.rows); // the terminal wrapped no line
      for (const line of window.lines) expect(cells(line), line).toBeLessThanOrEqual(columns);
      for (const { id } of events) expect(window.lines.join('\n')).toContain(id);
      if (columns === 40) expect(notes(window.stderr)).toEqual([expect.stringMatching(NOTE)]);
      else expect(window.stderr).toBe('');
    },
  );

  it.each([40, 200])('events view in a %i-column window: nothing wraps, agent codes whole', async (columns) => {
    const event = onSaleEverywhere();
    const window = await runInWindow(['events', 'view', event.id, '--top', '3'], { columns, env: env() });
    expect(window.code).toBe(0);
    expect(window.lines).toEqual(window.rows);
    const screen = window.lines.join('\n');
    for (const agent of AGENT_CODES) expect(screen).toMatch(new RegExp(`│ ${agent} +│`));
    expect(screen).not.toMatch(/[A-Z]+…/);
    expect(notes(window.stderr)).toHaveLength(columns === 40 ? 1 : 0);
  });

  it('COLUMNS overrides the width of the terminal', async () => {
    const window = await runInWindow(SEARCH, { columns: 200, env: { ...env(), COLUMNS: '40' } });
    expect(window.code).toBe(0);
    for (const line of window.lines) expect(cells(line), line).toBeLessThanOrEqual(40);
    expect(notes(window.stderr)).toEqual([expect.stringMatching(/to fit 40 columns/)]);
  });

  it('watch lines fit a 40-column window: the listing id goes first', async () => {
    const event = onSaleEverywhere();
    const wide = await runInWindow(['watch', 'TMUSA', event.agentIds.TMUSA!, '--count', '1'], { columns: 200, env: env() });
    expect(wide.code).toBe(0);
    expect(wide.lines.some((line) => /\+ added .* \(\S+\)$/.test(line))).toBe(true);
    const narrow = await runInWindow(['watch', 'TMUSA', event.agentIds.TMUSA!, '--count', '1'], { columns: 40, env: env() });
    expect(narrow.code).toBe(0);
    expect(narrow.lines).toEqual(narrow.rows);
    expect(narrow.lines.filter((line) => line.includes('+ added'))).toHaveLength(
      wide.lines.filter((line) => line.includes('+ added')).length,
    );
    expect(narrow.lines.some((line) => line.includes('= snapshot'))).toBe(true);
  });
});
