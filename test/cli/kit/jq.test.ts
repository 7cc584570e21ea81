/**
 * --jq <filter> (a global flag): jq itself (jq-web) over what -o json would print, per line of ndjson and per
 * page of --all; results as gh prints them (strings raw, everything else compact JSON, one a line). A filter
 * that does not compile is exit 2 with jq's message, a runtime error exit 1; -o csv/table, --fields and the
 * like are refused with exit 2. That a run without --jq never loads jq is in test/history/lazy-load.test.ts.
 */
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jqSink } from '../../../src/cli/kit/jq.js';
import type { Sink } from '../../../src/output/index.js';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { FIXED_NOW } from '../../helpers/sandbox.js';
import { runTix } from '../../helpers/tix.js';
import { sandboxEnv, testDir } from '../../helpers/tix-env.js';

let sandbox: Sandbox;
let env: Record<string, string>;
let tmId: string;
let stubhubId: string;
beforeAll(async () => {
  sandbox = await startSandbox({ events: 800, seed: 7, now: FIXED_NOW });
  env = sandboxEnv(sandbox.url);
  const live = sandbox.events.filter((e) => e.publicSaleDate < FIXED_NOW && e.eventDate > FIXED_NOW);
  tmId = live.find((e) => e.agentIds.TMUSA)!.agentIds.TMUSA!;
  stubhubId = live.find((e) => e.agentIds.STUBHUB)!.agentIds.STUBHUB!;
});
afterAll(() => sandbox.close());

const tix = (args: string[]) => runTix(args, { env, now: () => new Date(FIXED_NOW) });
const lines = (stdout: string) => stdout.split('\n').slice(0, -1);

