import { Command } from 'commander';
import {
  EVENT_CATEGORY,
  EVENT_SEARCH_DATE,
  EVENT_SEARCH_SORT_BY,
  EVENT_SEARCH_TYPE,
  SPECIFIED_DATE,
  SPECIFIED_DATE_RANGE,
} from '../../../api/enums.js';
import type { EventSearchParams } from '../../../api/events.js';
import { UsageError } from '../../../shared/errors.js';
import { addExamples, addOutputOptions, addPagingOptions, enumOption } from '../../kit/command-kit.js';
import { parseDateFlag, type DateContext } from '../../kit/parse/dates.js';
import { parseEnum } from '../../kit/parse/enum.js';
import { parseTextFilter } from '../../kit/parse/text.js';
import type { Invocation } from '../../kit/invocation.js';
import { runCommand } from '../../kit/run-command.js';
import type { Runtime } from '../../kit/runtime.js';
import { parsePaging, type RawPagingFlags } from '../../kit/paging.js';
import { parseOutputOptions, type RawOutputFlags } from '../../kit/output-options.js';
import type { SearchFilters, EventsSearchOptions } from './search-run.js';
import { apiCodes, exitCodes } from '../../kit/exit-codes.js';

/** Text filters go to the API under their own names, so the flags' values share the API's types. */
type TextFilterFlags = Pick<EventSearchParams, 'name' | 'venue' | 'city' | 'state' | 'country' | 'password' | 'omit' | 'ticketAgent'>;

interface RawFlags extends TextFilterFlags {
  type?: string;
  category?: string;
  date?: string;
  on?: string;
  from?: string;
  to?: string;
  dateStart?: string;
  dateEnd?: string;
  sort?: string;
  asc?: boolean;
  desc?: boolean;
}

// Presets that pick their own day; the explicit date flags below would contradict them.
const DATE_ENUM_SLUGS_NEEDING_DATES = new Set([SPECIFIED_DATE, SPECIFIED_DATE_RANGE]);

export function eventsSearchCommand(): Command {
  const command = new Command('search')
    .summary('search events by category, date, name, place and more')
    .description('Search events (GET /events). Filters combine; with none, every event is listed, a page at a time.')
    .addOption(enumOption('--category <category>', 'event category', EVENT_CATEGORY))
    .addOption(enumOption('--type <type>', 'which date the date filters apply to (default: event)', EVENT_SEARCH_TYPE))
    .addOption(
      enumOption(
        '--date <preset>',
        'date preset, in --tz',
        EVENT_SEARCH_DATE.filter((v) => !DATE_ENUM_SLUGS_NEEDING_DATES.has(v.value)),
      ),
    )
    .option('--on <date>', 'events on one date (Specified Date)')
    .option('--from <date>', 'first date of a range, with --to (Specified Date Range)')
    .option('--to <date>', 'last date of a range, with --from')
    .option('--date-start <datetime>', 'start of a date-time range (dateStart)')
    .option('--date-end <datetime>', 'end of a date-time range (dateEnd)')
    .addOption(enumOption('--sort <field>', 'sort by', EVENT_SEARCH_SORT_BY))
    .option('--asc', 'ascending order')
    .option('--desc', 'descending order')
    .option('--name <pattern>', "event name; % is a wildcard ('%eras tour%')")
    .option('--venue <venue>', 'venue')
    .option('--city <city>', 'city')
    .option('--state <state>', 'state or province')
    .option('--country <country>', 'country')
    .option('--tz <zone>', 'IANA time zone for date presets and results (default: the timezone setting, else the system zone)')
    .option('--password <password>', 'passed through to the API as given')
    .option('--omit <value>', 'passed through to the API as given')
    .option('--ticket-agent <agent>', 'passed through to the API as given');
  addPagingOptions(command);
  addOutputOptions(command);
  addExamples(command, [
    { description: 'Concerts in the next 30 days', command: 'tix events search --category concerts --date next-30-days' },
    { description: 'Every event whose name mentions a tour, as CSV', command: "tix events search --name '%tour%' --all -o csv" },
    {
      description: 'Sports in Boston from today to three months out, soonest first',
      command: 'tix events search --category sports --city Boston --from today --to +3m --sort event-date --asc',
    },
    {
      description: 'Just the ids, for piping into other commands',
      command: 'tix events search --date this-week -o ndjson --fields id,name',
    },
    {
      description: 'The ids of every event in the next 30 days with the built-in jq (a page at a time: no jq installed needed)',
      command: "tix events search --date next-30-days --all --jq '.events[] | .id'",
    },
  ]);
  exitCodes(command, apiCodes());
  return command.action(eventsSearchAction);
}

