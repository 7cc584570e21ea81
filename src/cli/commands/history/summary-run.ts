import { isDocument } from '../../../output/formats.js';
import { ExitCode } from '../../../shared/errors.js';
import type { ListingFilter, PriceSummaryRow, SummaryProbes } from '../../../store/store.js';
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
  tableDefaults: COLUMNS,
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
  const probes: SummaryProbes = {
    dayAgo: new Date(now - DAY_MS).toISOString(),
    weekAgo: new Date(now - 7 * DAY_MS).toISOString(),
    ...(options.range ? { range: options.range } : {}),
    ...(options.listingFilter ? { listings: options.listingFilter } : {}),
  };
  const flags = { ...options.store, readOnly: true };
  const { rows, eventDate } = await withEventInStore(options.event, flags, location, rt, async (store, events, known) => {
    const rows = await store.priceSummary(events, probes);
    // The event's date: an evt_ id's own (found with its agents), or the one of the evt_ id the store knows for the agent's event.
    const { event } = options;
    if (event.kind === 'event') return { rows, eventDate: known ?? null };
    const eventId = await store.eventIdOf(event.agent, event.id);
    const stored = eventId === undefined ? undefined : await store.event(eventId);
    return { rows, eventDate: stored?.eventDate ?? null };
  });
  if (rows.length === 0) throw noSnapshotsOf(options.event, location);
  noteStale(rows, now, rt);
  // The row across agents belongs to an evt_ id; for one agent's event it would repeat that agent's row.
  const shown = options.event.kind === 'event' ? rows : rows.filter((r) => r.agent !== null);
  const left = daysLeft(eventDate, now);
  const { output } = options;
  // change_range is a column only when --since asks for it.
  const view = options.range ? SUMMARY_VIEW : { ...SUMMARY_VIEW, documented: WITHOUT_RANGE, tableDefaults: WITHOUT_RANGE };
  await withSink(rt, output, async (sink) => {
    const writer = isDocument(output.format) ? jsonListFor(rt, output, sink, 'agents') : rowWriterFor(rt, output, sink, view);
    await writer.write(shown.map((row) => summaryRecord(row, left, options.range !== undefined)));
    await writer.end();
  });
  return ExitCode.OK;
}

const WITHOUT_RANGE = COLUMNS.filter((c) => c !== 'change_range');

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

function summaryRecord(row: PriceSummaryRow, daysLeft: number | null, withRange: boolean): Record<string, unknown> {
  return {
    agent: row.agent ?? ALL_AGENTS,
    snapshots: row.snapshots,
    latest: outputInstant(row.latestAt),
    current_price: row.currentPrice,
    change: change(row.currentPrice, row.previousPrice),
    change_24h: change(row.currentPrice, row.dayAgoPrice),
    change_7d: change(row.currentPrice, row.weekAgoPrice),
    ...(withRange ? { change_range: change(row.rangeEndPrice ?? null, row.rangeStartPrice ?? null) } : {}),
    lowest_price: row.lowestPrice,
    lowest_at: row.lowestAt === null ? null : outputInstant(row.lowestAt),
    lowest_section: row.lowestSection,
    lowest_row: row.lowestRow,
    highest_price: row.highestPrice,
    listings_now: row.listingsNow,
    listings_peak: row.listingsPeak,
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
