/**
 * A --jq filter is code tix did not write, and runs bounded (issue 29 §1): Ctrl-C at a terminal, SIGTERM and
 * a reader that goes away stop it at once whatever it does (an endless loop, endless output), and results
 * are printed as jq produces them, not when the filter ends. The built binary, as a user runs it: jq runs in
 * a worker thread that tix's own thread ends. (Before, jq ran in tix's own thread: the first filter was still
 * running 600 s after SIGTERM, `repeat(1) | head -3` printed nothing and grew to 1.5 GB.)
 */
import { describe, expect, it } from 'vitest';
import { useSandbox } from './support/sandboxes.js';
import { ctrlCOnceShown } from './support/tmux.js';
import { runIntoLeavingReader, startTix } from '../helpers/tix-binary.js';
import { CONFIG_FILE_CASES, STOP_SIGNAL_CASES, configEnv, sandboxEnv as apiEnv } from '../helpers/tix-env.js';

/** Prints the first event's id, then loops forever without printing: the id shows that results stream. */
const ID_THEN_LOOP = '.events[0].id, (def f: f; f)';

/** Resolves once `check` is true, polling; fails the test if that takes longer than `ms`. */
async function until(check: () => boolean, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('a filter that never ends', () => {
  const sandbox = useSandbox({ events: 50 });

  // With a config file and without one (issue 36 §1: with one, a dependency of conf once sent the signal twice).
  it.each(STOP_SIGNAL_CASES)(
    '%s: the result printed before the loop is out, then exit %i at once, %s',
    async (signal, exitCode, _config, withFile) => {
      const run = startTix(['events', 'search', '--limit', '1', '--jq', ID_THEN_LOOP], {
        env: { ...apiEnv(sandbox().url), ...configEnv(withFile) },
      });
      let stdout = '';
      run.child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8');
      });
      await until(() => stdout.includes('\n'), `the first result while the filter still runs (stdout ${stdout})`, 25_000);
      run.child.kill(signal);
      const result = await run.done;

      expect(result.code, result.stderr).toBe(exitCode);
      expect(result.stdout).toMatch(/^evt_\w+\n$/);
      expect(result.stderr).toBe('');
    },
  );

  it.each(CONFIG_FILE_CASES)('Ctrl-C at a terminal: exit 130, %s', async (_config, withFile) => {
    const outcome = await ctrlCOnceShown(
      ['events', 'search', '--limit', '1', '--jq', ID_THEN_LOOP],
      { ...apiEnv(sandbox().url), ...configEnv(withFile) },
      'evt_',
    );
    expect(outcome.code, outcome.raw.slice(-400)).toBe(130);
    expect(outcome.raw).not.toContain('unexpected');
  });

  it.each([['repeat(1)'], ['.events[].id, repeat(.events[0].id)']])(
    'endless output (%s) and a reader that goes away: exit 0 quietly',
    async (filter) => {
      const run = startTix(['events', 'search', '--limit', '3', '--jq', filter], { env: apiEnv(sandbox().url) });
      let lines = 0;
      run.child.stdout.on('data', (chunk: Buffer) => {
        lines += chunk.toString('utf8').split('\n').length - 1;
        // As `| head -3` does: read three lines, then close the pipe.
        if (lines >= 3) run.child.stdout.destroy();
      });
      const result = await run.done;
      expect(result.code, result.stderr).toBe(0);
      expect(result.signal).toBeNull();
      expect(result.stderr).toBe('');
      expect(lines).toBeGreaterThanOrEqual(3);
    },
  );
});

describe('a reader that goes away before any result', () => {
  const sandbox = useSandbox({ events: 50 });

  // Before, nothing noticed: with nothing to write, no write failed with EPIPE, and the filter ran until killed
  // (issue 36 §2). The reader is watched while stdout is idle, from the start (output/reader-gone.ts).
  it.each([['def f: f; f'], ['last(range(1e12))']])('%s: exit 0, quietly', async (filter) => {
    const result = await runIntoLeavingReader(['events', 'search', '--limit', '1', '--jq', filter], apiEnv(sandbox().url));
    expect(result).toMatchObject({ signal: null, code: 0, stderr: '' });
  });
});
