import type { DuckDBAppender, DuckDBConnection } from '@duckdb/node-api';
import { timestampTZValue } from './duckdb-driver.js';
import { micros } from './duckdb-rows.js';
import { type EventAgentRow, type EventRow, eventRows } from './event-rows.js';
import { EVENT_AGENT_COLUMNS, EVENT_COLUMNS, eventAgentsMerge, eventsMerge } from './event-sql.js';
import type { AgentEvent, EventRecord, StoredEvent } from './store.js';
import { microsToIso } from './timestamps.js';

// Tables `events` and `event_agents` in a DuckDB file: merged by record(), read by `tix history evt_...`.

/**
 * Inside record()'s transaction. Rows the file does not hold yet go straight in through the appender (a
 * first run of a long watch list adds thousands of agents' rows); rows it holds are staged in a temporary
 * table and merged in one statement (event-sql.ts).
 */
export async function upsertEvents(connection: DuckDBConnection, records: readonly EventRecord[]): Promise<void> {
  const { events, agents } = eventRows(records);
  if (events.length === 0 && agents.length === 0) return;
  const ids = [...new Set([...events, ...agents].map((row) => row.event_id))];
  const marks = ids.map(() => '?').join(', ');
  const heldEvents = new Set(
    (await connection.runAndReadAll(`SELECT event_id FROM events WHERE event_id IN (${marks})`, ids)).getRowsJS().map(([id]) => String(id)),
  );
  const heldAgents = new Set(
    (await connection.runAndReadAll(`SELECT event_id, agent FROM event_agents WHERE event_id IN (${marks})`, ids))
      .getRowsJS()
      .map(([id, agent]) => `${id}\u0000${agent}`),
  );
  await upsert(
    connection,
    'events',
    events,
    (row) => heldEvents.has(row.event_id),
    appendEvent,
    (source) => eventsMerge('events', `SELECT ${EVENT_COLUMNS} FROM ${source}`),
  );
  await upsert(
    connection,
    'event_agents',
    agents,
    (row) => heldAgents.has(`${row.event_id}\u0000${row.agent}`),
    appendAgent,
    (source) => eventAgentsMerge('event_agents', `SELECT ${EVENT_AGENT_COLUMNS} FROM ${source}`),
  );
}

function appendEvent(appender: DuckDBAppender, row: EventRow): void {
  appender.appendVarchar(row.event_id);
  for (const text of [row.name, row.category, row.venue, row.city, row.state, row.country]) {
    if (text === null) appender.appendNull();
    else appender.appendVarchar(text);
  }
  if (row.event_date === null) appender.appendNull();
  else appender.appendTimestampTZ(timestampTZValue(micros(row.event_date)));
  appender.appendTimestampTZ(timestampTZValue(micros(row.first_seen)));
  appender.appendTimestampTZ(timestampTZValue(micros(row.last_seen)));
  for (const at of [row.presale_date, row.public_sale_date]) {
    if (at === null) appender.appendNull();
    else appender.appendTimestampTZ(timestampTZValue(micros(at)));
  }
}

function appendAgent(appender: DuckDBAppender, row: EventAgentRow): void {
  appender.appendVarchar(row.event_id);
  appender.appendVarchar(row.agent);
  appender.appendVarchar(row.agent_event_id);
  appender.appendTimestampTZ(timestampTZValue(micros(row.first_seen)));
  appender.appendTimestampTZ(timestampTZValue(micros(row.last_seen)));
}

/** New rows appended to `table`; held ones through temporary table incoming_<table> and `merge`. */
async function upsert<T extends EventRow | EventAgentRow>(
  connection: DuckDBConnection,
  table: string,
  rows: readonly T[],
  isHeld: (row: T) => boolean,
  append: (appender: DuckDBAppender, row: T) => void,
  merge: (source: string) => string,
): Promise<void> {
  const fresh = rows.filter((row) => !isHeld(row));
  const held = rows.filter(isHeld);
  if (fresh.length > 0) await appendRows(connection, table, false, fresh, append);
  if (held.length === 0) return;
  await connection.run(`CREATE OR REPLACE TEMP TABLE incoming_${table} AS SELECT * FROM ${table} LIMIT 0`);
  await appendRows(connection, `incoming_${table}`, true, held, append);
  await connection.run(merge(`incoming_${table}`));
  await connection.run(`DROP TABLE incoming_${table}`);
}

