import pg from 'pg';
import { ExitCode, TixError } from '../shared/errors.js';
import { isUnreachable } from './pg-errors.js';
import { parameterRefused, sqlNumber, sqlRecord, uniqueColumnNames } from './sql-values.js';
import type { SqlQuery, SqlRows } from './store.js';
import { canonicalInstant, outputInstant } from './timestamps.js';

/** Rows per FETCH: a few hundred KB of text at most for tix's tables. */
const FETCH_ROWS = 1000;
const CURSOR = 'tix_sql';
const DECLARE = `DECLARE ${CURSOR} NO SCROLL CURSOR FOR\n`;

/**
 * `tix history sql` on PostgreSQL: one statement in a READ ONLY transaction, rolled back, with tix's schema
 * first on the search path and the run's time zone. The server refuses a write (read-only transaction),
 * several statements (the extended protocol takes one) and a syntax error alike; each is the user's to fix:
 * exit 2 with the server's message and position. A transaction's access mode cannot change after its first
 * query, which setting the search path is.
 *
 * The rows come through a cursor, FETCH_ROWS at a time, so a result of any size is never held whole. A
 * statement a cursor cannot hold (EXPLAIN, SHOW) runs as it is: its result is small. `cancel` asks the
 * server to stop the running statement when the query's signal is aborted.
 */
export async function runPostgresQuery(
  client: pg.Client,
  quotedSchema: string,
  query: SqlQuery,
  consume: (result: SqlRows) => Promise<void>,
  cancel: () => Promise<void>,
): Promise<void> {
  let over = false;
  let end!: () => void;
  const ended = new Promise<void>((resolve) => {
    end = resolve;
  });
  // A cancel request that reaches the server before it starts the next statement cancels nothing: ask
  // again until the session is over, and have the exit wait for that (Runtime.whileStopping, a few seconds).
  const cancelUntilOver = async () => {
    while (!over) {
      await cancel();
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, CANCEL_AGAIN_MS))]);
    }
  };
  const onAbort = () => query.stopping?.(cancelUntilOver());
  query.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    await runInSession(client, quotedSchema, query, consume);
  } finally {
    query.signal?.removeEventListener('abort', onAbort);
    over = true;
    end();
  }
}

/** How long a cancel request is given before it is sent again, while the session is not over. */
const CANCEL_AGAIN_MS = 100;

async function runInSession(
  client: pg.Client,
  quotedSchema: string,
  query: SqlQuery,
  consume: (result: SqlRows) => Promise<void>,
): Promise<void> {
  await client.query('BEGIN READ ONLY');
  try {
    await client.query(`SELECT set_config('search_path', $1, true), set_config('TimeZone', $2, true)`, [quotedSchema, query.timeZone]);
    const warning = await roleWarning(client, quotedSchema);
    if (warning) query.warn?.(warning);
    await client.query('SAVEPOINT tix_sql');
    let cursor = true;
    try {
      await client.query({ text: `${DECLARE}${query.sql}`, queryMode: 'extended' } as pg.QueryConfig);
    } catch (error) {
      if ((error as { code?: string }).code === '42P02') throw parameterRefused();
      // Not a statement a cursor takes, or wrong: run as it is, for its own rows or its own error and position.
      await client.query('ROLLBACK TO SAVEPOINT tix_sql');
      cursor = false;
    }
    const first = await fetch(client, cursor ? `FETCH FORWARD ${FETCH_ROWS} FROM ${CURSOR}` : query.sql);
    const columns = uniqueColumnNames(first.fields.map((f) => f.name));
    const converters = first.fields.map((f) => converterFor(f.dataTypeID));
    const record = (values: (string | null)[]) =>
      sqlRecord(
        columns,
        values.map((value, i) => (value === null ? null : converters[i]!(value))),
      );
    async function* batches(): AsyncIterable<Record<string, unknown>[]> {
      let result = first;
      for (;;) {
        if (result.rows.length > 0) yield result.rows.map(record);
        if (!cursor || result.rows.length < FETCH_ROWS) return;
        if (query.signal?.aborted) return;
        result = await fetch(client, `FETCH FORWARD ${FETCH_ROWS} FROM ${CURSOR}`);
      }
    }
    await consume({ columns, batches: batches() });
  } finally {
    await client.query('ROLLBACK').catch(() => {});
  }
}

/**
 * What the connected role can do that a READ ONLY transaction does not stop, in one line; undefined for a
 * role that can only read. A READ ONLY transaction refuses writes to tables, but not a superuser's (or a
 * member of pg_read_server_files, pg_write_server_files, pg_execute_server_program) `COPY ... TO` a file,
 * `pg_read_file` or `pg_terminate_backend`, nor a role's ending its own other sessions.
 */
