/**
 * The tables of a DuckDB history file. They are public (README "Price history" documents them and analysts
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
];

export const SCHEMA_VERSION = MIGRATIONS.length;
