import { CommanderError, type Command } from 'commander';
import { ExitCode, UsageError } from '../shared/errors.js';
import { forgetSecrets } from '../shared/secrets.js';
import { buildProgram, forEachCommand } from './program.js';
import { reportError } from './kit/report-error.js';
import { bindRun, type RunContext, type TixProcess } from './kit/run-context.js';

/**
 * One run of tix: the arguments after `tix`, in `proc`; resolves to the exit code. Nothing here touches
 * the Node process itself: main.ts does that for a user's run, and the tests run this in their own process.
 * `jqEarly`: --jq's jq, if main.ts started it (kit/jq-early.ts); the caller ends it if the run did not take it.
 */
export async function runTix(args: readonly string[], proc: TixProcess, jqEarly?: RunContext['jqEarly']): Promise<number> {
  // The secrets of an earlier run in the same process (a test's) are not this run's.
  forgetSecrets();
  const program = buildProgram();
  const run: RunContext = { process: proc, exitCode: ExitCode.OK, jqEarly };
  bindRun(program, run);
  forEachCommand(program, (command) => writeTo(command, proc));
  if (args.length === 0) {
    program.outputHelp();
    proc.stdout.write('New here? Try: tix --sandbox events search --category concerts\n');
    return ExitCode.OK;
  }
  try {
    await program.parseAsync(args, { from: 'user' });
    return run.exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and --version "errors" are Commander's way of saying it is done.
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') {
        return ExitCode.OK;
      }
      return reportError(new UsageError(commanderMessage(error.message)), args, proc.stderr);
    }
    return reportError(error, args, proc.stderr);
  }
}

/** Commander's help, version and errors go to the run's streams, laid out and coloured as Commander would for them. */
function writeTo(command: Command, proc: TixProcess): void {
  type Stream = { isTTY?: boolean; columns?: number; hasColors?: () => boolean };
  const stdout = proc.stdout as Stream;
  const stderr = proc.stderr as Stream;
  command.configureOutput({
    writeOut: (text) => proc.stdout.write(text),
    writeErr: (text) => proc.stderr.write(text),
    // Commander's own default, undefined (80 columns) off a terminal, though its types say a number.
    getOutHelpWidth: () => (stdout.isTTY ? stdout.columns : undefined) as number,
    getErrHelpWidth: () => (stderr.isTTY ? stderr.columns : undefined) as number,
    getOutHasColors: () => colorForced(proc.env) ?? (stdout.isTTY === true && stdout.hasColors?.() === true),
    getErrHasColors: () => colorForced(proc.env) ?? (stderr.isTTY === true && stderr.hasColors?.() === true),
  });
}

/** Commander's reading of NO_COLOR, FORCE_COLOR and CLICOLOR_FORCE, from the run's environment. */
function colorForced(env: NodeJS.ProcessEnv): boolean | undefined {
  if (env.NO_COLOR || env.FORCE_COLOR === '0' || env.FORCE_COLOR === 'false') return false;
  if (env.FORCE_COLOR || env.CLICOLOR_FORCE !== undefined) return true;
  return undefined;
}

/** Commander writes "error: unknown option '--x'\n(Did you mean --y?)"; tix reports one line. */
function commanderMessage(message: string): string {
  return message
    .replace(/^error: /, '')
    .replace(/\n\(Did you mean (.*)\?\)/, ' (did you mean $1?)')
    .replace(/\s*\n\s*/g, ' ');
}
