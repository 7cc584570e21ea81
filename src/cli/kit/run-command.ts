import { ExitCode } from '../../shared/errors.js';
import type { Invocation } from './invocation.js';
import { JqAfterWork, setJqAfterWork, takeHandoff } from './jq-after-work.js';
import { HISTORY_COMMANDS } from './jq-early.js';
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
  const [{ Runtime }, { filterWork, filterWorkAfter }, { abortAllFileSinksSync, OutputClosedError }, { whenReaderGone }] =
    await Promise.all([
      import('./runtime.js'),
      // One chunk with runtime.js (scripts/build-plugins.mjs, runGroup).
      import('./jq-after-work-run.js'),
      import('../../output/sink.js'),
      import('../../output/reader-gone.js'),
    ]);
  const run = runOf(command);
  const proc = run.process;
  // --jq on a history command waits for the command's work; an image that replaced such a run is its jq.
  const history = opensHistory(command);
  const historyJq = history && command.optsWithGlobals().jq !== undefined;
  const handoff = takeHandoff(proc.env, process.pid);
  const rt = await Runtime.create(command, proc, { warned: handoff !== undefined });
  if (!handoff && history) rt.historyAhead();
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
    // jq loads while the command does its requests (kit/jq.ts). Not beside the commands that open the
    // history, whose jq runs once their work is over (jq-after-work.ts): one the entry point started
    // (kit/jq-early.ts) is ended at once, an idle worker counting against their memory bound.
    const early = await run.jqEarly?.catch(() => undefined);
    let code: number;
    if (handoff) {
      // This image is the run's jq: the command's work is done, and the run's exit code known.
      if (early) rt.startJqAhead(early);
      await filterWork(rt, handoff.work);
      code = handoff.code;
    } else if (history) {
      early?.stop();
      if (historyJq) setJqAfterWork(rt, new JqAfterWork());
      code = (await body(rt)) ?? ExitCode.OK;
      if (historyJq) {
        // Said by this image, which a fresh one may replace for jq.
        rt.warnConfigFileIgnored();
        code = await filterWorkAfter(rt, proc, code);
      }
    } else {
      rt.startJqAhead(early);
      code = (await body(rt)) ?? ExitCode.OK;
    }
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

/** Whether `command` is one of those that open the price history (jq-early.ts lists them), or under one. */
function opensHistory(command: Invocation): boolean {
  let top = command;
  while (top.parent?.parent) top = top.parent;
  return top.parent !== null && HISTORY_COMMANDS.includes(top.name());
}
