import { Command } from 'commander';
import { addExamples } from '../../kit/command-kit.js';
import { runCommand } from '../../kit/run-command.js';
import { keyArgument } from './key-argument.js';
import { exitCodes } from '../../kit/exit-codes.js';

export function configUnsetCommand(): Command {
  const unset = new Command('unset').summary('remove a setting from the profile').addArgument(keyArgument());
  addExamples(unset, [{ description: 'Back to the default output format', command: 'tix config unset output' }]);
  exitCodes(unset, {});
  return unset.action(async (key: string, _flags: unknown, cmd: Command) =>
    runCommand(cmd, async (rt) => (await import('./unset-run.js')).runConfigUnset(key, rt)),
  );
}
