import { readFile } from 'node:fs/promises';
import { isDocument, writesJsonValues, type Format } from '../../../output/formats.js';
import type { Sink } from '../../../output/sink.js';
import { SpillQueue, type SpillCodec } from '../../../output/spill-queue.js';
import { sqlRecord } from '../../../store/sql-values.js';
import { ExitCode, UsageError } from '../../../shared/errors.js';
import { isPostgresUrl, parsePostgresUrl, postgresDatabaseOf } from '../../../store/postgres-url.js';
import type { HistoryStore, SqlQuery, SqlRows } from '../../../store/store.js';
import { checkHistoryFolder, historyLocation, openHistoryStore } from '../../../recording/history-store.js';
import type { OutputOptions } from '../../kit/output-options.js';
import { jsonListFor, rowWriterFor, withSink } from '../../kit/present.js';
import { readAll } from '../../kit/read-all.js';
import { keepHeapSmall } from '../../kit/lean-heap.js';
import type { Runtime } from '../../kit/runtime.js';

export interface HistorySqlOptions {
  /** The query: as given, from stdin (`-`), or from --file. */
  source: { text: string } | { stdin: true } | { file: string };
  /** --lock-timeout, --schema */
  store: { lockTimeoutSeconds: number; schema?: string };
  output: OutputOptions;
}

/**
 * The rows stream from the store to the output a batch at a time (a DuckDB chunk, a PostgreSQL FETCH), so
 * memory stays flat whatever the result's size; Parquet from DuckDB is written by DuckDB itself. Ctrl-C,
 * SIGTERM and a closed stdout abort the run's signal, which stops the query in the database at once.
 */
export async function runHistorySql(options: HistorySqlOptions, rt: Runtime): Promise<number> {
  const sql = await queryText(options, rt);
  const { location, source } = await sqlLocation(rt);
  await checkHistoryFolder(rt, location);
  // Read-only: tix history's rules (a store not made yet is exit 4), and the store holds the file only for the query.
  const store = await openHistoryStore(rt, location, { ...options.store, readOnly: true, ...(source ? { source } : {}) });
  const query: SqlQuery = {
    sql,
    timeZone: rt.settings.values.timezone,
    signal: rt.signal,
    stopping: (work) => rt.whileStopping(work),
    warn: (line) => rt.warn(line),
  };
  let open = true;
  const release = async () => {
    if (!open) return;
    open = false;
    await store.close();
  };
  let rows = 0;
  try {
    // With --jq, the rows go to a work file jq filters once the store is let go of (kit/jq-after-work.ts).
    rows = await streamToSink({ rt, output: options.output, store, query, release });
  } finally {
    await release();
  }
  if (rows === 0) rt.note('The query returned no rows.');
  return ExitCode.OK;
}

/** What running the query works with; `release` lets go of the store once every row is read. */
interface SqlRun {
  rt: Runtime;
  output: OutputOptions;
  store: HistoryStore;
  query: SqlQuery;
  release: () => Promise<void>;
}

/** The rows go to the sink as the query gives them (Parquet written by the store itself). Returns the rows. */
async function streamToSink({ rt, output, store, query, release }: SqlRun): Promise<number> {
  let rows = 0;
  await withSink(rt, output, async (sink) => {
    if (output.format === 'parquet' && output.fields === undefined && store.queryToParquet && sink.fillFrom) {
      const toParquet = store.queryToParquet.bind(store);
      rt.trace('history sql: running the query into Parquet');
      await sink.fillFrom(async (path) => {
        rows = await toParquet(query, path);
      });
      return;
    }
    let writing: Promise<number> | undefined;
    rt.trace('history sql: running the query');
    await store.query(query, async (result) => {
      if (store.kind === 'duckdb')
        ({ writing } = await produceAhead(result, (batches) => writeRows(rt, output, sink, result.columns, batches)));
      else rows = await writeRows(rt, output, sink, result.columns, result.batches);
    });
    // Every row is read: a DuckDB file is let go of now, however long the reader takes over the rest.
    await release();
    if (writing) rows = await writing;
  });
  return rows;
}

/**
 * Where the query runs: the run's history; on PostgreSQL, through the sql-db setting's URL when it is set
 * (a role that can only read, docs/postgresql.md, "SQL on PostgreSQL"). A DuckDB file is opened read-only anyway.
 * sql-db names the role, never another store: the history named (--db, TIX_DB, the db setting) is what is
 * queried, so both URLs must be valid and reach the same server and database, or the run is refused (exit 2).
 * (Before, a --db naming a database that does not exist, or no URL at all, quietly queried sql-db's.)
 */
