import { isDocument, writesJsonValues } from '../../../output/formats.js';
import { ExitCode } from '../../../shared/errors.js';
import { type FloorPoint, MarketFloor, timelinesOf } from '../../../market/floor.js';
import type { ListingFilter, PriceSummaryRow, SnapshotRow } from '../../../store/store.js';
import { isStale, spokenDuration, STALE_INTERVALS } from './history-coverage.js';
import { entryText } from '../../kit/track-entries.js';
import { outputInstant } from '../../../store/timestamps.js';
import { checkHistoryFolder, historyLocation } from '../../../recording/history-store.js';
import type { OutputOptions } from '../../kit/output-options.js';
import { jsonListFor, rowWriterFor, withSink, type RecordView } from '../../kit/present.js';
import type { Runtime } from '../../kit/runtime.js';
import type { TrackEntry } from '../../kit/track-entries.js';
import { ALL_AGENTS } from './history-pivot.js';
import { noSnapshotsOf, withEventInStore } from './history-run.js';

export interface HistorySummaryOptions {
  /** The agent's event, or an evt_ id (every agent of it, and ALL). */
  event: TrackEntry;
  /** --lock-timeout, --schema */
  store: { lockTimeoutSeconds: number; schema?: string };
  output: OutputOptions;
  /** --since/--until: change_range over this window (ISO 8601 instants). */
  range?: { since: string; until: string };
  /** --min-quantity, --section: every price from the stored listings these keep. */
  listingFilter?: ListingFilter;
}

const DAY_MS = 86_400_000;

const COLUMNS = [
  'agent',
  'snapshots',
  'latest',
  'current_price',
  'stale_agents',
  'change',
  'change_24h',
  'change_7d',
  'change_range',
  'lowest_price',
  'lowest_at',
  'lowest_section',
  'lowest_row',
  'highest_price',
  'listings_now',
  'listings_peak',
  'days_left',
];

const SUMMARY_VIEW: RecordView = {
  documented: COLUMNS,
  // The table names the agents ALL leaves out in a note instead.
  tableDefaults: COLUMNS.filter((c) => c !== 'stale_agents'),
  columnTypes: {
    snapshots: 'integer',
    latest: 'datetime',
    current_price: 'price',
    change: 'price',
    change_24h: 'price',
    change_7d: 'price',
    change_range: 'price',
    lowest_price: 'price',
    lowest_at: 'datetime',
    highest_price: 'price',
    listings_now: 'integer',
    listings_peak: 'integer',
    days_left: 'integer',
  },
  fit: {
    identifiers: ['agent'],
    // `latest` is never left out: it says how old every other figure is.
    dropOrder: ['snapshots', 'lowest_row', 'lowest_section', 'listings_peak', 'highest_price', 'days_left', 'change_7d', 'lowest_at'],
  },
  jsonKey: 'agents',
};

