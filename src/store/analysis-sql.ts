import type { AgentEvent, PeriodLowRow, PeriodUnit, PriceSummaryRow, TrackedEventFilter, TrackedEventRow } from './store.js';

/**
 * The SQL of `history list`, `history summary` and `history --by`, one text for both stores: DuckDB and
 * PostgreSQL share the syntax used here (window functions, FILTER, GROUPING SETS, timezone(), numbered
 * `$n` parameters), so the figures cannot differ between them. Everything is computed in the database,
 * over the snapshots' own columns: no query reads a snapshot's listings except the few of a lowest price.
 *
 * `table(name)` gives a table's name as the store spells it (PostgreSQL: schema-qualified). Timestamps come
 * back as ISO 8601 text (each store converts its own values), counts as integers.
 */

export interface AnalysisQuery {
  sql: string;
  params: (string | number)[];
}

export type Table = (name: 'snapshots' | 'listings' | 'events' | 'event_agents') => string;

/**
 * The tables as a store spells them (`schema.name` or `name`), where a history of schema version 1, read
 * as it is (only a write migrates it), has no `events` and `event_agents`: then they are empty, and every
 * agent's event is one without evt_ id.
 */
export function tablesOf(prefix: string, hasEvents: boolean): Table {
  return (name) => {
    if (hasEvents || name === 'snapshots' || name === 'listings') return `${prefix}${name}`;
    return name === 'events'
      ? '(SELECT CAST(NULL AS TEXT) AS event_id, CAST(NULL AS TEXT) AS name, CAST(NULL AS TIMESTAMPTZ) AS event_date WHERE false)'
      : '(SELECT CAST(NULL AS TEXT) AS event_id, CAST(NULL AS TEXT) AS agent, CAST(NULL AS TEXT) AS agent_event_id WHERE false)';
  };
}

/** `(agent = $1 AND event_id = $2) OR ...`: the snapshots' key, so PostgreSQL uses its primary key. */
function agentEventsWhere(events: readonly AgentEvent[], params: (string | number)[]): string {
  return events
    .map((e) => {
      params.push(e.agent, e.eventId);
      return `(agent = $${params.length - 1} AND event_id = $${params.length})`;
    })
    .join(' OR ');
}

/**
 * One row per tracked event: the snapshots of an agent's event belong to its evt_ id when event_agents
 * knows it, else they are an event of their own (`AGENT:ID`). Current: each agent's latest snapshot, the
 * lowest across them. Lowest ever: the earliest snapshot at the lowest price (then by agent), found from
 * each agent's own earliest snapshot at its lowest.
 */
export function trackedEventsQuery(table: Table, filter: TrackedEventFilter): AnalysisQuery {
  const params: (string | number)[] = [];
  const where: string[] = [];
  if (filter.eventAfter !== undefined) {
    params.push(filter.eventAfter);
    where.push(`e.event_date > CAST($${params.length} AS TIMESTAMPTZ)`);
  }
  if (filter.lastSnapshotSince !== undefined) {
    params.push(filter.lastSnapshotSince);
    where.push(`t.last_at >= CAST($${params.length} AS TIMESTAMPTZ)`);
  }
  if (filter.nameContains !== undefined) {
    params.push(filter.nameContains.toLowerCase());
    where.push(`strpos(lower(e.name), CAST($${params.length} AS TEXT)) > 0`);
  }
  // Each agent's event is summed up first (a few rows per event), then its agents are gathered by event.
  const sql = `WITH per_agent AS MATERIALIZED (
      SELECT agent, event_id AS agent_event_id, CAST(count(*) AS INTEGER) AS snapshots, min(api_timestamp) AS first_at,
        max(api_timestamp) AS last_at, min(min_price) AS lowest_price
      FROM ${table('snapshots')} GROUP BY agent, event_id
    ),
    latest AS (
      SELECT p.agent, p.agent_event_id, s.min_price AS current_price FROM per_agent p
      JOIN ${table('snapshots')} s ON s.agent = p.agent AND s.event_id = p.agent_event_id AND s.api_timestamp = p.last_at
    ),
    cheapest AS (
      SELECT p.agent, p.agent_event_id, min(s.api_timestamp) AS lowest_at FROM per_agent p
      JOIN ${table('snapshots')} s ON s.agent = p.agent AND s.event_id = p.agent_event_id AND s.min_price = p.lowest_price
      GROUP BY p.agent, p.agent_event_id
    ),
    keyed AS (
      SELECT p.*, l.current_price, c.lowest_at, ea.event_id AS evt, coalesce(ea.event_id, p.agent || ':' || p.agent_event_id) AS k
      FROM per_agent p JOIN latest l ON l.agent = p.agent AND l.agent_event_id = p.agent_event_id
      LEFT JOIN cheapest c ON c.agent = p.agent AND c.agent_event_id = p.agent_event_id
      LEFT JOIN ${table('event_agents')} ea ON ea.agent = p.agent AND ea.agent_event_id = p.agent_event_id
    ),
    ranked AS (SELECT keyed.*, row_number() OVER (PARTITION BY k ORDER BY lowest_price NULLS LAST, lowest_at, agent) AS cheap FROM keyed),
    totals AS (
      SELECT k, min(evt) AS evt, min(agent_event_id) AS agent_event_id, string_agg(DISTINCT agent, ',' ORDER BY agent) AS agents,
        CAST(sum(snapshots) AS INTEGER) AS snapshots, min(first_at) AS first_at, max(last_at) AS last_at, min(current_price) AS current_price,
        min(lowest_price) AS lowest_price,
        min(lowest_at) FILTER (WHERE cheap = 1 AND lowest_price IS NOT NULL) AS lowest_at,
        min(agent) FILTER (WHERE cheap = 1 AND lowest_price IS NOT NULL) AS lowest_agent
      FROM ranked GROUP BY k
    )
    SELECT t.evt AS event_id, e.name, e.event_date, t.agents, t.agent_event_id, t.snapshots, t.first_at, t.last_at,
      t.current_price, t.lowest_price, t.lowest_at, t.lowest_agent
    FROM totals t LEFT JOIN ${table('events')} e ON e.event_id = t.evt
    ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY e.event_date NULLS LAST, e.name NULLS LAST, t.k`;
  return { sql, params };
}

