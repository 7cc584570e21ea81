/**
 * The two stores the price-history tests run against, as one fixture: `describeStores(name, body)` runs
 * `body` once over DuckDB files and once over a throw-away PostgreSQL server (test/helpers/postgres.ts:
 * skipped with the reason when PostgreSQL is not installed, a failure in CI). Each `store.fresh()` is a new,
 * empty location: a DuckDB file in its own folder, or a new schema in the server's database.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { describe } from 'vitest';
import { SUPERUSER_PASSWORD, describePostgres, usePostgres, type PgCluster } from '../helpers/postgres.js';
import { tempDir } from '../helpers/tix-env.js';
import { sql as duckdbSql } from './support.js';

export type Rows = Record<string, unknown>[];

export interface StoreLocation {
  /** The flags that point tix at it: `--db <file>`, or `--db <url> --schema <name>`. */
  args: string[];
  /** What --db is (a file path or a URL). */
  db: string;
  /** The location as tix's messages show it (a URL's password as ***). */
  shown: string;
  /** SQL on the store's tables, unqualified names (an analyst's query). Integers as numbers, dates as text: cast in the query. */
  sql(text: string): Promise<Rows>;
  /** Whether tix has created anything there yet (the file, or the schema). */
  exists(): Promise<boolean>;
}

export interface StoreUnderTest {
  name: 'DuckDB' | 'PostgreSQL';
  fresh(): StoreLocation;
  /** SQL giving a JSON column's type name, and the name it gives (DuckDB: JSON, PostgreSQL: jsonb). */
  jsonType: { of: (column: string) => string; name: string };
}

export const duckdbStore: StoreUnderTest = {
  name: 'DuckDB',
  fresh() {
    const file = join(tempDir('tix-history-'), 'history.duckdb');
    return {
      args: ['--db', file],
      db: file,
      shown: file,
      sql: (text) => duckdbSql(file, text),
      exists: async () => existsSync(file),
    };
  },
  jsonType: { of: (column) => `typeof(${column})`, name: 'JSON' },
};

let schemas = 0;

/** A PostgreSQL store on `cluster`: each fresh location a new schema in database tix. */
export function postgresStore(cluster: () => PgCluster): StoreUnderTest & { cluster: () => PgCluster } {
  return {
    name: 'PostgreSQL',
    cluster,
    fresh() {
      const schema = `h${process.pid}_${++schemas}`;
      const url = cluster().url();
      return {
        args: ['--db', url, '--schema', schema],
        db: url,
        shown: url.replace(encodeURIComponent(SUPERUSER_PASSWORD), '***'),
        sql: (text) => pgSql(url, schema, text),
        exists: async () => (await pgSql(url, 'public', `SELECT 1 FROM pg_namespace WHERE nspname = '${schema}'`)).length > 0,
      };
    },
    jsonType: { of: (column) => `pg_typeof(${column})::text`, name: 'jsonb' },
  };
}

async function pgSql(url: string, schema: string, text: string): Promise<Rows> {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

/** `body` once per store, in describe blocks named after it. */
export function describeStores(name: string, body: (store: StoreUnderTest) => void): void {
  describe(`${name} (DuckDB)`, () => body(duckdbStore));
  describePostgres(`${name} (PostgreSQL)`, () => body(postgresStore(usePostgres())));
}
