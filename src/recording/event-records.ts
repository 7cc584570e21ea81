import { agentIdsOf } from '../api/agent-ids.js';
import type { ApiClient } from '../api/client.js';
import { isNotFound } from '../api/errors.js';
import { getEventsByAgentIds } from '../api/events.js';
import type { EventListing, EventsResponse } from '../api/types.js';
import { mapSettled, type Settled } from '../shared/concurrency.js';
import type { EventRecord, SnapshotRecord } from '../store/store.js';
import { canonicalInstant, isoToMicros } from '../store/timestamps.js';

/**
 * The service's events as `track` and `watch --record` store them (tables `events` and `event_agents`):
 * from an event listing they already have, or looked up by an agent's own ids.
 */

/** How many agent ids go in one GET /events/{agent}/{ids}: the contract sets no limit, so stay modest (as `events get` does). */
const AGENT_IDS_PER_REQUEST = 50;

/**
 * A listing as a record of table `events`, seen at `seenAt`, with the agents it lists. A field the API did
 * not send, or sent in another shape (an event date without a zone), is null: it never costs the run its
 * snapshots.
 */
export function eventRecordOf(listing: EventListing, seenAt: string): EventRecord {
  const ids = agentIdsOf(listing);
  const instant = (value: unknown) => {
    const given = text(value);
    return given === null ? null : (canonicalInstant(given) ?? null);
  };
  return {
    eventId: listing.id,
    name: text(listing.name),
    category: text(listing.category),
    venue: text(listing.venue),
    city: text(listing.city),
    state: text(listing.state),
    country: text(listing.country),
    eventDate: instant(listing.eventDate),
    presaleDate: instant(listing.presaleDate),
    publicSaleDate: instant(listing.publicSaleDate),
    agents: [...ids].map(([agent, agentEventId]) => ({ agent, agentEventId })),
    seenAt,
  };
}

/**
 * When a run saw its events: the API's latest timestamp among its snapshots (the market's clock, as in
 * table `snapshots`), or `otherwise` (tix's clock) when it has none.
 */
export function sightingTime(snapshots: readonly SnapshotRecord[], otherwise: string): string {
  let latest: { text: string; micros: bigint } | undefined;
  for (const s of snapshots) {
    const micros = isoToMicros(s.apiTimestamp);
    if (micros !== undefined && (!latest || micros > latest.micros)) latest = { text: s.apiTimestamp, micros };
  }
  return latest?.text ?? otherwise;
}

/** An event known only by its evt_ id and one agent's id for it: the other fields stay as stored. */
export function sightingOf(eventId: string, agent: string, agentEventId: string, seenAt: string): EventRecord {
  return {
    eventId,
    name: null,
    category: null,
    venue: null,
    city: null,
    state: null,
    country: null,
    eventDate: null,
    presaleDate: null,
    publicSaleDate: null,
    agents: [{ agent, agentEventId }],
    seenAt,
  };
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

export interface AgentLookup {
  /** Agent's id -> the service's event that lists it. */
  found: Map<string, EventListing>;
  /** Ids the API found no event for. */
  notFound: string[];
  /** Ids whose request failed (after retries), with the first error. */
  failed: { ids: string[]; error: unknown } | undefined;
}

/**
 * GET /events/{agent}/{ids} for `ids` in batches of AGENT_IDS_PER_REQUEST, `concurrency` at a time; every
 * batch is asked even after a failure (so a caller can name every id not found). Each batch with its outcome.
 */
export async function eventsByAgentIdBatches(
  client: ApiClient,
  agent: string,
  ids: readonly string[],
  options: { concurrency: number; signal: AbortSignal },
): Promise<{ batch: string[]; outcome: Settled<EventsResponse> }[]> {
  const batches: string[][] = [];
  for (let i = 0; i < ids.length; i += AGENT_IDS_PER_REQUEST) batches.push(ids.slice(i, i + AGENT_IDS_PER_REQUEST));
  const settled = await mapSettled(
    batches,
    options.concurrency,
    (batch) => getEventsByAgentIds(client, agent, batch, { signal: options.signal }),
    {
      stopOnFailure: false,
    },
  );
  return batches.map((batch, i) => ({ batch, outcome: settled[i]! }));
}

/** The service events of one agent's ids; an event answers for an id it carries as that agent's (`agent` a code). */
export async function lookUpByAgentIds(
  client: ApiClient,
  agent: string,
  ids: readonly string[],
  options: { concurrency: number; signal: AbortSignal },
): Promise<AgentLookup> {
  const lookup: AgentLookup = { found: new Map(), notFound: [], failed: undefined };
  for (const { batch, outcome } of await eventsByAgentIdBatches(client, agent, ids, options)) {
    if (!outcome.ok) {
      if (isNotFound(outcome.error)) lookup.notFound.push(...batch);
      else if (lookup.failed) lookup.failed.ids.push(...batch);
      else lookup.failed = { ids: [...batch], error: outcome.error };
      continue;
    }
    const { events } = outcome.value;
    for (const event of events) {
      const id = agentIdsOf(event).get(agent);
      if (id !== undefined && batch.includes(id)) lookup.found.set(id, event);
    }
    // A lone id answered by a lone listing that does not carry the agent's ids is still that id's event.
    if (batch.length === 1 && events.length === 1 && !lookup.found.has(batch[0]!)) lookup.found.set(batch[0]!, events[0]!);
    lookup.notFound.push(...batch.filter((id) => !lookup.found.has(id)));
  }
  return lookup;
}
