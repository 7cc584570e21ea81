import { ExitCode, UsageError } from '../../shared/errors.js';
import type { Invocation } from './invocation.js';
import { runOf } from './run-context.js';
import type { Runtime } from './runtime.js';

/** How long Ctrl-C or SIGTERM waits for the run's stop tasks (Runtime.whenStopped) before tix exits all the same. */
const STOP_TASKS_MS = 5_000;

/**
 * Runs one command's body with a Runtime, and owns the process-level concerns every command shares:
 * Ctrl-C and SIGTERM (no partial files left behind), a reader that went away (`| head` ends quietly),
 * and closing the client and any in-process sandbox.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a body returns an exit code, or nothing for success.
export async function runCommand(command: Invocation, body: (rt: Runtime) => Promise<number | void>): Promise<void> {
  // Loaded when a command runs, not when the command tree is built: --help needs neither.
  const [{ Runtime }, { abortAllFileSinksSync, OutputClosedError }] = await Promise.all([
    import('./runtime.js'),
    import('../../output/sink.js'),
  ]);
  const run = runOf(command);
  const proc = run.process;
  const rt = await Runtime.create(command, proc);
  let stopping = false;
  let finishing: Promise<void> | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    const code = signal === 'SIGINT' ? ExitCode.INTERRUPTED : ExitCode.TERMINATED;
    // A second signal while the stop tasks run: exit now.
    if (stopping) return proc.exit(code);
    stopping = true;
    rt.controller.abort();
    abortAllFileSinksSync();
    finishing = rt.finishStopTasks(STOP_TASKS_MS);
    if (finishing) void finishing.then(() => proc.exit(code));
    else proc.exit(code);
  };
  const onStdoutError = (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') {
      rt.controller.abort();
      proc.exit(ExitCode.OK);
    }
  };
  const stopListening = proc.onStopSignal(onSignal);
  proc.stdout.on('error', onStdoutError);
  try {
    refuseJqWithoutJson(command, rt);
    const code = await body(rt);
    rt.warnConfigFileIgnored();
    if (code) run.exitCode = code;
  } catch (error) {
    // Stopped by a signal: the body failed because it was aborted; tix exits with 130 or 143 once the stop tasks are done.
    if (stopping) {
      await finishing;
      return;
    }
    if (!(error instanceof OutputClosedError)) throw error;
    rt.controller.abort();
    run.exitCode = ExitCode.OK;
  } finally {
    stopListening();
    proc.stdout.off('error', onStdoutError);
    await rt.close();
  }
}

/** `--jq` (a global flag) on a command that prints no JSON (one without -o: auth, config get/set, ...). */
function refuseJqWithoutJson(command: Invocation, rt: Runtime): void {
  if (rt.globals.jq === undefined || command.options.some((option) => option.long === '--output')) return;
  const path: string[] = [];
  for (let at: Invocation | null = command; at?.parent; at = at.parent) path.unshift(at.name());
  throw new UsageError(`--jq: tix ${path.join(' ')} prints no JSON to filter`);
}
