import { Command } from 'commander';
import { addExamples } from '../../kit/command-kit.js';
import { inheritedFlags } from '../../kit/inherited-flags.js';
import { runCommand } from '../../kit/run-command.js';
import { exitCodes } from '../../kit/exit-codes.js';

export function authLogoutCommand(): Command {
  const logout = new Command('logout').summary("remove the profile's stored API key");
  // It would change the real profile's key for nothing.
  inheritedFlags(logout, { refuse: ['--sandbox'], why: 'it removes the key of the real API; the sandbox needs none' });
  addExamples(logout, [{ description: 'Forget the key of the staging profile', command: 'tix auth logout --profile staging' }]);
  exitCodes(logout, {});
  return logout.action(async (_flags: unknown, cmd: Command) =>
    runCommand(cmd, async (rt) => {
      const { runAuthLogout } = await import('./logout-run.js');
      return runAuthLogout(rt);
    }),
  );
}
