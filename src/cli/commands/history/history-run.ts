import { agentIdsOf } from '../../../api/agent-ids.js';
import { getEvent } from '../../../api/events.js';
import { ExitCode, TixError, UsageError } from '../../../shared/errors.js';
import {
  checkHistoryFolder,
  historyLocation,
  openHistoryStore,
  shownLocation,
  type HistoryStoreFlags,
} from '../../../recording/history-store.js';
import type {
  AgentEvent,
  HistoryQuery,
  HistoryStore,
  ListingFilter,
  ListingLifeRow,
  PeriodSnapshotRow,
  PeriodUnit,
  SnapshotRow,
} from '../../../store/store.js';
import { MarketFloor, timelinesOf } from '../../../market/floor.js';
import { eventRecordOf } from '../../../recording/event-records.js';
import type { EventListing } from '../../../api/types.js';
import { messageOf } from '../../../shared/message-of.js';
import {
  type PeriodLowRow,
  type PeriodSupply,
  periodLows,
  periodSupply,
  pivotRecords,
  pivotView,
  sectionPivotRecords,
} from './history-pivot.js';
import { type SectionFloor, sectionFloors } from '../../kit/section-floors.js';
import { supplyRounds } from '../../kit/supply-rounds.js';
import { marketOfSnapshots } from '../../kit/summary-figures.js';
import { outputInstant } from '../../../store/timestamps.js';
import { type EventAbout, historyChart } from '../../kit/history-chart.js';
import { jsonListFor, rowWriterFor, withSink, type RecordView } from '../../kit/present.js';
import type { Runtime } from '../../kit/runtime.js';
import { entryText, type TrackEntry } from '../../kit/track-entries.js';
import type { OutputOptions } from '../../kit/output-options.js';
import { isDocument } from '../../../output/formats.js';

export interface HistoryOptions {
  /** The agent's event, or an evt_ id (every agent that lists it). */
  event: TrackEntry;
  since?: string;
  until?: string;
  listings: boolean;
  /** --chart: as text (the terminal, `--out chart.txt`) or as SVG (`--out chart.svg`). */
  chart: false | 'text' | 'svg';
  /** --by: the lowest price per period and agent (history-pivot.ts). */
  by?: PeriodUnit;
  /** --per: --by's rows per section or zone (kit/section-floors.ts, as tix report computes them). */
  per?: 'section' | 'zone';
  /** --supply: listings and tickets on offer and listings gone, per --by period (kit/supply-rounds.ts, as tix report). */
  supply?: boolean;
  /** --min-quantity, --section: the figures from the stored listings these keep. */
  listingFilter?: ListingFilter;
  /** --lock-timeout, --schema */
  store: { lockTimeoutSeconds: number; schema?: string };
  output: OutputOptions;
}

const PRICES = {
  min_price: 'price',
  median_price: 'price',
  max_price: 'price',
  first_price: 'price',
  last_price: 'price',
  lowest_price: 'price',
} as const;

const SNAPSHOTS_VIEW: RecordView = {
  documented: ['agent', 'api_timestamp', 'listings', 'tickets', 'min_price', 'median_price', 'max_price'],
  tableDefaults: ['agent', 'api_timestamp', 'listings', 'tickets', 'min_price', 'median_price', 'max_price'],
  columnTypes: { ...PRICES, api_timestamp: 'datetime', listings: 'integer', tickets: 'integer' },
  fit: { identifiers: ['agent'], dropOrder: ['max_price', 'median_price', 'listings'] },
};

/** A listing's life in the window: every column is shown, on a terminal too. */
const LISTING_COLUMNS = [
  'agent',
  'listing_id',
  'section',
  'row',
  'quantity',
  'first_seen',
  'last_seen',
  'first_price',
  'last_price',
  'lowest_price',
  'gone',
];

const LISTINGS_VIEW: RecordView = {
  documented: LISTING_COLUMNS,
  tableDefaults: LISTING_COLUMNS,
  columnTypes: { ...PRICES, first_seen: 'datetime', last_seen: 'datetime', quantity: 'integer' },
  fit: {
    identifiers: ['agent', 'listing_id'],
    dropOrder: ['gone', 'first_price', 'last_price', 'first_seen', 'row', 'quantity', 'listing_id'],
  },
};

