import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import { ExitCode, TixError } from '../shared/errors.js';
import { DuckDBDecimalValue, DuckDBTimestampTZValue, DuckDBTimestampValue } from './duckdb-driver.js';
import type { SqlResult } from './store.js';
import { microsToIso, outputInstant } from './timestamps.js';

/**
 * `tix history sql` on a DuckDB file: in a READ ONLY transaction, rolled back (and `tix history sql` opens
 * the file read-only besides), so DuckDB refuses any write; external access (other files, ATTACH,
 * COPY ... TO) is switched off for the rest of the instance's life; and a prepared statement holds one
 * statement only, so DuckDB refuses several.
 */
export async function runDuckDbQuery(connection: DuckDBConnection, sql: string): Promise<SqlResult> {
  await connection.run('SET enable_external_access = false');
  await connection.run('BEGIN TRANSACTION READ ONLY');
  let reader: Awaited<ReturnType<Awaited<ReturnType<DuckDBConnection['prepare']>>['runAndReadAll']>>;
  try {
    const statement = await connection.prepare(sql);
    reader = await statement.runAndReadAll();
  } catch (error) {
    throw new TixError(`history sql: ${duckDbQueryMessage(error)}`, ExitCode.USAGE);
  } finally {
    // Nothing to keep (a query that ended the transaction itself leaves none to roll back).
    await connection.run('ROLLBACK').catch(() => {});
  }
  const columns = reader.columnNames();
  const rows = reader.getRows().map((values) => {
    const record: Record<string, unknown> = {};
    values.forEach((value, i) => {
      record[columns[i]!] = plainValue(value);
    });
    return record;
  });
  return { columns, rows };
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

/** A value as tix prints it: numbers, text, booleans, timestamps in UTC ISO 8601 (the analysis queries read theirs this way too). */
export function plainValue(value: DuckDBValue): unknown {
  if (value === null || typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  // A TIMESTAMP without zone is taken as UTC (tix stores none).
  if (value instanceof DuckDBTimestampTZValue || value instanceof DuckDBTimestampValue) return outputInstant(microsToIso(value.micros));
  if (value instanceof DuckDBDecimalValue) return value.toDouble();
  return String(value);
}
