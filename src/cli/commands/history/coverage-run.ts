import { isDocument } from '../../../output/formats.js';
import { ExitCode } from '../../../shared/errors.js';
import type { CoverageRow } from '../../../store/store.js';
import { outputInstant } from '../../../store/timestamps.js';
import { checkHistoryFolder, historyLocation, openHistoryStore } from '../../../recording/history-store.js';
import type { OutputOptions } from '../../kit/output-options.js';
import { jsonListFor, rowWriterFor, withSink, type RecordView } from '../../kit/present.js';
import type { Runtime } from '../../kit/runtime.js';
import type { TrackEntry } from '../../kit/track-entries.js';
import { coverageRecord, GAP_INTERVALS, gapFigures, isStale, minutesOf } from '../../kit/history-coverage.js';
import { noSnapshotsOf, withEventInStore } from './history-run.js';

export interface HistoryCoverageOptions {
  /** One event (an agent's, or every agent of an evt_ id); every tracked one when absent. */
  event?: TrackEntry;
  /** --lock-timeout, --schema */
  store: { lockTimeoutSeconds: number; schema?: string };
  output: OutputOptions;
}

const COLUMNS = [
  'event_id',
  'name',
  'agent',
  'agent_event_id',
  'snapshots',
  'first_snapshot',
  'last_snapshot',
  'interval_minutes',
  'stale',
  'gap_start',
  'gap_end',
  'gap_minutes',
];

const COVERAGE_VIEW: RecordView = {
  documented: COLUMNS,
  tableDefaults: COLUMNS,
  columnTypes: {
    snapshots: 'integer',
    first_snapshot: 'datetime',
    last_snapshot: 'datetime',
    interval_minutes: 'number',
    gap_start: 'datetime',
    gap_end: 'datetime',
    gap_minutes: 'number',
  },
  fit: {
    identifiers: ['event_id', 'agent', 'agent_event_id'],
    // The last snapshot, stale and the gaps are what the command is for: they stay.
    dropOrder: ['name', 'event_id', 'snapshots', 'first_snapshot', 'interval_minutes', 'gap_end'],
  },
  jsonKey: 'coverage',
};

export async function runHistoryCoverage(options: HistoryCoverageOptions, rt: Runtime): Promise<number> {
  const location = await historyLocation(rt);
  await checkHistoryFolder(rt, location);
  const flags = { ...options.store, readOnly: true };
  let rows: CoverageRow[];
  if (options.event) {
    rows = await withEventInStore(options.event, flags, location, rt, (store, events) => store.coverage(events, GAP_INTERVALS));
    if (rows.length === 0) throw noSnapshotsOf(options.event, location);
  } else {
    const store = await openHistoryStore(rt, location, flags);
    try {
      rows = await store.coverage(undefined, GAP_INTERVALS);
    } finally {
      await store.close();
    }
  }
  const now = rt.io.now().getTime();
  const { output } = options;
  await withSink(rt, output, async (sink) => {
    if (isDocument(output.format)) {
      const writer = jsonListFor(rt, output, sink, 'coverage');
      await writer.write(rows.map((row) => coverageRecord(row, now)));
      await writer.end();
      return;
    }
    const writer = rowWriterFor(rt, output, sink, COVERAGE_VIEW);
    const records: Record<string, unknown>[] = [];
    for (const row of rows) gapRecords(row, now, records);
    await writer.write(records);
    await writer.end();
  });
  if (rows.length === 0) rt.note('No events tracked yet.');
  return ExitCode.OK;
}

/**
 * The row formats: one record per gap, or one with empty gap columns when there is none. Each record is one
 * object literal, not figures spread into another: over 2,000 rows the spreads were most of this step.
 */
function gapRecords(row: CoverageRow, now: number, into: Record<string, unknown>[]): void {
  const first = outputInstant(row.firstSnapshot);
  const last = outputInstant(row.lastSnapshot);
  const interval = row.usualIntervalSeconds === null ? null : minutesOf(row.usualIntervalSeconds * 1000);
  const stale = isStale(row, now);
  const record = (gap: { start: string; end: string; minutes: number } | null) => ({
    event_id: row.eventId,
    name: row.name,
    agent: row.agent,
    agent_event_id: row.agentEventId,
    snapshots: row.snapshots,
    first_snapshot: first,
    last_snapshot: last,
    interval_minutes: interval,
    stale,
    gap_start: gap === null ? null : gap.start,
    gap_end: gap === null ? null : gap.end,
    gap_minutes: gap === null ? null : gap.minutes,
  });
  if (row.gaps.length === 0) into.push(record(null));
  for (const gap of row.gaps) into.push(record(gapFigures(gap)));
}
