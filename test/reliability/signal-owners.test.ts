/**
 * Owning signals is tix's job (issue 36 §1): no dependency may add a listener to a signal, since one changes
 * what the signal does. conf's when-exit (through atomically) did, on every run with a config file: it sent
 * Ctrl-C and SIGTERM to tix a second time, and tix took the second for another Ctrl-C and exited without its
 * stop work. The built binary, with a preloaded script that notes every listener added to a signal while
 * tix runs (test/fixtures/signal-listeners.cjs): SIGINT and SIGTERM get tix's one listener each while a command
 * runs, no other signal gets any, and none is left at exit. On the full path and the fast path, each of which
 * bundles conf; a track into DuckDB (the store's driver); and at a terminal under the spinner (ora, whose
 * cursor handling would load signal-exit).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runBuiltTix } from '../helpers/tix-binary.js';
import { CONFIG_FILE_CASES, configEnv, sandboxEnv, testDir } from '../helpers/tix-env.js';
import { tmusaIds, useSandbox } from './support/sandboxes.js';
import { startOnTerminal } from './support/tmux.js';

const PRELOAD = fileURLToPath(new URL('../fixtures/signal-listeners.cjs', import.meta.url));

interface SignalLog {
  added: { signal: string; count: number; listener: string }[];
  left: Record<string, number>;
}

/** Node.js's own, not a package's: the size of a terminal that stdout or stderr is, kept up to date. */
const nodesOwn = (added: SignalLog['added'][number]) =>
  added.signal === 'SIGWINCH' && /^function refresh(Stdout|Stderr)OnSigWinch\(/.test(added.listener);

/** The listeners added that are neither tix's (one on SIGINT, one on SIGTERM) nor Node.js's own. */
const foreign = (log: SignalLog) => log.added.filter((a) => !nodesOwn(a) && (!['SIGINT', 'SIGTERM'].includes(a.signal) || a.count > 1));

/** What the run added to signals that was not Node.js's own, as `SIGINT (1)`: the count, the signal's listeners then. */
const added = (log: SignalLog) =>
  log.added
    .filter((a) => !nodesOwn(a))
    .map((a) => `${a.signal} (${a.count})`)
    .sort();

/** The signals with listeners at exit, less SIGWINCH's of Node.js (still there when stdout or stderr is a terminal). */
const left = (log: SignalLog) => {
  const nodes = log.added.filter(nodesOwn).length;
  const { SIGWINCH = 0, ...others } = log.left;
  return SIGWINCH > nodes ? { ...others, SIGWINCH: SIGWINCH - nodes } : others;
};

describe.each(CONFIG_FILE_CASES)('the signal listeners of a tix run, %s', (_case, withFile) => {
  // Each answer takes half a second: at a terminal, the spinner turns meanwhile.
  const sandbox = useSandbox({ events: 50, latencyMs: 500 });

  const history = (): string[] => ['--db', join(testDir(), 'history.duckdb')];
  it.each([
    ['config get (the full path)', (): string[] => ['config', 'get', 'timezone'], {}],
    ['events search (the fast path)', (): string[] => ['events', 'search', '--limit', '2'], {}],
    ['events search (the full path)', (): string[] => ['events', 'search', '--limit', '2'], { TIX_NO_FAST_PATH: '1' }],
    ['track into DuckDB (the store and its driver)', (): string[] => ['track', `TMUSA:${tmusaIds(sandbox(), 1)[0]}`, ...history()], {}],
  ])('%s: only tix listens to SIGINT and SIGTERM, nothing to any other signal', async (_name, args, extra) => {
    const log = join(testDir(), 'signals.json');
    const env = {
      ...sandboxEnv(sandbox().url),
      ...configEnv(withFile),
      ...extra,
      NODE_OPTIONS: `--require ${PRELOAD}`,
      TIX_TEST_SIGNAL_LOG: log,
    };
    const result = await runBuiltTix(args(), { env });
    expect(result.code, result.stderr).toBe(0);
    const signals = JSON.parse(readFileSync(log, 'utf8')) as SignalLog;
    // Any other listener, with the start of its source to say whose it is.
    expect(foreign(signals)).toEqual([]);
    // tix's own: one listener for each stop signal, for as long as the command runs.
    expect(added(signals)).toEqual(['SIGINT (1)', 'SIGTERM (1)']);
    expect(left(signals)).toEqual({});
  });

  it('events search --out at a terminal, under the spinner: the same', async () => {
    const log = join(testDir(), 'signals.json');
    const env = { ...sandboxEnv(sandbox().url), ...configEnv(withFile), NODE_OPTIONS: `--require ${PRELOAD}`, TIX_TEST_SIGNAL_LOG: log };
    const terminal = await startOnTerminal(['events', 'search', '--limit', '2', '--out', join(testDir(), 'events.csv')], env);
    const outcome = await terminal.done();
    expect(outcome.code, outcome.raw.slice(-400)).toBe(0);
    // The spinner ran: it hid the cursor, and showed it again.
    expect(outcome.raw).toContain('\u001b[?25l');
    expect(outcome.raw.lastIndexOf('\u001b[?25h')).toBeGreaterThan(outcome.raw.lastIndexOf('\u001b[?25l'));
    const signals = JSON.parse(readFileSync(log, 'utf8')) as SignalLog;
    expect(foreign(signals)).toEqual([]);
    expect(added(signals)).toEqual(['SIGINT (1)', 'SIGTERM (1)']);
    expect(left(signals)).toEqual({});
  });
});
