import { Command } from 'commander';
import { addExamples, addOutputOptions } from '../../kit/command-kit.js';
import type { RawOutputFlags } from '../../kit/output-options.js';
import { runCommand } from '../../kit/run-command.js';
import { exitCodes } from '../../kit/exit-codes.js';

export function configListCommand(): Command {
  const list = new Command('list').summary('show every setting, its value and where it came from');
  addOutputOptions(list);
  addExamples(list, [{ description: 'Settings in force, as JSON', command: 'tix config list --json' }]);
  exitCodes(list, {});
  return list.action(async (flags: RawOutputFlags, cmd: Command) =>
    runCommand(cmd, async (rt) => (await import('./list-run.js')).runConfigList(flags, rt)),
  );
}
