import { Command } from 'commander';
import { addExamples } from '../../kit/command-kit.js';
import { runCommand } from '../../kit/run-command.js';
import { addStoreOptions, parseStoreFlags, type RawStoreFlags } from '../../kit/store-options.js';
import { parseRuleId } from './rule-id.js';
import { exitCodes, historyCodes } from '../../kit/exit-codes.js';

export function alertApproveCommand(): Command {
  const command = new Command('approve')
    .summary("let this machine run a rule's --notify-exec command")
    .description(
      [
        "A rule's --notify-exec command is kept in the price history, which a team may share; this machine runs it only once approved here. Approving prints the command in full and records its SHA-256 in this machine's config folder (approved-commands.json), never in the history: a rule whose command is later changed, or another rule's command, is not approved by it.",
        "'tix alert add --notify-exec' approves the command it is given on the machine that runs it. The notify-exec setting is this machine's own and needs no approval.",
      ].join('\n'),
    )
    .argument('<id>', "the rule's id (tix alert list shows its command)");
  addStoreOptions(command);
  addExamples(command, [
    {
      description: "Run a teammate's rule's command on this machine too",
      command: 'tix alert approve "$(tix alert add evt_fnt7jz3fkx --below 150 --notify-exec ./notify.sh)"',
    },
  ]);
  exitCodes(command, historyCodes('the history store failed, or the approval could not be written in the config folder'));
  return command.action(async (id: string, flags: RawStoreFlags, cmd: Command) =>
    runCommand(cmd, async (rt) => {
      const options = { id: parseRuleId(id), store: parseStoreFlags(flags) };
      const { runAlertApprove } = await import('./approve-run.js');
      return runAlertApprove(options, rt);
    }),
  );
}
