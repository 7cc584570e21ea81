import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import { ExitCode, TixError } from '../shared/errors.js';
import {
  DuckDBArrayValue,
  DuckDBDecimalValue,
  DuckDBListValue,
  DuckDBMapValue,
  DuckDBStructValue,
  DuckDBTimestampTZValue,
  DuckDBTimestampValue,
  StatementType,
} from './duckdb-driver.js';
import { scratchDir } from '../output/scratch-dir.js';
import { collectGarbage } from '../shared/native-memory.js';
import { parameterRefused, sqlNumber, sqlRecord, uniqueColumnNames } from './sql-values.js';
import type { SqlQuery, SqlRows } from './store.js';
import { microsToIso, outputInstant } from './timestamps.js';

/**
 * `tix history sql` on a DuckDB file, read-only in DuckDB's own terms (docs/history.md#sql): the file opened
 * read-only and the query in a READ ONLY transaction, rolled back, so DuckDB refuses any write to the
 * database; external access (other files, ATTACH, COPY ... TO) switched off and the configuration locked
 * for the rest of the instance's life, so no SET, RESET or PRAGMA changes a setting; DuckDB's parser must
 * call the statement a query (its StatementType SELECT: SELECT, WITH, VALUES, FROM, DESCRIBE, SHOW,
 * SUMMARIZE, a PRAGMA that reads), because what external access leaves open are the database's own files
 * (COPY TO '<file>.wal', EXPORT DATABASE '<file>.tmp', EXPLAIN ANALYZE of either) and temporary objects
 * (CREATE TEMP TABLE), and a CALL can end the process (enable_logging); and DuckDB spills to a private
 * temporary folder, not `<file>.tmp` beside the database. A prepared statement holds one statement only,
 * so DuckDB refuses several. The result is streamed a chunk (2,048 rows) at a time, and an abort
 * interrupts the query on the connection at once.
 */
export async function runDuckDbQuery(
  connection: DuckDBConnection,
  query: SqlQuery,
  consume: (result: SqlRows) => Promise<void>,
): Promise<void> {
  await inSession(connection, query, undefined, async () => {
    const statement = await prepared(connection, query.sql);
    const result = await userError(() => statement.stream());
    const columns = uniqueColumnNames(result.columnNames());
    // A JSON column (listings.extra) as the JSON value it holds, as PostgreSQL's json and jsonb are.
    const convert = result.columnTypes().map((type) => (type.alias === 'JSON' ? jsonValue : plainValue));
    async function* batches(): AsyncIterable<Record<string, unknown>[]> {
      for (let read = 1; ; read++) {
        const chunk = await userError(() => result.fetchChunk());
        if (!chunk || chunk.rowCount === 0) return;
        if (read % COLLECT_EVERY_CHUNKS === 0) collectGarbage();
        // Column by column (DuckDB decodes a vector faster than it builds rows), then one record per row.
        const vectors = chunk.getColumns().map((values, i) => values.map(convert[i]!));
        const records = new Array<Record<string, unknown>>(chunk.rowCount);
        for (let row = 0; row < chunk.rowCount; row++)
          records[row] = sqlRecord(
            columns,
            vectors.map((values) => values[row]),
          );
        yield records;
      }
    }
    await consume({ columns, batches: batches() });
  });
}

/**
 * The query's result written as Parquet by DuckDB itself, to `path` only: the one file external access is
 * allowed to reach (allowed_paths, set before access is switched off), so the query cannot write
 * anywhere else whatever it holds. Columns of the same name are made unique by DuckDB as tix makes them.
 */
export async function copyDuckDbQueryToParquet(connection: DuckDBConnection, query: SqlQuery, path: string): Promise<number> {
  let rows = 0;
  await inSession(connection, query, path, async () => {
    // Prepared alone first: one statement, no parameter, a query, and its own error message and position.
    await prepared(connection, query.sql);
    const copy = `COPY (\n${query.sql.replace(/;\s*$/, '')}\n) TO ${quoteLiteral(path)} (FORMAT parquet, ROW_GROUP_SIZE ${ROW_GROUP_ROWS})`;
    try {
      rows = Number((await connection.run(copy)).rowsChanged);
    } catch (error) {
      // The query parsed alone (prepared above), so it is one COPY cannot wrap (DESCRIBE, SHOW, PRAGMA).
      if (/^Parser Error/.test(error instanceof Error ? error.message : '')) throw notCopyable();
      throw new TixError(`history sql: ${duckDbQueryMessage(error)}`, ExitCode.USAGE);
    }
  });
  return rows;
}

function notCopyable(): TixError {
  return new TixError(
    'history sql: --out FILE.parquet takes a query DuckDB can copy (SELECT, WITH, VALUES, FROM ...): wrap the statement in one, as in SELECT * FROM (DESCRIBE snapshots)',
    ExitCode.USAGE,
  );
}

/** The native memory of this many chunks (2,048 rows each) is freed at a time (shared/native-memory.ts). */
const COLLECT_EVERY_CHUNKS = 8;

/**
 * Rows per Parquet row group, which DuckDB holds while it writes one: a quarter of its default (122,880),
 * so 2 M rows of four columns peak at ~97 MB in DuckDB, not ~110 MB; still large groups for a reader.
 */
const ROW_GROUP_ROWS = 32_768;

async function inSession(
  connection: DuckDBConnection,
  query: SqlQuery,
  writable: string | undefined,
  body: () => Promise<void>,
): Promise<void> {
  await lockedSettings(connection, query.timeZone, writable);
  await readOnlySession(connection, query, body);
}

/** The settings a connection's queries were locked with (the configuration cannot be unlocked). */
const locked = new WeakMap<DuckDBConnection, { timeZone: string; writable: string | undefined }>();

