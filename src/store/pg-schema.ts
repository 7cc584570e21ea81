import type pg from 'pg';
import { ExitCode, TixError } from '../shared/errors.js';
import { VERSION } from '../shared/version.js';

/**
 * The history tables in PostgreSQL, created on first use and migrated forward on open. The tables, columns,
 * keys and NOT NULLs are the DuckDB store's (README "Price history"), so analysts' queries work on either.
 * Published tables: a change is a new migration, never an edit of an old one. Prices are
 * `double precision`: the API's prices are JSON numbers, and a double round-trips them exactly, as DuckDB's
 * DOUBLE does.
 */

/** One entry per version: MIGRATIONS[n - 1] takes the tables from version n - 1 to n (0: nothing yet). */
const MIGRATIONS: ReadonlyArray<(schema: string) => string> = [
  (s) => `
    CREATE TABLE ${s}.snapshots (
      agent text NOT NULL,
      event_id text NOT NULL,
      api_timestamp timestamptz NOT NULL,
      fetched_at timestamptz NOT NULL,
      listings integer NOT NULL,
      tickets integer NOT NULL,
      min_price double precision,
      median_price double precision,
      max_price double precision,
      PRIMARY KEY (agent, event_id, api_timestamp)
    );
    CREATE TABLE ${s}.listings (
      agent text NOT NULL,
      event_id text NOT NULL,
      api_timestamp timestamptz NOT NULL,
      listing_id text NOT NULL,
      section text,
      "row" text,
      quantity integer,
      price double precision,
      extra jsonb NOT NULL,
      PRIMARY KEY (agent, event_id, api_timestamp, listing_id)
    );
    CREATE TABLE ${s}.sales_daily (
      provider text NOT NULL,
      event_id text NOT NULL,
      date date NOT NULL,
      total_tickets integer NOT NULL,
      total_sales double precision NOT NULL,
      min_price double precision NOT NULL,
      max_price double precision NOT NULL,
      avg_price double precision NOT NULL,
      fetched_at timestamptz NOT NULL,
      PRIMARY KEY (provider, event_id, date)
    );`,
  // Version 2: the service's event and its agents' ids (as in DuckDB). A query by evt_ id goes through
  // event_agents (keyed by event) to the snapshots' own key (agent, agent's event id); the index finds the
  // evt_ id of an AGENT:ID entry.
  (s) => `
    CREATE TABLE ${s}.events (
      event_id text NOT NULL PRIMARY KEY,
      name text,
      category text,
      venue text,
      city text,
      state text,
      country text,
      event_date timestamptz,
      first_seen timestamptz NOT NULL,
      last_seen timestamptz NOT NULL
    );
    CREATE TABLE ${s}.event_agents (
      event_id text NOT NULL,
      agent text NOT NULL,
      agent_event_id text NOT NULL,
      first_seen timestamptz NOT NULL,
      last_seen timestamptz NOT NULL,
      PRIMARY KEY (event_id, agent)
    );
    CREATE INDEX event_agents_by_agent_id ON ${s}.event_agents (agent, agent_event_id);`,
];

/** The version this tix writes. `tix_meta` holds one row, as in a DuckDB file: the tables' `schema_version`, and the `tix_version` that last set it. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** The schema name quoted for SQL (names are validated by parseSchemaName; quoting keeps it exact). */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * Makes sure the tables exist at this tix's version. Cheap when they do (one query). Otherwise creates or
 * migrates them in one transaction under an advisory lock on the schema's name, so that several tix
 * processes starting at once against an empty database create the tables once and the others wait for it.
 */
export async function ensureSchema(
  client: pg.Client,
  schema: string,
  where: string,
  readOnly: boolean,
): Promise<'ready' | 'created' | 'migrated' | 'older'> {
  const found = await schemaVersion(client, schema);
  refuseNewer(found, where);
  if (found === SCHEMA_VERSION) return 'ready';
  // A reader creates nothing, and reads an older tix's tables as they are: only a write migrates them.
  if (readOnly && !found) throw new TixError(`no price history in ${where} yet: record some with 'tix track'`, ExitCode.NOT_FOUND);
  if (readOnly) return 'older';

  await client.query('BEGIN');
  try {
    // The two-key form, tix's own first key: other applications' advisory locks on the server are not held up.
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('tix history'), hashtext($1))`, [schema]);
    const version = await schemaVersion(client, schema);
    refuseNewer(version, where);
    const q = quoteIdent(schema);
    if (version === undefined) {
      // Asked first, not CREATE SCHEMA IF NOT EXISTS: that needs the right to create schemas even when the
      // schema exists, which a user of a shared server often lacks.
      const exists = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
      if (exists.rowCount === 0) await client.query(`CREATE SCHEMA ${q}`);
      await client.query(`CREATE TABLE ${q}.tix_meta (schema_version integer NOT NULL, tix_version text NOT NULL)`);
    }
    for (let next = (version ?? 0) + 1; next <= SCHEMA_VERSION; next++) await client.query(MIGRATIONS[next - 1]!(q));
    await client.query(`DELETE FROM ${q}.tix_meta`);
    await client.query(`INSERT INTO ${q}.tix_meta (schema_version, tix_version) VALUES ($1, $2)`, [SCHEMA_VERSION, VERSION]);
    await client.query('COMMIT');
    return version === undefined || version === 0 ? 'created' : 'migrated';
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

/** The tables' version: undefined when there is no tix_meta, 0 when it has no version. */
async function schemaVersion(client: pg.Client, schema: string): Promise<number | undefined> {
  // Read from pg_class, not with to_regclass(): a scan sees what committed before the statement began (the
  // tables another process created while this one waited for the lock); to_regclass's cache may not yet.
  const exists = await client.query(
    `SELECT 1 FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relname = 'tix_meta'`,
    [schema],
  );
  if (exists.rowCount === 0) return undefined;
  const row = await client.query<{ schema_version: number }>(
    `SELECT max(schema_version) AS schema_version FROM ${quoteIdent(schema)}.tix_meta`,
  );
  const value = row.rows[0]?.schema_version;
  return value === undefined || value === null ? 0 : Number(value);
}

function refuseNewer(version: number | undefined, where: string): void {
  if (version !== undefined && !(version <= SCHEMA_VERSION)) {
    throw new TixError(
      `${where} was written by a newer tix (history schema version ${version}; this tix ${VERSION} knows up to ${SCHEMA_VERSION}): upgrade tix`,
    );
  }
}
