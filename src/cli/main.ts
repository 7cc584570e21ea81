import { CommanderError } from 'commander';
import { ExitCode, UsageError } from '../shared/errors.js';
import { buildProgram } from './program.js';
import { reportError } from './kit/report-error.js';

// A reader that goes away (`tix --help | head -1`) ends tix quietly; commands add their own cleanup to this.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(ExitCode.OK);
});

const program = buildProgram();
if (process.argv.length <= 2) {
  program.outputHelp();
  process.stdout.write('New here? Try: tix --sandbox events search --category concerts\n');
  process.exit(ExitCode.OK);
}
try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // Help and --version "errors" are Commander's way of saying it is done.
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') {
      process.exitCode = ExitCode.OK;
    } else {
      process.exitCode = reportError(new UsageError(commanderMessage(error.message)), process.argv);
    }
  } else {
    process.exitCode = reportError(error, process.argv);
  }
}

/** Commander writes "error: unknown option '--x'\n(Did you mean --y?)"; tix reports one line. */
function commanderMessage(message: string): string {
  return message
    .replace(/^error: /, '')
    .replace(/\n\(Did you mean (.*)\?\)/, ' (did you mean $1?)')
    .replace(/\s*\n\s*/g, ' ');
}