export function trackedEventRow(r: Record<string, unknown>): TrackedEventRow {
  return {
    eventId: (r.event_id as string | null) ?? null,
    name: (r.name as string | null) ?? null,
    eventDate: (r.event_date as string | null) ?? null,
    agents: String(r.agents).split(','),
    agentEventId: r.event_id == null ? String(r.agent_event_id) : null,
    snapshots: Number(r.snapshots),
    firstSnapshot: String(r.first_at),
    lastSnapshot: String(r.last_at),
    currentPrice: (r.current_price as number | null) ?? null,
    lowestPrice: (r.lowest_price as number | null) ?? null,
    lowestAt: (r.lowest_at as string | null) ?? null,
    lowestAgent: (r.lowest_agent as string | null) ?? null,
  };
}

/**
 * Per agent, and across them (the row whose agent is NULL), the figures of `history summary`. The market
 * across agents at a moment is each agent's latest snapshot at or before it: so the ALL row's current
 * price is the lowest of the agents' latest snapshots, its previous one the same at the latest API
 * timestamp before the last, and its listings at peak the most the agents offered together at any moment.
 * `$dayAgo` and `$weekAgo` bound the snapshots the 24-hour and 7-day changes compare with.
 */
export function priceSummaryQuery(table: Table, events: readonly AgentEvent[], dayAgo: string, weekAgo: string): AnalysisQuery {
  const params: (string | number)[] = [dayAgo, weekAgo];
  const which = agentEventsWhere(events, params);
  const atOrBefore = (bound: string, name: string) =>
    `CASE WHEN api_timestamp <= ${bound} THEN row_number() OVER (PARTITION BY agent, api_timestamp <= ${bound} ORDER BY api_timestamp DESC) END AS ${name}`;
  const figures = `CAST(count(*) AS INTEGER) AS snapshots, max(api_timestamp) AS latest_at,
      min(min_price) FILTER (WHERE back = 1) AS current_price,
      min(min_price) AS lowest_price, max(max_price) AS highest_price,
      min(min_price) FILTER (WHERE at_day = 1) AS day_ago_price,
      min(min_price) FILTER (WHERE at_week = 1) AS week_ago_price,
      CAST(sum(listings) FILTER (WHERE back = 1) AS INTEGER) AS listings_now`;
  const sql = `WITH s AS MATERIALIZED (
      SELECT agent, event_id, api_timestamp, listings, min_price, max_price FROM ${table('snapshots')} WHERE ${which}
    ),
    prev AS (SELECT max(api_timestamp) AS at FROM s WHERE api_timestamp < (SELECT max(api_timestamp) FROM s)),
    ranked AS MATERIALIZED (
      SELECT s.*,
        row_number() OVER (PARTITION BY agent ORDER BY api_timestamp DESC) AS back,
        row_number() OVER (PARTITION BY agent ORDER BY min_price NULLS LAST, api_timestamp) AS cheap,
        row_number() OVER (ORDER BY min_price NULLS LAST, api_timestamp, agent) AS cheapest,
        ${atOrBefore('prev.at', 'at_prev')},
        ${atOrBefore('CAST($1 AS TIMESTAMPTZ)', 'at_day')},
        ${atOrBefore('CAST($2 AS TIMESTAMPTZ)', 'at_week')},
        listings - coalesce(lag(listings) OVER (PARTITION BY agent ORDER BY api_timestamp), 0) AS change_in_listings
      FROM s CROSS JOIN prev
    ),
    market AS (
      SELECT sum(sum(change_in_listings)) OVER (ORDER BY api_timestamp) AS listings FROM ranked GROUP BY api_timestamp
    ),
    summary AS MATERIALIZED (
      SELECT agent, min(event_id) AS event_id, ${figures},
        min(min_price) FILTER (WHERE back = 2) AS previous_price,
        CAST(max(listings) AS INTEGER) AS listings_peak,
        min(api_timestamp) FILTER (WHERE cheap = 1 AND min_price IS NOT NULL) AS lowest_at,
        agent AS lowest_agent
      FROM ranked GROUP BY agent
      UNION ALL
      SELECT NULL, min(event_id) FILTER (WHERE cheapest = 1), ${figures},
        min(min_price) FILTER (WHERE at_prev = 1),
        (SELECT CAST(max(listings) AS INTEGER) FROM market),
        min(api_timestamp) FILTER (WHERE cheapest = 1 AND min_price IS NOT NULL),
        min(agent) FILTER (WHERE cheapest = 1 AND min_price IS NOT NULL)
      FROM ranked HAVING count(*) > 0
    ),
    seat AS (
      SELECT k, section, "row" FROM (
        SELECT coalesce(sm.agent, '') AS k, l.section, l."row", row_number() OVER (PARTITION BY sm.agent ORDER BY l.section, l."row", l.listing_id) AS n
        FROM summary sm JOIN (SELECT * FROM ${table('listings')} WHERE ${which}) AS l
          ON l.agent = sm.lowest_agent AND l.event_id = sm.event_id AND l.api_timestamp = sm.lowest_at AND l.price = sm.lowest_price
      ) AS r WHERE n = 1
    )
    SELECT summary.*, seat.section AS lowest_section, seat."row" AS lowest_row
    FROM summary LEFT JOIN seat ON seat.k = coalesce(summary.agent, '')
    ORDER BY summary.agent NULLS LAST`;
  return { sql, params };
}

