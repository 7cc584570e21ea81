import { Command } from 'commander';
import { addExamples } from '../../kit/command-kit.js';
import { runCommand } from '../../kit/run-command.js';
import { exitCodes } from '../../kit/exit-codes.js';

export function configPathCommand(): Command {
  const path = new Command('path').summary('print where the config file is');
  addExamples(path, [{ description: 'Where the config lives', command: 'tix config path' }]);
  exitCodes(path, {});
  return path.action(async (_flags: unknown, cmd: Command) =>
    runCommand(cmd, async (rt) => (await import('./path-run.js')).runConfigPath(rt)),
  );
}
