import type {
  AgentEvent,
  CoverageRow,
  GoneListingsRow,
  SalesDayRow,
  SectionSnapshotRow,
  HistoryQuery,
  ListingFilter,
  PeriodSnapshotRow,
  PeriodUnit,
  PriceSummaryRow,
  SnapshotRow,
  StoredLatest,
  TrackedEventFilter,
  TrackedEventRow,
} from './store.js';
import { type FloorPoint, MarketFloor } from '../market/floor.js';
import { microsToIso } from './timestamps.js';

/**
 * The SQL of `history list`, `history summary` and `history --by`, one text for both stores: DuckDB and
 * PostgreSQL share the syntax used here (window functions, FILTER, GROUPING SETS, timezone(), numbered
 * `$n` parameters), so the figures cannot differ between them; `history coverage` alone has a form per engine
 * that gives the same rows (coverageQuery). Everything is computed in the database,
 * over the snapshots' own columns: no query reads a snapshot's listings except the few of a lowest price.
 *
 * `table(name)` gives a table's name as the store spells it (PostgreSQL: schema-qualified). Timestamps come
 * back as ISO 8601 text (each store converts its own values), counts as integers.
 */

export interface AnalysisQuery {
  sql: string;
  params: (string | number)[];
}

export type Table = (name: 'snapshots' | 'listings' | 'events' | 'event_agents' | 'sales_daily') => string;

/**
 * The tables as a store spells them (`schema.name` or `name`), where a history of schema version 1, read
 * as it is (only a write migrates it), has no `events` and `event_agents`: then they are empty, and every
 * agent's event is one without evt_ id.
 */
export function tablesOf(prefix: string, hasEvents: boolean): Table {
  return (name) => {
    if (hasEvents || name === 'snapshots' || name === 'listings' || name === 'sales_daily') return `${prefix}${name}`;
    return name === 'events'
      ? '(SELECT CAST(NULL AS TEXT) AS event_id, CAST(NULL AS TEXT) AS name, CAST(NULL AS TIMESTAMPTZ) AS event_date WHERE false)'
      : '(SELECT CAST(NULL AS TEXT) AS event_id, CAST(NULL AS TEXT) AS agent, CAST(NULL AS TEXT) AS agent_event_id WHERE false)';
  };
}

/**
 * The snapshots' key among these agents' events: `(agent = $1 AND event_id = $2) OR ...` for an event's few
 * (PostgreSQL uses its primary key), agentEventsIn's semi-join for more.
 */
function agentEventsWhere(events: readonly AgentEvent[], params: (string | number)[]): string {
  if (events.length > FEW_AGENT_EVENTS) return agentEventsIn(events, params);
  return events
    .map((e) => {
      params.push(e.agent, e.eventId);
      return `(agent = $${params.length - 1} AND event_id = $${params.length})`;
    })
    .join(' OR ');
}

/**
 * `(agent, event_id) IN (VALUES ...)`: the snapshots' key among many agents' events at once (tix report's
 * 50 events): both engines make it a hash semi-join, where an OR of a hundred conditions has DuckDB test each of
 * a million listings against every one of them (1.5 s against 0.1 s over the 100,000-snapshot scale store).
 */
/** An event has one agent's event per agent: a dozen at most. */
const FEW_AGENT_EVENTS = 12;

function agentEventsIn(events: readonly AgentEvent[], params: (string | number)[]): string {
  const rows = events.map((e) => {
    params.push(e.agent, e.eventId);
    return `(CAST($${params.length - 1} AS TEXT), CAST($${params.length} AS TEXT))`;
  });
  return `(agent, event_id) IN (SELECT k.agent, k.event_id FROM (VALUES ${rows.join(', ')}) AS k(agent, event_id))`;
}

/** A listing filter's conditions on table listings' columns (its parameters pushed): see ListingFilter. */
function listingConditions(filter: ListingFilter, params: (string | number)[]): string[] {
  const conditions: string[] = [];
  if (filter.minQuantity !== undefined) {
    params.push(filter.minQuantity);
    conditions.push(`quantity >= $${params.length}`);
  }
  if (filter.section !== undefined) {
    params.push(likePattern(filter.section));
    conditions.push(`lower(coalesce(section, '')) LIKE CAST($${params.length} AS TEXT) ESCAPE '\\'`);
  }
  return conditions;
}

/** A `*` pattern (any case) as a LIKE pattern: LIKE's own wildcards and its escape character taken literally. */
export function likePattern(pattern: string): string {
  return pattern
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)
    .replaceAll('*', '%');
}

/**
 * The snapshots of these events as rows of table snapshots; with a listing filter, each one's figures
 * (listings, tickets, lowest, median, highest price) computed again from its stored listings that the
 * filter keeps, as src/market/figures.ts computes them (the median of an even count the mean of the middle
 * two, to the cent). A snapshot with no such listing keeps its row, with 0 listings and no prices.
 */
