import { Command } from 'commander';
import { addExamples } from '../../kit/command-kit.js';
import { runCommand } from '../../kit/run-command.js';
import { addStoreOptions, parseStoreFlags, type RawStoreFlags } from '../../kit/store-options.js';
import { parseRuleId } from './rule-id.js';
import { exitCodes, historyCodes } from '../../kit/exit-codes.js';

export function alertPauseCommand(): Command {
  return pauseOrResume('pause', 'pause a price alert rule: tix track leaves it alone until resumed', true);
}

export function alertResumeCommand(): Command {
  return pauseOrResume('resume', 'resume a paused price alert rule', false);
}

function pauseOrResume(name: 'pause' | 'resume', summary: string, paused: boolean): Command {
  const command = new Command(name)
    .summary(summary)
    .description(`${summary[0]!.toUpperCase()}${summary.slice(1)}.`)
    .argument('<id>', "the rule's id (tix alert list)");
  addStoreOptions(command);
  addExamples(command, [
    { description: `Add a rule, then ${name} it`, command: `tix alert ${name} "$(tix alert add evt_fnt7jz3fkx --below 150)"` },
  ]);
  exitCodes(command, historyCodes());
  return command.action(async (id: string, flags: RawStoreFlags, cmd: Command) =>
    runCommand(cmd, async (rt) => {
      const options = { id: parseRuleId(id), paused, store: parseStoreFlags(flags) };
      const { runAlertPause } = await import('./pause-run.js');
      return runAlertPause(options, rt);
    }),
  );
}
