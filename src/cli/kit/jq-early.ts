import type { JqAhead } from './jq.js';
import { handoffPending } from './jq-after-work.js';

/**
 * --jq's worker started as the process starts (main.ts, before the command tree is built and the command's
 * chunk loads; fast.ts, before the command's action), so that its start, most of what --jq adds to one query,
 * overlaps more of tix's own (issue 39, BENCHMARKS.md). The run's Runtime takes it (runCommand) instead of
 * starting one; a run that does not (help, a usage error, a history command, which starts its jq later on
 * purpose) ends it.
 */

/**
 * tix's own flags that take a value (program.ts), which Commander reads wherever they stand before `--`, and
 * so the next argument as their value even when it is `--jq`. test/cli/jq-early.test.ts checks the list
 * against the program's definition; not read from it, which would build the command tree first.
 */
export const ROOT_VALUE_FLAGS: readonly string[] = ['--profile', '--base-url', '--timeout', '--retries', '--concurrency', '--jq'];

/**
 * The filter of `--jq <filter>` or `--jq=<filter>` in `args` (tix's arguments), as Commander reads it: tix's
 * own flags are read before any subcommand's, anywhere before `--`, the last one given winning. Undefined when
 * there is none, or when `--jq` has no value (Commander's usage error).
 */
export function jqFilterIn(args: readonly string[]): string | undefined {
  let filter: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') break;
    if (ROOT_VALUE_FLAGS.includes(arg)) {
      const value = args[++i];
      if (arg === '--jq') filter = value;
    } else if (arg.startsWith('--jq=')) {
      filter = arg.slice('--jq='.length);
    }
  }
  return filter;
}

/**
 * The command `args` run (its first word), as Commander finds it: the first argument before `--` that is
 * neither a flag nor the value of one of tix's own.
 */
export function commandIn(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') return undefined;
    if (ROOT_VALUE_FLAGS.includes(arg)) i++;
    else if (!arg.startsWith('-')) return arg;
  }
  return undefined;
}

/**
 * The filter to start jq for as the process starts: none for a history command, whose jq runs once its work
 * is over (run-command.ts), unless this image is that jq (a handoff waits in `env`). A worker started and
 * ended there still cost its peak RSS 5-6 MB (history sql --jq beside DuckDB; BENCHMARKS.md, issue 36 §4).
 */
export function earlyJqFilter(args: readonly string[], env: NodeJS.ProcessEnv): string | undefined {
  const command = commandIn(args);
  return command !== undefined && HISTORY_COMMANDS.includes(command) && !handoffPending(env) ? undefined : jqFilterIn(args);
}

/**
 * The commands that open the price history (DuckDB's library, once loaded, stays for the life of the
 * process): with --jq, jq filters their output once their work is over (jq-after-work.ts).
 */
export const HISTORY_COMMANDS: readonly string[] = ['history', 'track', 'alert', 'report'];

/** Starts jq for `filter` if there is one; jq.ts is loaded only then. */
export function startJqEarly(
  filter: string | undefined,
  stderr: NodeJS.WritableStream,
  env: NodeJS.ProcessEnv,
): Promise<JqAhead> | undefined {
  if (filter === undefined) return undefined;
  const started = import('./jq.js').then(({ JqAhead }) => new JqAhead(filter, stderr, env));
  // jq.ts failing to load is the run's to report, where it loads jq.ts itself.
  started.catch(() => {});
  return started;
}

/** Ends the early jq, unless the run took it (its Runtime ends it then): idempotent. */
export function stopJqEarly(early: Promise<JqAhead> | undefined): void {
  void early?.then(
    (jq) => jq.stop(),
    () => {},
  );
}
