import type { DuckDBAppender, DuckDBConnection } from '@duckdb/node-api';
import { timestampTZValue } from './duckdb-driver.js';
import { micros } from './duckdb-rows.js';
import { type EventAgentRow, type EventRow, eventRows } from './event-rows.js';
import { EVENT_AGENT_COLUMNS, EVENT_COLUMNS, eventAgentsMerge, eventsMerge } from './event-sql.js';
import type { EventRecord, StoredEvent } from './store.js';
import { microsToIso } from './timestamps.js';

// Tables `events` and `event_agents` in a DuckDB file: merged by record(), read by `tix history evt_...`.

/** Inside record()'s transaction: staged through temporary tables, then merged in one statement each. */
export async function upsertEvents(connection: DuckDBConnection, records: readonly EventRecord[]): Promise<void> {
  const { events, agents } = eventRows(records);
  if (events.length === 0 && agents.length === 0) return;
  await stage(connection, 'events', events, (appender, row) => {
    appender.appendVarchar(row.event_id);
    for (const text of [row.name, row.category, row.venue, row.city, row.state, row.country]) {
      if (text === null) appender.appendNull();
      else appender.appendVarchar(text);
    }
    if (row.event_date === null) appender.appendNull();
    else appender.appendTimestampTZ(timestampTZValue(micros(row.event_date)));
    appender.appendTimestampTZ(timestampTZValue(micros(row.first_seen)));
    appender.appendTimestampTZ(timestampTZValue(micros(row.last_seen)));
  });
  await stage(connection, 'event_agents', agents, (appender, row) => {
    appender.appendVarchar(row.event_id);
    appender.appendVarchar(row.agent);
    appender.appendVarchar(row.agent_event_id);
    appender.appendTimestampTZ(timestampTZValue(micros(row.first_seen)));
    appender.appendTimestampTZ(timestampTZValue(micros(row.last_seen)));
  });
  await connection.run(eventsMerge('events', `SELECT ${EVENT_COLUMNS} FROM incoming_events`));
  await connection.run(eventAgentsMerge('event_agents', `SELECT ${EVENT_AGENT_COLUMNS} FROM incoming_event_agents`));
  await connection.run('DROP TABLE incoming_events');
  await connection.run('DROP TABLE incoming_event_agents');
}

async function stage<T extends EventRow | EventAgentRow>(
  connection: DuckDBConnection,
  table: string,
  rows: readonly T[],
  append: (appender: DuckDBAppender, row: T) => void,
): Promise<void> {
  await connection.run(`CREATE OR REPLACE TEMP TABLE incoming_${table} AS SELECT * FROM ${table} LIMIT 0`);
  const appender = await connection.createAppender(`incoming_${table}`, 'main', 'temp');
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

export async function readEvent(connection: DuckDBConnection, eventId: string): Promise<StoredEvent | undefined> {
  const event = await connection.runAndReadAll(
    `SELECT event_id, name, category, venue, city, state, country, epoch_us(event_date) AS date_us,
       epoch_us(first_seen) AS first_us, epoch_us(last_seen) AS last_us
     FROM events WHERE event_id = ?`,
    [eventId],
  );
  const row = event.getRowObjectsJS()[0];
  if (!row) return undefined;
  const agents = await connection.runAndReadAll(
    `SELECT agent, agent_event_id, epoch_us(first_seen) AS first_us, epoch_us(last_seen) AS last_us
     FROM event_agents WHERE event_id = ? ORDER BY agent`,
    [eventId],
  );
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  return {
    eventId: String(row.event_id),
    name: text(row.name),
    category: text(row.category),
    venue: text(row.venue),
    city: text(row.city),
    state: text(row.state),
    country: text(row.country),
    eventDate: row.date_us === null ? null : microsToIso(row.date_us as bigint),
    firstSeen: microsToIso(row.first_us as bigint),
    lastSeen: microsToIso(row.last_us as bigint),
    agents: agents.getRowObjectsJS().map((a) => ({
      agent: String(a.agent),
      agentEventId: String(a.agent_event_id),
      firstSeen: microsToIso(a.first_us as bigint),
      lastSeen: microsToIso(a.last_us as bigint),
    })),
  };
}

/** The most recently seen evt_ id for the agent's event (an agent's id belongs to one event; should two claim it, the latest wins). */
export async function readEventIdOf(connection: DuckDBConnection, agent: string, agentEventId: string): Promise<string | undefined> {
  const reader = await connection.runAndReadAll(
    'SELECT event_id FROM event_agents WHERE agent = ? AND agent_event_id = ? ORDER BY last_seen DESC, event_id LIMIT 1',
    [agent, agentEventId],
  );
  const row = reader.getRowObjectsJS()[0];
  return row ? String(row.event_id) : undefined;
}
