import { isDocument, writesJsonValues } from '../../../output/formats.js';
import { ExitCode } from '../../../shared/errors.js';
import type { ListingFilter, PriceSummaryRow } from '../../../store/store.js';
import { isStale, spokenDuration, STALE_INTERVALS } from '../../kit/history-coverage.js';
import { daysLeft, readSummaryInputs, summaryFigures, summaryRecord } from '../../kit/summary-figures.js';
import { entryText } from '../../kit/track-entries.js';
import { outputInstant } from '../../../store/timestamps.js';
import { checkHistoryFolder, historyLocation } from '../../../recording/history-store.js';
import type { OutputOptions } from '../../kit/output-options.js';
import { jsonListFor, rowWriterFor, withSink, type RecordView } from '../../kit/present.js';
import type { Runtime } from '../../kit/runtime.js';
import type { TrackEntry } from '../../kit/track-entries.js';
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

const COLUMNS = [
  'agent',
  'snapshots',
  'latest',
  'current_price',
  'current_agent',
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
  'tickets_now',
  'tickets_peak',
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
    tickets_now: 'integer',
    tickets_peak: 'integer',
    days_left: 'integer',
  },
  fit: {
    identifiers: ['agent'],
    // `latest` is never left out: it says how old every other figure is.
    dropOrder: [
      'current_agent',
      'tickets_peak',
      'tickets_now',
      'snapshots',
      'lowest_row',
      'lowest_section',
      'listings_peak',
      'highest_price',
      'days_left',
      'change_7d',
      'lowest_at',
    ],
  },
  jsonKey: 'agents',
};

export async function runHistorySummary(options: HistorySummaryOptions, rt: Runtime): Promise<number> {
  const location = await historyLocation(rt);
  await checkHistoryFolder(rt, location);
  const now = rt.io.now().getTime();
  const filter = options.listingFilter;
  const flags = { ...options.store, readOnly: true };
  const { inputs, eventDate } = await withEventInStore(options.event, flags, location, rt, async (store, events, known) => {
    const [inputs] = await readSummaryInputs(store, [events], filter);
    // The event's date: an evt_ id's own (found with its agents), or the one of the evt_ id the store knows for the agent's event.
    const { event } = options;
    if (event.kind === 'event') return { inputs: inputs!, eventDate: known ?? null };
    const eventId = await store.eventIdOf(event.agent, event.id);
    const stored = eventId === undefined ? undefined : await store.event(eventId);
    return { inputs: inputs!, eventDate: stored?.eventDate ?? null };
  });
  if (inputs.rows.length === 0) throw noSnapshotsOf(options.event, location);
  noteStale(inputs.rows, now, rt);
  const figures = summaryFigures(inputs, options.event.kind === 'event', { now, range: options.range });
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