export function priceSummaryRow(r: Record<string, unknown>): PriceSummaryRow {
  const price = (key: string) => (r[key] as number | null) ?? null;
  return {
    agent: (r.agent as string | null) ?? null,
    snapshots: Number(r.snapshots),
    latestAt: String(r.latest_at),
    currentPrice: price('current_price'),
    previousPrice: price('previous_price'),
    dayAgoPrice: price('day_ago_price'),
    weekAgoPrice: price('week_ago_price'),
    lowestPrice: price('lowest_price'),
    lowestAt: (r.lowest_at as string | null) ?? null,
    lowestSection: (r.lowest_section as string | null) ?? null,
    lowestRow: (r.lowest_row as string | null) ?? null,
    highestPrice: price('highest_price'),
    listingsNow: Number(r.listings_now ?? 0),
    listingsPeak: Number(r.listings_peak ?? 0),
  };
}

/**
 * The lowest price of each period, per agent and across them (agent NULL), in the time zone. A day or a
 * week (from Monday, ISO) is its local date; an hour is the instant it starts (a local hour is an exact
 * hour of UTC, except in zones offset by a fraction of an hour, where it is still an hour long).
 */
export function periodLowsQuery(
  table: Table,
  events: readonly AgentEvent[],
  by: PeriodUnit,
  timeZone: string,
  window: { since?: string; until?: string },
): AnalysisQuery {
  const params: (string | number)[] = [timeZone];
  const which = agentEventsWhere(events, params);
  const bounds: string[] = [];
  if (window.since !== undefined) {
    params.push(window.since);
    bounds.push(`api_timestamp >= CAST($${params.length} AS TIMESTAMPTZ)`);
  }
  if (window.until !== undefined) {
    params.push(window.until);
    bounds.push(`api_timestamp <= CAST($${params.length} AS TIMESTAMPTZ)`);
  }
  const local = 'timezone(CAST($1 AS TEXT), api_timestamp)';
  const period =
    by === 'hour'
      ? `api_timestamp - (${local} - date_trunc('hour', ${local}))`
      : `CAST(CAST(date_trunc('${by}', ${local}) AS DATE) AS TEXT)`;
  const sql = `WITH s AS (
      SELECT agent, ${period} AS period, min_price FROM ${table('snapshots')}
      WHERE (${which})${bounds.map((b) => ` AND ${b}`).join('')}
    )
    SELECT period, agent, min(min_price) AS lowest_price FROM s
    GROUP BY GROUPING SETS ((period, agent), (period))
    ORDER BY period, agent NULLS LAST`;
  return { sql, params };
}

export function periodLowRow(r: Record<string, unknown>): PeriodLowRow {
  return { period: String(r.period), agent: (r.agent as string | null) ?? null, lowestPrice: (r.lowest_price as number | null) ?? null };
}