/** What `tix events search` does with its arguments and flags; the fast path (src/cli/fast.ts) calls it without Commander. */
export async function eventsSearchAction(flags: RawFlags & RawPagingFlags & RawOutputFlags, cmd: Invocation): Promise<void> {
  return runCommand(cmd, async (rt) => {
    const options = parseEventsSearchOptions(flags, rt);
    const { runEventsSearch } = await import('./search-run.js');
    return runEventsSearch(options, rt);
  });
}

export function parseEventsSearchOptions(flags: RawFlags & RawPagingFlags & RawOutputFlags, rt: Runtime): EventsSearchOptions {
  const context: DateContext = { now: rt.io.now(), timeZone: rt.settings.values.timezone };
  const filters: SearchFilters = { q: rt.settings.values.timezone };

  if (flags.type !== undefined) filters.type = parseEnum('--type', EVENT_SEARCH_TYPE, flags.type);
  if (flags.category !== undefined) filters.category = parseEnum('--category', EVENT_CATEGORY, flags.category);
  if (flags.sort !== undefined) filters.sortBy = parseEnum('--sort', EVENT_SEARCH_SORT_BY, flags.sort);
  if (flags.asc && flags.desc) throw new UsageError('--asc and --desc cannot be used together');
  if (flags.asc) filters.direction = 0;
  if (flags.desc) filters.direction = 1;

  const dateFlags = [
    flags.date !== undefined && '--date',
    flags.on !== undefined && '--on',
    (flags.from ?? flags.to) !== undefined && '--from/--to',
  ].filter(Boolean);
  if (dateFlags.length > 1) throw new UsageError(`${dateFlags.join(' and ')} cannot be used together: each picks the dates`);
  if (flags.date !== undefined) filters.date = parseEnum('--date', EVENT_SEARCH_DATE, flags.date);
  if (filters.date !== undefined && DATE_ENUM_SLUGS_NEEDING_DATES.has(filters.date)) {
    throw new UsageError('--date: for a specified date use --on <date>, for a range --from <date> --to <date>');
  }
  if (flags.on !== undefined) {
    filters.date = SPECIFIED_DATE;
    filters.eventSearchSpecifiedDate = parseDateFlag('--on', flags.on, context).date;
  }
  if (flags.from !== undefined || flags.to !== undefined) {
    if (flags.from === undefined || flags.to === undefined) {
      throw new UsageError('--from and --to go together (for an open-ended range use --date-start or --date-end)');
    }
    const from = parseDateFlag('--from', flags.from, context).date;
    const to = parseDateFlag('--to', flags.to, context).date;
    if (from > to) throw new UsageError(`--from (${from}) is after --to (${to})`);
    filters.date = SPECIFIED_DATE_RANGE;
    filters.eventSearchSpecifiedDate = from;
    filters.eventSearchSpecifiedDateEnding = to;
  }
  const start = flags.dateStart !== undefined ? parseDateFlag('--date-start', flags.dateStart, context) : undefined;
  const end = flags.dateEnd !== undefined ? parseDateFlag('--date-end', flags.dateEnd, context) : undefined;
  if (start) filters.dateStart = start.dateTime ?? start.date;
  if (end) filters.dateEnd = end.dateTime ?? end.date;
  if (start && end && start.date > end.date) {
    throw new UsageError(`--date-start (${filters.dateStart}) is after --date-end (${filters.dateEnd})`);
  }

  for (const [flag, key] of [
    ['--name', 'name'],
    ['--venue', 'venue'],
    ['--city', 'city'],
    ['--state', 'state'],
    ['--country', 'country'],
    ['--password', 'password'],
    ['--omit', 'omit'],
    ['--ticket-agent', 'ticketAgent'],
  ] as const) {
    const value = flags[key];
    if (value !== undefined) filters[key] = parseTextFilter(flag, value);
  }

  return { filters, paging: parsePaging(flags, rt), output: parseOutputOptions(flags, rt) };
}
