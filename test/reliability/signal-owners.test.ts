/**
 * Owning signals is tix's job (issue 36 §1): no dependency may add a listener to a signal, since one changes
 * what the signal does. conf's when-exit (through atomically) did, on every run with a config file: it sent
 * Ctrl-C and SIGTERM to tix a second time, and tix took the second for another Ctrl-C and exited without its
 * stop work. The built binary, with a preloaded script that notes every listener added to a signal while
 * tix runs (test/fixtures/signal-listeners.cjs): SIGINT and SIGTERM get tix's one listener each while a command
 * runs, no other signal gets any, and none is left at exit. On the full path and the fast path, each of which
 * bundles conf.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runBuiltTix } from '../helpers/tix-binary.js';
import { CONFIG_FILE_CASES, configEnv, sandboxEnv, testDir } from '../helpers/tix-env.js';
import { useSandbox } from './support/sandboxes.js';

const PRELOAD = fileURLToPath(new URL('../fixtures/signal-listeners.cjs', import.meta.url));

interface SignalLog {
  added: { signal: string; count: number; listener: string }[];
  left: Record<string, number>;
}

describe.each(CONFIG_FILE_CASES)('the signal listeners of a tix run, %s', (_case, withFile) => {
  const sandbox = useSandbox({ events: 50 });

  it.each([
    ['config get (the full path)', ['config', 'get', 'timezone'], {}],
    ['events search (the fast path)', ['events', 'search', '--limit', '2'], {}],
    ['events search (the full path)', ['events', 'search', '--limit', '2'], { TIX_NO_FAST_PATH: '1' }],
  ])('%s: only tix listens to SIGINT and SIGTERM, nothing to any other signal', async (_name, args, extra) => {
    const log = join(testDir(), 'signals.json');
    const env = {
      ...sandboxEnv(sandbox().url),
      ...configEnv(withFile),
      ...extra,
      NODE_OPTIONS: `--require ${PRELOAD}`,
      TIX_TEST_SIGNAL_LOG: log,
    };
    const result = await runBuiltTix(args, { env });
    expect(result.code, result.stderr).toBe(0);
    const { added, left } = JSON.parse(readFileSync(log, 'utf8')) as SignalLog;
    // Any other listener, with the start of its source to say whose it is.
    expect(added.filter((a) => !['SIGINT', 'SIGTERM'].includes(a.signal) || a.count > 1)).toEqual([]);
    // tix's own: one listener for each stop signal, for as long as the command runs.
    expect(added.map((a) => `${a.signal} (${a.count})`).sort()).toEqual(['SIGINT (1)', 'SIGTERM (1)']);
    expect(left).toEqual({});
  });
});
