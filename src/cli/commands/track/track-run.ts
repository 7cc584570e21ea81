import { agentIdsOf } from '../../../api/agent-ids.js';
import { DEFAULT_PROVIDER } from '../../../api/agents.js';
import type { ApiClient } from '../../../api/client.js';
import { isNotFound, NotTheApiError } from '../../../api/errors.js';
import { getEvent } from '../../../api/events.js';
import { getSalesSummary } from '../../../api/sales.js';
import type { EventListing, InventoryResponse } from '../../../api/types.js';
import { ExitCode, TixError } from '../../../shared/errors.js';
import { fetchInventory } from '../../../market/fetch-inventory.js';
import { marketFigures } from '../../../market/figures.js';
import { preloadStore } from '../../../store/open.js';
import { checkHistoryFolder, historyLocation, shownLocation } from '../../../recording/history-store.js';
import { storeOrKeep } from '../../../recording/history-writes.js';
import { isoToMicros, outputInstant } from '../../../store/timestamps.js';
import { snapshotRow, type AgentEvent, type SalesDayRecord, type SnapshotRecord } from '../../../store/store.js';
import { sightingTime } from '../../../recording/event-records.js';
import { agentIdEvents, eventsToRecord } from '../../../recording/agent-id-events.js';
import { mapSettled } from '../../../shared/concurrency.js';
import { jsonListFor, rowWriterFor, withSink, type RecordView } from '../../kit/present.js';
import type { Runtime } from '../../kit/runtime.js';
import { entryText, type TrackEntry } from '../../kit/track-entries.js';
import type { OutputOptions } from '../../kit/output-options.js';
import { isDocument, writesJsonValues } from '../../../output/formats.js';
import { alertJson } from '../../../recording/alert-json.js';
import { messageOf } from '../../../shared/message-of.js';

export interface TrackOptions {
  entries: TrackEntry[];
  sales: boolean;
  /** --lock-timeout, --schema */
  store: { lockTimeoutSeconds: number; schema?: string };
  concurrency: number;
  /** Only when an output flag was given: tracking is for cron, which wants silence. */
  output?: OutputOptions;
  /** --strict-notify: an alert not delivered fails the run (exit 1) instead of a warning. */
  strictNotify: boolean;
}

/** An agent's event to snapshot, and the watch-list entry that asked for it. */
interface Target {
  agent: string;
  id: string;
  entry: string;
  /** From an evt_ entry, whose listing says which service event it is. */
  fromEvent: boolean;
}

interface Failure {
  what: string;
  error: unknown;
}

/** The snapshot rows `-o` prints: the columns of table `snapshots`. */
const SNAPSHOT_VIEW: RecordView = {
  documented: ['agent', 'event_id', 'api_timestamp', 'fetched_at', 'listings', 'tickets', 'min_price', 'median_price', 'max_price'],
  tableDefaults: ['agent', 'event_id', 'api_timestamp', 'listings', 'tickets', 'min_price', 'median_price', 'max_price'],
  columnTypes: {
    api_timestamp: 'datetime',
    fetched_at: 'datetime',
    listings: 'integer',
    tickets: 'integer',
    min_price: 'price',
    median_price: 'price',
    max_price: 'price',
  },
  fit: { identifiers: ['agent', 'event_id'], dropOrder: ['max_price', 'median_price', 'listings', 'event_id'] },
};

