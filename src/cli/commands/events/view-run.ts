import { agentIdsOf } from '../../../api/agent-ids.js';
import { ApiError } from '../../../api/errors.js';
import { getEvent } from '../../../api/events.js';
import { getInventory } from '../../../api/inventory.js';
import { getSalesSummary } from '../../../api/sales.js';
import type { ApiClient } from '../../../api/client.js';
import type { EventListing, InventoryListing, InventoryResponse, SalesSummaryResponse } from '../../../api/types.js';
import { ExitCode, TixError } from '../../../shared/errors.js';
import type { Sink, TableFit } from '../../../output/index.js';
import { fitLines } from '../../../output/text-width.js';
import {
  agentListings,
  cheapest,
  marketRows,
  marketTargets,
  wholeMarket,
  type AgentListing,
  type AgentOutcome,
  type AgentTarget,
  type CheapListing,
  type MarketRow,
} from '../../../market/event-market.js';
import type { MarketFigures } from '../../../market/figures.js';
import { mapSettled } from '../../../shared/concurrency.js';
import { filterListings, type ListingFilter } from '../../kit/listing-filters.js';
import { addDays } from '../../kit/parse/dates.js';
import { todayWhere } from '../../kit/parse/today.js';
import { prettyJson, rowWriterFor, tableWidth, withSink, writeJson, type RecordView } from '../../kit/present.js';
import { progress } from '../../kit/progress.js';
import type { Runtime } from '../../kit/runtime.js';
import { totals } from '../../kit/sales-text.js';
import { eventBlockLines, salesLines, type SalesWindow } from './view-text.js';
import { isDocument, isForPeople } from '../../../output/formats.js';
import type { OutputOptions } from '../../kit/output-options.js';
import { messageOf } from '../../../shared/message-of.js';
import { listingRow } from '../../kit/listing-row.js';

export interface EventsViewOptions {
  eventId: string;
  /** Agent code -> id, on top of the listing's own agent ids. */
  agentIds: Map<string, string>;
  filter: ListingFilter;
  top: number;
  /** Days of sales ending today; undefined with --no-sales. */
  salesDays: number | undefined;
  /** Rows are every listing instead of one per agent. */
  listings: boolean;
  /** Print what answered when some agents or the sales request fail (exit 1), instead of nothing. */
  partial: boolean;
  concurrency: number;
  timeZone: string;
  output: OutputOptions;
}

const FIGURE_TYPES = { listings: 'integer', tickets: 'integer', minPrice: 'price', medianPrice: 'price', maxPrice: 'price' } as const;

/** Listings keep the agent, section and price on the narrowest table. */
const LISTING_FIT: TableFit = { identifiers: ['agent', 'listingId'], dropOrder: ['listingId', 'row', 'quantity'] };

/** Per-agent rows for csv, tsv and ndjson: `error` stays in the header so it is the same whatever failed. */
const MARKET_VIEW: RecordView = {
  documented: ['agent', 'eventId', 'listings', 'tickets', 'minPrice', 'medianPrice', 'maxPrice', 'timestamp', 'error'],
  tableDefaults: ['agent', 'eventId', 'listings', 'tickets', 'minPrice', 'medianPrice', 'maxPrice', 'updated'],
  columnTypes: { ...FIGURE_TYPES, timestamp: 'datetime', updated: 'datetime' },
  fit: { identifiers: ['agent', 'eventId'], dropOrder: ['updated', 'eventId', 'maxPrice', 'medianPrice', 'listings'] },
  jsonKey: 'market',
};

const CHEAPEST_VIEW: RecordView = {
  documented: ['agent', 'section', 'row', 'quantity', 'price', 'listingId'],
  tableDefaults: ['agent', 'section', 'row', 'quantity', 'price', 'listingId'],
  columnTypes: { quantity: 'integer', price: 'price' },
  fit: LISTING_FIT,
};

/** `--listings`: every listing, the agent first, its own extra fields after the documented ones, then the timestamp. */
const LISTING_VIEW: RecordView = {
  documented: ['agent', 'eventId', 'section', 'row', 'quantity', 'price', 'listingId', 'timestamp'],
  tableDefaults: ['agent', 'section', 'row', 'quantity', 'price', 'listingId'],
  lastColumns: ['timestamp'],
  columnTypes: { quantity: 'integer', price: 'price', timestamp: 'datetime' },
  fit: LISTING_FIT,
  jsonKey: 'listings',
};

/** The answer of `-o json`. */
interface EventView {
  /** The API's listing, untouched. */
  event: EventListing;
  market: MarketRow[];
  wholeMarket: MarketFigures;
  /** Known agents without an id for this event. */
  notListed: string[];
  cheapest: CheapListing[];
  sales: SalesJson | null;
  salesError?: string;
  /** With --listings only. */
  listings?: AgentListing[];
}

