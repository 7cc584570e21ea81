import { Command } from 'commander';
import { addExamples } from '../../kit/command-kit.js';
import { runCommand } from '../../kit/run-command.js';

export function authCommand(): Command {
  const auth = new Command('auth').summary('store, check and remove the API key').description('Store, check and remove the API key of a profile.');
  addExamples(auth, [
    { description: 'Store a key kept in a file, after checking it works', command: 'tix auth login --with-key < key.txt' },
    { description: 'Which profile, base URL and key are in use, and whether the key works', command: 'tix auth status' },
  ]);

  const login = new Command('login')
    .summary('store an API key after checking it works')
    .description(
      'Check an API key with one small request and store it in the profile (config file mode 0600).\nOn a terminal the key is asked for without echo; --with-key reads it from stdin.',
    )
    .option('--with-key', 'read the key from stdin (for scripts: tix auth login --with-key < key.txt)');
  addExamples(login, [
    { description: 'Store a key kept in a file, for the default profile', command: 'tix auth login --with-key < key.txt' },
    { description: 'Store a key for a second profile with its own base URL', command: 'tix auth login --profile staging --base-url https://api.example.com --with-key < staging-key.txt' },
  ]);
  login.action(async (flags: { withKey?: boolean }, cmd: Command) =>
    runCommand(cmd, async (rt) => {
      const { runAuthLogin } = await import('./auth-run.js');
      return runAuthLogin({ withKey: flags.withKey === true }, rt);
    }),
  );

  const status = new Command('status')
    .summary('show the profile, base URL and key in use, and whether the key works')
    .option('--json', 'print the status as JSON');
  addExamples(status, [{ description: 'Check the key of the default profile', command: 'tix auth status' }]);
  status.action(async (flags: { json?: boolean }, cmd: Command) =>
    runCommand(cmd, async (rt) => {
      const { runAuthStatus } = await import('./auth-run.js');
      return runAuthStatus({ json: flags.json === true }, rt);
    }),
  );

  const logout = new Command('logout').summary("remove the profile's stored API key");
  addExamples(logout, [{ description: 'Forget the key of the staging profile', command: 'tix auth logout --profile staging' }]);
  logout.action(async (_flags: unknown, cmd: Command) =>
    runCommand(cmd, async (rt) => {
      const { runAuthLogout } = await import('./auth-run.js');
      return runAuthLogout(rt);
    }),
  );

  return auth.addCommand(login).addCommand(status).addCommand(logout);
}