export async function runHistorySummary(options: HistorySummaryOptions, rt: Runtime): Promise<number> {
  const location = await historyLocation(rt);
  await checkHistoryFolder(rt, location);
  const now = rt.io.now().getTime();
  const filter = options.listingFilter;
  const flags = { ...options.store, readOnly: true };
  const { rows, snapshots, eventDate } = await withEventInStore(options.event, flags, location, rt, async (store, events, known) => {
    const rows = await store.priceSummary(events, filter);
    // Every snapshot, for the figures that depend on which agents were current when (src/market/floor.ts).
    const snapshots = await store.snapshots({ events, ...(filter ? { listings: filter } : {}) });
    // The event's date: an evt_ id's own (found with its agents), or the one of the evt_ id the store knows for the agent's event.
    const { event } = options;
    if (event.kind === 'event') return { rows, snapshots, eventDate: known ?? null };
    const eventId = await store.eventIdOf(event.agent, event.id);
    const stored = eventId === undefined ? undefined : await store.event(eventId);
    return { rows, snapshots, eventDate: stored?.eventDate ?? null };
  });
  if (rows.length === 0) throw noSnapshotsOf(options.event, location);
  noteStale(rows, now, rt);
  const market = new MarketFloor(timelinesOf(snapshots.map(floorSnapshot)));
  const probes: Probes = { dayAgo: now - DAY_MS, weekAgo: now - 7 * DAY_MS, range: options.range };
  // The row across agents belongs to an evt_ id; for one agent's event it would repeat that agent's row.
  const shown = options.event.kind === 'event' ? rows : rows.filter((r) => r.agent !== null);
  const figures = shown.map((row) => (row.agent === null ? marketFigures(row, market, probes) : agentFigures(row, market, probes)));
  const across = figures.find((f) => f.row.agent === null);
  if (across?.stale.length) {
    rt.note(
      `tix: note: ALL leaves out ${across.stale.join(', ')}: no snapshot of theirs within twice their usual interval of the latest (${outputInstant(across.row.latestAt)})`,
    );
  }
  const left = daysLeft(eventDate, now);
  const { output } = options;
  // change_range is a column only when --since asks for it.
  const view = options.range ? SUMMARY_VIEW : { ...SUMMARY_VIEW, documented: WITHOUT_RANGE, tableDefaults: WITHOUT_RANGE_TABLE };
  const listAsJson = isDocument(output.format) || writesJsonValues(output.format);
  await withSink(rt, output, async (sink) => {
    const writer = isDocument(output.format) ? jsonListFor(rt, output, sink, 'agents') : rowWriterFor(rt, output, sink, view);
    await writer.write(figures.map((f) => summaryRecord(f, left, options.range !== undefined, listAsJson)));
    await writer.end();
  });
  return ExitCode.OK;
}

const WITHOUT_RANGE = COLUMNS.filter((c) => c !== 'change_range');
const WITHOUT_RANGE_TABLE = SUMMARY_VIEW.tableDefaults.filter((c) => c !== 'change_range');

interface Probes {
  dayAgo: number;
  weekAgo: number;
  /** --since/--until (ISO 8601). */
  range: { since: string; until: string } | undefined;
}

/** A row's figures: the store's, and those that depend on which snapshots counted at an instant. */
interface Figures {
  row: PriceSummaryRow;
  current: number | null;
  previous: number | null;
  dayAgo: number | null;
  weekAgo: number | null;
  rangeStart: number | null;
  rangeEnd: number | null;
  listingsNow: number;
  listingsPeak: number;
  /** Across agents: those left out at the latest snapshot. */
  stale: string[];
}

function floorSnapshot(s: SnapshotRow) {
  return { agent: s.agent, at: Date.parse(s.apiTimestamp), price: s.minPrice, listings: s.listings };
}

/**
 * A change's earlier price is the one that counted at the probe (the latest snapshot then, unless older than
 * twice the usual interval: src/market/floor.ts), and only when a snapshot falls between the probe and the
 * latest: a history that stopped shows no change, not the latest snapshot compared with itself, and a pause
 * never stretches "24 hours" into the 52 since the snapshot before it.
 */
function baseline(priceAt: (instant: number) => number | null, probe: number, latest: number): number | null {
  return latest >= probe ? priceAt(probe) : null;
}

/** The change over --since/--until, by the same rule: the price that counted at each end, with a snapshot inside. */
function rangeEnds(priceAt: (instant: number) => number | null, range: Probes['range'], instants: readonly number[]) {
  if (!range) return { rangeStart: null, rangeEnd: null };
  const [since, until] = [Date.parse(range.since), Date.parse(range.until)];
  const inside = instants.some((at) => at >= since && at <= until);
  return { rangeStart: priceAt(since), rangeEnd: inside ? priceAt(until) : null };
}