export async function runHistory(options: HistoryOptions, rt: Runtime): Promise<number> {
  const location = await historyLocation(rt);
  await checkHistoryFolder(rt, location);
  const flags = { ...options.store, readOnly: true };
  const { events, about, rows, market, outsideWindow, periodRows, floors, supply } = await withEventInStore(
    options.event,
    flags,
    location,
    rt,
    async (store, events, eventDate, known) => {
      // An agent's own id says nothing of its event: a chart's title asks the store which event it belongs to.
      const about = options.chart && options.event.kind === 'agent' ? await storedEventOf(store, options.event) : known;
      const query: HistoryQuery = {
        events,
        ...(options.since ? { since: options.since } : {}),
        ...(options.until ? { until: options.until } : {}),
        ...(options.listingFilter ? { listings: options.listingFilter } : {}),
      };
      const countdownTo = options.by === 'days-to-event' ? await eventDateOf(options.event, store, eventDate) : undefined;
      const rows: SnapshotRow[] | ListingLifeRow[] | PeriodSnapshotRow[] = options.by
        ? await store.periodSnapshots(query, options.by, rt.settings.values.timezone, countdownTo)
        : options.listings
          ? await store.listingLives(query)
          : await store.snapshots(query);
      // ALL, for an evt_ id's chart and --by: from every snapshot, so that one from before the window counts while it is current.
      const windowed = Boolean(options.since || options.until);
      const floorNeeded = options.event.kind === 'event' && (options.chart !== false || options.by !== undefined) && rows.length > 0;
      // Without a window the rows are every snapshot already (--by's carry each one's price, all the floor needs of them).
      const market = floorNeeded
        ? marketOf(
            windowed
              ? await store.snapshots({ events, ...(query.listings ? { listings: query.listings } : {}) })
              : (rows as (SnapshotRow | PeriodSnapshotRow)[]),
          )
        : undefined;
      // Nothing in the window is an empty answer; nothing at all is an event that was never tracked.
      const outsideWindow = rows.length === 0 && windowed && (await store.snapshots({ events })).length > 0;
      const periodRows = options.by ? (rows as PeriodSnapshotRow[]) : [];
      const { floors, supply } = await perAndSupply(store, query, periodRows, options);
      return {
        events,
        about,
        rows: options.by ? periodLows(periodRows, market) : rows,
        market,
        outsideWindow,
        periodRows,
        floors,
        supply,
      };
    },
  );
  if (rows.length === 0 && !outsideWindow) throw noSnapshotsOf(options.event, location);
  if (market && (options.by || events.length > 1)) noteLeftOut(market, options, rt);
  if (options.per && floors?.length === 0)
    rt.note(
      `tix: note: no listings in the snapshots${options.listingFilter ? ' the filters keep' : ''}: no ${options.per} to show a row of`,
    );
  if (rows.length === 0) {
    rt.note(
      `No snapshots of ${entryText(options.event)} in that time window (${[options.since && `--since ${options.since}`, options.until && `--until ${options.until}`].filter(Boolean).join(', ')}); there are some outside it.`,
    );
    if (options.chart) return ExitCode.OK;
  }

  // The agent column says which agent a row is from: needed only when an evt_ id brought several.
  const withAgent = options.event.kind === 'event';
  const { output } = options;
  await withSink(rt, output, async (sink) => {
    if (options.chart) {
      await sink.write(await drawChart(rows as SnapshotRow[], options, about, market, rt));
      return;
    }
    if (options.by) {
      const agents = [...new Set(events.map((e) => e.agent))].sort();
      const timeZone = rt.settings.values.timezone;
      const pivot =
        options.per && floors
          ? sectionPivotRecords(periodRows, floors, options.per, agents, options.by, timeZone, withAgent)
          : pivotRecords(rows as PeriodLowRow[], agents, options.by, timeZone, withAgent, supply);
      const extra = { ...(options.per ? { per: options.per } : {}), ...(options.supply ? { supply: true } : {}) };
      const writer = isDocument(output.format)
        ? jsonListFor(rt, output, sink, 'periods')
        : rowWriterFor(rt, output, sink, pivotView(agents, options.by, withAgent, extra));
      await writer.write(pivot);
      await writer.end();
      return;
    }
    const records = options.listings
      ? (rows as ListingLifeRow[]).map((r) => listingRecord(r, withAgent))
      : (rows as SnapshotRow[]).map((r) => snapshotRecord(r, withAgent));
    const view = options.listings ? LISTINGS_VIEW : SNAPSHOTS_VIEW;
    const writer = isDocument(output.format)
      ? jsonListFor(rt, output, sink, options.listings ? 'listings' : 'snapshots')
      : rowWriterFor(
          rt,
          output,
          sink,
          withAgent ? view : { ...view, documented: view.documented.slice(1), tableDefaults: view.tableDefaults.slice(1) },
        );
    await writer.write(records);
    await writer.end();
  });
  return ExitCode.OK;
}

