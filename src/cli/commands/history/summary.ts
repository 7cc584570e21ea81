import { Command } from 'commander';
import { addExamples } from '../../kit/command-kit.js';
import { parseOutputOptions } from '../../kit/output-options.js';
import { runCommand } from '../../kit/run-command.js';
import { parseStoreFlags } from '../../kit/store-options.js';
import { parseHistoryEvent, parseHistoryListingFilter, type HistoryFlags } from './history.js';
import { parseTimeWindow } from '../../kit/parse/instants.js';
import { UsageError } from '../../../shared/errors.js';
import type { HistorySummaryOptions } from './summary-run.js';
import { OUTPUT_FLAGS, STORE_FLAGS } from './parent-flags.js';
import { inheritedFlags } from '../../kit/inherited-flags.js';
import { exitCodes, historyCodes } from '../../kit/exit-codes.js';

/** `tix history summary <event>`: what the history says about one event, per agent (attached under `tix history`). */
export function historySummaryCommand(): Command {
  const command = new Command('summary')
    .summary("one event's price history in a few figures per agent: lowest, current, changes, highest, listings")
    .description(
      [
        'What the price history says about one event, one row per agent (and ALL, across them, for an evt_ id): the lowest price ever (when, section, row), the current lowest (the latest snapshot), its change since the previous snapshot and over the last 24 hours and 7 days, the highest price, the listings now and at their peak, and the days left to the event.',
        "The 24 hours and 7 days are counted back from now (this run's clock): a change compares the current price with the price that counted then (the latest snapshot at or before it, unless older than twice the agent's usual interval), and is empty unless a snapshot falls inside that window (a history that stopped shows no change, not 0) or when no price counted then (after a pause).",
        "ALL is the market floor (docs/history.md): at any instant, the lowest of each agent's latest snapshot that is still current then (not older than twice that agent's usual interval); its row is at the latest snapshot, and stale_agents names the agents it leaves out.",
        '--since (and --until, default now) add change_range: the price that counted at --until against the one at --since, empty unless a snapshot falls inside the window. --min-quantity and --section compute every price from the stored listings they keep.',
        "A note on stderr says when an agent's newest snapshot is older than twice its usual interval (see 'tix history coverage').",
      ].join('\n'),
    )
    .argument('<event>', 'ticket agent code or name (then its event id), AGENT:ID as in a watch list, or an evt_ id')
    .argument('[id]', "the agent's own event id");
  inheritedFlags(command, {
    parentFlags: ['--since', '--until', '--tz', '--min-quantity', '--section', ...STORE_FLAGS, ...OUTPUT_FLAGS],
    why: 'it sums up the whole history of the event',
  });
  addExamples(command, [
    {
      description: 'Every agent of an event, and the market across them',
      command: 'tix track evt_fnt7jz3fkx && tix history summary evt_fnt7jz3fkx',
    },
    {
      description: "One agent's event, as JSON for a script",
      command: 'tix track TMUSA:G5v8HKyBKZbyJN && tix history summary TMUSA G5v8HKyBKZbyJN -o json',
    },
    {
      description: 'The change over the last 7 calendar days, for two seats together',
      command: 'tix track evt_fnt7jz3fkx && tix history summary evt_fnt7jz3fkx --since -7d --min-quantity 2',
    },
  ]);
  exitCodes(command, historyCodes());
  return command.action(async (event: string, id: string | undefined, _flags: object, cmd: Command) =>
    runCommand(cmd, async (rt) => {
      const parent = cmd.optsWithGlobals() as HistoryFlags;
      if (parent.until !== undefined && parent.since === undefined)
        throw new UsageError('--until needs --since in history summary (change_range is the change from --since to --until)');
      const now = rt.io.now();
      const window = parseTimeWindow(parent, { now, timeZone: rt.settings.values.timezone });
      const listingFilter = parseHistoryListingFilter(parent);
      const options: HistorySummaryOptions = {
        event: parseHistoryEvent(event, id),
        store: parseStoreFlags(parent),
        output: parseOutputOptions(parent, rt),
        ...(window.since !== undefined ? { range: { since: window.since, until: window.until ?? now.toISOString() } } : {}),
        ...(listingFilter ? { listingFilter } : {}),
      };
      const { runHistorySummary } = await import('./summary-run.js');
      return runHistorySummary(options, rt);
    }),
  );
}