function agentFigures(row: PriceSummaryRow, market: MarketFloor, probes: Probes): Figures {
  const agent = row.agent!;
  const latest = Date.parse(row.latestAt);
  const priceAt = (instant: number) => market.agentAt(agent, instant)?.price ?? null;
  return {
    row,
    current: row.currentPrice,
    previous: row.previousPrice,
    dayAgo: baseline(priceAt, probes.dayAgo, latest),
    weekAgo: baseline(priceAt, probes.weekAgo, latest),
    ...rangeEnds(
      priceAt,
      probes.range,
      market.instants().filter((at) => market.agentAt(agent, at)?.at === at),
    ),
    listingsNow: row.listingsNow ?? 0,
    listingsPeak: row.listingsPeak ?? 0,
    stale: [],
  };
}

/**
 * ALL: the market floor at the latest snapshot, against the floor at the instant before it, a day and a week
 * ago and at either end of --since/--until; its listings now are the current agents' together, its peak the
 * most they offered together at any snapshot.
 */
function marketFigures(row: PriceSummaryRow, market: MarketFloor, probes: Probes): Figures {
  const instants = market.instants();
  const latest = instants.at(-1)!;
  const now: FloorPoint = market.at(latest);
  const priceAt = (instant: number) => market.at(instant).price;
  return {
    row,
    current: now.price,
    previous: instants.length > 1 ? priceAt(instants.at(-2)!) : null,
    dayAgo: baseline(priceAt, probes.dayAgo, latest),
    weekAgo: baseline(priceAt, probes.weekAgo, latest),
    ...rangeEnds(priceAt, probes.range, instants),
    listingsNow: now.listings,
    listingsPeak: Math.max(...market.series().map((p) => p.listings)),
    stale: now.stale,
  };
}

/**
 * One line per agent's event whose newest snapshot is older than STALE_INTERVALS usual intervals: its
 * `current` is that old, and a change over a window it has no snapshot in is empty.
 */
function noteStale(rows: readonly PriceSummaryRow[], now: number, rt: Runtime): void {
  for (const row of rows) {
    if (row.agent === null || row.agentEventId === null) continue;
    const last = { lastSnapshot: row.latestAt, usualIntervalSeconds: row.usualIntervalSeconds };
    if (!isStale(last, now)) continue;
    const entry = entryText({ kind: 'agent', agent: row.agent, id: row.agentEventId });
    rt.note(
      `tix: note: the newest snapshot of ${entry} is ${spokenDuration(now - Date.parse(row.latestAt))} old (${outputInstant(row.latestAt)}), more than ${STALE_INTERVALS} times its usual interval of ${spokenDuration((row.usualIntervalSeconds ?? 0) * 1000)}: its current price is that old; is 'tix track' still running?`,
    );
  }
}

function summaryRecord(f: Figures, daysLeft: number | null, withRange: boolean, listAsJson: boolean): Record<string, unknown> {
  const { row } = f;
  return {
    agent: row.agent ?? ALL_AGENTS,
    snapshots: row.snapshots,
    latest: outputInstant(row.latestAt),
    current_price: f.current,
    stale_agents: row.agent !== null ? null : listAsJson ? f.stale : f.stale.join(','),
    change: change(f.current, f.previous),
    change_24h: change(f.current, f.dayAgo),
    change_7d: change(f.current, f.weekAgo),
    ...(withRange ? { change_range: change(f.rangeEnd, f.rangeStart) } : {}),
    lowest_price: row.lowestPrice,
    lowest_at: row.lowestAt === null ? null : outputInstant(row.lowestAt),
    lowest_section: row.lowestSection,
    lowest_row: row.lowestRow,
    highest_price: row.highestPrice,
    listings_now: f.listingsNow,
    listings_peak: f.listingsPeak,
    days_left: daysLeft,
  };
}

/** Whole days to the event (30 hours: 1; 5 hours: 0); empty when its date is unknown or has passed. */
function daysLeft(eventDate: string | null, now: number): number | null {
  if (eventDate === null || Date.parse(eventDate) <= now) return null;
  return Math.floor((Date.parse(eventDate) - now) / DAY_MS);
}

/** To the cent (prices are per ticket, in cents; a double's difference is not); empty when either side has no price. */
function change(now: number | null, then: number | null): number | null {
  return now === null || then === null ? null : Math.round((now - then) * 100) / 100;
}