function snapshotSource(table: Table, which: string, filter: ListingFilter | undefined, params: (string | number)[]): string {
  const conditions = filter ? listingConditions(filter, params) : [];
  if (conditions.length === 0)
    return `SELECT agent, event_id, api_timestamp, fetched_at, listings, tickets, min_price, median_price, max_price FROM ${table('snapshots')} WHERE ${which}`;
  return `SELECT sn.agent, sn.event_id, sn.api_timestamp, sn.fetched_at, CAST(coalesce(f.listings, 0) AS INTEGER) AS listings,
      CAST(coalesce(f.tickets, 0) AS INTEGER) AS tickets, f.min_price, f.median_price, f.max_price
    FROM (SELECT * FROM ${table('snapshots')} WHERE ${which}) AS sn LEFT JOIN (
      SELECT agent, event_id, api_timestamp, count(*) AS listings, sum(quantity) AS tickets, min(price) AS min_price, max(price) AS max_price,
        floor(avg(price) FILTER (WHERE n = floor((priced + 1) / 2.0) OR n = floor(priced / 2.0) + 1) * 100 + 0.5) / 100 AS median_price
      FROM (
        SELECT agent, event_id, api_timestamp, quantity, price,
          row_number() OVER (PARTITION BY agent, event_id, api_timestamp ORDER BY price NULLS LAST) AS n,
          count(price) OVER (PARTITION BY agent, event_id, api_timestamp) AS priced
        FROM ${table('listings')} WHERE (${which}) AND ${conditions.join(' AND ')}
      ) AS kept GROUP BY agent, event_id, api_timestamp
    ) AS f ON f.agent = sn.agent AND f.event_id = sn.event_id AND f.api_timestamp = sn.api_timestamp`;
}

/** `tix history --min-quantity/--section`: the snapshots with their figures over the listings kept, oldest first (then by agent). */
export function filteredSnapshotsQuery(table: Table, query: HistoryQuery): AnalysisQuery {
  const params: (string | number)[] = [];
  const which = `(${agentEventsWhere(query.events, params)})${windowBounds(query, params)}`;
  const source = snapshotSource(table, which, query.listings, params);
  return { sql: `SELECT * FROM (${source}) AS s ORDER BY api_timestamp, agent, event_id`, params };
}

export function snapshotRowOf(r: Record<string, unknown>): SnapshotRow {
  return {
    agent: String(r.agent),
    eventId: String(r.event_id),
    apiTimestamp: String(r.api_timestamp),
    fetchedAt: String(r.fetched_at),
    listings: Number(r.listings),
    tickets: Number(r.tickets),
    minPrice: (r.min_price as number | null) ?? null,
    medianPrice: r.median_price == null ? null : Number(r.median_price),
    maxPrice: (r.max_price as number | null) ?? null,
  };
}

/**
 * An instant as seconds since the epoch, a double in both engines. date_part rather than extract: PostgreSQL's
 * extract computes in numeric, which was a third of `history coverage`'s query over 100,000 snapshots; both
 * give the microseconds divided by a million, rounded once (test/store/coverage-sql.test.ts).
 */
const epoch = (at: string) => `date_part('epoch', ${at})`;

/** ` AND api_timestamp >= $n AND ...`: a query's inclusive bounds, if any. */
function windowBounds(window: { since?: string; until?: string }, params: (string | number)[]): string {
  let bounds = '';
  if (window.since !== undefined) {
    params.push(window.since);
    bounds += ` AND api_timestamp >= CAST($${params.length} AS TIMESTAMPTZ)`;
  }
  if (window.until !== undefined) {
    params.push(window.until);
    bounds += ` AND api_timestamp <= CAST($${params.length} AS TIMESTAMPTZ)`;
  }
  return bounds;
}

