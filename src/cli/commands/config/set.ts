import { Command } from 'commander';
import { addExamples } from '../../kit/command-kit.js';
import { runCommand } from '../../kit/run-command.js';
import { keyArgument } from './key-argument.js';
import { exitCodes } from '../../kit/exit-codes.js';

export function configSetCommand(): Command {
  const set = new Command('set')
    .summary('store a setting in the profile (validated first)')
    .addArgument(keyArgument())
    .argument('<value>', 'new value');
  addExamples(set, [
    { description: 'Export CSV by default', command: 'tix config set output csv' },
    { description: 'Point a profile at the API', command: 'tix config set base-url https://api.example.com --profile prod' },
  ]);
  exitCodes(set, {});
  return set.action(async (key: string, value: string, _flags: unknown, cmd: Command) =>
    runCommand(cmd, async (rt) => (await import('./set-run.js')).runConfigSet(key, value, rt)),
  );
}