async function roleWarning(client: pg.Client, quotedSchema: string): Promise<string | undefined> {
  const { rows } = await client.query<{ role: string; superuser: boolean; files: boolean; writes: boolean }>(
    `SELECT current_user AS role, r.rolsuper AS superuser,
       pg_has_role(current_user, 'pg_read_server_files', 'USAGE') OR pg_has_role(current_user, 'pg_write_server_files', 'USAGE')
         OR pg_has_role(current_user, 'pg_execute_server_program', 'USAGE') AS files,
       has_table_privilege(current_user, $1, 'INSERT, UPDATE, DELETE, TRUNCATE') AS writes
     FROM pg_roles r WHERE r.rolname = current_user`,
    [`${quotedSchema}.snapshots`],
  );
  const role = rows[0];
  if (!role) return undefined;
  const fix = 'set sql-db to a role that can only read (docs/postgresql.md, "SQL on PostgreSQL")';
  if (role.superuser)
    return `history sql runs as PostgreSQL role ${role.role}, a superuser: the READ ONLY transaction does not stop it reading or writing the server's files (COPY ... TO, pg_read_file) or ending other sessions (pg_terminate_backend); ${fix}`;
  if (role.files)
    return `history sql runs as PostgreSQL role ${role.role}, which can read or write the server's files (COPY ... TO, pg_read_file), which the READ ONLY transaction does not stop; ${fix}`;
  if (role.writes)
    return `history sql runs as PostgreSQL role ${role.role}, which can change the history's tables: the READ ONLY transaction refuses those writes, but not ending the role's other sessions (pg_terminate_backend); ${fix}`;
  return undefined;
}

/** Every value as the server's text (no parser), converted by its type (converterFor); a refusal is the user's. */
async function fetch(client: pg.Client, text: string): Promise<pg.QueryArrayResult<(string | null)[]>> {
  try {
    return await client.query({
      text,
      rowMode: 'array',
      queryMode: 'extended',
      types: { getTypeParser: () => (value: string) => value },
    } as pg.QueryArrayConfig);
  } catch (error) {
    throw queryError(error);
  }
}

/** The server's refusal of the query, with its position, as the user's error; a lost connection stays what it is. */
function queryError(error: unknown): unknown {
  const { code, message, position } = error as { code?: string; message?: string; position?: string };
  // `SELECT $1` run as it is: the server's protocol error for a value tix did not send.
  if (code === '08P01' && /bind message supplies/.test(message ?? '')) return parameterRefused();
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code) || isUnreachable(error)) return error;
  const at = position ? ` (at character ${position})` : '';
  return new TixError(`history sql: ${(message ?? code).replace(/\s+/g, ' ').trim()}${at}`, ExitCode.USAGE);
}

const OIDS = {
  bool: 16,
  int8: 20,
  int2: 21,
  int4: 23,
  oid: 26,
  json: 114,
  float4: 700,
  float8: 701,
  numeric: 1700,
  timestamp: 1114,
  timestamptz: 1184,
  jsonb: 3802,
};

/** Array types by their element type: each is printed as a JSON array of its elements. */
const ARRAYS: Record<number, number> = {
  1000: OIDS.bool,
  1005: OIDS.int2,
  1007: OIDS.int4,
  1016: OIDS.int8,
  1028: OIDS.oid,
  1021: OIDS.float4,
  1022: OIDS.float8,
  1231: OIDS.numeric,
  1115: OIDS.timestamp,
  1185: OIDS.timestamptz,
  199: OIDS.json,
  3807: OIDS.jsonb,
  // text, varchar, char, name, date, uuid: their elements stay text.
  1009: 25,
  1015: 25,
  1014: 25,
  1003: 25,
  1182: 25,
  2951: 25,
};

/** pg's parser of a text[] literal (`{a,"b c",NULL}`, nested for several dimensions): elements as text or null. */
const parseTextArray = (pg.types.getTypeParser as (oid: number) => (text: string) => unknown[])(1009);

function converterFor(oid: number): (text: string) => unknown {
  const element = ARRAYS[oid];
  if (element !== undefined) {
    const convert = converterFor(element);
    const walk = (items: unknown[]): unknown[] =>
      items.map((item) => (item === null ? null : Array.isArray(item) ? walk(item) : convert(item as string)));
    return (text) => walk(parseTextArray(text));
  }
  switch (oid) {
    case OIDS.bool:
      return (text) => text === 't';
    case OIDS.int8:
    case OIDS.int2:
    case OIDS.int4:
    case OIDS.oid:
      return (text) => (Number.isSafeInteger(Number(text)) ? Number(text) : text);
    case OIDS.float4:
    case OIDS.float8:
    case OIDS.numeric:
      return (text) => sqlNumber(Number(text));
    case OIDS.json:
    case OIDS.jsonb:
      return (text) => JSON.parse(text);
    case OIDS.timestamptz:
      return (text) => outputInstant(canonicalInstant(text) ?? text);
    case OIDS.timestamp:
      // Taken as UTC: tix stores no timestamp without a zone.
      return (text) => outputInstant(canonicalInstant(`${text}Z`) ?? text);
    default:
      return (text) => text;
  }
}