/**
 * One row per tracked event: the snapshots of an agent's event belong to its evt_ id when event_agents
 * knows it, else they are an event of their own (`AGENT:ID`). Current: the market floor (src/market/floor.ts)
 * at the event's latest snapshot. Where every agent's latest snapshot is that one instant, all of them count
 * and it is the lowest across them; otherwise (`mixed`) the row carries each agent's latest snapshot and usual
 * interval (`latest_by_agent`, read by trackedEventRow), those intervals computed for such events alone. Lowest
 * ever: the earliest snapshot at the lowest price (then by agent), found from each agent's own earliest
 * snapshot at its lowest.
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
  const text = (value: string) => `CAST(${value} AS TEXT)`;
  const latestOfAgent = [`agent`, text(epoch('last_at')), `coalesce(${text('current_price')}, '')`, `coalesce(${text('usual')}, '')`].join(
    " || '|' || ",
  );
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
    keyed AS MATERIALIZED (
      SELECT p.*, l.current_price, c.lowest_at, ea.event_id AS evt, coalesce(ea.event_id, p.agent || ':' || p.agent_event_id) AS k
      FROM per_agent p JOIN latest l ON l.agent = p.agent AND l.agent_event_id = p.agent_event_id
      LEFT JOIN cheapest c ON c.agent = p.agent AND c.agent_event_id = p.agent_event_id
      LEFT JOIN ${table('event_agents')} ea ON ea.agent = p.agent AND ea.agent_event_id = p.agent_event_id
    ),
    mixed AS MATERIALIZED (
      SELECT DISTINCT keyed.k FROM keyed JOIN (SELECT k, max(last_at) AS ends FROM keyed GROUP BY k) AS m ON m.k = keyed.k
      WHERE keyed.last_at < m.ends
    ),
    usual AS (
      SELECT agent, event_id, percentile_disc(0.5) WITHIN GROUP (ORDER BY gap) AS usual FROM (
        SELECT sn.agent, sn.event_id,
          ${epoch('sn.api_timestamp')} - ${epoch('lag(sn.api_timestamp) OVER (PARTITION BY sn.agent, sn.event_id ORDER BY sn.api_timestamp)')} AS gap
        FROM ${table('snapshots')} sn JOIN keyed ON keyed.agent = sn.agent AND keyed.agent_event_id = sn.event_id
        WHERE keyed.k IN (SELECT k FROM mixed)
      ) AS g GROUP BY agent, event_id
    ),
    ranked AS (
      SELECT keyed.*, u.usual, keyed.k IN (SELECT k FROM mixed) AS mixed,
        row_number() OVER (PARTITION BY keyed.k ORDER BY keyed.lowest_price NULLS LAST, keyed.lowest_at, keyed.agent) AS cheap
      FROM keyed LEFT JOIN usual u ON u.agent = keyed.agent AND u.event_id = keyed.agent_event_id
    ),
    totals AS (
      SELECT k, min(evt) AS evt, min(agent_event_id) AS agent_event_id, string_agg(DISTINCT agent, ',' ORDER BY agent) AS agents,
        CAST(sum(snapshots) AS INTEGER) AS snapshots, min(first_at) AS first_at, max(last_at) AS last_at, min(current_price) AS current_price,
        string_agg(${latestOfAgent}, ';' ORDER BY agent) FILTER (WHERE mixed) AS latest_by_agent,
        min(lowest_price) AS lowest_price,
        min(lowest_at) FILTER (WHERE cheap = 1 AND lowest_price IS NOT NULL) AS lowest_at,
        min(agent) FILTER (WHERE cheap = 1 AND lowest_price IS NOT NULL) AS lowest_agent
      FROM ranked GROUP BY k
    )
    SELECT t.evt AS event_id, e.name, e.event_date, t.agents, t.agent_event_id, t.snapshots, t.first_at, t.last_at,
      t.current_price, t.latest_by_agent, t.lowest_price, t.lowest_at, t.lowest_agent
    FROM totals t LEFT JOIN ${table('events')} e ON e.event_id = t.evt
    ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY e.event_date NULLS LAST, e.name NULLS LAST, t.k`;
  return { sql, params };
}

export function trackedEventRow(r: Record<string, unknown>): TrackedEventRow {
  const current = r.latest_by_agent == null ? undefined : currentAcross(String(r.latest_by_agent));
  return {
    eventId: (r.event_id as string | null) ?? null,
    name: (r.name as string | null) ?? null,
    eventDate: (r.event_date as string | null) ?? null,
    agents: String(r.agents).split(','),
    agentEventId: r.event_id == null ? String(r.agent_event_id) : null,
    snapshots: Number(r.snapshots),
    firstSnapshot: String(r.first_at),
    lastSnapshot: String(r.last_at),
    currentPrice: current ? current.price : ((r.current_price as number | null) ?? null),
    staleAgents: current ? current.stale : [],
    lowestPrice: (r.lowest_price as number | null) ?? null,
    lowestAt: (r.lowest_at as string | null) ?? null,
    lowestAgent: (r.lowest_agent as string | null) ?? null,
  };
}

/** The market floor at the event's latest snapshot, from `agent|epoch seconds|price|usual seconds;...` (trackedEventsQuery). */
function currentAcross(latestByAgent: string): FloorPoint {
  const seconds = (text: string) => (text === '' ? null : Number(text) * 1000);
  const timelines = latestByAgent.split(';').map((entry) => {
    const [agent, last, price, usual] = entry.split('|') as [string, string, string, string];
    return {
      agent,
      snapshots: [{ at: Math.round(Number(last) * 1000), price: price === '' ? null : Number(price), listings: 0 }],
      usualMs: seconds(usual),
    };
  });
  // The latest instant as these texts give it, not as last_at's ISO text rounds it.
  return new MarketFloor(timelines).at(Math.max(...timelines.map((t) => t.snapshots[0]!.at)));
}

/**
 * Per agent, and across them (the row whose agent is NULL), of each group of agents' events (an event), the
 * figures of `history summary` that are a snapshot's own: how many, the latest, the lowest ever (the earliest snapshot at that price, then by agent,
 * with its seat) and the highest. What depends on which agents were current at an instant (the market's
 * current price, the changes over 24 hours, 7 days and --since/--until, the listings now and at peak across
 * agents) is the market floor's, src/market/floor.ts, computed over the snapshots by the caller. Each agent's
 * usual interval (as coverageQuery's) says whether its latest snapshot is stale.
 */
