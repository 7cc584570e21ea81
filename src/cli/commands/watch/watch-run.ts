import { AGENT_CODES } from '../../../api/agents.js';
import { agentIdsOf } from '../../../api/agent-ids.js';
import type { ApiClient } from '../../../api/client.js';
import { ApiError, isNotFound, NotTheApiError } from '../../../api/errors.js';
import { getEvent } from '../../../api/events.js';
import { sleep as abortableSleep } from '../../../api/retry.js';
import type { EventListing, InventoryListing } from '../../../api/types.js';
import { ExitCode, TixError } from '../../../shared/errors.js';
import { fetchInventory, type FailedBatch } from '../../../market/fetch-inventory.js';
import { marketFigures } from '../../../market/figures.js';
import { byListingId, diffListings } from '../../../market/listing-diff.js';
import { stdoutSink, type Sink } from '../../../output/index.js';
import { jqSink } from '../../kit/jq.js';
import { readerWatch } from '../../../output/reader-gone.js';
import type { AgentEvent, EventRecord, ListingRecord, SnapshotRecord } from '../../../store/store.js';
import { eventRecordOf, sightingTime } from '../../../recording/event-records.js';
import { mapConcurrent } from '../../../shared/concurrency.js';
import { filterListings, type ListingFilter } from '../../kit/listing-filters.js';
import { money } from '../../../output/money.js';
import { formatDuration } from '../../../shared/duration.js';
import type { Runtime } from '../../kit/runtime.js';
import { changeLine, ndjsonLine, snapshotLine, type PolledEvent, type WatchLine } from './watch-lines.js';
import type { HistoryStoreFlags } from '../../../recording/history-store.js';

/** What to watch: one agent's own event ids, or service events (every agent that lists them). */
export type WatchTarget = { kind: 'agent'; agent: string; ids: string[] } | { kind: 'events'; eventIds: string[] };

export interface WatchOptions {
  target: WatchTarget;
  intervalMs: number;
  /** Stop (exit 0) after this many polls. */
  count?: number;
  /** Stop (exit 0) once a matching listing is at or below this price. */
  untilPrice?: number;
  filter: ListingFilter;
  /** NDJSON (off a terminal, or -o ndjson) rather than coloured lines. */
  ndjson: boolean;
  /** `--jq <filter>`: each poll's ndjson lines through jq (kit/jq.ts). */
  jq?: string;
  concurrency: number;
  /** --db or --record: store every poll in the price history, as `tix track` would. */
  record?: HistoryStoreFlags;
}

/** What a watch needs from the outside world besides the Runtime; tests (and the history store) pass their own. */
export interface WatchDeps {
  client: ApiClient;
  now: () => Date;
  /** Waits between polls; must reject at once when the signal aborts (Ctrl-C). */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  /**
   * Called after each poll's lines are written, with a snapshot of every event that poll fetched: all its
   * listings, unfiltered, because a snapshot records what the agent listed (see src/store/store.ts); and,
   * when the watch is of evt_ ids, their service events as seen at that poll.
   */
  onPoll?: (snapshots: SnapshotRecord[], events: EventRecord[]) => Promise<void> | void;
}

/** One agent and the ids of its events to fetch. */
interface AgentIds {
  agent: string;
  ids: string[];
}

interface PollResult {
  events: { event: PolledEvent; listings: InventoryListing[] }[];
  failures: (FailedBatch & { agent: string })[];
  fetchedAt: string;
}

