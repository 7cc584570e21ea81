import { Command } from 'commander';
import { addExamples } from '../../kit/command-kit.js';
import { parseOutputOptions } from '../../kit/output-options.js';
import { parseTimeWindow } from '../../kit/parse/instants.js';
import { parseTextFilter } from '../../kit/parse/text.js';
import { runCommand } from '../../kit/run-command.js';
import { parseStoreFlags } from '../../kit/store-options.js';
import { inheritedFlags } from '../../kit/inherited-flags.js';
import type { HistoryFlags } from './history.js';
import type { HistoryListOptions } from './list-run.js';
import { OUTPUT_FLAGS, STORE_FLAGS } from './parent-flags.js';
import { exitCodes, historyCodes } from '../../kit/exit-codes.js';

interface RawFlags {
  upcoming?: boolean;
  name?: string;
}

/** `tix history list`: every tracked event, one row each, with its figures (attached under `tix history`). */
export function historyListCommand(): Command {
  const command = new Command('list')
    .summary('every tracked event: its agents, snapshots, current and lowest price')
    .description(
      [
        "One row per event in the price history: its evt_ id, name and date, the agents with snapshots, how many snapshots and when the first and last were taken, the current lowest price (ALL, the market floor at the latest snapshot: the lowest of each agent's latest snapshot still current then; stale_agents names those it leaves out) and the lowest ever (price, when, agent).",
        "An agent's event whose evt_ id tix does not know (tracked as AGENT:ID by an older tix) is a row of its own, with an empty event_id and AGENT:ID as its agent.",
        '--since (with --tz) keeps the events with a snapshot since then. Soonest events first; those of unknown date last.',
      ].join('\n'),
    )
    .option('--upcoming', 'only events whose date is still to come (by the clock of this run)')
    .option('--name <text>', 'only events whose name contains this text, in any case');
  inheritedFlags(command, {
    parentFlags: ['--since', '--tz', ...STORE_FLAGS, ...OUTPUT_FLAGS],
    why: 'its filters are --upcoming, --since and --name',
  });
  addExamples(command, [
    { description: 'Every tracked event', command: 'tix track evt_fnt7jz3fkx && tix history list' },
    {
      description: 'Upcoming events tracked in the last week, as CSV',
      command: 'tix track evt_fnt7jz3fkx && tix history list --upcoming --since -7d -o csv',
    },
  ]);
  exitCodes(command, historyCodes());
  return command.action(async (flags: RawFlags, cmd: Command) =>
    runCommand(cmd, async (rt) => {
      const parent = cmd.optsWithGlobals() as HistoryFlags;
      const now = rt.io.now();
      const { since } = parseTimeWindow({ since: parent.since }, { now, timeZone: rt.settings.values.timezone });
      const options: HistoryListOptions = {
        filter: {
          ...(flags.upcoming ? { eventAfter: now.toISOString() } : {}),
          ...(since !== undefined ? { lastSnapshotSince: since } : {}),
          ...(flags.name !== undefined ? { nameContains: parseTextFilter('--name', flags.name) } : {}),
        },
        store: parseStoreFlags(parent),
        output: parseOutputOptions(parent, rt),
      };
      const { runHistoryList } = await import('./list-run.js');
      return runHistoryList(options, rt);
    }),
  );
}
