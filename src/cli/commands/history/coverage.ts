import { Command } from 'commander';
import { addExamples } from '../../kit/command-kit.js';
import { parseOutputOptions } from '../../kit/output-options.js';
import { runCommand } from '../../kit/run-command.js';
import { parseStoreFlags } from '../../kit/store-options.js';
import type { HistoryCoverageOptions } from './coverage-run.js';
import { inheritedFlags } from '../../kit/inherited-flags.js';
import { parseHistoryEvent, type HistoryFlags } from './history.js';
import { OUTPUT_FLAGS, STORE_FLAGS } from './parent-flags.js';
import { exitCodes, historyCodes } from '../../kit/exit-codes.js';

/** `tix history coverage [event]`: when each agent's event was tracked, and where it was not (attached under `tix history`). */
export function historyCoverageCommand(): Command {
  const command = new Command('coverage')
    .summary('when each tracked event was recorded: first and last snapshot, usual interval, gaps, stale')
    .description(
      [
        "Per agent's event in the price history (of one event, or every one): the first and last snapshot, how many, the usual interval (the median time between consecutive snapshots), whether it is stale (the newest snapshot older than twice the usual interval, by this run's clock), and every gap longer than three usual intervals (the snapshots either side of it, and its length).",
        'A table, csv and the other row formats have one row per gap (an agent with no gap: one row with the gap columns empty); json nests the gaps in a list per agent. Intervals and gaps are in minutes.',
      ].join('\n'),
    )
    .argument(
      '[event]',
      'ticket agent code or name (then its event id), AGENT:ID as in a watch list, or an evt_ id; every tracked event when omitted',
    )
    .argument('[id]', "the agent's own event id");
  inheritedFlags(command, {
    parentFlags: ['--tz', ...STORE_FLAGS, ...OUTPUT_FLAGS],
    why: 'it reports on every snapshot of the events it covers: one event, or all of them',
  });
  addExamples(command, [
    {
      description: 'Is every tracked event still recorded, and where are the holes?',
      command: 'tix track evt_fnt7jz3fkx && tix history coverage',
    },
    { description: "One event's gaps, as JSON", command: 'tix track evt_fnt7jz3fkx && tix history coverage evt_fnt7jz3fkx -o json' },
  ]);
  exitCodes(command, historyCodes());
  return command.action(async (event: string | undefined, id: string | undefined, _flags: object, cmd: Command) =>
    runCommand(cmd, async (rt) => {
      const parent = cmd.optsWithGlobals() as HistoryFlags;
      const options: HistoryCoverageOptions = {
        store: parseStoreFlags(parent),
        output: parseOutputOptions(parent, rt),
      };
      if (event !== undefined) options.event = parseHistoryEvent(event, id);
      const { runHistoryCoverage } = await import('./coverage-run.js');
      return runHistoryCoverage(options, rt);
    }),
  );
}