export function priceSummaryQuery(
  table: Table,
  groups: readonly (readonly AgentEvent[])[],
  filter: ListingFilter | undefined,
): AnalysisQuery {
  const params: (string | number)[] = [];
  // Each agent's event tagged with its group (one event's agents: `history summary` one, `tix report` many).
  const keys = groups.flatMap((events, g) =>
    events.map((e) => {
      params.push(e.agent, e.eventId, g);
      return `(CAST($${params.length - 2} AS TEXT), CAST($${params.length - 1} AS TEXT), CAST($${params.length} AS INTEGER))`;
    }),
  );
  const which = '(agent, event_id) IN (SELECT k.agent, k.event_id FROM k)';
  const source = snapshotSource(table, which, filter, params);
  const figures = `CAST(count(*) AS INTEGER) AS snapshots, max(api_timestamp) AS latest_at,
      min(min_price) AS lowest_price, max(max_price) AS highest_price`;
  // The lowest price's seat: a listing at that price in that snapshot, one the listing filter keeps.
  const seatConditions = filter ? listingConditions(filter, params) : [];
  const sql = `WITH k AS (SELECT * FROM (VALUES ${keys.join(', ')}) AS k(agent, event_id, g)),
    s AS MATERIALIZED (SELECT src.*, k.g FROM (${source}) AS src JOIN k ON k.agent = src.agent AND k.event_id = src.event_id),
    ranked AS MATERIALIZED (
      SELECT s.*,
        row_number() OVER (PARTITION BY g, agent ORDER BY api_timestamp DESC) AS back,
        row_number() OVER (PARTITION BY g, agent ORDER BY min_price NULLS LAST, api_timestamp) AS cheap,
        row_number() OVER (PARTITION BY g ORDER BY min_price NULLS LAST, api_timestamp, agent) AS cheapest,
        ${epoch('api_timestamp')} - ${epoch('lag(api_timestamp) OVER (PARTITION BY g, agent ORDER BY api_timestamp)')} AS gap
      FROM s
    ),
    summary AS MATERIALIZED (
      SELECT g, agent, min(event_id) AS event_id, ${figures},
        min(min_price) FILTER (WHERE back = 1) AS current_price,
        min(min_price) FILTER (WHERE back = 2) AS previous_price,
        CAST(sum(listings) FILTER (WHERE back = 1) AS INTEGER) AS listings_now,
        CAST(max(listings) AS INTEGER) AS listings_peak,
        min(api_timestamp) FILTER (WHERE cheap = 1 AND min_price IS NOT NULL) AS lowest_at,
        agent AS lowest_agent,
        percentile_disc(0.5) WITHIN GROUP (ORDER BY gap) AS usual_interval
      FROM ranked GROUP BY g, agent
      UNION ALL
      SELECT g, NULL, min(event_id) FILTER (WHERE cheapest = 1), ${figures},
        NULL, NULL, NULL, NULL,
        min(api_timestamp) FILTER (WHERE cheapest = 1 AND min_price IS NOT NULL),
        min(agent) FILTER (WHERE cheapest = 1 AND min_price IS NOT NULL),
        NULL
      FROM ranked GROUP BY g
    ),
    seat AS (
      SELECT g, a, section, "row" FROM (
        SELECT sm.g, coalesce(sm.agent, '') AS a, l.section, l."row",
          row_number() OVER (PARTITION BY sm.g, sm.agent ORDER BY l.section, l."row", l.listing_id) AS n
        FROM summary sm JOIN (SELECT * FROM ${table('listings')} WHERE ${which}${seatConditions.map((c) => ` AND ${c}`).join('')}) AS l
          ON l.agent = sm.lowest_agent AND l.event_id = sm.event_id AND l.api_timestamp = sm.lowest_at AND l.price = sm.lowest_price
      ) AS r WHERE n = 1
    )
    SELECT summary.*, seat.section AS lowest_section, seat."row" AS lowest_row
    FROM summary LEFT JOIN seat ON seat.g = summary.g AND seat.a = coalesce(summary.agent, '')
    ORDER BY summary.g, summary.agent NULLS LAST`;
  return { sql, params };
}

/** priceSummaryQuery's rows, one list per group (in the groups' order; a group without snapshots: none). */
export function priceSummaryGroups(rows: readonly Record<string, unknown>[], groups: number): PriceSummaryRow[][] {
  const out = Array.from({ length: groups }, (): PriceSummaryRow[] => []);
  for (const r of rows) out[Number(r.g)]!.push(priceSummaryRow(r));
  return out;
}

