import type { Command } from 'commander';
import { ExitCode } from '../../shared/errors.js';
import type { Runtime } from './runtime.js';

/**
 * Runs one command's body with a Runtime, and owns the process-level concerns every command shares:
 * Ctrl-C and SIGTERM (no partial files left behind), a reader that went away (`| head` ends quietly),
 * and closing the client and any in-process sandbox.
 */
export async function runCommand(command: Command, body: (rt: Runtime) => Promise<number | void>): Promise<void> {
  // Loaded when a command runs, not when the command tree is built: --help needs neither.
  const [{ Runtime }, { abortAllFileSinksSync, OutputClosedError }] = await Promise.all([import('./runtime.js'), import('../../output/sink.js')]);
  const rt = await Runtime.create(command);
  const onSignal = (signal: NodeJS.Signals) => {
    rt.controller.abort();
    abortAllFileSinksSync();
    process.exit(signal === 'SIGINT' ? ExitCode.INTERRUPTED : ExitCode.TERMINATED);
  };
  const onStdoutError = (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') {
      rt.controller.abort();
      process.exit(ExitCode.OK);
    }
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.stdout.on('error', onStdoutError);
  try {
    const code = await body(rt);
    rt.warnConfigFileIgnored();
    if (code) process.exitCode = code;
  } catch (error) {
    if (!(error instanceof OutputClosedError)) throw error;
    rt.controller.abort();
    process.exitCode = ExitCode.OK;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await rt.close();
  }
}
