import { Argument, Command, Option } from 'commander';
import { AGENT_CODES } from '../../../api/agents.js';
import { FORMATS } from '../../../output/formats.js';
import { UsageError, ExitCode } from '../../../shared/errors.js';
import { addExamples, withValues, seeAlso } from '../../kit/command-kit.js';
import { addListingFilterOptions, parseAmount, parseListingFilter, type RawListingFilterFlags } from '../../kit/listing-filters.js';
import { parseDuration } from '../../../shared/duration.js';
import { parseAgentSegment } from '../../kit/parse/agent.js';
import { parseIdList, SERVICE_ID_PREFIX } from '../../kit/parse/ids.js';
import { parseWholeNumber } from '../../../shared/numbers.js';
import { printable } from '../../../shared/printable.js';
import { runCommand } from '../../kit/run-command.js';
import { addStoreOptions, parseStoreFlags, type RawStoreFlags } from '../../kit/store-options.js';
import { isPostgresUrl } from '../../../store/postgres-url.js';
import type { WatchTarget, WatchOptions } from './watch-run.js';
import { API_FAILED, STORE_BUSY, apiCodes, exitCodes } from '../../kit/exit-codes.js';

interface RawFlags extends RawListingFilterFlags, RawStoreFlags {
  record?: boolean;
  interval?: string;
  count?: string;
  untilPrice?: string;
  output?: string;
}

const DEFAULT_INTERVAL = '5m';
const MIN_INTERVAL_MS = 1_000;
const MAX_INTERVAL_MS = 24 * 3_600_000;

export function watchCommand(): Command {
  const command = new Command('watch')
    .summary('poll listings and print what changed')
    .description(
      [
        "Poll current listings every --interval and print what changed since the last poll: listings added and removed, price and quantity changes (old and new), then a snapshot of each event's figures (listings, tickets, min, median and max price).",
        `Watch one agent's events (tix watch <agent> <ids...>; agents: ${AGENT_CODES.join(', ')}), or service events (tix watch evt_...): every agent that lists them.`,
        'The first poll reports every listing as added, so a script that applies the changes always holds the current listings.',
        'On a terminal: one coloured line per change. Otherwise (or with -o ndjson): one JSON object per line. Runs until Ctrl-C, --count or --until-price.',
      ].join('\n'),
    )
    .addArgument(
      withValues(
        new Argument('<agent|evt_id>', `ticket agent code (${AGENT_CODES.join(', ')}) or name, or a service event id (evt_...)`),
        AGENT_CODES,
      ),
    )
    .argument('[ids...]', "the agent's event ids, space- or comma-separated, or - for stdin (more evt_ ids when watching events)")
    .option('--interval <duration>', `time between polls: 30s, 5m, 1h, or seconds (default: ${DEFAULT_INTERVAL}; at least 1s, at most 24h)`)
    .option('--count <n>', 'stop after n polls (exit 0)')
    .option('--until-price <amount>', 'stop (exit 0) as soon as a matching listing is at or below this price, after printing that poll')
    // The same values as every other -o (shell completion knows a flag by its name alone); watch takes only ndjson.
    .addOption(
      withValues(
        new Option(
          '-o, --output <format>',
          `output format: ndjson (one JSON object per line, also on a terminal; the default off a terminal); refused: ${FORMATS.filter((f) => f !== 'ndjson').join(' | ')} (a stream of changes is no table, document or file of rows)`,
        ),
        FORMATS,
      ),
    );
  addListingFilterOptions(command);
  command.option(
    '--record',
    'store every poll in the price history (the db setting, else the default file), as tix track would; --db names another',
  );
  addStoreOptions(command);
  addExamples(command, [
    {
      description: 'One poll of two Ticketmaster events: every listing, then a snapshot per event',
      command: 'tix watch TMUSA G5v8HKyBKZbyJN,vvG1PFHjdJRivP --count 1',
    },
    {
      description: 'Every agent that lists an event, once: listings of 2 or more tickets',
      command: 'tix watch evt_fnt7jz3fkx --min-quantity 2 --count 1',
    },
    {
      description: "Only each event's figures, from a script (off a terminal every line is a JSON object)",
      command: 'tix watch STUBHUB 101459428 --count 1 | jq -c \'select(.type == "snapshot")\'',
    },
    {
      description: 'Keep every poll in the price history, then read it back',
      command:
        'tix watch TMUSA G5v8HKyBKZbyJN --count 2 --interval 1s --db prices.duckdb > /dev/null && tix history TMUSA G5v8HKyBKZbyJN --db prices.duckdb',
    },
    {
      description: 'Wait for 2 tickets together at or below 500, then notify',
      command: "tix watch TMUSA G5v8HKyBKZbyJN --min-quantity 2 --until-price 500 --interval 1m > changes.ndjson && echo 'price reached'",
    },
  ]);
  exitCodes(command, {
    ...apiCodes('no ticket agent lists the event, or the API does not know it'),
    [ExitCode.ERROR]: `${API_FAILED}; with --record, the history store failed`,
    [ExitCode.UNAVAILABLE]: `the API unavailable after retries; with --record, ${STORE_BUSY}`,
  });
  seeAlso(command, { guides: ['querying.md', 'alerts.md'], related: ['inventory', 'track', 'alert'] });
  return command.action(async (first: string, rest: string[], flags: RawFlags, cmd: Command) =>
    runCommand(cmd, async (rt) => {
      const options: WatchOptions = {
        target: await parseTarget(first, rest, rt.io.stdin),
        intervalMs: parseDuration('--interval', flags.interval ?? DEFAULT_INTERVAL, MIN_INTERVAL_MS, MAX_INTERVAL_MS),
        filter: parseListingFilter(flags),
        // --jq filters ndjson, so it means ndjson on a terminal too.
        ndjson: parseNdjson(flags.output) || rt.io.stdout.isTTY !== true || rt.globals.jq !== undefined,
        concurrency: rt.settings.values.concurrency,
      };
      if (flags.count !== undefined) options.count = parseWholeNumber('--count', flags.count, 1, 1_000_000_000);
      if (flags.untilPrice !== undefined) options.untilPrice = parseAmount('--until-price', flags.untilPrice);
      // --db says where, and so that polls are to be kept; a db setting or TIX_DB alone does not, --record does.
      if (flags.record === true || rt.settings.sources.db === 'flag') options.record = parseStoreFlags(flags);
      if (rt.globals.jq !== undefined) {
        if (options.record && !isPostgresUrl(rt.settings.values.db ?? '')) throw jqBesideDuckDb();
        options.jq = rt.globals.jq;
      }
      const { runWatch } = await import('./watch-run.js');
      return runWatch(options, rt);
    }),
  );
}