function priceSummaryRow(r: Record<string, unknown>): PriceSummaryRow {
  const price = (key: string) => (r[key] as number | null) ?? null;
  const market = r.agent == null;
  return {
    agent: (r.agent as string | null) ?? null,
    snapshots: Number(r.snapshots),
    latestAt: String(r.latest_at),
    currentPrice: price('current_price'),
    previousPrice: price('previous_price'),
    lowestPrice: price('lowest_price'),
    lowestAt: (r.lowest_at as string | null) ?? null,
    lowestSection: (r.lowest_section as string | null) ?? null,
    lowestRow: (r.lowest_row as string | null) ?? null,
    highestPrice: price('highest_price'),
    listingsNow: market ? null : Number(r.listings_now ?? 0),
    listingsPeak: market ? null : Number(r.listings_peak ?? 0),
    agentEventId: market ? null : String(r.event_id),
    usualIntervalSeconds: r.usual_interval == null ? null : Number(r.usual_interval),
  };
}

/**
 * Each snapshot of these events (in the window) with the period it falls in, in the time zone, oldest first
 * (then by agent): `history --by` takes each agent's lowest per period, and the market floor's, from these. A
 * day or a week (from Monday, ISO) is its local date; an hour is the instant it starts (a local hour is an
 * exact hour of UTC, except in zones offset by a fraction of an hour, where it is still an hour long). By
 * days-to-event, a period is the whole days from the snapshot to `eventDate` (0: the last 24 hours before it;
 * negative after it).
 */
export function periodSnapshotsQuery(
  table: Table,
  query: HistoryQuery,
  by: PeriodUnit,
  timeZone: string,
  eventDate?: string,
): AnalysisQuery {
  // $1: the time zone of a calendar period, or the event's date for days-to-event (PostgreSQL cannot type a parameter the text does not use).
  const params: (string | number)[] = [by === 'days-to-event' ? (eventDate ?? '') : timeZone];
  const which = `(${agentEventsWhere(query.events, params)})${windowBounds(query, params)}`;
  const source = snapshotSource(table, which, query.listings, params);
  const local = 'timezone(CAST($1 AS TEXT), api_timestamp)';
  const period =
    by === 'days-to-event'
      ? `CAST(floor((${epoch('CAST($1 AS TIMESTAMPTZ)')} - ${epoch('api_timestamp')}) / 86400) AS INTEGER)`
      : by === 'hour'
        ? `api_timestamp - (${local} - date_trunc('hour', ${local}))`
        : `CAST(CAST(date_trunc('${by}', ${local}) AS DATE) AS TEXT)`;
  const sql = `SELECT ${period} AS period, agent, api_timestamp, min_price FROM (${source}) AS src ORDER BY api_timestamp, agent`;
  return { sql, params };
}

export function periodSnapshotRow(r: Record<string, unknown>): PeriodSnapshotRow {
  return {
    period: String(r.period),
    agent: String(r.agent),
    apiTimestamp: String(r.api_timestamp),
    minPrice: (r.min_price as number | null) ?? null,
  };
}

/**
 * `tix history coverage`: per agent's event (those given, else every one stored), its first and last
 * snapshot, how many, the usual interval (the median gap between consecutive snapshots; percentile_disc,
 * the lower middle one of an even count) and the gaps longer than `gapIntervals` of them, one row per gap
 * (a row with no gap when there is none), by event date, name, agent and gap.
 *
 * The query has two texts of its first part, each the faster on its store (BENCHMARKS.md, scenario 9), which
 * give the same rows (test/store/coverage-sql.test.ts runs both on one DuckDB database):
 * - `window` (PostgreSQL): one pass over the snapshots in the order of their primary key gives every figure
 *   but the gaps, and the longest gap; only the agents' events whose longest gap is a gap are read again
 *   for where their gaps are. A history tracked as usual is read once, and PostgreSQL sorts nothing.
 * - `lists` (DuckDB): DuckDB's window operator sorts all the snapshots; gathering each agent's event's
 *   timestamps into a list and sorting those small lists is twice as fast, and the gaps come from the same
 *   lists without a second read.
 *
 * The rows come back as one JSON text in the column `rows` (null when there are none), timestamps in
 * microseconds since 1970, in each engine's own JSON functions (`dialect`): read row by row and value by
 * value, 2,000 rows took ~40 ms more (DuckDB's JavaScript, and pg). coverageOfJson reads it.
 */
