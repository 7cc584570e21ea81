import { Command } from 'commander';
import { UsageError, ExitCode } from '../../../shared/errors.js';
import { addExamples, addOutputOptions, seeAlso } from '../../kit/command-kit.js';
import { chartDrawing, parseOutputOptions, refuseChartAsData, type RawOutputFlags } from '../../kit/output-options.js';
import { DATE_FORMS, type DateContext } from '../../kit/parse/dates.js';
import { parseTimeWindow } from '../../kit/parse/instants.js';
import { runCommand } from '../../kit/run-command.js';
import { addStoreOptions, parseStoreFlags, type RawStoreFlags } from '../../kit/store-options.js';
import { parseEntry, type TrackEntry } from '../../kit/track-entries.js';
import type { HistoryOptions } from './history-run.js';
import type { PeriodUnit } from '../../../store/store.js';
import { printable } from '../../../shared/printable.js';
import { parseListingFilter } from '../../kit/listing-filters.js';
import type { ListingFilter } from '../../../store/store.js';
import { NO_HISTORY, STORE_BUSY, apiCodes, exitCodes } from '../../kit/exit-codes.js';

const PERIOD_UNITS: readonly PeriodUnit[] = ['hour', 'day', 'week', 'days-to-event'];
const PER_VALUES = ['section', 'zone'] as const;

/** `tix history`'s flags, which its subcommands also see (Commander gives a parent's options to them). */
export interface HistoryFlags extends RawOutputFlags, RawStoreFlags {
  since?: string;
  until?: string;
  listings?: boolean;
  chart?: boolean;
  by?: string;
  per?: string;
  supply?: boolean;
  minQuantity?: string;
  section?: string;
}

/**
 * `tix history <agent> <id>` and `tix history <evt_id>` run this command's own action; subcommands added
 * with addCommand (such as `tix history export`) are dispatched by Commander when the first argument is
 * their name, which no agent code or evt_ id is.
 */
export function historyCommand(): Command {
  const command = new Command('history')
    .summary("an event's recorded prices over time, from the snapshots of 'tix track'")
    .description(
      [
        "An event's price history, from the snapshots 'tix track' recorded: one row per snapshot (API timestamp, listings, tickets, lowest, median and highest price), or with --listings one row per listing ever seen.",
        'For an evt_ id: every agent the history has seen list the event, with an agent column; read from the history alone (no key or network needed), or asked of the API for an event the history does not know.',
      ].join('\n'),
    )
    .argument('<event>', 'ticket agent code or name (then its event id), AGENT:ID as in a watch list, or an evt_ id')
    .argument('[id]', "the agent's own event id")
    .option('--since <date>', `first snapshot time: ${DATE_FORMS}`)
    .option('--until <date>', 'last snapshot time, inclusive (a date means the end of that day)')
    .option('--tz <zone>', 'IANA time zone of --since, --until and the chart (default: the timezone setting, else the system zone)')
    .option(
      '--listings',
      'one row per listing ever seen: first and last seen, first, last and lowest price, and gone (not in the latest snapshot)',
    )
    .option(
      '--chart',
      "draw each agent's lowest price over time, and the lowest across them (ALL): time to scale, lines broken where no snapshot was taken, the event date and public sale ruled; --out chart.svg writes it as SVG",
    )
    .option(
      '--by <period>',
      `one row per ${PERIOD_UNITS.join(', ')} (in --tz; weeks from Monday; days-to-event: whole days before the event's date) and one column of lowest price per agent, and ALL for an evt_ id (the lowest the market floor was in the period): for spreadsheets`,
    )
    .option(
      '--per <group>',
      `with --by: one row per period and ${PER_VALUES.join(' or ')} (as tix report groups them), the lowest price of each agent's listings there and ALL (that section's or zone's market floor)`,
    )
    .option(
      '--supply',
      "with --by: add listings and tickets on offer at the period's last round (the agents ALL counts then) and listings gone since the previous round, summed over the period (as tix report's supply chart)",
    )
    .option(
      '--min-quantity <n>',
      "figures from the stored listings of at least n tickets (n seats together; an agent's splits are not consulted); also for summary, --by and --chart",
    )
    .option(
      '--section <pattern>',
      "figures from the stored listings in sections matching this name, any case; '*' matches any text (e.g. 'floor*'); also for summary, --by and --chart",
    );
  // Also the store `history export` copies from: Commander gives a parent's options to its subcommands.
  addStoreOptions(command);
  addOutputOptions(command);
  addExamples(command, [
    {
      description: "Record an event's listings, then show its history",
      command: 'tix track TMUSA:G5v8HKyBKZbyJN && tix history TMUSA G5v8HKyBKZbyJN',
    },
    { description: 'Every agent of an event, as a chart', command: 'tix track evt_fnt7jz3fkx && tix history evt_fnt7jz3fkx --chart' },
    {
      description: 'The same chart as an SVG picture, for a browser or a report',
      command: 'tix track evt_fnt7jz3fkx && tix history evt_fnt7jz3fkx --chart --out chart.svg',
    },
    {
      description: 'The lowest price per day and agent, for a spreadsheet',
      command: 'tix track evt_fnt7jz3fkx && tix history evt_fnt7jz3fkx --by day -o csv',
    },
    {
      description: 'The lowest price per day and zone (sections grouped as tix report groups them)',
      command: 'tix track evt_fnt7jz3fkx && tix history evt_fnt7jz3fkx --by day --per zone',
    },
    {
      description: 'The lowest price per day, with the listings and tickets on offer and the listings gone',
      command: 'tix track evt_fnt7jz3fkx && tix history evt_fnt7jz3fkx --by day --supply -o csv',
    },
    {
      description: 'The cheapest four seats together, per day before the event',
      command: 'tix track evt_fnt7jz3fkx && tix history evt_fnt7jz3fkx --by days-to-event --min-quantity 4',
    },
    {
      description: 'The listings seen since yesterday, and which are gone, as CSV',
      command: 'tix track STUBHUB:101459428 && tix history stubhub 101459428 --listings --since yesterday -o csv',
    },
  ]);
  exitCodes(command, {
    ...apiCodes(),
    [ExitCode.ERROR]: 'the history store or the API failed, or an unexpected error',
    [ExitCode.NOT_FOUND]: `${NO_HISTORY}, or no ticket agent lists the evt_ id`,
    [ExitCode.UNAVAILABLE]: `${STORE_BUSY}; the API unavailable after retries (an evt_ id the history does not know is asked of the API)`,
  });
  seeAlso(command, { guides: ['history.md', 'postgresql.md'], related: ['track', 'alert'] });
  return command.action(async (event: string, id: string | undefined, flags: HistoryFlags, cmd: Command) =>
    runCommand(cmd, async (rt) => {
      const output = parseOutputOptions(flags, rt);
      if (flags.chart && flags.listings) throw new UsageError('--chart draws the snapshots; it cannot be combined with --listings');
      if (flags.chart) refuseChartAsData(flags, output, true);
      const by = flags.by === undefined ? undefined : parsePeriodUnit(flags.by);
      if (by && (flags.chart || flags.listings))
        throw new UsageError(`--by makes a table of lowest prices; it cannot be combined with ${flags.chart ? '--chart' : '--listings'}`);
      const per = parsePer(flags, by);
      const listingFilter = parseHistoryListingFilter(flags);
      if (listingFilter && flags.listings)
        throw new UsageError(
          '--min-quantity and --section choose the listings the figures are computed from; they cannot be combined with --listings',
        );
      const context: DateContext = { now: rt.io.now(), timeZone: rt.settings.values.timezone };
      const options: HistoryOptions = {
        event: parseHistoryEvent(event, id),
        listings: flags.listings === true,
        chart: flags.chart === true ? chartDrawing(output) : false,
        store: parseStoreFlags(flags),
        output,
      };
      if (by) options.by = by;
      if (per) options.per = per;
      if (flags.supply) options.supply = true;
      if (listingFilter) options.listingFilter = listingFilter;
      const { since, until } = parseTimeWindow(flags, context);
      if (since !== undefined) options.since = since;
      if (until !== undefined) options.until = until;
      const { runHistory } = await import('./history-run.js');
      return runHistory(options, rt);
    }),
  );
}

