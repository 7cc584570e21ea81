import { extname } from 'node:path';
import { Command, Option } from 'commander';
import { UsageError } from '../../../shared/errors.js';
import { addExamples, addOutputOptions, seeAlso, withValueSource } from '../../kit/command-kit.js';
import { exitCodes, historyCodes } from '../../kit/exit-codes.js';
import { parseListingFilter } from '../../kit/listing-filters.js';
import { parseOutputOptions, type RawOutputFlags } from '../../kit/output-options.js';
import { DATE_FORMS } from '../../kit/parse/dates.js';
import { parseTimeWindow } from '../../kit/parse/instants.js';
import { runCommand } from '../../kit/run-command.js';
import { addStoreOptions, parseStoreFlags, type RawStoreFlags } from '../../kit/store-options.js';
import { readTrackEntries } from '../../kit/track-entries.js';
import type { ReportOptions } from './report-run.js';

interface ReportFlags extends RawOutputFlags, RawStoreFlags {
  fromFile?: string;
  since?: string;
  until?: string;
  minQuantity?: string;
  section?: string;
}

/** `tix report [events...]`: the watch list's price history on one page to share, or its data as one JSON document. */
export function reportCommand(): Command {
  const command = new Command('report')
    .summary('the watch list on one page: every event side by side, its floor, sections, supply and sales over time (--out report.html)')
    .description(
      [
        "A report over the price history 'tix track' keeps, for the events given, a watch list file, or every tracked event: an overview with one row per event (its floor now and the agent that has it, the changes over 24 hours, 7 days and since the public sale, the lowest ever, what is on offer against its peak, and how it is tracked), then per event its floor over time (ALL and each agent), its floor per zone and its cheapest sections, its supply (listings and tickets on offer per round, listings gone since the previous round) and StubHub's sales where 'track --sales' recorded them, and across events each floor against days before the event.",
        "--out report.html writes one self-contained page (no network needed to open it: inline CSS and SVG), light or dark as the reader's system, readable on a phone and printable one event a page; written whole or not at all. -o json (and --jq) give the same figures as one document; a table (at a terminal) and the other row formats give the overview.",
        "Every figure is one 'tix history summary', 'history coverage' and 'history --by' give for the same flags. --since and --until bound the charts (the overview sums up the whole history, as summary does); --min-quantity and --section compute every price from the listings they keep. Reads the store alone: no key or network needed.",
      ].join('\n'),
    )
    .argument('[events...]', "AGENT:ID or evt_ ids, as 'tix track' takes them (default: every tracked event)")
    .addOption(
      withValueSource(new Option('--from-file <file>', "the events of a watch list file, as 'tix track --from-file' reads it"), 'files'),
    )
    .option('--since <date>', `the charts from this time: ${DATE_FORMS}`)
    .option('--until <date>', 'the charts until this time, inclusive (a date means the end of that day)')
    .option('--tz <zone>', 'IANA time zone of --since, --until and the charts (default: the timezone setting, else the system zone)')
    .option('--min-quantity <n>', 'figures from the stored listings of at least n tickets (n seats together), as in history')
    .option('--section <pattern>', "figures from the stored listings in sections matching this name, any case; '*' matches any text");
  addStoreOptions(command);
  addOutputOptions(command);
  addExamples(command, [
    {
      description: 'The page to share, for every tracked event',
      command: 'tix track evt_fnt7jz3fkx && tix report --out report.html',
    },
    {
      description: "A watch list's last 30 days, for two seats together",
      command:
        "printf 'evt_fnt7jz3fkx\\n' > watchlist.txt && tix track --from-file watchlist.txt && tix report --from-file watchlist.txt --since -30d --min-quantity 2 --out report.html",
    },
    {
      description: 'The overview at a terminal',
      command: 'tix track evt_fnt7jz3fkx && tix report evt_fnt7jz3fkx -o table',
    },
    {
      description: "The report's data for a script: each event's floor now",
      command: "tix track evt_fnt7jz3fkx && tix report --jq '.events[] | {name, floor: .summary[-1].current_price}'",
    },
  ]);
  // Read from the store alone, as history summary is: its codes (4: nothing of these events in the history).
  exitCodes(command, historyCodes());
  seeAlso(command, { guides: ['history.md'], related: ['history', 'track'] });
  return command.action(async (events: string[], flags: ReportFlags, cmd: Command) =>
    runCommand(cmd, async (rt) => {
      const html = flags.out !== undefined && ['.html', '.htm'].includes(extname(flags.out).toLowerCase());
      if (html && (flags.output !== undefined || flags.json === true || rt.globals.jq !== undefined))
        throw new UsageError('--out report.html writes the page; -o, --json and --jq give the data instead (to another file name)');
      // A page is not a data format: its extension must not be read as one.
      const output = parseOutputOptions(html ? { ...flags, chart: true } : flags, rt);
      const parsed = parseListingFilter({ minQuantity: flags.minQuantity, section: flags.section });
      const listingFilter = {
        ...(parsed.minQuantity !== undefined ? { minQuantity: parsed.minQuantity } : {}),
        ...(parsed.section !== undefined ? { section: parsed.section.pattern } : {}),
      };
      const window = parseTimeWindow(flags, { now: rt.io.now(), timeZone: rt.settings.values.timezone });
      const options: ReportOptions = {
        entries:
          events.length > 0 || flags.fromFile !== undefined ? await readTrackEntries(events, flags.fromFile, rt.io.stdin) : undefined,
        html,
        store: parseStoreFlags(flags),
        output,
        ...(Object.keys(listingFilter).length > 0 ? { listingFilter } : {}),
        ...(window.since !== undefined ? { since: window.since } : {}),
        ...(window.until !== undefined ? { until: window.until } : {}),
        flagsText: shownFlags(flags),
      };
      const { runReport } = await import('./report-run.js');
      return runReport(options, rt);
    }),
  );
}

/** The flags that chose the figures, as the page names them. */
function shownFlags(flags: ReportFlags): string {
  const shown: string[] = [];
  if (flags.since !== undefined) shown.push(`--since ${flags.since}`);
  if (flags.until !== undefined) shown.push(`--until ${flags.until}`);
  if (flags.minQuantity !== undefined) shown.push(`--min-quantity ${flags.minQuantity}`);
  if (flags.section !== undefined) shown.push(`--section ${flags.section}`);
  return shown.join(' ');
}
