import { ExitCode, TixError } from '../shared/errors.js';
import { DuckDBInstance } from '@duckdb/node-api';
import type { SqlType } from './parquet-types.js';

/** Rows staged as text (parquet-writer.ts): one CSV line per row, every field text, null an empty unquoted field. */
export interface StagedRows {
  path: string;
  rows: number;
  /** Characters written, and those of the longest line: they size DuckDB's buffers. */
  chars: number;
  longestLine: number;
  /** Columns were added part-way (a key first seen on a later page): earlier rows have fewer fields. */
  ragged?: boolean;
}

export interface ParquetColumn {
  name: string;
  type: SqlType;
}

const MB = 1024 * 1024;

/**
 * Writes the staged rows to `dest` as Parquet with DuckDB, each column cast to its type. DuckDB is imported
 * here and only here, after the rows are staged: a run that asks for another format never loads its
 * native library (~70 MB), and a Parquet export does not hold it while it streams from the API.
 *
 * Memory: one thread, row groups of about 4 MB of text and a tight memory limit, raised only if the
 * conversion runs out, keep DuckDB's working set small whatever the number of rows (BENCHMARKS.md).
 * `workDir` takes what it spills. `firstMemoryLimit` (bytes) replaces the first guess (tests).
 */
export async function writeParquet(
  staged: StagedRows | undefined,
  columns: readonly ParquetColumn[],
  dest: string,
  workDir: string,
  firstMemoryLimit?: number,
): Promise<void> {
  // A UTF-16 character is at most 3 bytes of UTF-8; the CSV reader needs a line to fit twice in its buffer.
  const bufferBytes = Math.max(MB, 2 * 3 * (staged?.longestLine ?? 0) + 1024);
  // The Parquet writer needs some memory per column whatever the row group size, from under 1 MB (sparse
  // columns: 20 columns of events fit in 20 MB) to over 2 MB (14 dense columns need 30 MB); the CSV reader
  // a few buffers. DuckDB fills what it is allowed, so start low and double when it runs out.
  let memoryLimit = firstMemoryLimit ?? Math.max(16 * MB, MB * columns.length) + 4 * bufferBytes;
  const instance = await DuckDBInstance.create(':memory:', {
    threads: '1',
    temp_directory: workDir,
    // Hand freed memory back to the system as soon as a task ends, not once 128 MB have piled up.
    allocator_flush_threshold: '1MB',
    allocator_bulk_deallocation_flush_threshold: '1MB',
    // Only the built-in parquet writer is used: never reach for the network for an extension.
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
  });
  try {
    const connection = await instance.connect();
    try {
      for (let attempt = 1; ; attempt++) {
        await connection.run(`SET memory_limit = '${Math.ceil(memoryLimit / MB)}MB'`);
        try {
          await connection.run(copyStatement(staged, columns, dest, bufferBytes));
          return;
        } catch (error) {
          if (attempt === MEMORY_ATTEMPTS || !/Out of Memory/i.test(firstLine(error))) throw error;
          memoryLimit *= 2;
        }
      }
    } finally {
      connection.closeSync();
    }
  } catch (error) {
    throw new TixError(`cannot write the parquet file: ${firstLine(error)}`, ExitCode.ERROR, { cause: error });
  } finally {
    instance.closeSync();
  }
}

/** Tries at a memory limit twice the last: ×16 at most over the first guess. */
const MEMORY_ATTEMPTS = 5;

function copyStatement(staged: StagedRows | undefined, columns: readonly ParquetColumn[], dest: string, bufferBytes: number): string {
  const select = columns.map((column, i) => `${castOf(`c${i}`, column.type)} AS ${identifier(column.name)}`).join(', ');
  if (!staged || staged.rows === 0) {
    // No rows: the columns alone, each typed, so the file has the schema a full export would have.
    return `COPY (SELECT ${select} FROM (SELECT ${columns.map((_, i) => `CAST(NULL AS VARCHAR) AS c${i}`).join(', ')}) LIMIT 0) TO ${literal(dest)} (FORMAT parquet)`;
  }
  const names = columns.map((_, i) => `'c${i}': 'VARCHAR'`).join(', ');
  const reader =
    `read_csv(${literal(staged.path)}, header = false, auto_detect = false, columns = {${names}}, delim = ',', quote = '"', escape = '"', ` +
    // A quoted "" is an empty string and only an unquoted empty field is null; one reader thread keeps the row order.
    `new_line = '\\n', allow_quoted_nulls = false, parallel = false, ${staged.ragged ? 'null_padding = true, ' : ''}buffer_size = ${bufferBytes}, max_line_size = ${bufferBytes / 2})`;
  const averageLine = staged.chars / staged.rows;
  const rowGroup = Math.min(122_880, Math.max(64, Math.round((4 * MB) / averageLine)));
  return `COPY (SELECT ${select} FROM ${reader}) TO ${literal(dest)} (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE ${rowGroup})`;
}

function castOf(column: string, type: SqlType): string {
  return type === 'VARCHAR' ? column : `CAST(${column} AS ${type})`;
}

/** A column name as SQL: the API's keys may hold any character. */
function identifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]!.trim();
}
