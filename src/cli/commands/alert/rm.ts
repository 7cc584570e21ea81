import { Command } from 'commander';
import { addExamples } from '../../kit/command-kit.js';
import { runCommand } from '../../kit/run-command.js';
import { addStoreOptions, parseStoreFlags, type RawStoreFlags } from '../../kit/store-options.js';
import { parseRuleId } from './rule-id.js';
import { exitCodes, historyCodes } from '../../kit/exit-codes.js';

export function alertRmCommand(): Command {
  const command = new Command('rm')
    .summary('remove a price alert rule')
    .description('Remove an alert rule, with its notifications and their pending deliveries.')
    .argument('<id>', "the rule's id (tix alert list)");
  addStoreOptions(command);
  addExamples(command, [
    { description: 'Add a rule, then remove it', command: 'tix alert rm "$(tix alert add evt_fnt7jz3fkx --below 150)"' },
  ]);
  exitCodes(command, historyCodes());
  return command.action(async (id: string, flags: RawStoreFlags, cmd: Command) =>
    runCommand(cmd, async (rt) => {
      const options = { id: parseRuleId(id), store: parseStoreFlags(flags) };
      const { runAlertRm } = await import('./rm-run.js');
      return runAlertRm(options, rt);
    }),
  );
}