/**
 * --per's section (or zone) floors and --supply's figures per period, read and computed as tix report does
 * (report-data.ts): the floors from the window's listings per section and every snapshot (kit/section-floors.ts),
 * the supply rounds from every snapshot's market floor and the window's listings gone (kit/supply-rounds.ts).
 */
async function perAndSupply(
  store: HistoryStore,
  query: HistoryQuery,
  periodRows: readonly PeriodSnapshotRow[],
  options: HistoryOptions,
): Promise<{ floors?: SectionFloor[]; supply?: Map<string, PeriodSupply> }> {
  if (periodRows.length === 0 || !(options.per || options.supply)) return {};
  const snapshots = await store.snapshots({ events: query.events, ...(query.listings ? { listings: query.listings } : {}) });
  if (options.per) return { floors: sectionFloors(snapshots, await store.sectionSnapshots(query), options.per) };
  const bound = (at: string | undefined) => (at ? Date.parse(at) : undefined);
  const rounds = supplyRounds(marketOfSnapshots(snapshots), await store.goneListings(query), bound(query.since), bound(query.until));
  return { supply: periodSupply(periodRows, rounds) };
}

/**
 * The event's date --by days-to-event counts down to: an evt_ id's own, or that of the evt_ id the store knows
 * for an agent's event; refused when the history does not know it (an agent's event id alone does not say it).
 */
async function eventDateOf(event: TrackEntry, store: HistoryStore, known: string | undefined): Promise<string> {
  if (known !== undefined) return known;
  const eventId = event.kind === 'event' ? event.eventId : await store.eventIdOf(event.agent, event.id);
  const date = eventId === undefined ? undefined : (await store.event(eventId))?.eventDate;
  if (date) return date;
  throw new UsageError(
    `--by days-to-event needs the event's date, which the history does not know for ${entryText(event)}: track the event by its evt_ id (tix track evt_...) or use --by day`,
  );
}

/** An event the store has no snapshot of: exit 4, with the command that records some. */
export function noSnapshotsOf(event: TrackEntry, location: string): TixError {
  return new TixError(
    `no snapshots of ${entryText(event)} in ${shownLocation(location)}: record them with 'tix track ${entryText(event)}' (every 15 minutes from cron, say)`,
    ExitCode.NOT_FOUND,
  );
}

/**
 * Opens the store read-only and finds the event's agents' events in it (for an evt_ id the API is asked
 * only when the store does not know it, the store closed meanwhile: a reader blocks a DuckDB file's
 * writers), then reads with both; the store is closed after.
 */
export async function withEventInStore<T>(
  event: TrackEntry,
  flags: HistoryStoreFlags,
  location: string,
  rt: Runtime,
  read: (store: HistoryStore, events: AgentEvent[], eventDate: string | undefined, about: EventAbout | undefined) => Promise<T>,
): Promise<T> {
  const open = () => openHistoryStore(rt, location, flags);
  let store: HistoryStore | undefined = await open();
  try {
    let found = await storedAgentEvents(event, store);
    if (found === undefined) {
      await store.close();
      store = undefined;
      found = await listedAgentEvents(event as Extract<TrackEntry, { kind: 'event' }>, location, rt);
      store = await open();
    }
    return await read(store, found.events, found.eventDate, found.about);
  } finally {
    await store?.close();
  }
}

/**
 * The agent's event; for an evt_ id, every agent the store has seen list it (those that dropped it too),
 * or undefined when the store does not know the evt_ id.
 */
async function storedAgentEvents(event: TrackEntry, store: HistoryStore): Promise<EventAgents | undefined> {
  if (event.kind === 'agent') return { events: [{ agent: event.agent, eventId: event.id }] };
  const stored = await store.event(event.eventId);
  if (!stored) return undefined;
  const events = stored.agents.map((a) => ({ agent: a.agent, eventId: a.agentEventId }));
  return stored.eventDate ? { events, eventDate: stored.eventDate, about: stored } : { events, about: stored };
}

/** The service's event the store knows an agent's event belongs to, if any. */
async function storedEventOf(store: HistoryStore, event: { agent: string; id: string }): Promise<EventAbout | undefined> {
  const eventId = await store.eventIdOf(event.agent, event.id);
  return eventId === undefined ? undefined : store.event(eventId);
}

/**
 * An event's agents' own events, and its date where known (an agent's own event id alone does not say it),
 * and the service's event when known.
 */
