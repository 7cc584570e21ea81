/**
 * The merge of incoming `events` and `event_agents` rows (event-rows.ts) into the tables, the same SQL in
 * DuckDB and PostgreSQL: first_seen the earliest, last_seen the latest, and the other fields those of the
 * later sighting where it has them, so replaying an older run (a pending file, an export) never undoes a
 * newer one, and recording the same rows twice changes nothing.
 */

/** `field` from the later of the stored and the incoming row, falling back to the other when null. */
function latest(table: string, field: string): string {
  return `${field} = CASE WHEN excluded.last_seen >= ${table}.last_seen THEN coalesce(excluded.${field}, ${table}.${field}) ELSE coalesce(${table}.${field}, excluded.${field}) END`;
}

function seen(table: string): string {
  return `first_seen = least(${table}.first_seen, excluded.first_seen), last_seen = greatest(${table}.last_seen, excluded.last_seen)`;
}

const EVENT_FIELDS = ['name', 'category', 'venue', 'city', 'state', 'country', 'event_date', 'presale_date', 'public_sale_date'];

/** In the order of the DuckDB table's columns (its appender fills them in that order): the sale dates came later. */
export const EVENT_COLUMNS =
  'event_id, name, category, venue, city, state, country, event_date, first_seen, last_seen, presale_date, public_sale_date';
export const EVENT_AGENT_COLUMNS = 'event_id, agent, agent_event_id, first_seen, last_seen';

/** `target` the (qualified) table, `source` a SELECT of EVENT_COLUMNS in their order. */
export function eventsMerge(target: string, source: string): string {
  return `INSERT INTO ${target} (${EVENT_COLUMNS}) ${source}
    ON CONFLICT (event_id) DO UPDATE SET ${EVENT_FIELDS.map((f) => latest('events', f)).join(', ')}, ${seen('events')}`;
}

/** `target` the (qualified) table, `source` a SELECT of EVENT_AGENT_COLUMNS in their order. */
export function eventAgentsMerge(target: string, source: string): string {
  return `INSERT INTO ${target} (${EVENT_AGENT_COLUMNS}) ${source}
    ON CONFLICT (event_id, agent) DO UPDATE SET ${latest('event_agents', 'agent_event_id')}, ${seen('event_agents')}`;
}
