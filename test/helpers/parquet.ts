/**
 * Reads a Parquet file back with DuckDB (the real library, as tix writes it), and compares it with the csv
 * export of the same command: the same columns in the same order, and every cell the same value.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { parse as parseCsv } from 'csv-parse/sync';

export interface ParquetContents {
  columns: string[];
  /** DuckDB's name of each column's type: BIGINT, DOUBLE, TIMESTAMP WITH TIME ZONE, DATE, VARCHAR, ... */
  types: Record<string, string>;
  /** Rows as JavaScript values: bigint, number, boolean, string, Date (timestamps and dates), null. */
  rows: unknown[][];
}

export async function readParquet(path: string): Promise<ParquetContents> {
  const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
  try {
    const connection = await instance.connect();
    try {
      const reader = await connection.runAndReadAll(`SELECT * FROM read_parquet('${path.replaceAll("'", "''")}')`);
      const columns = reader.columnNames();
      const types = Object.fromEntries(columns.map((name, i) => [name, String(reader.columnTypes()[i])]));
      return { columns, types, rows: reader.getRowsJS() as unknown[][] };
    } finally {
      connection.closeSync();
    }
  } finally {
    instance.closeSync();
  }
}

/** Whether csv's text for a cell ('' for null) is the same value as Parquet's, read as a column of `type`. */
export function sameAsCsvCell(value: unknown, type: string, text: string): boolean {
  if (value === null) return text === '';
  switch (type) {
    case 'BIGINT':
    case 'BOOLEAN':
      return String(value) === text;
    case 'DOUBLE':
      return value === Number(text);
    case 'TIMESTAMP WITH TIME ZONE':
      return value instanceof Date && value.getTime() === Date.parse(text);
    case 'DATE':
      return value instanceof Date && value.toISOString().slice(0, 10) === text;
    case 'VARCHAR':
      return value === text;
    default:
      return false;
  }
}

/**
 * Every difference between a Parquet file and csv text of the same rows (header first), as readable lines:
 * an empty list means the same columns and the same value in every cell.
 */
export function differencesFromCsv(parquet: ParquetContents, csv: string): string[] {
  const [header, ...lines] = parseCsv(csv, { relax_column_count: false }) as string[][];
  const differences: string[] = [];
  if (JSON.stringify(header) !== JSON.stringify(parquet.columns))
    differences.push(`columns: csv ${JSON.stringify(header)}, parquet ${JSON.stringify(parquet.columns)}`);
  if (lines.length !== parquet.rows.length) differences.push(`rows: csv ${lines.length}, parquet ${parquet.rows.length}`);
  for (let r = 0; r < Math.min(lines.length, parquet.rows.length) && differences.length < 10; r++) {
    parquet.columns.forEach((column, c) => {
      const value = parquet.rows[r]![c];
      const text = lines[r]![c]!;
      if (!sameAsCsvCell(value, parquet.types[column]!, text)) {
        differences.push(`row ${r + 1}, ${column} (${parquet.types[column]}): csv ${JSON.stringify(text)}, parquet ${String(value)}`);
      }
    });
  }
  return differences;
}