export async function runWatch(options: WatchOptions, rt: Runtime, deps: Partial<WatchDeps> = {}): Promise<number> {
  const client = deps.client ?? (await rt.client());
  const now = deps.now ?? rt.io.now;
  const sleep = deps.sleep ?? abortableSleep;
  const onPoll =
    deps.onPoll ??
    (options.record
      ? await (await import('./watch-record.js')).pollRecorder(rt, options.record, agentEventsOf(options.target))
      : undefined);
  // Aborted when the watch fails or is interrupted: with --jq that ends jq's worker thread.
  let sink: Sink | undefined;
  try {
    const { agents, listings } = await agentsToWatch(client, options.target, rt);
    const format = options.ndjson
      ? ndjsonLine
      : (await import('./watch-terminal.js')).terminalFormatter({
          color: rt.colorFor(rt.io.stdout),
          timeZone: rt.settings.values.timezone,
          width: () => rt.terminalWidth(),
        });
    sink =
      options.jq !== undefined
        ? await jqSink(stdoutSink(rt.io.stdout), options.jq, rt.io.stderr, undefined, rt.jqAhead)
        : stdoutSink(rt.io.stdout);
    const reader = readerWatch(rt.io.stdout);
    rt.note(`Watching ${watched(options.target, agents)} every ${formatDuration(options.intervalMs)}; Ctrl-C to stop.`);

    // Each event's matching listings at its last successful poll; an event not yet fetched has none.
    const state = new Map<string, Map<string, InventoryListing>>();
    for (let poll = 1; ; poll++) {
      const started = now().getTime();
      const result = await pollOnce(client, agents, options.concurrency, rt.signal, now);
      if (rt.signal.aborted) return ExitCode.INTERRUPTED;
      reportFailures(result.failures, poll, rt);

      const lines: WatchLine[] = [];
      for (const { event, listings } of result.events) {
        const key = `${event.agent}\u0000${event.eventId}`;
        const matching = filterListings(options.filter, listings);
        const current = byListingId(matching);
        for (const change of diffListings(state.get(key) ?? new Map(), current)) lines.push(changeLine(event, change));
        lines.push(snapshotLine(event, marketFigures(matching)));
        state.set(key, current);
      }
      // One write per poll: whole lines, however the run ends.
      await sink.write(lines.map(format).join(''));
      if (onPoll) {
        const snapshots = snapshotRecords(result);
        const seenAt = sightingTime(snapshots, result.fetchedAt);
        await onPoll(
          snapshots,
          listings.map((listing) => eventRecordOf(listing, seenAt)),
        );
      }

      if (options.untilPrice !== undefined && reachedPrice(options.untilPrice, result, options, rt)) break;
      if (options.count !== undefined && poll >= options.count) break;
      // A reader that goes away while tix waits (`| head -1`) ends the watch now, not at the next poll's write.
      const readerGone = reader.start();
      try {
        await sleep(
          Math.max(0, options.intervalMs - (now().getTime() - started)),
          readerGone ? AbortSignal.any([rt.signal, readerGone]) : rt.signal,
        );
      } catch (error) {
        if (!readerGone?.aborted || rt.signal.aborted) throw error;
      } finally {
        reader.stop();
      }
      if (readerGone?.aborted) break;
    }
    await sink.commit();
    return ExitCode.OK;
  } catch (error) {
    await sink?.abort();
    // Ctrl-C during a wait or a request. (The CLI has exited 130 by then; this is for callers in-process.)
    if (rt.signal.aborted) return ExitCode.INTERRUPTED;
    throw error;
  }
}

/** The AGENT:ID pairs of a watch of one agent's ids, whose service events are to be found for the history; none for evt_ ids. */
function agentEventsOf(target: WatchTarget): AgentEvent[] {
  return target.kind === 'agent' ? target.ids.map((eventId) => ({ agent: target.agent, eventId })) : [];
}

/** An agent's ids as given, or every agent that lists the service events (read once, at the start), with their listings. */
async function agentsToWatch(
  client: ApiClient,
  target: WatchTarget,
  rt: Runtime,
): Promise<{ agents: AgentIds[]; listings: EventListing[] }> {
  if (target.kind === 'agent') return { agents: [{ agent: target.agent, ids: target.ids }], listings: [] };
  const events = await mapConcurrent(target.eventIds, rt.settings.values.concurrency, (id) => getEvent(client, id, { signal: rt.signal }));
  const byAgent = new Map<string, string[]>();
  events.forEach((event, i) => {
    const ids = agentIdsOf(event);
    if (ids.size === 0) rt.warn(`event ${target.eventIds[i]} is listed by no ticket agent: there is nothing to watch for it`);
    for (const [agent, id] of ids) {
      const list = byAgent.get(agent) ?? [];
      if (!list.includes(id)) list.push(id);
      byAgent.set(agent, list);
    }
  });
  if (byAgent.size === 0)
    throw new TixError(`no ticket agent lists ${target.eventIds.join(', ')}: there is no inventory to watch`, ExitCode.NOT_FOUND);
  return { agents: [...byAgent].map(([agent, ids]) => ({ agent, ids })), listings: events.filter((event) => agentIdsOf(event).size > 0) };
}

