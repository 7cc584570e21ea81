import { Command } from 'commander';
import { addExamples } from '../../kit/command-kit.js';
import { inheritedFlags } from '../../kit/inherited-flags.js';
import { runCommand } from '../../kit/run-command.js';
import { apiCodes, exitCodes } from '../../kit/exit-codes.js';
import { ExitCode } from '../../../shared/errors.js';

export function authLoginCommand(): Command {
  const login = new Command('login')
    .summary('store an API key after checking it works')
    .description(
      'Check an API key with one small request and store it in the profile (config file mode 0600).\nOn a terminal the key is asked for without echo; --with-key reads it from stdin.',
    )
    .option('--with-key', 'read the key from stdin (for scripts: tix auth login --with-key < key.txt)');
  // It would change the real profile's key for nothing.
  inheritedFlags(login, { refuse: ['--sandbox'], why: 'it stores keys for the real API; the sandbox needs none' });
  addExamples(login, [
    { description: 'Store a key kept in a file, for the default profile', command: 'tix auth login --with-key < key.txt' },
    {
      description: 'Store a key for a second profile with its own base URL',
      command: 'tix auth login --profile staging --base-url https://api.example.com --with-key < staging-key.txt',
    },
  ]);
  exitCodes(login, {
    ...apiCodes(),
    [ExitCode.ERROR]: 'the base URL is not the API, the key could not be stored, or an unexpected error',
    [ExitCode.AUTH]: 'the API did not accept the key (401 or 403); nothing was stored',
  });
  return login.action(async (flags: { withKey?: boolean }, cmd: Command) =>
    runCommand(cmd, async (rt) => {
      const { runAuthLogin } = await import('./login-run.js');
      return runAuthLogin({ withKey: flags.withKey === true }, rt);
    }),
  );
}
