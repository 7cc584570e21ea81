import { TixError } from '../shared/errors.js';
import type { EventRecord, HistoryBatch, StoredEvent } from './store.js';
import { canonicalInstant, isoToMicros } from './timestamps.js';

/** A row of table `events`, timestamps in their one spelling (timestamps.ts). */
export interface EventRow {
  event_id: string;
  name: string | null;
  category: string | null;
  venue: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  event_date: string | null;
  first_seen: string;
  last_seen: string;
  presale_date: string | null;
  public_sale_date: string | null;
}

/** A row of table `event_agents`. */
export interface EventAgentRow {
  event_id: string;
  agent: string;
  agent_event_id: string;
  first_seen: string;
  last_seen: string;
}

const DESCRIPTIVE = ['name', 'category', 'venue', 'city', 'state', 'country', 'event_date', 'presale_date', 'public_sale_date'] as const;

/**
 * One row per event and per (event, agent), whatever record() was given (an INSERT may not update a row
 * twice): first_seen the earliest sighting, last_seen the latest, and each descriptive field the latest
 * sighting's that has one. Both stores merge these rows into their tables by the same rule, and in key
 * order, so two PostgreSQL writers take their row locks in one order.
 */
export function eventRows(records: readonly EventRecord[]): { events: EventRow[]; agents: EventAgentRow[] } {
  const events = new Map<string, EventRow>();
  const agents = new Map<string, EventAgentRow>();
  for (const record of records) {
    const seen = instant(record.seenAt, `the time ${record.eventId} was seen`);
    const row: EventRow = {
      event_id: record.eventId,
      name: record.name,
      category: record.category,
      venue: record.venue,
      city: record.city,
      state: record.state,
      country: record.country,
      event_date: record.eventDate === null ? null : instant(record.eventDate, `the date of ${record.eventId}`),
      first_seen: seen,
      last_seen: seen,
      presale_date: record.presaleDate === null ? null : instant(record.presaleDate, `the presale date of ${record.eventId}`),
      public_sale_date: record.publicSaleDate === null ? null : instant(record.publicSaleDate, `the public sale date of ${record.eventId}`),
    };
    const held = events.get(row.event_id);
    events.set(row.event_id, held ? merged(held, row) : row);
    for (const { agent, agentEventId } of record.agents) {
      const key = `${record.eventId}\u0000${agent}`;
      const given = { event_id: record.eventId, agent, agent_event_id: agentEventId, first_seen: seen, last_seen: seen };
      const heldAgent = agents.get(key);
      if (!heldAgent) agents.set(key, given);
      else {
        const later = isLater(given.last_seen, heldAgent.last_seen) ? given : heldAgent;
        agents.set(key, { ...later, first_seen: earliest(heldAgent.first_seen, seen), last_seen: latest(heldAgent.last_seen, seen) });
      }
    }
  }
  const byKey = <T>(rows: Map<string, T>) => [...rows].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
  return { events: byKey(events), agents: byKey(agents) };
}

function merged(held: EventRow, given: EventRow): EventRow {
  const [older, newer] = isLater(given.last_seen, held.last_seen) ? [held, given] : [given, held];
  const row = { ...newer, first_seen: earliest(held.first_seen, given.first_seen), last_seen: latest(held.last_seen, given.last_seen) };
  for (const field of DESCRIPTIVE) row[field] = newer[field] ?? older[field];
  return row;
}

function instant(text: string, what: string): string {
  const canonical = canonicalInstant(text);
  if (canonical === undefined)
    throw new TixError(`cannot record in the price history: ${what} is not an ISO 8601 date-time with a zone: '${text}'`);
  return canonical;
}

/** Whether instant `a` is at or after `b` (both already checked by instant()). */
function isLater(a: string, b: string): boolean {
  return isoToMicros(a)! >= isoToMicros(b)!;
}

function earliest(a: string, b: string): string {
  return isLater(a, b) ? b : a;
}

function latest(a: string, b: string): string {
  return isLater(a, b) ? a : b;
}

/**
 * Stored events as records that record() merges back into the same rows: the event at its first and its
 * latest sighting, each agent at its own (a record's seenAt moves first_seen and last_seen alike).
 */
export function storedEventRecords(stored: StoredEvent): EventRecord[] {
  const bare = {
    ...stored,
    ...{ name: null, category: null, venue: null, city: null, state: null, country: null },
    ...{ eventDate: null, presaleDate: null, publicSaleDate: null },
  };
  const record = (from: StoredEvent, seenAt: string, agents: EventRecord['agents']): EventRecord => ({
    eventId: from.eventId,
    name: from.name,
    category: from.category,
    venue: from.venue,
    city: from.city,
    state: from.state,
    country: from.country,
    eventDate: from.eventDate,
    presaleDate: from.presaleDate,
    publicSaleDate: from.publicSaleDate,
    agents,
    seenAt,
  });
  return [
    record(bare, stored.firstSeen, []),
    record(stored, stored.lastSeen, []),
    ...stored.agents.flatMap((a) => [
      record(bare, a.firstSeen, [{ agent: a.agent, agentEventId: a.agentEventId }]),
      record(bare, a.lastSeen, [{ agent: a.agent, agentEventId: a.agentEventId }]),
    ]),
  ];
}

/** Every stored event as readAll()'s last batches, `size` events a batch. */
export function* eventBatches(events: readonly StoredEvent[], size: number): Iterable<HistoryBatch> {
  const step = Math.max(1, Math.floor(size));
  for (let i = 0; i < events.length; i += step)
    yield { snapshots: [], sales: [], events: events.slice(i, i + step).flatMap(storedEventRecords) };
}