async function sqlLocation(rt: Runtime): Promise<{ location: string; source?: string }> {
  const location = await historyLocation(rt);
  const readOnlyRole = rt.settings.values['sql-db'];
  if (readOnlyRole === undefined || !isPostgresUrl(location)) return { location };
  const dbName = nameOf(rt.settings.sources.db, '--db', 'TIX_DB', 'db');
  const roleName = nameOf(rt.settings.sources['sql-db'], '--sql-db', 'TIX_SQL_DB', 'sql-db');
  const env = rt.io.env;
  parsePostgresUrl(dbName, location, env);
  parsePostgresUrl(roleName, readOnlyRole, env);
  const history = postgresDatabaseOf(location, env);
  const role = postgresDatabaseOf(readOnlyRole, env);
  if (history !== role) {
    throw new UsageError(
      `${roleName} reaches ${role}, but the history (${dbName}) is ${history}: sql-db names the role history sql runs as in the history's own database, so it must name the same server and database`,
    );
  }
  return { location: readOnlyRole, source: roleName };
}

/** How a message names where a setting came from. */
function nameOf(source: string | undefined, flag: string, variable: string, setting: string): string {
  return source === 'env' ? variable : source === 'profile' ? `the ${setting} setting` : flag;
}

/**
 * Reads the result as fast as the database gives it, whatever the pace of the reader: a DuckDB file is held
 * for as long as its query runs, and a cron `track` waits for it meanwhile. The batches the writer has not
 * taken yet wait in a SpillQueue (a few in memory, the rest on disk). Resolves once every row is read (or
 * the writer stopped), with the writer's promise, which the caller awaits after letting go of the store.
 */
async function produceAhead(
  result: SqlRows,
  write: (batches: AsyncIterable<Record<string, unknown>[]>) => Promise<number>,
): Promise<{ writing: Promise<number> }> {
  const queue = new SpillQueue<Record<string, unknown>[]>(rowsCodec(result.columns));
  const writing = write(queue);
  let stopped = false;
  // Awaited by the caller; until then, a failure is noted here rather than left unhandled.
  writing.then(
    () => {
      stopped = true;
    },
    () => {
      stopped = true;
    },
  );
  try {
    for await (const batch of result.batches) {
      if (stopped) break;
      await queue.push(batch);
    }
    queue.end();
  } catch (error) {
    queue.fail(error);
    throw error;
  }
  return { writing };
}

/** A batch on disk: one JSON array of rows, each the array of its values in column order. */
function rowsCodec(columns: readonly string[]): SpillCodec<Record<string, unknown>[]> {
  return {
    encode: (batch) => JSON.stringify(batch.map((record) => columns.map((column) => record[column]))),
    decode: (text) => (JSON.parse(text) as unknown[][]).map((values) => sqlRecord(columns, values)),
  };
}

/** Writes every batch as it comes, and returns how many rows there were. */
async function writeRows(
  rt: Runtime,
  output: OutputOptions,
  sink: Sink,
  columns: readonly string[],
  batches: AsyncIterable<Record<string, unknown>[]>,
): Promise<number> {
  const writer = isDocument(output.format)
    ? jsonListFor(rt, output, sink, 'rows')
    : rowWriterFor(rt, output, sink, { documented: columns, tableDefaults: columns, jsonKey: 'rows' });
  const cells = keepsObjects(output.format) ? undefined : objectsAsText(columns);
  // A result may be millions of rows, each of which dies young (lean-heap.ts); and the old generation too is
  // kept small: into a file (--out), the writer falls behind DuckDB, whose forced collections stop with the
  // query, and the rows read back from the spill file grew the heap by 20 MB (--out csv: 135 -> 117 MB peak).
  await keepHeapSmall();
  let rows = 0;
  for await (const batch of batches) {
    rows += batch.length;
    await writer.write(cells ? batch.map(cells) : batch);
  }
  await writer.end();
  return rows;
}

/** JSON and ndjson print a struct as an object; the other formats as its JSON text in one cell, like a list. */
function keepsObjects(format: Format): boolean {
  return isDocument(format) || writesJsonValues(format);
}

/** A row whose struct values are their JSON text: a struct stays one column, never a set of dotted ones. */
function objectsAsText(columns: readonly string[]): (record: Record<string, unknown>) => Record<string, unknown> {
  return (record) => {
    for (const column of columns) {
      const value = record[column];
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
        Object.defineProperty(record, column, { value: JSON.stringify(value), enumerable: true, writable: true, configurable: true });
      }
    }
    return record;
  };
}

async function queryText(options: HistorySqlOptions, rt: Runtime): Promise<string> {
  const { source } = options;
  let text: string;
  if ('text' in source) text = source.text;
  else if ('stdin' in source) text = await readAll(rt.io.stdin);
  else {
    try {
      text = await readFile(source.file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a folder' : code === 'EACCES' ? 'permission denied' : code;
      throw new UsageError(`--file ${source.file}: cannot read it (${reason})`);
    }
  }
  if (text.trim() === '')
    throw new UsageError(`the query is empty${'file' in source ? ` (--file ${source.file})` : 'stdin' in source ? ' (stdin)' : ''}`);
  return text;
}
