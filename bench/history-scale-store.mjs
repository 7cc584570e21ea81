/**
 * A price history at scale for scenario 9 (issue 19's performance goals): `events` tracked events, each at
 * two agents (TMUSA and STUBHUB), `snapshots` snapshots in all, 15 minutes apart, `listings` listings each,
 * with tables `events` and `event_agents` filled as `tix track` fills them. Made in bulk SQL, the same
 * statements in DuckDB and PostgreSQL, in a few seconds: a real track of that many snapshots would take an
 * hour of sandbox clock.
 *
 * The tables themselves are tix's: one real `tix track` creates them (at this tix's schema version), then
 * its rows are deleted and the generated ones inserted. `toV1DuckDb` makes a file as the tix of schema
 * version 1 left it (no `events`, no `event_agents`, tix_meta at 1), for the migration's timing.
 *
 * Exported for the scenario and for others measuring the same history (`history list`, `summary`).
 */
import { copyFileSync } from 'node:fs';
import { withDuckDb } from './duckdb.mjs';

export const AGENTS = ['STUBHUB', 'TMUSA'];
const START = "TIMESTAMPTZ '2026-01-01 00:00:00+00'";

/** The evt_ id of generated event `i` (0-based). */
export function scaleEventId(i) {
  return `evt_s${String(i).padStart(6, '0')}`;
}

/** The statements that fill an empty store (DuckDB: JSON, PostgreSQL: jsonb for `extra`). */
export function scaleHistorySql({ events, snapshots, listings }, jsonType) {
  const perAgent = Math.max(1, Math.round(snapshots / (events * AGENTS.length)));
  const id = (column) => `'evt_s' || lpad(CAST(${column} AS VARCHAR), 6, '0')`;
  const agentIds = AGENTS.map(
    (agent, a) =>
      `SELECT i, ${id('i')} AS event_id, '${agent}' AS agent, ${a === 0 ? 'CAST(100000000 + i AS VARCHAR)' : `'S' || lpad(CAST(i AS VARCHAR), 9, '0')`} AS agent_event_id FROM generate_series(0, ${events - 1}) AS g(i)`,
  ).join(' UNION ALL ');
  const last = `${START} + INTERVAL '15 minutes' * ${perAgent - 1}`;
  return [
    'DELETE FROM listings',
    'DELETE FROM snapshots',
    'DELETE FROM sales_daily',
    'DELETE FROM event_agents',
    'DELETE FROM events',
    `CREATE TEMP TABLE scale_agents AS ${agentIds}`,
    `INSERT INTO events (event_id, name, category, venue, city, state, country, event_date, first_seen, last_seen)
     SELECT ${id('i')}, 'Scale event ' || CAST(i AS VARCHAR),
       CASE i % 3 WHEN 0 THEN 'Concerts' WHEN 1 THEN 'Sports' ELSE 'Theater' END,
       'Venue ' || CAST(i % 50 AS VARCHAR), 'City ' || CAST(i % 20 AS VARCHAR), 'NY', 'US',
       ${START} + INTERVAL '1 hour' * (${perAgent} + i), ${START}, ${last}
     FROM generate_series(0, ${events - 1}) AS g(i)`,
    `INSERT INTO event_agents (event_id, agent, agent_event_id, first_seen, last_seen)
     SELECT event_id, agent, agent_event_id, ${START}, ${last} FROM scale_agents`,
    `INSERT INTO snapshots (agent, event_id, api_timestamp, fetched_at, listings, tickets, min_price, median_price, max_price)
     SELECT agent, agent_event_id, ${START} + INTERVAL '15 minutes' * j, ${START} + INTERVAL '15 minutes' * j + INTERVAL '2 seconds',
       ${listings}, ${listings * 2}, CAST(50 + i % 97 + j % 13 AS float8), CAST(80 + i % 97 + j % 13 AS float8),
       CAST(150 + i % 97 + j % 13 AS float8)
     FROM scale_agents, generate_series(0, ${perAgent - 1}) AS s(j)`,
    `INSERT INTO listings (agent, event_id, api_timestamp, listing_id, section, "row", quantity, price, extra)
     SELECT agent, event_id, api_timestamp, 'L' || CAST(k AS VARCHAR), 'Section ' || CAST(k % 5 AS VARCHAR), CAST(k + 1 AS VARCHAR), 2,
       min_price + k, CAST('{}' AS ${jsonType})
     FROM snapshots, generate_series(0, ${listings - 1}) AS l(k)`,
    'DROP TABLE scale_agents',
  ];
}

/** Fills the DuckDB file `file` (made by one `tix track`) with the generated history; returns the snapshots stored. */
export async function fillScaleDuckDb(file, size) {
  return withDuckDb(file, async (connection) => {
    await connection.run('BEGIN TRANSACTION');
    for (const statement of scaleHistorySql(size, 'JSON')) await connection.run(statement);
    await connection.run('COMMIT');
    await connection.run('CHECKPOINT');
    return Number((await connection.runAndReadAll('SELECT count(*) FROM snapshots')).getRowsJS()[0][0]);
  });
}

/** The same in a PostgreSQL schema (made by one `tix track --schema`); `cluster` is bench/postgres.mjs's. */
export async function fillScalePostgres(cluster, schema, size) {
  const statements = scaleHistorySql(size, 'jsonb');
  await cluster.sql(`BEGIN; SET LOCAL search_path = "${schema}"; ${statements.join(';\n')}; COMMIT`);
  // VACUUM (ANALYZE) each table now, as autovacuum would have long before anyone reads a history this size: left
  // to autovacuum, its pass over a million listings ran during the timed runs (2 cores), and the snapshots'
  // visibility map was unset (every index-only scan read the table too). One statement each: VACUUM runs
  // outside a transaction block.
  for (const table of ['snapshots', 'listings', 'events', 'event_agents']) await cluster.sql(`VACUUM (ANALYZE) "${schema}".${table}`);
  const [{ n }] = await cluster.sql(`SELECT count(*)::int AS n FROM "${schema}".snapshots`);
  return n;
}

/** Version 1's tables; everything else in a file is a later migration's. */
const V1_TABLES = new Set(['tix_meta', 'snapshots', 'listings', 'sales_daily']);

/** A copy of a generated DuckDB history as schema version 1 left it: only version 1's tables, tix_meta at 1. */
export async function toV1DuckDb(from, to) {
  copyFileSync(from, to);
  await withDuckDb(to, async (connection) => {
    const tables = (await connection.runAndReadAll('SELECT table_name FROM duckdb_tables()')).getRowObjectsJS();
    const later = tables.map((t) => String(t.table_name)).filter((name) => !V1_TABLES.has(name));
    for (const name of later) await connection.run(`DROP TABLE ${name}`);
    for (const sequence of (await connection.runAndReadAll('SELECT sequence_name FROM duckdb_sequences()')).getRowObjectsJS())
      await connection.run(`DROP SEQUENCE ${sequence.sequence_name}`);
    await connection.run('UPDATE tix_meta SET schema_version = 1');
    await connection.run('CHECKPOINT');
  });
}