interface SalesJson {
  provider: 'stubhub';
  eventId: string;
  startDate: string;
  endDate: string;
  totals: ReturnType<typeof totals>;
  /** The API's daily rows (days without sales are absent). */
  daily: SalesWindow['response']['salesData'];
}

interface Fetched {
  event: EventListing;
  outcomes: AgentOutcome[];
  /** Exit codes of the agents that failed, in the order of `outcomes`. */
  failureCodes: ExitCode[];
  notListed: string[];
  sales: SalesWindow | undefined;
  salesFailure: { message: string; exitCode: ExitCode } | undefined;
}

export async function runEventsView(options: EventsViewOptions, rt: Runtime): Promise<number> {
  const client = await rt.client();
  const spinner = await progress(rt, `Fetching ${options.eventId} from every marketplace`, options.output);
  let fetched: Fetched;
  try {
    fetched = await fetchEverything(client, options, rt);
  } finally {
    spinner.stop();
  }
  const { outcomes, failureCodes, salesFailure } = fetched;
  const failed = outcomes.flatMap((o) => (o.ok ? [] : [o]));
  if (outcomes.length > 0 && failed.length === outcomes.length) {
    // Nothing to show but the event itself: fail the way one agent's failure does, with its exit code.
    throw new TixError(
      `no ticket agent answered for ${options.eventId} (${failed.map((f) => f.agent).join(', ')}): ${failed[0]!.error}`,
      commonCode(failureCodes),
    );
  }
  const failures = [
    ...failed.map((f) => `${f.agent} (${f.eventId}) failed: ${f.error}`),
    ...(salesFailure ? [`sales: ${salesFailure.message}`] : []),
  ];
  if (failures.length > 0 && !options.partial) {
    // As inventory: an incomplete view is not printed (a file would look whole), unless --partial asks for it.
    const code = commonCode([...failureCodes, ...(salesFailure ? [salesFailure.exitCode] : [])]);
    throw new TixError(`${options.eventId}: ${failures.join('; ')}; nothing was printed (--partial prints the rest)`, code);
  }

  await writeView(fetched, options, rt);

  if (outcomes.length === 0) rt.note('No ticket agent lists this event.');
  if (options.salesDays !== undefined && !outcomes.some((o) => o.agent === 'STUBHUB'))
    rt.note('No StubHub id for this event, so no sales data.');
  for (const failure of failures) rt.warn(failure);
  return failures.length > 0 ? ExitCode.ERROR : ExitCode.OK;
}

/** The exit code of several failures: theirs when they agree, else "unavailable" (try again later). */
function commonCode(codes: readonly ExitCode[]): ExitCode {
  return codes.every((c) => c === codes[0]) ? codes[0]! : ExitCode.UNAVAILABLE;
}

/**
 * The event first (its agent ids say whom to ask), then every agent's inventory and the sales summary
 * together, up to --concurrency requests at once: the whole view costs about two round trips.
 */
async function fetchEverything(client: ApiClient, options: EventsViewOptions, rt: Runtime): Promise<Fetched> {
  const init = { signal: rt.signal };
  const salesDates = options.salesDays !== undefined ? lastDays(options.salesDays, options.timeZone, rt) : undefined;
  const event = await getEvent(client, options.eventId, init);
  const { targets, notListed } = marketTargets(agentIdsOf(event), options.agentIds);
  const stubhubId = targets.find((t) => t.agent === 'STUBHUB')?.eventId;
  const window = salesDates && stubhubId !== undefined ? { stubhubId, ...salesDates } : undefined;

  type Job = { kind: 'agent'; target: AgentTarget } | { kind: 'sales' };
  type Answer = { response: InventoryResponse } | { summary: SalesSummaryResponse };
  const jobs: Job[] = [...targets.map((target) => ({ kind: 'agent' as const, target })), ...(window ? [{ kind: 'sales' as const }] : [])];
  const settled = await mapSettled<Job, Answer>(
    jobs,
    options.concurrency,
    (job) =>
      job.kind === 'agent'
        ? getInventory(client, job.target.agent, [job.target.eventId], init).then((response) => ({ response }))
        : getSalesSummary(client, 'stubhub', window!.stubhubId, { startDate: window!.from, endDate: window!.to }, init).then((summary) => ({
            summary,
          })),
    { stopOnFailure: false },
  );

  const outcomes: AgentOutcome[] = [];
  const failureCodes: ExitCode[] = [];
  let sales: SalesWindow | undefined;
  let salesFailure: Fetched['salesFailure'];
  settled.forEach((result, i) => {
    const job = jobs[i]!;
    if (job.kind === 'sales') {
      if (result.ok) sales = { ...window!, response: (result.value as { summary: SalesSummaryResponse }).summary };
      else salesFailure = { message: salesMessage(result.error), exitCode: exitCodeOf(result.error) };
      return;
    }
    const { target } = job;
    if (!result.ok) {
      outcomes.push({ ...target, ok: false, error: messageOf(result.error) });
      failureCodes.push(exitCodeOf(result.error));
      return;
    }
    const { response } = result.value as { response: InventoryResponse };
    // One id was asked, so one element is expected; an agent that names it differently is still this event.
    const entry = response.data.find((d) => d.eventId === target.eventId) ?? response.data[0];
    const sections: InventoryListing[] = Array.isArray(entry?.sections) ? entry.sections : [];
    outcomes.push({ ...target, ok: true, listings: filterListings(options.filter, sections), timestamp: response.timestamp });
  });
  return { event, outcomes, failureCodes, notListed, sales, salesFailure };
}

