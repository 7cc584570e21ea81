import type pg from 'pg';
import { eventRows } from './event-rows.js';
import { EVENT_AGENT_COLUMNS, EVENT_COLUMNS, eventAgentsMerge, eventsMerge } from './event-sql.js';
import type { EventRecord, StoredEvent } from './store.js';
import { canonicalInstant } from './timestamps.js';

// Tables `events` and `event_agents` in PostgreSQL (`s` the quoted schema): merged by record(), read by
// `tix history evt_...`. The SQL of the merge is the DuckDB store's (event-sql.ts).

/** Inside record()'s transaction; the rows come in key order (eventRows), so concurrent writers lock rows in one order. */
export async function upsertPgEvents(client: pg.Client, s: string, records: readonly EventRecord[]): Promise<void> {
  const { events, agents } = eventRows(records);
  if (events.length > 0) {
    await client.query(
      eventsMerge(
        `${s}.events`,
        `SELECT ${EVENT_COLUMNS} FROM json_to_recordset($1::json) AS r(event_id text, name text, category text, venue text, city text,
           state text, country text, event_date timestamptz, first_seen timestamptz, last_seen timestamptz)`,
      ),
      [JSON.stringify(events)],
    );
  }
  if (agents.length > 0) {
    await client.query(
      eventAgentsMerge(
        `${s}.event_agents`,
        `SELECT ${EVENT_AGENT_COLUMNS} FROM json_to_recordset($1::json) AS r(event_id text, agent text, agent_event_id text,
           first_seen timestamptz, last_seen timestamptz)`,
      ),
      [JSON.stringify(agents)],
    );
  }
}

export function eventSql(s: string): string {
  return `SELECT e.event_id, e.name, e.category, e.venue, e.city, e.state, e.country, e.event_date, e.first_seen, e.last_seen,
      coalesce(json_agg(json_build_object('agent', a.agent, 'agentEventId', a.agent_event_id, 'firstSeen', a.first_seen, 'lastSeen', a.last_seen)
        ORDER BY a.agent) FILTER (WHERE a.agent IS NOT NULL), '[]') AS agents
    FROM ${s}.events e LEFT JOIN ${s}.event_agents a USING (event_id)
    WHERE e.event_id = $1
    GROUP BY e.event_id`;
}

/** The most recently seen evt_ id for an agent's event id (by index event_agents_by_agent_id). */
export function eventIdOfSql(s: string): string {
  return `SELECT event_id FROM ${s}.event_agents WHERE agent = $1 AND agent_event_id = $2 ORDER BY last_seen DESC, event_id LIMIT 1`;
}

// biome-ignore lint/suspicious/noExplicitAny: the row of eventSql(), which names every column.
export function storedEvent(row: Record<string, any>): StoredEvent {
  // Columns come canonical already (pg-connect.ts); json_agg's timestamps come as PostgreSQL's JSON text.
  const at = (value: string) => canonicalInstant(value) ?? value;
  return {
    eventId: row.event_id,
    name: row.name,
    category: row.category,
    venue: row.venue,
    city: row.city,
    state: row.state,
    country: row.country,
    eventDate: row.event_date === null ? null : at(row.event_date),
    firstSeen: at(row.first_seen),
    lastSeen: at(row.last_seen),
    agents: (row.agents as { agent: string; agentEventId: string; firstSeen: string; lastSeen: string }[]).map((a) => ({
      agent: a.agent,
      agentEventId: a.agentEventId,
      firstSeen: at(a.firstSeen),
      lastSeen: at(a.lastSeen),
    })),
  };
}