export function coverageQuery(
  table: Table,
  events: readonly AgentEvent[] | undefined,
  gapIntervals: number,
  how: { first: 'window' | 'lists'; dialect: 'duckdb' | 'postgres' },
): AnalysisQuery {
  const params: (string | number)[] = [gapIntervals];
  const which = events ? `WHERE ${agentEventsWhere(events, params)}` : '';
  const longerThanUsual = (gap: string, usual: string) => `${gap} > CAST($1 AS DOUBLE PRECISION) * ${usual}`;
  const ctes = how.first === 'window' ? windowCoverage(table, which, longerThanUsual) : listCoverage(table, which, longerThanUsual);
  const micros = (at: string) => (how.dialect === 'duckdb' ? `epoch_us(${at})` : `CAST(extract(epoch FROM ${at}) * 1000000 AS BIGINT)`);
  const fields: [string, string][] = [
    ['agent', 'per.agent'],
    ['agent_event_id', 'per.event_id'],
    ['event_id', 'ea.event_id'],
    ['name', 'e.name'],
    ['event_date', micros('e.event_date')],
    ['snapshots', 'per.snapshots'],
    ['first_at', micros('per.first_at')],
    ['last_at', micros('per.last_at')],
    ['usual', 'per.usual'],
    ['gap_start', micros('gaps.gap_start')],
    ['gap_end', micros('gaps.gap_end')],
  ];
  const order = 'e.event_date NULLS LAST, e.name NULLS LAST, ea.event_id NULLS LAST, per.agent, per.event_id, gaps.gap_start NULLS FIRST';
  const rows =
    how.dialect === 'duckdb'
      ? `CAST(to_json(list({${fields.map(([name, value]) => `'${name}': ${value}`).join(', ')}} ORDER BY ${order})) AS VARCHAR)`
      : `CAST(json_agg(json_build_object(${fields.map(([name, value]) => `'${name}', ${value}`).join(', ')}) ORDER BY ${order}) AS TEXT)`;
  const sql = `WITH ${ctes}
    SELECT ${rows} AS rows
    FROM per LEFT JOIN gaps ON gaps.agent = per.agent AND gaps.event_id = per.event_id
      LEFT JOIN ${table('event_agents')} ea ON ea.agent = per.agent AND ea.agent_event_id = per.event_id
      LEFT JOIN ${table('events')} e ON e.event_id = ea.event_id`;
  return { sql, params };
}

/** The rows of coverageQuery's JSON text: one per agent's event with its gaps gathered, in the query's order. */
export function coverageOfJson(text: unknown): CoverageRow[] {
  if (typeof text !== 'string') return [];
  const rows = JSON.parse(text) as Record<string, unknown>[];
  for (const row of rows) {
    for (const key of INSTANTS) if (row[key] !== null) row[key] = microsToIso(row[key] as number);
  }
  return coverageRows(rows);
}

const INSTANTS = ['event_date', 'first_at', 'last_at', 'gap_start', 'gap_end'] as const;

type GapTest = (gap: string, usual: string) => string;

/** CTEs `per` (an agent's event's figures) and `gaps` (gap_start, gap_end), with lag() over the snapshots. */
function windowCoverage(table: Table, which: string, longerThanUsual: GapTest): string {
  return `per AS MATERIALIZED (
      SELECT agent, event_id, CAST(count(*) AS INTEGER) AS snapshots, min(api_timestamp) AS first_at, max(api_timestamp) AS last_at,
        percentile_disc(0.5) WITHIN GROUP (ORDER BY gap) AS usual, max(gap) AS longest
      FROM (
        SELECT agent, event_id, api_timestamp, ${epoch('api_timestamp')} - ${epoch('lag(api_timestamp) OVER w')} AS gap
        FROM ${table('snapshots')} ${which}
        WINDOW w AS (PARTITION BY agent, event_id ORDER BY api_timestamp)
      ) AS s
      GROUP BY agent, event_id
    ),
    gapped AS (SELECT agent, event_id, usual FROM per WHERE ${longerThanUsual('longest', 'usual')}),
    gaps AS (
      SELECT agent, event_id, previous_at AS gap_start, api_timestamp AS gap_end
      FROM (
        SELECT sn.agent, sn.event_id, sn.api_timestamp, lag(sn.api_timestamp) OVER w AS previous_at, g.usual
        FROM ${table('snapshots')} sn JOIN gapped g ON g.agent = sn.agent AND g.event_id = sn.event_id
        WINDOW w AS (PARTITION BY sn.agent, sn.event_id ORDER BY sn.api_timestamp)
      ) AS s
      WHERE ${longerThanUsual(`${epoch('api_timestamp')} - ${epoch('previous_at')}`, 'usual')}
    )`;
}

/** The same CTEs from DuckDB lists: `taken`, each agent's event's timestamps in order, and `spans`, the gaps between them. */
function listCoverage(table: Table, which: string, longerThanUsual: GapTest): string {
  return `per AS (
      SELECT agent, event_id, snapshots, first_at, last_at, taken, spans,
        list_aggregate(spans, 'quantile_disc', 0.5) AS usual, list_max(spans) AS longest
      FROM (
        SELECT agent, event_id, snapshots, first_at, last_at, taken,
          list_transform(range(1, len(taken)), i -> ${epoch('taken[i + 1]')} - ${epoch('taken[i]')}) AS spans
        FROM (
          SELECT agent, event_id, CAST(count(*) AS INTEGER) AS snapshots, min(api_timestamp) AS first_at, max(api_timestamp) AS last_at,
            list_sort(list(api_timestamp)) AS taken
          FROM ${table('snapshots')} ${which}
          GROUP BY agent, event_id
        ) AS l
      ) AS s
    ),
    gaps AS (
      SELECT agent, event_id, taken[i] AS gap_start, taken[i + 1] AS gap_end
      FROM (
        SELECT agent, event_id, taken, unnest(list_filter(range(1, len(taken)), i -> ${longerThanUsual('spans[i]', 'usual')})) AS i
        FROM per WHERE ${longerThanUsual('longest', 'usual')}
      ) AS g
    )`;
}

