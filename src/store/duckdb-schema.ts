import type { DuckDBConnection } from '@duckdb/node-api';
import { TixError } from '../shared/errors.js';
import { VERSION } from '../shared/version.js';
import { messageOf } from './duckdb-errors.js';

/**
 * The tables of a DuckDB history file. They are public (docs/history.md documents them and analysts
 * query them directly), so a change is a new migration, never an edit of an old one.
 *
 * MIGRATIONS[n] takes a file from schema version n to n + 1; SCHEMA_VERSION is how many there are.
 */
export const MIGRATIONS: readonly (readonly string[])[] = [
  [
    `CREATE TABLE tix_meta (
      schema_version INTEGER NOT NULL,
      tix_version VARCHAR NOT NULL
    )`,
    `CREATE TABLE snapshots (
      agent VARCHAR NOT NULL,
      event_id VARCHAR NOT NULL,
      api_timestamp TIMESTAMPTZ NOT NULL,
      fetched_at TIMESTAMPTZ NOT NULL,
      listings INTEGER NOT NULL,
      tickets INTEGER NOT NULL,
      min_price DOUBLE,
      median_price DOUBLE,
      max_price DOUBLE,
      PRIMARY KEY (agent, event_id, api_timestamp)
    )`,
    `CREATE TABLE listings (
      agent VARCHAR NOT NULL,
      event_id VARCHAR NOT NULL,
      api_timestamp TIMESTAMPTZ NOT NULL,
      listing_id VARCHAR NOT NULL,
      section VARCHAR,
      "row" VARCHAR,
      quantity INTEGER,
      price DOUBLE,
      extra JSON NOT NULL
    )`,
    `CREATE TABLE sales_daily (
      provider VARCHAR NOT NULL,
      event_id VARCHAR NOT NULL,
      date DATE NOT NULL,
      total_tickets INTEGER NOT NULL,
      total_sales DOUBLE NOT NULL,
      min_price DOUBLE NOT NULL,
      max_price DOUBLE NOT NULL,
      avg_price DOUBLE NOT NULL,
      fetched_at TIMESTAMPTZ NOT NULL,
      PRIMARY KEY (provider, event_id, date)
    )`,
  ],
  // Version 2: the service's event (its evt_ id, name, date, place) and which agents' ids belong to it, so
  // the history answers by event offline and SQL can compare events and days before them.
  [
    `CREATE TABLE events (
      event_id VARCHAR NOT NULL PRIMARY KEY,
      name VARCHAR,
      category VARCHAR,
      venue VARCHAR,
      city VARCHAR,
      state VARCHAR,
      country VARCHAR,
      event_date TIMESTAMPTZ,
      first_seen TIMESTAMPTZ NOT NULL,
      last_seen TIMESTAMPTZ NOT NULL
    )`,
    `CREATE TABLE event_agents (
      event_id VARCHAR NOT NULL,
      agent VARCHAR NOT NULL,
      agent_event_id VARCHAR NOT NULL,
      first_seen TIMESTAMPTZ NOT NULL,
      last_seen TIMESTAMPTZ NOT NULL,
      PRIMARY KEY (event_id, agent)
    )`,
  ],
  // Version 3: price alerts (docs/alerts.md). Rules, the notifications they made (one per new low), and
  // the deliveries of each notification to a webhook or a command, pending until they succeed.
  [
    'CREATE SEQUENCE alert_rule_ids START 1',
    `CREATE TABLE alert_rules (
      id BIGINT NOT NULL PRIMARY KEY DEFAULT nextval('alert_rule_ids'),
      name VARCHAR,
      target VARCHAR NOT NULL,
      event_id VARCHAR,
      agent VARCHAR,
      agent_event_id VARCHAR,
      below DOUBLE,
      drop_percent DOUBLE,
      min_quantity INTEGER,
      section VARCHAR,
      until TIMESTAMPTZ,
      notify_url VARCHAR,
      notify_exec VARCHAR,
      paused BOOLEAN NOT NULL,
      created_at TIMESTAMPTZ NOT NULL,
      baseline_price DOUBLE,
      last_notified_at TIMESTAMPTZ,
      last_notified_price DOUBLE
    )`,
    `CREATE TABLE alert_notifications (
      id BIGINT NOT NULL PRIMARY KEY,
      rule_id BIGINT NOT NULL,
      fired_at TIMESTAMPTZ NOT NULL,
      api_timestamp TIMESTAMPTZ NOT NULL,
      agent VARCHAR NOT NULL,
      agent_event_id VARCHAR NOT NULL,
      event_id VARCHAR,
      event_name VARCHAR,
      event_date TIMESTAMPTZ,
      listing_id VARCHAR NOT NULL,
      section VARCHAR,
      "row" VARCHAR,
      quantity INTEGER,
      price DOUBLE NOT NULL,
      previous_price DOUBLE
    )`,
    `CREATE TABLE alert_deliveries (
      notification_id BIGINT NOT NULL,
      channel VARCHAR NOT NULL,
      target VARCHAR NOT NULL,
      attempts INTEGER NOT NULL,
      last_error VARCHAR,
      claimed_at TIMESTAMPTZ,
      delivered_at TIMESTAMPTZ,
      PRIMARY KEY (notification_id, channel)
    )`,
  ],
  // Version 4: PostgreSQL's index on snapshots by event_id. Nothing here: DuckDB finds an event's rows by
  // its zone maps, and an ART index would slow every insert. The step keeps both stores' versions in step.
  [],
  // Version 5: the event's presale and public on-sale dates (the API's presaleDate and publicSaleDate), for charts and
  // SQL that line prices up with the sale's start; null for events stored before.
  ['ALTER TABLE events ADD COLUMN presale_date TIMESTAMPTZ', 'ALTER TABLE events ADD COLUMN public_sale_date TIMESTAMPTZ'],
  // Version 6: notification ids from a counter that only goes up (issue 28: `alert rm` once let a later alert take an
  // id a webhook had already seen), starting past the highest id stored, so existing ids are kept. A
  // counter rather than a SEQUENCE: DuckDB cannot start a sequence at a value read from a table.
  [
    'CREATE TABLE alert_notification_ids (last_id BIGINT NOT NULL)',
    'INSERT INTO alert_notification_ids SELECT coalesce(max(id), 0) FROM alert_notifications',
  ],
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/** The first version with tables `events` and `event_agents`. */
export const EVENTS_VERSION = 2;

/** The first version whose `events` has presale_date and public_sale_date (found, not written: migrations get renumbered). */
export const SALE_DATES_VERSION = MIGRATIONS.findIndex((step) => step.some((sql) => sql.includes('presale_date'))) + 1;

/** 0 for a file without tix's tables (new, or another program's database). */
export async function schemaVersion(connection: DuckDBConnection): Promise<number> {
  const tables = await connection.runAndReadAll(
    "SELECT count(*) AS n FROM duckdb_tables() WHERE database_name = current_database() AND schema_name = 'main' AND table_name = 'tix_meta'",
  );
  if (Number(tables.getRowObjectsJS()[0]!.n) === 0) return 0;
  const meta = await connection.runAndReadAll('SELECT max(schema_version) AS version FROM tix_meta');
  return Number(meta.getRowObjectsJS()[0]!.version ?? 0);
}

export async function migrate(connection: DuckDBConnection, from: number, file: string): Promise<void> {
  await connection.run('BEGIN TRANSACTION');
  try {
    for (const step of MIGRATIONS.slice(from)) for (const statement of step) await connection.run(statement);
    await connection.run('DELETE FROM tix_meta');
    await connection.run('INSERT INTO tix_meta VALUES (?, ?)', [SCHEMA_VERSION, VERSION]);
    await connection.run('COMMIT');
  } catch (error) {
    await connection.run('ROLLBACK').catch(() => undefined);
    throw new TixError(`cannot set up the price history in ${file}: ${messageOf(error)}`);
  }
}
