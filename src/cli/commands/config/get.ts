import { Command } from 'commander';
import { addExamples } from '../../kit/command-kit.js';
import { runCommand } from '../../kit/run-command.js';
import { keyArgument } from './key-argument.js';
import { exitCodes } from '../../kit/exit-codes.js';

export function configGetCommand(): Command {
  const get = new Command('get').summary('print the value in force for a setting').addArgument(keyArgument());
  addExamples(get, [{ description: 'The page size in force', command: 'tix config get page-size' }]);
  exitCodes(get, {});
  return get.action(async (key: string, _flags: unknown, cmd: Command) =>
    runCommand(cmd, async (rt) => (await import('./get-run.js')).runConfigGet(key, rt)),
  );
}