function parsePeriodUnit(raw: string): PeriodUnit {
  const text = raw.trim().toLowerCase();
  const unit = PERIOD_UNITS.find((u) => u === text);
  if (!unit) throw new UsageError(`--by must be one of ${PERIOD_UNITS.join(', ')}, not '${printable(raw)}'`);
  return unit;
}

/** --per (section or zone) and --supply, which only add to --by's rows, and not to each other (gone is counted per snapshot, not per section). */
function parsePer(flags: Pick<HistoryFlags, 'per' | 'supply'>, by: PeriodUnit | undefined): (typeof PER_VALUES)[number] | undefined {
  if (flags.per === undefined) {
    if (flags.supply && !by)
      throw new UsageError("--supply adds supply columns to --by's rows: give --by hour, day, week or days-to-event too");
    return undefined;
  }
  const text = flags.per.trim().toLowerCase();
  const per = PER_VALUES.find((v) => v === text);
  if (!per) throw new UsageError(`--per must be one of ${PER_VALUES.join(', ')}, not '${printable(flags.per)}'`);
  if (!by) throw new UsageError(`--per makes one row per period and ${per}: give --by hour, day, week or days-to-event too`);
  if (flags.supply)
    throw new UsageError(
      '--supply counts the whole event (gone is counted per snapshot, not per section); it cannot be combined with --per',
    );
  return per;
}

/** --min-quantity and --section as the store takes them (the pattern trimmed), or undefined when neither is given. */
export function parseHistoryListingFilter(flags: Pick<HistoryFlags, 'minQuantity' | 'section'>): ListingFilter | undefined {
  const parsed = parseListingFilter({ minQuantity: flags.minQuantity, section: flags.section });
  if (parsed.minQuantity === undefined && parsed.section === undefined) return undefined;
  return {
    ...(parsed.minQuantity !== undefined ? { minQuantity: parsed.minQuantity } : {}),
    ...(parsed.section !== undefined ? { section: parsed.section.pattern } : {}),
  };
}

/** `<event> [id]` as history and history summary take it: an evt_ id, AGENT ID, or AGENT:ID. */
export function parseHistoryEvent(event: string, id: string | undefined): TrackEntry {
  if (/^evt_/i.test(event.trim())) {
    if (id !== undefined)
      throw new UsageError(`<id>: an evt_ id stands alone (every agent that lists it); give '${event}' or an agent and its id`);
    return parseEntry(event, '<event>');
  }
  if (id === undefined && event.includes(':')) return parseEntry(event, '<event>');
  if (id === undefined) throw new UsageError(`<id>: missing: give an agent and its event id (tix history ${event} <id>), or an evt_ id`);
  return parseEntry(`${event}:${id}`, '<event>');
}