/** The last `days` days, today included, as calendar days where the user is (the timezone setting). */
function lastDays(days: number, timeZone: string, rt: Runtime): { from: string; to: string } {
  const to = todayWhere(rt.io.now(), timeZone);
  return { from: addDays(to, -(days - 1)), to };
}

function salesMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 403)
    return `this API key is not allowed sales data (HTTP 403); --no-sales leaves them out`;
  return messageOf(error);
}

async function writeView(fetched: Fetched, options: EventsViewOptions, rt: Runtime): Promise<void> {
  const { output } = options;
  const rows = marketRows(fetched.outcomes);
  const listings = agentListings(fetched.outcomes);
  await withSink(rt, output, async (sink) => {
    if (isDocument(output.format) && output.fields === undefined) {
      const view: EventView = {
        event: fetched.event,
        market: rows,
        wholeMarket: wholeMarket(fetched.outcomes),
        notListed: fetched.notListed,
        cheapest: cheapest(listings, options.top),
        sales: fetched.sales ? salesJson(fetched.sales) : null,
        ...(fetched.salesFailure ? { salesError: fetched.salesFailure.message } : {}),
        ...(options.listings ? { listings } : {}),
      };
      await writeJson(sink, view, prettyJson(rt, output));
      return;
    }
    if (!isForPeople(output.format)) {
      await writeRows(
        rt,
        output,
        sink,
        options.listings ? LISTING_VIEW : MARKET_VIEW,
        options.listings ? listingRows(fetched.outcomes) : rows,
      );
      return;
    }

    const width = tableWidth(rt, output);
    await sink.write(`${eventBlockLines(fetched.event, fetched.sales?.response, options.filter, width).join('\n')}\n\n`);
    if (options.listings) {
      await writeRows(
        rt,
        output,
        sink,
        LISTING_VIEW,
        listingRows(fetched.outcomes).sort((a, b) => Number(a.price) - Number(b.price)),
      );
      return;
    }
    if (rows.length > 0) {
      const whole = { agent: 'ALL', eventId: '', ...wholeMarket(fetched.outcomes) };
      const tableRows = rows.flatMap((row) => ('error' in row ? [] : [{ ...row, updated: row.timestamp }]));
      await writeRows(rt, output, sink, MARKET_VIEW, [...tableRows, whole]);
    }
    if (fetched.notListed.length > 0)
      await sink.write(`${fitLines([`Not listed by: ${fetched.notListed.join(', ')}`], width).join('\n')}\n`);
    const top = cheapest(listings, options.top);
    if (options.top > 0) {
      await sink.write(`\n${top.length === 0 ? 'No listings.' : `Cheapest ${top.length === 1 ? 'listing' : `${top.length} listings`}:`}\n`);
      await writeRows(rt, { ...output, fields: undefined }, sink, CHEAPEST_VIEW, top);
    }
    if (fetched.sales) await sink.write(`\n${salesLines(fetched.sales, width).join('\n')}\n`);
  });
}

/** Rows for --listings: the agent first, each listing's own extra fields, and its agent's timestamp last. */
function listingRows(outcomes: readonly AgentOutcome[]): Record<string, unknown>[] {
  return outcomes.flatMap((o) =>
    o.ok ? o.listings.map((listing) => listingRow({ agent: o.agent, eventId: o.eventId }, listing, o.timestamp)) : [],
  );
}

async function writeRows(
  rt: Runtime,
  output: EventsViewOptions['output'],
  sink: Sink,
  view: RecordView,
  rows: readonly object[],
): Promise<void> {
  const writer = rowWriterFor(rt, output, sink, view);
  await writer.write(rows as Record<string, unknown>[]);
  await writer.end();
}

function salesJson(sales: SalesWindow): SalesJson {
  return {
    provider: 'stubhub',
    eventId: sales.stubhubId,
    startDate: sales.from,
    endDate: sales.to,
    totals: totals(sales.response.salesData),
    daily: sales.response.salesData,
  };
}

function exitCodeOf(error: unknown): ExitCode {
  return error instanceof TixError ? error.exitCode : ExitCode.ERROR;
}