/**
 * A watch's jq filters each line as it comes, for as long as the watch runs, so it cannot wait for the work to
 * be over as the history commands' does (kit/jq-after-work.ts): recording to DuckDB, whose library stays
 * loaded once it is, jq's thread beside it peaked at 137 MB (standalone; 115 MB without --jq, 93 MB with
 * --jq on PostgreSQL), over the 120 MB tix keeps to (README, issue 36 §4). Refused rather than run over it.
 */
function jqBesideDuckDb(): UsageError {
  return new UsageError(
    "--jq: watch cannot run jq while it records to a DuckDB history (the two together take more than the 120 MB tix keeps to); pipe its ndjson to jq instead: tix watch ... --record | jq -c '<filter>'",
  );
}

/** `-o ndjson` is the one format: the output is a stream of changes, which no table or single JSON document fits. */
function parseNdjson(output: string | undefined): boolean {
  if (output === undefined) return false;
  if (output.trim().toLowerCase() !== 'ndjson') {
    throw new UsageError(`--output: watch writes ndjson (or coloured lines on a terminal), not '${printable(output)}'`);
  }
  return true;
}

async function parseTarget(first: string, rest: readonly string[], stdin: NodeJS.ReadableStream): Promise<WatchTarget> {
  if (first.trim().toLowerCase().startsWith(SERVICE_ID_PREFIX)) {
    const eventIds = await parseIdList('<evt_id>', [first, ...rest], stdin);
    const wrong = eventIds.find((id) => !id.toLowerCase().startsWith(SERVICE_ID_PREFIX));
    if (wrong !== undefined)
      throw new UsageError(
        `<ids>: '${printable(wrong)}' is not a service event id (evt_...); watch either service events or one agent's ids`,
      );
    return { kind: 'events', eventIds };
  }
  // Codes and agent names in any case are one agent (as the API reads them); lines and history use its code.
  const agent = parseAgentSegment('<agent>', first).agent.code;
  if (rest.length === 0)
    throw new UsageError(`<ids>: give ${agent}'s event ids to watch, or watch a service event id (evt_...) instead of an agent`);
  return { kind: 'agent', agent, ids: await parseIdList('<ids>', rest, stdin) };
}
