import { DEFAULT_PROVIDER } from '../../../api/agents.js';
import { isDocument } from '../../../output/formats.js';
import { ExitCode, TixError } from '../../../shared/errors.js';
import type { AgentEvent, HistoryStore, ListingFilter, StoredEvent } from '../../../store/store.js';
import { checkHistoryFolder, historyLocation, openHistoryStore, shownLocation } from '../../../recording/history-store.js';
import { GAP_INTERVALS } from '../../kit/history-coverage.js';
import type { OutputOptions } from '../../kit/output-options.js';
import { prettyJson, rowWriterFor, withSink, writeJson, type RecordView } from '../../kit/present.js';
import type { Runtime } from '../../kit/runtime.js';
import { readSummaryInputs } from '../../kit/summary-figures.js';
import { entryText, type TrackEntry } from '../../kit/track-entries.js';
import { keepYoungGenerationSmall } from '../../kit/lean-heap.js';
import { returnDuckDbMemoryPromptly } from '../../../store/duckdb-allocator.js';
import {
  type ReportEvent,
  type ReportReads,
  type ReportTarget,
  reportEventOf,
  reportPage,
  reportDocument,
  overviewRecord,
} from './report-data.js';

export interface ReportOptions {
  /** The events given (arguments, --from-file); every tracked event when undefined. */
  entries: TrackEntry[] | undefined;
  /** --out *.html: the page; otherwise the data (-o json, --jq) or the overview (rows). */
  html: boolean;
  /** --lock-timeout, --schema */
  store: { lockTimeoutSeconds: number; schema?: string };
  output: OutputOptions;
  /** --min-quantity, --section */
  listingFilter?: ListingFilter;
  /** --since/--until (ISO 8601): the charts' window. */
  since?: string;
  until?: string;
  /** The flags that chose the figures, as the page names them. */
  flagsText: string;
}

const OVERVIEW_COLUMNS = [
  'target',
  'name',
  'event_date',
  'days_left',
  'current_price',
  'current_agent',
  'change_24h',
  'change_7d',
  'change_since_public_sale',
  'lowest_price',
  'lowest_at',
  'listings_now',
  'listings_peak',
  'tickets_now',
  'tickets_peak',
  'last_snapshot',
  'stale_agents',
  'gaps',
];

const OVERVIEW_VIEW: RecordView = {
  documented: OVERVIEW_COLUMNS,
  tableDefaults: OVERVIEW_COLUMNS.filter((c) => c !== 'target' && c !== 'listings_peak' && c !== 'tickets_peak'),
  columnTypes: {
    event_date: 'datetime',
    days_left: 'integer',
    current_price: 'price',
    change_24h: 'price',
    change_7d: 'price',
    change_since_public_sale: 'price',
    lowest_price: 'price',
    lowest_at: 'datetime',
    listings_now: 'integer',
    listings_peak: 'integer',
    tickets_now: 'integer',
    tickets_peak: 'integer',
    last_snapshot: 'datetime',
    gaps: 'integer',
  },
  fit: {
    identifiers: ['name'],
    dropOrder: ['lowest_at', 'tickets_now', 'current_agent', 'change_since_public_sale', 'gaps', 'event_date', 'listings_now', 'change_7d'],
  },
  jsonKey: 'events',
};

export async function runReport(options: ReportOptions, rt: Runtime): Promise<number> {
  // A report reads and draws tens of thousands of short-lived rows and points: a young generation kept at its
  // start size holds the peak RSS of 50 events ~20 MB lower; DuckDB's freed pages handed back, ~20 MB more
  // (BENCHMARKS.md, issue 38).
  await keepYoungGenerationSmall();
  returnDuckDbMemoryPromptly();
  const location = await historyLocation(rt);
  await checkHistoryFolder(rt, location);
  const store = await openHistoryStore(rt, location, { ...options.store, readOnly: true });
  let reads: ReportReads;
  try {
    reads = await readReport(store, options, rt);
  } finally {
    await store.close();
  }
  if (reads.targets.length === 0) {
    throw new TixError(
      options.entries
        ? `none of these events has snapshots in ${shownLocation(location)}: record them with 'tix track' (every 15 minutes from cron, say)`
        : `no events tracked in ${shownLocation(location)} yet: record some with 'tix track <evt_id>' (every 15 minutes from cron, say)`,
      ExitCode.NOT_FOUND,
    );
  }
  const now = rt.io.now().getTime();
  const timeZone = rt.settings.values.timezone;
  const window = { since: options.since, until: options.until };
  const events: ReportEvent[] = reads.targets.map((t) => reportEventOf(t, reads, { now, timeZone, window }));
  const made = { now, timeZone, store: shownLocation(location), flags: options.flagsText, filter: options.listingFilter, window };
  const { output } = options;
  await withSink(rt, output, async (sink) => {
    if (options.html) {
      const { reportHtmlParts } = await import('../../../output/report-html.js');
      // Written part by part: each event's section floors and charts are made, written and let go in turn.
      for (const part of reportHtmlParts(reportPage(events, made))) await sink.write(part);
      return;
    }
    if (isDocument(output.format)) {
      await writeJson(sink, reportDocument(events, made), prettyJson(rt, output));
      return;
    }
    const writer = rowWriterFor(rt, output, sink, OVERVIEW_VIEW);
    await writer.write(events.map((e) => overviewRecord(e, false)));
    await writer.end();
  });
  return ExitCode.OK;
}