function coverageRows(rows: readonly Record<string, unknown>[]): CoverageRow[] {
  const out: CoverageRow[] = [];
  let current: CoverageRow | undefined;
  for (const r of rows) {
    if (!current || current.agent !== r.agent || current.agentEventId !== r.agent_event_id) {
      current = {
        agent: String(r.agent),
        agentEventId: String(r.agent_event_id),
        eventId: (r.event_id as string | null) ?? null,
        name: (r.name as string | null) ?? null,
        eventDate: (r.event_date as string | null) ?? null,
        snapshots: Number(r.snapshots),
        firstSnapshot: String(r.first_at),
        lastSnapshot: String(r.last_at),
        usualIntervalSeconds: r.usual == null ? null : Number(r.usual),
        gaps: [],
      };
      out.push(current);
    }
    if (r.gap_start != null) current.gaps.push({ start: String(r.gap_start), end: String(r.gap_end) });
  }
  return out;
}

/**
 * Every agent's latest snapshot of these evt_ ids, with its listings (one row each; a snapshot without
 * listings one row of nulls) and the agent's usual interval in seconds: what an alert rule on a whole event
 * weighs besides the run's own snapshots, and the listings its --drop baseline starts from, by the market
 * floor's rule (src/market/floor.ts). Read by latestOfEventAgents.
 */
export function latestOfEventAgentsQuery(table: Table, eventIds: readonly string[]): AnalysisQuery {
  const params = [...eventIds];
  const sql = `WITH k AS (
      SELECT event_id AS evt, agent, agent_event_id FROM ${table('event_agents')} WHERE event_id IN (${eventIds.map((_, i) => `$${i + 1}`).join(', ')})
    ),
    per AS (
      SELECT evt, agent, event_id, max(api_timestamp) AS at, percentile_disc(0.5) WITHIN GROUP (ORDER BY gap) AS usual FROM (
        SELECT k.evt, n.agent, n.event_id, n.api_timestamp,
          ${epoch('n.api_timestamp')} - ${epoch('lag(n.api_timestamp) OVER (PARTITION BY n.agent, n.event_id ORDER BY n.api_timestamp)')} AS gap
        FROM ${table('snapshots')} n JOIN k ON k.agent = n.agent AND k.agent_event_id = n.event_id
      ) AS g GROUP BY evt, agent, event_id
    )
    SELECT per.evt, per.agent, per.event_id, ${epoch('per.at')} AS at_seconds, per.usual, l.listing_id, l.section, l."row", l.quantity, l.price
    FROM per LEFT JOIN ${table('listings')} l ON l.agent = per.agent AND l.event_id = per.event_id AND l.api_timestamp = per.at
    ORDER BY per.agent, per.event_id, l.listing_id`;
  return { sql, params };
}

/** latestOfEventAgentsQuery's rows, one entry per agent's event. */
export function latestOfEventAgents(rows: readonly Record<string, unknown>[]): StoredLatest[] {
  const found = new Map<string, StoredLatest>();
  for (const r of rows) {
    const key = `${r.agent}\u0000${r.event_id}`;
    let entry = found.get(key);
    if (!entry) {
      const at = new Date(Math.round(Number(r.at_seconds) * 1000)).toISOString();
      entry = {
        eventId: String(r.evt),
        usualMs: r.usual == null ? null : Number(r.usual) * 1000,
        snapshot: { agent: String(r.agent), eventId: String(r.event_id), apiTimestamp: at, listings: [] },
      };
      found.set(key, entry);
    }
    if (r.listing_id == null) continue;
    entry.snapshot.listings.push({
      listingId: String(r.listing_id),
      section: (r.section as string | null) ?? '',
      row: (r.row as string | null) ?? '',
      quantity: Number(r.quantity),
      price: Number(r.price),
    });
  }
  return [...found.values()];
}

/**
 * Each snapshot's lowest price, listings and tickets per section (the listings --min-quantity and --section
 * keep), for the figures per section and zone of `tix report` and `history --by ... --per section|zone`. A
 * snapshot without a listing in a section has no row for it: the caller knows every snapshot from
 * snapshots(), and reads that as no price there. Sections come back in no particular order (the engines
 * collate text differently): the caller sorts them.
 */