/**
 * Sets what the user's queries run with, then locks the configuration for the instance's life: `history sql`
 * runs one query a process; a store that runs more (the store contract) runs them under the same settings.
 */
async function lockedSettings(connection: DuckDBConnection, timeZone: string, writable: string | undefined): Promise<void> {
  const held = locked.get(connection);
  if (held) {
    if (held.timeZone === timeZone && (writable === undefined || writable === held.writable)) return;
    throw new TixError(
      'history sql: this DuckDB store ran a query under other settings, which are locked now: open it again',
      ExitCode.ERROR,
    );
  }
  // DuckDB spills a large sort here rather than to <file>.tmp beside the database; removed as tix exits.
  const spill = await scratchDir('tix-sql-');
  if (writable !== undefined) await connection.run(`SET allowed_paths = [${quoteLiteral(writable)}]`);
  await connection.run(`SET temp_directory = ${quoteLiteral(spill.path)}`);
  await connection.run('SET enable_external_access = false');
  await userError(() => connection.run(`SET TimeZone = ${quoteLiteral(timeZone)}`));
  await connection.run('SET lock_configuration = true');
  locked.set(connection, { timeZone, writable });
}

async function readOnlySession(connection: DuckDBConnection, query: SqlQuery, body: () => Promise<void>): Promise<void> {
  let over!: () => void;
  const ended = new Promise<void>((resolve) => {
    over = resolve;
  });
  // An interrupt that lands before DuckDB starts the statement is lost (each statement starts uninterrupted),
  // and an exit while a statement runs waits for it: so interrupt until the session is over, and have the
  // exit wait for that (Runtime.whileStopping, at most a few seconds).
  const interrupt = () => {
    connection.interrupt();
    const again = setInterval(() => connection.interrupt(), INTERRUPT_EVERY_MS);
    query.stopping?.(ended.finally(() => clearInterval(again)));
  };
  query.signal?.addEventListener('abort', interrupt, { once: true });
  try {
    await connection.run('BEGIN TRANSACTION READ ONLY');
    try {
      await body();
    } finally {
      // Nothing to keep (a query that ended the transaction itself leaves none to roll back).
      await connection.run('ROLLBACK').catch(() => {});
    }
  } finally {
    query.signal?.removeEventListener('abort', interrupt);
    over();
  }
}

/** How often an interrupted session's statement is interrupted again until the session is over. */
const INTERRUPT_EVERY_MS = 20;

async function prepared(connection: DuckDBConnection, sql: string) {
  const statement = await userError(() => connection.prepare(sql));
  if (statement.parameterCount > 0) throw parameterRefused();
  if (statement.statementType !== StatementType.SELECT) throw notAQuery(statement.statementType);
  return statement;
}

/** What DuckDB's parser calls the statement, when it is not a query: `a COPY statement`. */
function notAQuery(type: StatementType): TixError {
  const name = (StatementType[type] ?? 'other').replaceAll('_', ' ');
  return new TixError(
    `history sql: the history is read-only here: a query runs (SELECT, WITH, VALUES, FROM, DESCRIBE, SHOW, SUMMARIZE), not ${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name} statement, which could write a file or change a setting`,
    ExitCode.USAGE,
  );
}

/** DuckDB's refusal of the query (syntax, a write, a failure while it runs) is the user's to fix: exit 2. */
async function userError<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof TixError) throw error;
    throw new TixError(`history sql: ${duckDbQueryMessage(error)}`, ExitCode.USAGE);
  }
}

function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** DuckDB's message on one line, its position (`LINE 1: ...` and a caret under it) as a column number. */
export function duckDbQueryMessage(error: unknown): string {
  const lines = (error instanceof Error ? error.message : String(error)).split('\n');
  const head = lines[0]!.trim();
  const at = lines.findIndex((line) => /^LINE \d+: /.test(line));
  const caret = at >= 0 ? lines[at + 1]?.indexOf('^') : -1;
  if (at < 0 || caret === undefined || caret < 0) return head;
  const prefix = /^LINE (\d+): /.exec(lines[at]!)!;
  const text = lines[at]!.slice(prefix[0].length);
  // A long line is shown cut, from `...`: the column is then counted in what is shown.
  const where = text.startsWith('...')
    ? `near: ${text.slice(caret - prefix[0].length, caret - prefix[0].length + 20)}`
    : `column ${caret - prefix[0].length + 1}`;
  return `${head} (at line ${prefix[1]}, ${where})`;
}

function jsonValue(value: DuckDBValue): unknown {
  return typeof value === 'string' ? JSON.parse(value) : plainValue(value);
}

/** A value as tix prints it: numbers, text, booleans, timestamps in UTC ISO 8601 (the analysis queries read theirs this way too). */
export function plainValue(value: DuckDBValue): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return sqlNumber(value);
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  // A TIMESTAMP without zone is taken as UTC (tix stores none).
  if (value instanceof DuckDBTimestampTZValue || value instanceof DuckDBTimestampValue) return outputInstant(microsToIso(value.micros));
  if (value instanceof DuckDBDecimalValue) return sqlNumber(value.toDouble());
  // Lists and arrays as arrays, structs and maps as objects (JSON's own, not DuckDB's text for them).
  if (value instanceof DuckDBListValue || value instanceof DuckDBArrayValue) return value.items.map(plainValue);
  if (value instanceof DuckDBStructValue) {
    const names = Object.keys(value.entries);
    return sqlRecord(
      names,
      names.map((name) => plainValue(value.entries[name]!)),
    );
  }
  if (value instanceof DuckDBMapValue) {
    return sqlRecord(
      value.entries.map((entry) => String(plainValue(entry.key))),
      value.entries.map((entry) => plainValue(entry.value)),
    );
  }
  return String(value);
}
