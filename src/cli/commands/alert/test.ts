import { Command } from 'commander';
import { addExamples } from '../../kit/command-kit.js';
import { runCommand } from '../../kit/run-command.js';
import { addStoreOptions, parseStoreFlags, type RawStoreFlags } from '../../kit/store-options.js';
import { parseRuleId } from './rule-id.js';
import { exitCodes, historyCodes } from '../../kit/exit-codes.js';

export function alertTestCommand(): Command {
  const command = new Command('test')
    .summary("send a sample notification through a rule's channels")
    .description(
      "Send a sample alert (id 0, listing 'sample', the rule's --below or last notified price) through the rule's channels: a line on stderr, its --notify-url and --notify-exec, or the notify-url and notify-exec settings. Nothing is recorded. Exit 1 when a channel failed.",
    )
    .argument('<id>', "the rule's id (tix alert list)");
  addStoreOptions(command);
  addExamples(command, [
    { description: 'Try a rule before cron does', command: 'tix alert test "$(tix alert add evt_fnt7jz3fkx --below 150)"' },
  ]);
  exitCodes(command, historyCodes('the alert was not delivered (to any of its targets), or the history store failed'));
  return command.action(async (id: string, flags: RawStoreFlags, cmd: Command) =>
    runCommand(cmd, async (rt) => {
      const options = { id: parseRuleId(id), store: parseStoreFlags(flags) };
      const { runAlertTest } = await import('./test-run.js');
      return runAlertTest(options, rt);
    }),
  );
}