function watched(target: WatchTarget, agents: readonly AgentIds[]): string {
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  if (target.kind === 'agent') return `${count(target.ids.length, 'event')} at ${target.agent}`;
  return `${count(target.eventIds.length, 'event')} at ${count(agents.length, 'agent')} (${agents.map((a) => a.agent).join(', ')})`;
}

/** Every agent at once, each in batches of 10 ids (fetchInventory). A failed batch fails only its events. */
async function pollOnce(
  client: ApiClient,
  agents: readonly AgentIds[],
  concurrency: number,
  signal: AbortSignal,
  now: () => Date,
): Promise<PollResult> {
  const fetched = await Promise.all(
    agents.map((a) => fetchInventory(client, a.agent, a.ids, { concurrency, signal, stopOnFailure: false })),
  );
  const result: PollResult = { events: [], failures: [], fetchedAt: now().toISOString() };
  fetched.forEach(({ inventory, failures }, i) => {
    const { agent } = agents[i]!;
    for (const data of inventory.data)
      result.events.push({ event: { agent, eventId: data.eventId, timestamp: inventory.timestamp }, listings: data.sections });
    for (const failure of failures) result.failures.push({ agent, ...failure });
  });
  return result;
}

/**
 * A key that is refused, a base URL that is not the API, or an agent the API does not know, will not get
 * better by waiting: exit 3, 1 or 4.
 * Anything else (503s, timeouts after retries) is a warning, and the next poll tries again; the events that
 * failed keep their last listings, so nothing is reported as removed meanwhile.
 */
function reportFailures(failures: PollResult['failures'], poll: number, rt: Runtime): void {
  const auth = failures.find((f) => f.error instanceof TixError && f.error.exitCode === ExitCode.AUTH);
  if (auth) throw auth.error;
  const wrongUrl = failures.find((f) => f.error instanceof NotTheApiError);
  if (wrongUrl) throw wrongUrl.error;
  const unknownAgent = failures.find((f) => isNotFound(f.error));
  if (unknownAgent) {
    throw new ApiError(
      `ticket agent '${unknownAgent.agent}' not recognised (HTTP 404); known agents: ${AGENT_CODES.join(', ')}`,
      ExitCode.NOT_FOUND,
      {
        endpoint: (unknownAgent.error as ApiError).endpoint,
        status: 404,
      },
    );
  }
  for (const failure of failures) {
    const ids =
      failure.ids.length > 3 ? `${failure.ids.slice(0, 3).join(', ')} and ${failure.ids.length - 3} more` : failure.ids.join(', ');
    const message = failure.error instanceof Error ? failure.error.message : String(failure.error);
    rt.warn(`poll ${poll}: no inventory for ${failure.agent} ${ids}: ${message}; the next poll tries again`);
  }
}

/** True (and says so on stderr) when a listing that passes the filters is at or below the price. */
function reachedPrice(price: number, result: PollResult, options: WatchOptions, rt: Runtime): boolean {
  let best: { event: PolledEvent; listing: InventoryListing } | undefined;
  for (const { event, listings } of result.events) {
    for (const listing of filterListings(options.filter, listings)) {
      if (listing.price <= price && (best === undefined || listing.price < best.listing.price)) best = { event, listing };
    }
  }
  if (best)
    rt.note(
      `${best.event.agent} ${best.event.eventId}: listing ${best.listing.listingId} at ${money(best.listing.price)} is at or below ${money(price)}`,
    );
  return best !== undefined;
}

/** The poll as the history store takes it: every listing, with the agent's own fields in `extra`. */
function snapshotRecords(result: PollResult): SnapshotRecord[] {
  return result.events.map(({ event, listings }) => ({
    agent: event.agent,
    eventId: event.eventId,
    apiTimestamp: utcTimestamp(event.timestamp),
    fetchedAt: result.fetchedAt,
    figures: marketFigures(listings),
    listings: listings.map(listingRecord),
  }));
}

function listingRecord({ listingId, section, row, quantity, price, ...extra }: InventoryListing): ListingRecord {
  return { listingId, section, row, quantity, price, extra };
}

/** The store's form of a timestamp (2026-03-15T03:00:00.000Z); one it cannot read is passed on as given. */
function utcTimestamp(text: string): string {
  const instant = Date.parse(text);
  return Number.isNaN(instant) ? text : new Date(instant).toISOString();
}