async function appendRows<T>(
  connection: DuckDBConnection,
  table: string,
  temporary: boolean,
  rows: readonly T[],
  append: (appender: DuckDBAppender, row: T) => void,
): Promise<void> {
  const appender = temporary ? await connection.createAppender(table, 'main', 'temp') : await connection.createAppender(table);
  try {
    for (const row of rows) {
      append(appender, row);
      appender.endRow();
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
}

export async function readEvent(connection: DuckDBConnection, eventId: string, saleDates: boolean): Promise<StoredEvent | undefined> {
  return (await readEvents(connection, saleDates, eventId))[0];
}

/**
 * Every stored event with its agents (ordered by evt_ id, then agent), or the one of `eventId`. Without
 * `saleDates` (a file read as it is, from before those columns) the sale dates are null.
 */
export async function readEvents(connection: DuckDBConnection, saleDates: boolean, eventId?: string): Promise<StoredEvent[]> {
  const where = eventId === undefined ? '' : 'WHERE event_id = ?';
  const params = eventId === undefined ? [] : [eventId];
  const events = await connection.runAndReadAll(
    `SELECT event_id, name, category, venue, city, state, country, epoch_us(event_date) AS date_us,
       epoch_us(first_seen) AS first_us, epoch_us(last_seen) AS last_us,
       ${saleDates ? 'epoch_us(presale_date) AS presale_us, epoch_us(public_sale_date) AS public_sale_us' : 'NULL AS presale_us, NULL AS public_sale_us'}
     FROM events ${where} ORDER BY event_id`,
    params,
  );
  const agents = await connection.runAndReadAll(
    `SELECT event_id, agent, agent_event_id, epoch_us(first_seen) AS first_us, epoch_us(last_seen) AS last_us
     FROM event_agents ${where} ORDER BY event_id, agent`,
    params,
  );
  const agentsOf = new Map<string, StoredEvent['agents']>();
  for (const a of agents.getRowObjectsJS()) {
    const id = String(a.event_id);
    const list = agentsOf.get(id) ?? [];
    list.push({
      agent: String(a.agent),
      agentEventId: String(a.agent_event_id),
      firstSeen: microsToIso(a.first_us as bigint),
      lastSeen: microsToIso(a.last_us as bigint),
    });
    agentsOf.set(id, list);
  }
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  return events.getRowObjectsJS().map((row) => ({
    eventId: String(row.event_id),
    name: text(row.name),
    category: text(row.category),
    venue: text(row.venue),
    city: text(row.city),
    state: text(row.state),
    country: text(row.country),
    eventDate: row.date_us === null ? null : microsToIso(row.date_us as bigint),
    presaleDate: row.presale_us === null ? null : microsToIso(row.presale_us as bigint),
    publicSaleDate: row.public_sale_us === null ? null : microsToIso(row.public_sale_us as bigint),
    firstSeen: microsToIso(row.first_us as bigint),
    lastSeen: microsToIso(row.last_us as bigint),
    agents: agentsOf.get(String(row.event_id)) ?? [],
  }));
}

/**
 * The most recently seen evt_ id of each agent's event (an agent's id belongs to one event; should two
 * claim it, the latest wins). One query over the agents' rows of event_agents: a few per tracked event.
 */
export async function readEventIdsOf(connection: DuckDBConnection, events: readonly AgentEvent[]): Promise<(string | undefined)[]> {
  const agents = [...new Set(events.map((e) => e.agent))];
  if (agents.length === 0) return [];
  const reader = await connection.runAndReadAll(
    `SELECT agent, agent_event_id, event_id FROM event_agents WHERE agent IN (${agents.map(() => '?').join(', ')})
     ORDER BY last_seen DESC, event_id`,
    agents,
  );
  const known = new Map<string, string>();
  for (const [agent, agentEventId, eventId] of reader.getRowsJS()) {
    const key = `${agent}\u0000${agentEventId}`;
    if (!known.has(key)) known.set(key, String(eventId));
  }
  return events.map((e) => known.get(`${e.agent}\u0000${e.eventId}`));
}
