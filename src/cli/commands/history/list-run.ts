import { isDocument, writesJsonValues } from '../../../output/formats.js';
import { ExitCode } from '../../../shared/errors.js';
import type { TrackedEventFilter, TrackedEventRow } from '../../../store/store.js';
import { outputInstant } from '../../../store/timestamps.js';
import { checkHistoryFolder, historyLocation, openHistoryStore } from '../../../recording/history-store.js';
import type { OutputOptions } from '../../kit/output-options.js';
import { jsonListFor, rowWriterFor, withSink, type RecordView } from '../../kit/present.js';
import type { Runtime } from '../../kit/runtime.js';

export interface HistoryListOptions {
  filter: TrackedEventFilter;
  /** --lock-timeout, --schema */
  store: { lockTimeoutSeconds: number; schema?: string };
  output: OutputOptions;
}

const COLUMNS = [
  'event_id',
  'name',
  'event_date',
  'agents',
  'snapshots',
  'first_snapshot',
  'last_snapshot',
  'current_price',
  'stale_agents',
  'lowest_price',
  'lowest_at',
  'lowest_agent',
];

const LIST_VIEW: RecordView = {
  documented: COLUMNS,
  // The table names the agents left out of current_price in a note instead.
  tableDefaults: COLUMNS.filter((c) => c !== 'stale_agents'),
  columnTypes: {
    event_date: 'datetime',
    snapshots: 'integer',
    first_snapshot: 'datetime',
    last_snapshot: 'datetime',
    current_price: 'price',
    lowest_price: 'price',
    lowest_at: 'datetime',
  },
  fit: {
    identifiers: ['event_id'],
    dropOrder: ['first_snapshot', 'lowest_agent', 'lowest_at', 'snapshots', 'last_snapshot', 'agents', 'event_date'],
  },
  jsonKey: 'events',
};

export async function runHistoryList(options: HistoryListOptions, rt: Runtime): Promise<number> {
  const location = await historyLocation(rt);
  await checkHistoryFolder(rt, location);
  const store = await openHistoryStore(rt, location, { ...options.store, readOnly: true });
  let events: TrackedEventRow[];
  try {
    events = await store.trackedEvents(options.filter);
  } finally {
    await store.close();
  }
  const { output } = options;
  // JSON keeps the agents a list; a cell of csv, tsv, a table or Parquet holds them comma-joined.
  const agentsAsList = isDocument(output.format) || writesJsonValues(output.format);
  await withSink(rt, output, async (sink) => {
    const writer = isDocument(output.format) ? jsonListFor(rt, output, sink, 'events') : rowWriterFor(rt, output, sink, LIST_VIEW);
    await writer.write(events.map((e) => eventRecord(e, agentsAsList)));
    await writer.end();
  });
  if (events.length === 0) rt.note(Object.keys(options.filter).length > 0 ? 'No tracked event matches.' : 'No events tracked yet.');
  noteStaleAgents(events, rt);
  return ExitCode.OK;
}

function eventRecord(e: TrackedEventRow, agentsAsList: boolean): Record<string, unknown> {
  // An event without evt_ id is named by what `tix history` takes for it: AGENT:ID.
  const agents = e.agentEventId === null ? e.agents : e.agents.map((agent) => `${agent}:${e.agentEventId}`);
  const instant = (iso: string | null) => (iso === null ? null : outputInstant(iso));
  return {
    event_id: e.eventId,
    name: e.name,
    event_date: instant(e.eventDate),
    agents: agentsAsList ? agents : agents.join(','),
    snapshots: e.snapshots,
    first_snapshot: instant(e.firstSnapshot),
    last_snapshot: instant(e.lastSnapshot),
    current_price: e.currentPrice,
    stale_agents: agentsAsList ? e.staleAgents : e.staleAgents.join(','),
    lowest_price: e.lowestPrice,
    lowest_at: instant(e.lowestAt),
    lowest_agent: e.lowestAgent,
  };
}

/** Which agents each current_price leaves out (src/market/floor.ts): a price that old is not current. */
function noteStaleAgents(events: readonly TrackedEventRow[], rt: Runtime): void {
  for (const e of events) {
    if (e.staleAgents.length === 0) continue;
    rt.note(
      `tix: note: the current price of ${e.eventId ?? e.name ?? e.agentEventId} leaves out ${e.staleAgents.join(', ')}: no snapshot of theirs within twice their usual interval of its latest (${outputInstant(e.lastSnapshot)})`,
    );
  }
}