/** What -o json prints, parsed. */
async function json(args: string[]): Promise<any> {
  const result = await tix([...args, '-o', 'json']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

describe('results on every command that prints JSON', () => {
  it('events search: strings raw, one a line', async () => {
    const expected = (await json(['events', 'search'])).events.map((e: { id: string }) => e.id);
    const result = await tix(['events', 'search', '--jq', '.events[] | .id']);
    expect(result.code, result.stderr).toBe(0);
    expect(lines(result.stdout)).toEqual(expected);
  });

  it('everything that is not a string is compact JSON, one a line', async () => {
    const result = await tix(['events', 'search', '--limit', '2', '--jq', '.events[] | {id, n: 1, tags: [true, null]}']);
    expect(result.code, result.stderr).toBe(0);
    const ids = (await json(['events', 'search', '--limit', '2'])).events.map((e: { id: string }) => e.id);
    expect(result.stdout).toBe(ids.map((id: string) => `{"id":"${id}","n":1,"tags":[true,null]}\n`).join(''));
  });

  it('a filter with no result prints nothing; numbers and null as JSON', async () => {
    expect((await tix(['events', 'search', '--jq', 'empty'])).stdout).toBe('');
    const result = await tix(['events', 'search', '--limit', '3', '--jq', '.events | length, null, "a\\tb"']);
    expect(result.stdout).toBe('3\nnull\na\tb\n');
  });

  it('events get', async () => {
    const id = sandbox.events[0]!.id;
    const result = await tix(['events', 'get', id, '--jq', '.events[0].name']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(`${(await json(['events', 'get', id])).events[0].name}\n`);
  });

  it('inventory', async () => {
    const expected = (await json(['inventory', 'TMUSA', tmId])) as { data: { eventId: string; sections: unknown[] }[] };
    const result = await tix(['inventory', 'TMUSA', tmId, '--jq', '.data[] | [.eventId, (.sections | length)]']);
    expect(result.code, result.stderr).toBe(0);
    expect(lines(result.stdout)).toEqual(expected.data.map((d) => JSON.stringify([d.eventId, d.sections.length])));
  });

  it('sales summary', async () => {
    const expected = await json(['sales', 'summary', stubhubId]);
    // The whole payload but its request timestamp (the sandbox's own clock), as compact JSON.
    const result = await tix(['sales', 'summary', stubhubId, '--jq', '.salesData']);
    expect(result.code, result.stderr).toBe(0);
    expect(expected.salesData.length).toBeGreaterThan(0);
    expect(result.stdout).toBe(`${JSON.stringify(expected.salesData)}\n`);
  });

  it('agents', async () => {
    const expected = (await json(['agents'])).ticketAgents.map((a: { code: string }) => a.code);
    const result = await tix(['agents', '--jq', '.ticketAgents[].code']);
    expect(result.code, result.stderr).toBe(0);
    expect(lines(result.stdout)).toEqual(expected);
  });

  it('config list', async () => {
    const result = await tix(['config', 'list', '--jq', '.settings[] | select(.key == "timezone") | .value']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('UTC\n');
  });

  it('tix api: the body, and each page of --paginate', async () => {
    const one = await tix(['api', 'events/seatGeek', '-f', 'pageSize=3', '--jq', '.events | length']);
    expect(one.code, one.stderr).toBe(0);
    expect(one.stdout).toBe('3\n');
    const total = (await json(['api', 'events/seatGeek', '-f', 'pageSize=1000'])).events.length;
    const paged = await tix(['api', 'events/seatGeek', '-f', 'pageSize=50', '--paginate', '--jq', '.events | length']);
    expect(paged.code, paged.stderr).toBe(0);
    const counts = lines(paged.stdout).map(Number);
    expect(counts.length).toBeGreaterThan(1);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(total);
  });
});

describe('--jq applies wherever -o json does', () => {
  it('track, and history sql, list and summary over what it stored; history export, which takes no -o, refuses it', async () => {
    // DuckDB on a busy machine: more than runTix's usual 25 s is allowed.
    const slow = (args: string[]) => runTix(args, { env, now: () => new Date(FIXED_NOW), timeoutMs: 100_000 });
    const db = join(testDir('tix-jq-history-'), 'history.duckdb');
    const id = sandbox.events.find((e) => e.publicSaleDate < FIXED_NOW && e.eventDate > FIXED_NOW)!.id;
    const tracked = await slow(['track', id, '--db', db, '--jq', '.snapshots | length']);
    expect(tracked.code, tracked.stderr).toBe(0);
    expect(Number(tracked.stdout)).toBeGreaterThan(0);

    const sql = await slow(['history', 'sql', 'SELECT 1 AS a, 2 AS b', '--db', db, '--jq', '.rows[0] | .a + .b']);
    expect(sql.code, sql.stderr).toBe(0);
    expect(sql.stdout).toBe('3\n');
    const list = await slow(['history', 'list', '--db', db, '--jq', '.events[].event_id']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toBe(`${id}\n`);
    const summary = await slow(['history', 'summary', id, '--db', db, '--jq', '.agents | length']);
    expect(summary.code, summary.stderr).toBe(0);
    expect(Number(summary.stdout)).toBeGreaterThan(0);

    const exported = await slow(['history', 'export', '--db', db, '--to', `${db}.copy`, '--jq', '.']);
    expect(exported.code).toBe(2);
    expect(exported.stderr).toMatch(/^tix: --jq does not apply to history export/);
  }, 120_000);
});

describe('streaming and formats', () => {
  it('watch: each line of its ndjson, poll by poll', async () => {
    const watch = ['watch', 'TMUSA', tmId, '--count', '1', '--interval', '1m'];
    const rows = await tix([...watch, '-o', 'ndjson']);
    const expected = lines(rows.stdout).map((line) => {
      const { type, agent, eventId } = JSON.parse(line);
      return JSON.stringify([type, agent, eventId]);
    });
    expect(expected.at(-1)).toBe(JSON.stringify(['snapshot', 'TMUSA', tmId]));
    const result = await tix([...watch, '--jq', '[.type, .agent, .eventId]']);
    expect(result.code, result.stderr).toBe(0);
    expect(lines(result.stdout)).toEqual(expected);
  });

  it('--all: the filter runs once per page, each page as {"events":[...]}', async () => {
    const all = (await json(['events', 'search', '--all'])).events.length;
    const result = await tix(['events', 'search', '--all', '--page-size', '30', '--jq', '.events | length']);
    expect(result.code, result.stderr).toBe(0);
    const counts = lines(result.stdout).map(Number);
    expect(counts.length).toBe(Math.ceil(all / 30));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(all);
  });

  it('--all: a page bigger than the batches tix parses it in is still one run of the filter, first page or not', async () => {
    // tix parses a page of --all in slices of 64 KB (~140 events) as it writes them; the filter must still
    // see each page whole, the first and every later one (issue 29 §5: it saw ~140 events a run).
    const big = await startSandbox({ events: 1000, seed: 7, now: FIXED_NOW });
    try {
      const bigTix = (args: string[]) => runTix(args, { env: sandboxEnv(big.url), now: () => new Date(FIXED_NOW) });
      const whole = await bigTix(['events', 'search', '--all', '-o', 'json']);
      expect(whole.code, whole.stderr).toBe(0);
      const ids: string[] = JSON.parse(whole.stdout).events.map((e: { id: string }) => e.id);
      expect(ids.length).toBeGreaterThan(3 * 300);
      const result = await bigTix([
        'events',
        'search',
        '--all',
        '--page-size',
        '300',
        '--jq',
        '[.events | length, (map(.id) | join(","))]',
      ]);
      expect(result.code, result.stderr).toBe(0);
      const pages = lines(result.stdout).map((line) => JSON.parse(line) as [number, string]);
      const expected = Array.from({ length: Math.ceil(ids.length / 300) }, (_, i) => ids.slice(i * 300, (i + 1) * 300));
      expect(pages.map(([count]) => count)).toEqual(expected.map((page) => page.length));
      expect(pages.map(([, joined]) => joined)).toEqual(expected.map((page) => page.join(',')));
    } finally {
      await big.close();
    }
  });

  it('-o ndjson: the filter runs over each line', async () => {
    const rows = await tix(['agents', '-o', 'ndjson']);
    const expected = lines(rows.stdout).map((line) => JSON.parse(line).name);
    const result = await tix(['agents', '-o', 'ndjson', '--jq', '.name']);
    expect(result.code, result.stderr).toBe(0);
    expect(lines(result.stdout)).toEqual(expected);
  });

  it('--jq implies JSON where a setting asks for a table', async () => {
    const result = await runTix(['agents', '--jq', '.ticketAgents[0].code'], { env: { ...env, TIX_OUTPUT: 'csv' } });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('TMUSA\n');
  });

  it('--out takes the results; a failed run leaves no file', async () => {
    const dir = testDir('tix-jq-');
    const result = await tix(['agents', '--jq', '.ticketAgents[].code', '--out', join(dir, 'codes.txt')]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(readFileSync(join(dir, 'codes.txt'), 'utf8').split('\n')[0]).toBe('TMUSA');
    const failed = await tix(['agents', '--jq', '.ticketAgents[].code + 1', '--out', join(dir, 'bad.txt')]);
    expect(failed.code).toBe(1);
    expect(existsSync(join(dir, 'bad.txt'))).toBe(false);
  });
});

describe('errors and refusals', () => {
  it('a filter that does not compile: exit 2, jq own message on one line', async () => {
    const result = await tix(['events', 'search', '--jq', '.events[']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^tix: --jq: syntax error, unexpected end of file.*\n$/);
    expect(lines(result.stderr)).toHaveLength(1);
  });

  it("jq's own stderr (debug) goes to stderr, the data alone to stdout", async () => {
    const result = await tix(['agents', '--jq', '.ticketAgents[0].code | debug']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('TMUSA\n');
    expect(result.stderr).toBe('["DEBUG:","TMUSA"]\n');
  });

  it('the results before a runtime error are printed, then the error, exit 1 (as jq and gh do)', async () => {
    const result = await tix(['agents', '--jq', '.ticketAgents[0].code, .ticketAgents[1].code, (.ticketAgents[0].code + 1), "never"']);
    expect(result.code).toBe(1);
    const expected = (await json(['agents'])).ticketAgents.slice(0, 2).map((a: { code: string }) => a.code);
    expect(result.stdout).toBe(`${expected.join('\n')}\n`);
    expect(result.stderr).toBe('tix: --jq: string ("TMUSA") and number (1) cannot be added\n');
  });

  it("halt_error: the results before it, jq's message as it is and jq's exit code", async () => {
    const halted = await tix(['agents', '--jq', '.ticketAgents[0].code, ("stopped here\n" | halt_error(3)), "never"']);
    expect(halted.code).toBe(3);
    expect(halted.stdout).toBe('TMUSA\n');
    expect(halted.stderr).toBe('stopped here\n');
  });

  // Issue 36 §5: halt_error(-1) exited 0; jq 1.7.1 exits 5 for a code a process cannot exit with.
  it.each([['-1'], ['256'], ['1000']])('halt_error(%s): the message, exit 5 as jq 1.7.1', async (code) => {
    const halted = await tix(['agents', '--jq', `"out of range\n" | halt_error(${code})`]);
    expect(halted.stdout).toBe('');
    expect(halted.stderr).toBe('out of range\n');
    expect(halted.code).toBe(5);
  });

  // Issue 36 §5: `input` past the last input said only "break" (jq 1.7.0's message).
  it('input with nothing more to read: what happened, exit 1', async () => {
    const result = await tix(['agents', '--jq', '.ticketAgents[0].code, input']);
    expect(result.stdout).toBe('TMUSA\n');
    expect(result.stderr).toBe(
      'tix: --jq: No more inputs (input and inputs read the rest of what one run of the filter reads: one document, a page of --all, a batch of ndjson records)\n',
    );
    expect(result.code).toBe(1);
  });

  it('NUL characters survive raw output', async () => {
    const result = await tix(['agents', '--jq', '"a\\u0000b", [.ticketAgents[0].code, "\\u0000"]']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('a\u0000b\n["TMUSA","\\u0000"]\n');
  });

  it.each([
    ['a WebAssembly trap at run time', 'null | getpath([range(10000) | 0])'],
    ['a 100 KB string literal', `"${'a'.repeat(100_000)}" | length`],
    ['a value 20,000 arrays deep', 'reduce range(20000) as $i (null; [.]) | tojson | length'],
  ])('%s: one line, exit 1, never a hang', async (_case, filter) => {
    const result = await tix(['agents', '--jq', filter]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^tix: --jq: jq stopped.*\n$/);
  });

  it('a filter that grows without end: stopped at the memory limit with one line, exit 1', async () => {
    const result = await tix(['agents', '--jq', 'reduce range(40) as $i ("x"; . + .) | length']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe("tix: --jq: the filter needed more than 24 MB of memory, jq's limit in tix; stopped\n");
  });

  it('a runtime error: exit 1 with jq message', async () => {
    const result = await tix(['agents', '--jq', '.ticketAgents[0].code + 1']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('tix: --jq: string ("TMUSA") and number (1) cannot be added\n');
  });

  it.each([
    [['auth', 'status'], 'auth status'],
    [['config', 'get', 'output'], 'config get'],
    [['completion', 'bash'], 'completion'],
    [['sandbox', '--port', '0'], 'sandbox'],
  ])('tix %j prints no JSON: --jq is refused, exit 2', async (args, name) => {
    const result = await tix([...args, '--jq', '.']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`tix: --jq does not apply to ${name} (it prints no JSON to filter)\n`);
  });

  it.each([
    [['-o', 'csv'], '--jq and --output csv cannot be combined'],
    [['-o', 'table'], '--jq and --output table cannot be combined'],
    [['--fields', 'id'], '--jq and --fields cannot be combined'],
  ])('with %j: exit 2, one line naming both flags', async (extra, message) => {
    const result = await tix(['events', 'search', ...extra, '--jq', '.events[].id']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(new RegExp(`^tix: ${message}[^\\n]*\\n$`));
  });
});

describe('the --jq sink, written in pieces', () => {
  it('a character of several bytes where the buffer of what is written is full, and a line in several writes', async () => {
    // The sink keeps what is written as UTF-8 in a buffer of 64 KB that grows: a line that leaves one byte
    // of room, then a 2-byte character, then the line's end (the buffer first grew by the characters
    // written, not their bytes, and this spun for ever).
    const out: Buffer[] = [];
    const target: Sink = {
      write: async (chunk) => {
        out.push(Buffer.from(chunk));
      },
      commit: async () => {},
      abort: async () => {},
      closed: false,
    };
    const sink = await jqSink(target, 'length', new PassThrough());
    await sink.write(`"${'a'.repeat(65534)}`);
    await sink.write('é');
    await sink.write('"\n"ü€');
    await sink.write('𝄞"');
    await sink.commit();
    expect(Buffer.concat(out).toString('utf8')).toBe(`${65535}\n3\n`);
  });
});
