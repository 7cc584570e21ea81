import { Command } from 'commander';
import { addExamples } from '../../kit/command-kit.js';
import { runCommand } from '../../kit/run-command.js';
import { apiCodes, exitCodes } from '../../kit/exit-codes.js';
import { ExitCode } from '../../../shared/errors.js';

export function authStatusCommand(): Command {
  const status = new Command('status')
    .summary('show the profile, base URL and key in use, and whether the key works')
    .option('--json', 'print the status as JSON');
  addExamples(status, [{ description: 'Check the key of the default profile', command: 'tix auth status' }]);
  exitCodes(status, { ...apiCodes(), [ExitCode.AUTH]: 'no API key, or the key not accepted (401) or not allowed (403)' });
  return status.action(async (flags: { json?: boolean }, cmd: Command) =>
    runCommand(cmd, async (rt) => {
      const { runAuthStatus } = await import('./status-run.js');
      return runAuthStatus({ json: flags.json === true }, rt);
    }),
  );
}