/**
 * The events (those given, each read as `history` reads it from the store: an evt_ id's every agent, or one
 * agent's event), each one's summary inputs (the queries `history summary` runs), and for all of them at once
 * the per-section lows, listings gone, coverage and StubHub's sales days. An event with no snapshots is named
 * in a note and left out.
 */
async function readReport(store: HistoryStore, options: ReportOptions, rt: Runtime): Promise<ReportReads> {
  const entries = options.entries ?? (await trackedEntries(store));
  const filter = options.listingFilter;
  const withSnapshots: Omit<ReportTarget, 'sections' | 'gone'>[] = [];
  const founds = [];
  for (const entry of entries) founds.push(await agentEventsOf(store, entry));
  // Every event's summary inputs at once: a query of each kind for the whole watch list, not one per event.
  const allInputs = await readSummaryInputs(
    store,
    founds.map((f) => f.events),
    filter,
  );
  for (const [i, entry] of entries.entries()) {
    const inputs = allInputs[i]!;
    if (inputs.rows.length === 0) {
      rt.note(
        `tix: note: no snapshots of ${entryText(entry)} in the history: left out of the report (record them with 'tix track ${entryText(entry)}')`,
      );
      continue;
    }
    withSnapshots.push({ entry, ...founds[i]!, inputs });
  }
  const all = withSnapshots.flatMap((t) => t.events);
  const query = {
    events: all,
    ...(options.since ? { since: options.since } : {}),
    ...(options.until ? { until: options.until } : {}),
    ...(filter ? { listings: filter } : {}),
  };
  const stubhub = [...new Set(all.filter((e) => e.agent === 'STUBHUB').map((e) => e.eventId))];
  const sections = byTarget(await store.sectionSnapshots(query), withSnapshots);
  const gone = byTarget(await store.goneListings(query), withSnapshots);
  return {
    targets: withSnapshots.map((t, i) => ({ ...t, sections: sections[i]!, gone: gone[i]! })),
    coverage: all.length > 0 ? await store.coverage(all, GAP_INTERVALS) : [],
    sales: await store.salesDays(DEFAULT_PROVIDER, stubhub),
  };
}

/** Every tracked event, as `history list` lists them: by evt_ id where the store knows it, else AGENT:ID. */
async function trackedEntries(store: HistoryStore): Promise<TrackEntry[]> {
  return (await store.trackedEvents({})).map(
    (row): TrackEntry =>
      row.eventId !== null ? { kind: 'event', eventId: row.eventId } : { kind: 'agent', agent: row.agents[0]!, id: row.agentEventId! },
  );
}

/** An entry's agents' events and its service event, from the store alone (a report needs no network). */
async function agentEventsOf(store: HistoryStore, entry: TrackEntry): Promise<{ events: AgentEvent[]; about: StoredEvent | undefined }> {
  if (entry.kind === 'event') {
    const about = await store.event(entry.eventId);
    return { events: about ? about.agents.map((a) => ({ agent: a.agent, eventId: a.agentEventId })) : [], about };
  }
  const eventId = await store.eventIdOf(entry.agent, entry.id);
  return { events: [{ agent: entry.agent, eventId: entry.id }], about: eventId === undefined ? undefined : await store.event(eventId) };
}

/** The rows of a query over the whole watch list, split by the target whose agents' events they are of. */
function byTarget<R extends { agent: string; eventId: string }>(rows: readonly R[], targets: readonly { events: AgentEvent[] }[]): R[][] {
  const index = new Map<string, number>();
  targets.forEach((t, i) => {
    for (const e of t.events) index.set(`${e.agent}\u0000${e.eventId}`, i);
  });
  const split = targets.map((): R[] => []);
  for (const row of rows) split[index.get(`${row.agent}\u0000${row.eventId}`)!]?.push(row);
  return split;
}
