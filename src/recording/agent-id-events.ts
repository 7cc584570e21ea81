import type { ApiClient } from '../api/client.js';
import type { EventListing } from '../api/types.js';
import type { AgentEvent, EventRecord, SnapshotRecord } from '../store/store.js';
import { messageOf } from '../shared/message-of.js';
import { eventRecordOf, lookUpByAgentIds, sightingOf } from './event-records.js';
import { openHistoryStore, type HistoryStoreFlags } from './history-store.js';
import type { Runtime } from './runtime.js';

/**
 * The service events that `track` and `watch --record` store (tables `events` and `event_agents`). An evt_
 * entry's listing is read anyway; an AGENT:ID entry's event is the store's when the store knows the id, else
 * looked up once by the agent's id (GET /events/{agent}/{ids}). Both happen while the inventory is fetched,
 * so a run pays no extra round trip for them.
 */

/** What the store and the lookups said of the AGENT:ID entries, by `agent:id`. */
export interface AgentIdEvents {
  /** evt_ ids the store knows. */
  stored: Map<string, string>;
  /** Listings the lookup found. */
  found: Map<string, EventListing>;
  /** Ids the API knows no event for. */
  notFound: Set<string>;
  /** Ids whose lookup failed, with the error. */
  failed: Map<string, unknown>;
}

const keyOf = (agent: string, id: string) => `${agent}:${id}`;

/**
 * The evt_ ids the store knows for these agents' events, read while the inventory is fetched (the store
 * opened read-only for this query only). No history yet, or one that cannot be read now (locked by another
 * run, say), knows none: those ids are looked up, and the write after the fetch says what is wrong.
 */
async function storedEventIds(rt: Runtime, location: string, flags: HistoryStoreFlags, wanted: readonly AgentEvent[]) {
  try {
    // No wait for a DuckDB file's lock: a writer holding it now is waited for once, by the write after the fetch.
    const store = await openHistoryStore(rt, location, { ...flags, lockTimeoutSeconds: 0, readOnly: true });
    try {
      return await store.eventIdsOf(wanted);
    } finally {
      await store.close();
    }
  } catch (error) {
    if (rt.signal.aborted) throw error;
    rt.trace(`the history's known events could not be read (${messageOf(error)}); asking the API`);
    return wanted.map(() => undefined);
  }
}

/**
 * The events of `wanted` (AGENT:ID entries not covered by an evt_ entry): the answer of the store at
 * `location` first (none when there is no history yet), then one lookup per agent for the rest,
 * --concurrency requests at a time.
 */
export async function agentIdEvents(
  rt: Runtime,
  client: ApiClient,
  location: string,
  store: HistoryStoreFlags,
  wanted: readonly AgentEvent[],
): Promise<AgentIdEvents> {
  const result: AgentIdEvents = { stored: new Map(), found: new Map(), notFound: new Set(), failed: new Map() };
  if (wanted.length === 0) return result;
  const options = { concurrency: rt.settings.values.concurrency, signal: rt.signal };
  const known = await storedEventIds(rt, location, store, wanted);
  const unknown = new Map<string, string[]>();
  wanted.forEach(({ agent, eventId }, i) => {
    const evt = known[i];
    if (evt !== undefined) result.stored.set(keyOf(agent, eventId), evt);
    else unknown.set(agent, (unknown.get(agent) ?? []).concat(eventId));
  });
  await Promise.all(
    [...unknown].map(async ([agent, ids]) => {
      const lookup = await lookUpByAgentIds(client, agent, ids, options);
      for (const [id, listing] of lookup.found) result.found.set(keyOf(agent, id), listing);
      for (const id of lookup.notFound) result.notFound.add(keyOf(agent, id));
      for (const id of lookup.failed?.ids ?? []) result.failed.set(keyOf(agent, id), lookup.failed!.error);
    }),
  );
  return result;
}

/**
 * The records to store: each evt_ entry's listing, and the event of each AGENT:ID entry that gave a
 * snapshot. A lookup that failed or found nothing costs only the event's row: a warning (ids that gave no
 * snapshot are left out: their fetch failure is reported already).
 */
export function eventsToRecord(
  listings: Iterable<EventListing>,
  agentIds: AgentIdEvents,
  snapshots: readonly SnapshotRecord[],
  seenAt: string,
  warn: (line: string) => void,
): EventRecord[] {
  const events = [...listings].map((listing) => eventRecordOf(listing, seenAt));
  const notFound: string[] = [];
  const failed: string[] = [];
  let error: unknown;
  for (const key of new Set(snapshots.map((s) => keyOf(s.agent, s.eventId)))) {
    const [agent, id] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
    const evt = agentIds.stored.get(key);
    const listing = agentIds.found.get(key);
    if (evt !== undefined) events.push(sightingOf(evt, agent, id, seenAt));
    // Only the agent tracked: its row says which ids this history follows (an evt_ entry follows them all),
    // and a first run of a long watch list writes one agents' row per id, not one per agent of each event.
    else if (listing) events.push({ ...eventRecordOf(listing, seenAt), agents: [{ agent, agentEventId: id }] });
    else if (agentIds.notFound.has(key)) notFound.push(key);
    else if (agentIds.failed.has(key)) {
      failed.push(key);
      error ??= agentIds.failed.get(key);
    }
  }
  if (notFound.length > 0)
    warn(`no service event (evt_ id) found for ${notFound.join(', ')}: its snapshots are stored under the agent's id only`);
  if (failed.length > 0)
    warn(
      `could not look up the service event of ${failed.join(', ')} (${messageOf(error)}): its snapshots are stored, and the next run asks again`,
    );
  return events;
}