interface EventAgents {
  events: AgentEvent[];
  eventDate?: string;
  about?: EventAbout;
}

/** Every agent that lists an evt_ id now (GET /events/{id}), for an event the store does not know. */
async function listedAgentEvents(event: { eventId: string }, location: string, rt: Runtime): Promise<EventAgents> {
  let listing: EventListing;
  try {
    listing = await getEvent(await rt.client(), event.eventId, { signal: rt.signal });
  } catch (error) {
    if (rt.signal.aborted) throw error;
    const code = error instanceof TixError ? error.exitCode : ExitCode.ERROR;
    throw new TixError(
      `${event.eventId} is not in the price history in ${shownLocation(location)}, and the API could not say which agents list it (${messageOf(error)}): record it with 'tix track ${event.eventId}'`,
      code,
    );
  }
  const events = [...agentIdsOf(listing)].map(([agent, eventId]) => ({ agent, eventId }));
  if (events.length === 0) throw new TixError(`no ticket agent lists ${event.eventId}, so it has no price history`, ExitCode.NOT_FOUND);
  const { name, eventDate, venue, city, country, publicSaleDate } = eventRecordOf(listing, new Date(rt.io.now()).toISOString());
  const about = { name, eventDate, venue, city, country, publicSaleDate };
  return typeof listing.eventDate === 'string' ? { events, eventDate: listing.eventDate, about } : { events, about };
}

/** The chart as text for the terminal (in colour when it is one) or a file, or as an SVG document; the renderers load only for --chart. */
async function drawChart(
  rows: SnapshotRow[],
  options: HistoryOptions,
  about: EventAbout | undefined,
  market: MarketFloor | undefined,
  rt: Runtime,
): Promise<string> {
  const filters = { listings: options.listingFilter, since: options.since, until: options.until };
  const chart = historyChart(rows, { timeZone: rt.settings.values.timezone, target: entryText(options.event), about, market, filters });
  if (options.chart === 'svg') return (await import('../../../output/time-chart-svg.js')).renderTimeChartSvg(chart);
  const color = options.output.out === undefined && rt.colorFor(rt.io.stdout);
  return (await import('../../../output/time-chart-text.js')).renderTimeChartText(chart, { width: rt.chartWidth(), color });
}

/** The market floor of an evt_ id's snapshots (src/market/floor.ts); --by's rows carry no listing counts, which its ALL does not read. */
function marketOf(snapshots: readonly (SnapshotRow | PeriodSnapshotRow)[]): MarketFloor {
  return new MarketFloor(
    timelinesOf(
      snapshots.map((s) => ({
        agent: s.agent,
        at: Date.parse(s.apiTimestamp),
        price: s.minPrice,
        listings: 'listings' in s ? s.listings : 0,
      })),
    ),
  );
}

/** Which agents ALL left out in the window (the chart's points, --by's instants), and how often: an agent that stopped being tracked stops counting. */
function noteLeftOut(market: MarketFloor, window: { since?: string; until?: string }, rt: Runtime): void {
  const points = market.series(window.since ? Date.parse(window.since) : undefined, window.until ? Date.parse(window.until) : undefined);
  const leftOut = new Map<string, number>();
  for (const point of points) for (const agent of point.stale) leftOut.set(agent, (leftOut.get(agent) ?? 0) + 1);
  if (leftOut.size === 0) return;
  const who = [...leftOut].map(([agent, count]) => `${agent} at ${count} of ${points.length} instants`).join(', ');
  rt.note(`tix: note: ALL leaves out an agent whose latest snapshot is older than twice its usual interval: ${who}`);
}

function snapshotRecord(row: SnapshotRow, withAgent: boolean): Record<string, unknown> {
  return {
    ...(withAgent ? { agent: row.agent } : {}),
    api_timestamp: outputInstant(row.apiTimestamp),
    listings: row.listings,
    tickets: row.tickets,
    min_price: row.minPrice,
    median_price: row.medianPrice,
    max_price: row.maxPrice,
  };
}

function listingRecord(row: ListingLifeRow, withAgent: boolean): Record<string, unknown> {
  return {
    ...(withAgent ? { agent: row.agent } : {}),
    listing_id: row.listingId,
    section: row.section,
    row: row.row,
    quantity: row.quantity,
    first_seen: outputInstant(row.firstSeen),
    last_seen: outputInstant(row.lastSeen),
    first_price: row.firstPrice,
    last_price: row.lastPrice,
    lowest_price: row.lowestPrice,
    gone: row.gone,
  };
}
