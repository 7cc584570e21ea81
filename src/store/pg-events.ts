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
           state text, country text, event_date timestamptz, first_seen timestamptz, last_seen timestamptz,
           presale_date timestamptz, public_sale_date timestamptz)`,
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

/** The event of evt_ id $1 with its agents; with `all`, every event (no parameter), ordered by evt_ id. */
export function eventSql(s: string, all = false): string {
  return `SELECT e.event_id, e.name, e.category, e.venue, e.city, e.state, e.country, e.event_date, e.first_seen, e.last_seen,
      e.presale_date, e.public_sale_date,
      coalesce(json_agg(json_build_object('agent', a.agent, 'agentEventId', a.agent_event_id, 'firstSeen', a.first_seen, 'lastSeen', a.last_seen)
        ORDER BY a.agent) FILTER (WHERE a.agent IS NOT NULL), '[]') AS agents
    FROM ${s}.events e LEFT JOIN ${s}.event_agents a USING (event_id)
    ${all ? '' : 'WHERE e.event_id = $1'}
    GROUP BY e.event_id
    ORDER BY e.event_id`;
}

/**
 * The most recently seen evt_ id of each agents' event: $1 agents and $2 their event ids (pairs, as arrays),
 * found by index event_agents_by_agent_id.
 */
export function eventIdsOfSql(s: string): string {
  return `SELECT DISTINCT ON (agent, agent_event_id) agent, agent_event_id, event_id
    FROM ${s}.event_agents JOIN unnest($1::text[], $2::text[]) AS w(agent, agent_event_id) USING (agent, agent_event_id)
    ORDER BY agent, agent_event_id, last_seen DESC, event_id`;
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
    presaleDate: row.presale_date === null ? null : at(row.presale_date),
    publicSaleDate: row.public_sale_date === null ? null : at(row.public_sale_date),
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
