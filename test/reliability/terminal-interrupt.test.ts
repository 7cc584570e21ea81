/**
 * Ctrl-C typed at a real terminal while the spinner turns (issue 17 §2): the spinner used to put the terminal
 * in raw mode, where Ctrl-C is a byte rather than SIGINT, so the run went on, exited 0 and replaced the file.
 * Now: exit 130 at once, the --out file as it was, the cursor shown and the terminal in cooked mode again;
 * with a config file and without one (with one, conf is loaded, and a dependency of it once sent the signal
 * twice: issue 36 §1).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSandbox } from './support/sandboxes.js';
import { CONFIG_FILE_CASES, configEnv, sandboxEnv as apiEnv, testDir as tempDir } from '../helpers/tix-env.js';
import { startOnTerminal } from './support/tmux.js';

const HIDE_CURSOR = '\u001b[?25l';
const SHOW_CURSOR = '\u001b[?25h';

describe('Ctrl-C under the spinner', () => {
  // Every answer takes 3 s: the spinner is up, waiting for the first one, when Ctrl-C is typed.
  const sandbox = useSandbox({ latencyMs: 3_000 });

  it.each(
    [
      ['events search --all', (): string[] => ['events', 'search', '--all', '--page-size', '100'], 'Fetching events'] as const,
      ['events view', (): string[] => ['events', 'view', sandbox().events[0]!.id], 'Fetching evt_'] as const,
    ].flatMap(([name, args, text]) => CONFIG_FILE_CASES.map(([config, withFile]) => [name, config, args, text, withFile] as const)),
  )('%s --out, %s: exit 130, the file kept byte for byte, the terminal restored', async (_name, _config, args, spinnerText, withFile) => {
    const dir = tempDir();
    const target = join(dir, 'keep.csv');
    const previous = 'id,name\r\nevt_old,Yesterday\r\n';
    writeFileSync(target, previous);

    const terminal = await startOnTerminal([...args(), '--out', target], { ...apiEnv(sandbox().url), ...configEnv(withFile) });
    await terminal.waitFor(spinnerText);
    await terminal.press('C-c');
    const outcome = await terminal.done();

    expect(outcome.code, outcome.raw.slice(-400)).toBe(130);
    expect(readFileSync(target, 'utf8')).toBe(previous);
    expect(readdirSync(dir)).toEqual(['keep.csv']);
    // The spinner hid the cursor; it is shown again after that, before tix exits.
    expect(outcome.raw).toContain(HIDE_CURSOR);
    expect(outcome.raw.lastIndexOf(SHOW_CURSOR)).toBeGreaterThan(outcome.raw.lastIndexOf(HIDE_CURSOR));
    // Cooked mode: Ctrl-C is an interrupt again and lines are edited by the terminal.
    expect(outcome.stty).toMatch(/(^|\s)isig(\s|$)/m);
    expect(outcome.stty).toMatch(/(^|\s)icanon(\s|$)/m);
    expect(outcome.raw).not.toContain('unexpected');
  });

  it('--out /dev/stdout on the terminal: no spinner, since the rows go to that terminal', async () => {
    const terminal = await startOnTerminal(
      ['events', 'search', '--limit', '2', '-o', 'csv', '--fields', 'id,name', '--out', '/dev/stdout'],
      apiEnv(sandbox().url),
    );
    const outcome = await terminal.done();

    expect(outcome.code, outcome.raw.slice(-400)).toBe(0);
    // csv ends lines with CRLF, which the terminal shows as \r\r\n.
    expect(outcome.raw).toMatch(/^id,name\r+\nevt_\w+,.+\r+\nevt_\w+,.+\r+\n$/);
    expect(outcome.raw).not.toContain(HIDE_CURSOR);
  });
});