export async function runTrack(options: TrackOptions, rt: Runtime): Promise<number> {
  const location = await historyLocation(rt);
  await checkHistoryFolder(rt, location);
  const client = await rt.client();
  const failures: Failure[] = [];

  const { targets, listings } = await resolveTargets(client, options, rt, failures);
  preloadStore(location);
  const fetching = Promise.all([
    fetchSnapshots(client, targets, options, rt, failures),
    options.sales ? fetchSales(client, targets, options, rt, failures) : Promise.resolve([]),
    agentIdEvents(rt, client, location, options.store, agentIdTargets(targets, listings)),
  ]);
  const [snapshots, sales, agentIds] = await fetching;
  // A base URL that is not the API's fails the run once, rather than every entry with the same line.
  const wrongUrl = failures.find((f) => f.error instanceof NotTheApiError);
  if (wrongUrl) throw wrongUrl.error;
  // A key the API refuses is the run's failure, not each entry's: one error line, exit 3 (docs/exit-codes.md).
  const refused = failures.find((f) => f.error instanceof TixError && f.error.exitCode === ExitCode.AUTH);
  if (refused && snapshots.length === 0 && sales.length === 0) throw refused.error;

  const seenAt = sightingTime(snapshots, outputInstant(rt.io.now().toISOString()));
  const events = eventsToRecord(listings.values(), agentIds, snapshots, seenAt, (line) => rt.warn(line));
  // A store held past --lock-timeout keeps the batch pending (said on stderr), and the run goes on as stored.
  // The alert rules are evaluated in the transaction that stores the snapshots (docs/alerts.md).
  const { result, kept, undelivered } = await storeOrKeep(rt, location, options.store, { snapshots, sales, events });
  const alerts = result.alerts ?? [];

  // The rows say what was stored, so stdout gets them whatever failed; a file is written only by a run that
  // did everything asked (docs/exit-codes.md), so a failed cron run never replaces the last good one.
  const keepFile = failures.length > 0 && options.output?.out !== undefined;
  if (options.output && !keepFile) await writeSnapshots(snapshots, alerts.map(alertJson), options, rt);
  for (const failure of failures) rt.warn(`${failure.what}: ${messageOf(failure.error)}`);
  if (keepFile) rt.warn(`${options.output!.out} was not written: ${failures.length} ${failures.length === 1 ? 'entry' : 'entries'} failed`);
  const salesPart = options.sales ? `, ${result.salesDays} sales days` : '';
  const alertPart = alerts.length > 0 ? `, ${count(alerts.length, 'alert')}` : '';
  if (!kept)
    rt.note(
      `track: ${count(options.entries.length, 'event')}: ${count(result.stored, 'snapshot')} stored, ${result.alreadyStored} already stored, ${failures.length} failed${salesPart}${alertPart} (${shownLocation(location)})`,
    );
  if (failures.length === 0) return undelivered > 0 && options.strictNotify ? ExitCode.ERROR : ExitCode.OK;
  // Entries failed (all of them, or some): exit 1, as docs/exit-codes.md says for track, whatever each one's reason.
  return ExitCode.ERROR;
}

/** AGENT:ID entries whose service event no evt_ entry's listing already gives. */
function agentIdTargets(targets: readonly Target[], listings: ReadonlyMap<string, EventListing>): AgentEvent[] {
  const listed = new Set([...listings.values()].flatMap((listing) => [...agentIdsOf(listing)].map(([agent, id]) => `${agent}:${id}`)));
  return targets.filter((t) => !t.fromEvent && !listed.has(`${t.agent}:${t.id}`)).map((t) => ({ agent: t.agent, eventId: t.id }));
}