export function sectionSnapshotsQuery(table: Table, query: HistoryQuery): AnalysisQuery {
  const params: (string | number)[] = [];
  const which = `(${agentEventsWhere(query.events, params)})${windowBounds(query, params)}`;
  const conditions = query.listings ? listingConditions(query.listings, params) : [];
  const sql = `SELECT agent, event_id, api_timestamp, coalesce(section, '') AS section, min(price) AS min_price,
      CAST(count(*) AS INTEGER) AS listings, CAST(coalesce(sum(quantity), 0) AS INTEGER) AS tickets
    FROM ${table('listings')} WHERE ${which}${conditions.map((c) => ` AND ${c}`).join('')}
    GROUP BY agent, event_id, api_timestamp, coalesce(section, '')
    ORDER BY api_timestamp, agent, event_id`;
  return { sql, params };
}

export function sectionSnapshotRow(r: Record<string, unknown>): SectionSnapshotRow {
  return {
    agent: String(r.agent),
    eventId: String(r.event_id),
    apiTimestamp: String(r.api_timestamp),
    section: String(r.section),
    minPrice: r.min_price == null ? null : Number(r.min_price),
    listings: Number(r.listings),
    tickets: Number(r.tickets),
  };
}

/**
 * Per snapshot (in the window), how many listings of the agent's previous snapshot of the event are not in
 * this one (`gone`: sold or withdrawn, the API does not say which); null for an agent's first snapshot, which
 * has no previous one. The previous snapshot may lie before the window. With a listing filter, only the
 * listings it keeps are counted, in both snapshots. One pass: each listing's next sighting (lead() over the
 * listing) against its snapshot's next snapshot (lead() over the agent's event).
 */
export function goneListingsQuery(table: Table, query: HistoryQuery): AnalysisQuery {
  const params: (string | number)[] = [];
  const events = agentEventsWhere(query.events, params);
  const conditions = query.listings ? listingConditions(query.listings, params) : [];
  const bounds = windowBounds(query, params);
  const sql = `WITH sn AS MATERIALIZED (
      SELECT agent, event_id, api_timestamp,
        lead(api_timestamp) OVER (PARTITION BY agent, event_id ORDER BY api_timestamp) AS next_at,
        lag(api_timestamp) OVER (PARTITION BY agent, event_id ORDER BY api_timestamp) AS previous_at
      FROM ${table('snapshots')} WHERE ${events}
    ),
    seen AS (
      SELECT l.agent, l.event_id, sn.next_at,
        lead(l.api_timestamp) OVER (PARTITION BY l.agent, l.event_id, l.listing_id ORDER BY l.api_timestamp) AS seen_next
      FROM (SELECT agent, event_id, api_timestamp, listing_id FROM ${table('listings')} WHERE (${events})${conditions.map((c) => ` AND ${c}`).join('')}) AS l
        JOIN sn ON sn.agent = l.agent AND sn.event_id = l.event_id AND sn.api_timestamp = l.api_timestamp
    ),
    gone AS (
      SELECT agent, event_id, next_at AS api_timestamp, CAST(count(*) AS INTEGER) AS gone FROM seen
      WHERE next_at IS NOT NULL AND (seen_next IS NULL OR seen_next <> next_at)
      GROUP BY agent, event_id, next_at
    )
    SELECT sn.agent, sn.event_id, sn.api_timestamp,
      CASE WHEN sn.previous_at IS NULL THEN NULL ELSE coalesce(gone.gone, 0) END AS gone
    FROM sn LEFT JOIN gone ON gone.agent = sn.agent AND gone.event_id = sn.event_id AND gone.api_timestamp = sn.api_timestamp
    WHERE true${bounds.replaceAll('api_timestamp', 'sn.api_timestamp')}
    ORDER BY sn.api_timestamp, sn.agent, sn.event_id`;
  return { sql, params };
}

export function goneListingsRow(r: Record<string, unknown>): GoneListingsRow {
  return {
    agent: String(r.agent),
    eventId: String(r.event_id),
    apiTimestamp: String(r.api_timestamp),
    gone: r.gone == null ? null : Number(r.gone),
  };
}

/** A provider's daily sales (`track --sales`, table sales_daily) of these agent event ids, by event and date. */
export function salesDaysQuery(table: Table, provider: string, eventIds: readonly string[]): AnalysisQuery {
  const params: (string | number)[] = [provider, ...eventIds];
  const sql = `SELECT provider, event_id, CAST(date AS TEXT) AS date, total_tickets, total_sales, min_price, max_price, avg_price
    FROM ${table('sales_daily')} WHERE provider = $1 AND event_id IN (${eventIds.map((_, i) => `$${i + 2}`).join(', ')})
    ORDER BY event_id, date`;
  return { sql, params };
}

export function salesDayRow(r: Record<string, unknown>): SalesDayRow {
  return {
    provider: String(r.provider),
    eventId: String(r.event_id),
    date: String(r.date).slice(0, 10),
    totalTickets: Number(r.total_tickets),
    totalSales: Number(r.total_sales),
    minPrice: Number(r.min_price),
    maxPrice: Number(r.max_price),
    avgPrice: Number(r.avg_price),
  };
}
