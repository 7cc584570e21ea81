import { ExitCode } from '../../shared/errors.js';
import type { Invocation } from './invocation.js';
import { runOf } from './run-context.js';
import type { Runtime } from './runtime.js';

/**
 * Runs one command's body with a Runtime, and owns the process-level concerns every command shares:
 * Ctrl-C and SIGTERM (no partial files left behind), a reader that went away (`| head` ends quietly, also
 * before anything was written),
 * and closing the client and any in-process sandbox.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a body returns an exit code, or nothing for success.
export async function runCommand(command: Invocation, body: (rt: Runtime) => Promise<number | void>): Promise<void> {
  // Loaded when a command runs, not when the command tree is built: --help needs neither.
  const [{ Runtime }, { abortAllFileSinksSync, OutputClosedError }, { whenReaderGone }] = await Promise.all([
    import('./runtime.js'),
    import('../../output/sink.js'),
    import('../../output/reader-gone.js'),
  ]);
  const run = runOf(command);
  const proc = run.process;
  const rt = await Runtime.create(command, proc);
  // An interrupted run exits at once, or once its stopping work is done (rt.whenStopped, rt.whileStopping); a
  // second signal does not wait.
  let exiting: Promise<void> | undefined;
  const stop = (code: number) => {
    if (exiting) return proc.exit(code);
    rt.controller.abort();
    const work = rt.stoppingWork();
    if (!work) return proc.exit(code);
    exiting = work.then(() => proc.exit(code));
  };
  const onSignal = (signal: NodeJS.Signals) => {
    abortAllFileSinksSync();
    stop(signal === 'SIGINT' ? ExitCode.INTERRUPTED : ExitCode.TERMINATED);
  };
  const onStdoutError = (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') stop(ExitCode.OK);
  };
  const stopListening = proc.onStopSignal(onSignal);
  proc.stdout.on('error', onStdoutError);
  // A reader that goes away before tix writes anything (a filter or a query with no result yet), or while
  // it writes nothing, ends the run as the EPIPE of a write does.
  const stopWatchingReader = whenReaderGone(proc.stdout, () => stop(ExitCode.OK));
  try {
    // jq loads while the command does its requests (kit/jq.ts). Not for history's commands, which read a
    // local store (nothing in flight to overlap) and may give jq less memory beside DuckDB, with a jq of
    // their own: an idle second worker would count against their memory bound, so one the entry point
    // started (kit/jq-early.ts) is ended at once.
    const early = await run.jqEarly?.catch(() => undefined);
    if (underHistory(command)) early?.stop();
    else rt.startJqAhead(early);
    const code = await body(rt);
    if (exiting) await exiting;
    rt.warnConfigFileIgnored();
    if (code) run.exitCode = code;
  } catch (error) {
    // Interrupted: what the body threw meanwhile (a cancelled query) is not the run's outcome; the exit is.
    if (exiting) await exiting;
    if (!(error instanceof OutputClosedError)) throw error;
    rt.controller.abort();
    run.exitCode = ExitCode.OK;
  } finally {
    stopListening();
    stopWatchingReader();
    proc.stdout.off('error', onStdoutError);
    await rt.close();
  }
}

/** Whether `command` is `tix history` or one of its subcommands. */
function underHistory(command: Invocation): boolean {
  for (let at: Invocation | null = command; at?.parent; at = at.parent)
    if (at.name() === 'history' && at.parent.parent === null) return true;
  return false;
}