/** AGENT:ID entries as they are; each evt_ entry becomes every agent that lists the event (GET /events/{id}), whose listing is kept. */
async function resolveTargets(
  client: ApiClient,
  options: TrackOptions,
  rt: Runtime,
  failures: Failure[],
): Promise<{ targets: Target[]; listings: Map<string, EventListing> }> {
  const events = options.entries.filter((e): e is Extract<TrackEntry, { kind: 'event' }> => e.kind === 'event');
  const settled = await mapSettled(events, options.concurrency, (entry) => getEvent(client, entry.eventId, { signal: rt.signal }), {
    stopOnFailure: false,
  });
  const agentIds = new Map<string, Map<string, string>>();
  const listings = new Map<string, EventListing>();
  settled.forEach((s, i) => {
    const entry = events[i]!;
    if (!s.ok) failures.push({ what: entry.eventId, error: s.error });
    else if (agentIdsOf(s.value).size === 0) failures.push({ what: entry.eventId, error: 'no ticket agent lists this event' });
    else {
      agentIds.set(entry.eventId, agentIdsOf(s.value));
      listings.set(entry.eventId, s.value);
    }
  });
  const targets: Target[] = [];
  const seen = new Set<string>();
  for (const entry of options.entries) {
    const pairs = entry.kind === 'agent' ? [[entry.agent, entry.id] as const] : [...(agentIds.get(entry.eventId) ?? [])];
    for (const [agent, id] of pairs) {
      const key = `${agent}:${id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      targets.push({ agent, id, entry: entryText(entry), fromEvent: entry.kind === 'event' });
    }
  }
  return { targets, listings };
}

/** Each agent's events in batches of 10 (fetchInventory), agents side by side, sharing --concurrency. */
async function fetchSnapshots(
  client: ApiClient,
  targets: readonly Target[],
  options: TrackOptions,
  rt: Runtime,
  failures: Failure[],
): Promise<SnapshotRecord[]> {
  const byAgent = new Map<string, Target[]>();
  for (const target of targets) {
    const list = byAgent.get(target.agent);
    if (list) list.push(target);
    else byAgent.set(target.agent, [target]);
  }
  const concurrency = Math.max(1, Math.floor(options.concurrency / Math.max(1, byAgent.size)));
  const perAgent = await Promise.all(
    [...byAgent].map(async ([agent, wanted]) => {
      const ids = wanted.map((t) => t.id);
      const fetched = await fetchInventory(client, agent, ids, { concurrency, signal: rt.signal, stopOnFailure: false });
      const entryOf = new Map(wanted.map((t) => [t.id, t.entry]));
      const failed = new Set<string>();
      for (const batch of fetched.failures) {
        for (const id of batch.ids) {
          failed.add(id);
          failures.push({
            what: describe(agent, id, entryOf.get(id)),
            error: isNotFound(batch.error) ? `ticket agent '${agent}' not recognised (HTTP 404)` : batch.error,
          });
        }
      }
      const snapshots = snapshotsOf(agent, fetched.responses, new Set(ids), outputInstant(rt.io.now().toISOString()), failures);
      const answered = new Set(snapshots.map((s) => s.eventId));
      for (const id of ids) {
        if (!failed.has(id) && !answered.has(id))
          failures.push({ what: describe(agent, id, entryOf.get(id)), error: 'not in the inventory the API sent' });
      }
      return snapshots;
    }),
  );
  return perAgent.flat();
}

function snapshotsOf(
  agent: string,
  responses: readonly InventoryResponse[],
  wanted: ReadonlySet<string>,
  fetchedAt: string,
  failures: Failure[],
): SnapshotRecord[] {
  const snapshots: SnapshotRecord[] = [];
  for (const response of responses) {
    for (const event of response.data) {
      if (!wanted.has(event.eventId)) continue;
      // Each event is stored under the timestamp of the answer that carried it.
      if (typeof response.timestamp !== 'string' || isoToMicros(response.timestamp) === undefined) {
        failures.push({ what: `${agent}:${event.eventId}`, error: `the API sent no usable timestamp ('${String(response.timestamp)}')` });
        continue;
      }
      snapshots.push({
        agent,
        eventId: event.eventId,
        apiTimestamp: response.timestamp,
        fetchedAt,
        figures: marketFigures(event.sections),
        listings: event.sections.map(({ listingId, section, row, quantity, price, ...extra }) => ({
          listingId: String(listingId),
          section,
          row,
          quantity,
          price,
          extra,
        })),
      });
    }
  }
  return snapshots;
}

/** The daily sales summary of every StubHub id among the targets. */
async function fetchSales(
  client: ApiClient,
  targets: readonly Target[],
  options: TrackOptions,
  rt: Runtime,
  failures: Failure[],
): Promise<SalesDayRecord[]> {
  const stubhub = targets.filter((t) => t.agent === 'STUBHUB');
  const settled = await mapSettled(
    stubhub,
    options.concurrency,
    async (t) => ({
      summary: await getSalesSummary(client, DEFAULT_PROVIDER, t.id, {}, { signal: rt.signal }),
      fetchedAt: outputInstant(rt.io.now().toISOString()),
    }),
    { stopOnFailure: false },
  );
  return settled.flatMap((s, i) => {
    const target = stubhub[i]!;
    const what = `sales of ${describe(target.agent, target.id, target.entry)}`;
    if (!s.ok) {
      failures.push({ what, error: s.error });
      return [];
    }
    const { summary, fetchedAt } = s.value;
    // One malformed day would fail the whole transaction: the event's sales are left out instead.
    const bad = summary.salesData.find(
      (day) => typeof day.date !== 'string' || Number.isNaN(Date.parse(`${day.date.slice(0, 10)}T00:00:00Z`)),
    );
    if (bad) {
      failures.push({ what, error: `the API sent a day that is not a date ('${String(bad.date)}')` });
      return [];
    }
    return summary.salesData.map((day) => ({
      provider: DEFAULT_PROVIDER,
      eventId: target.id,
      date: day.date.slice(0, 10),
      totalTickets: day.totalTickets,
      totalSales: day.totalSales,
      minPrice: day.minSoldPrice,
      maxPrice: day.maxSoldPrice,
      avgPrice: day.avgSoldPrice,
      fetchedAt,
    }));
  });
}

/** The snapshot rows; in a stream of JSON values (ndjson), then each alert, told apart by its `type: "alert"`. */
async function writeSnapshots(
  snapshots: readonly SnapshotRecord[],
  alerts: readonly object[],
  options: TrackOptions,
  rt: Runtime,
): Promise<void> {
  const output = options.output!;
  const rows = snapshots.map(snapshotRow);
  await withSink(rt, output, async (sink) => {
    const writer = isDocument(output.format) ? jsonListFor(rt, output, sink, 'snapshots') : rowWriterFor(rt, output, sink, SNAPSHOT_VIEW);
    await writer.write(rows);
    if (writesJsonValues(output.format) && alerts.length > 0) await writer.write(alerts);
    await writer.end();
  });
}

/** `TMUSA:abc`, or `evt_x (TMUSA:abc)` when the agent's id came from an evt_ entry. */
function describe(agent: string, id: string, entry: string | undefined): string {
  const pair = `${agent}:${id}`;
  return entry === undefined || entry === pair ? pair : `${entry} (${pair})`;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
