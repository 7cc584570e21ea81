import type { ColumnType } from './column-types.js';
import type { TableFit } from './fit-widths.js';

/** Takes records batch by batch (a page at a time) and writes them as rows. */
export interface RowWriter {
  /** Writes a batch; resolves when the sink can take more, so fetching slows to the pace of the reader. */
  write(records: readonly object[]): Promise<void>;
  /** No more records: writes what is still owed (the header of an empty csv, the whole table). Does not commit the sink. */
  end(): Promise<void>;
  /**
   * Columns that first appeared after the header was written to a stream that cannot be rewritten
   * (stdout), and so are missing from the output. Known once end() has resolved.
   */
  leftOut?(): readonly string[];
  /**
   * Suffixed columns (`a.b_1`) holding a value whose path flattened to a name another path of the same
   * record already had (a literal `"a.b"` key and `{"a":{"b":…}}`). Known once end() has resolved.
   */
  collided?(): readonly string[];
  /** Table columns left out to fit the terminal's width. Known once end() has resolved. */
  leftOutToFit?(): readonly string[];
  /**
   * csv and tsv, once the first batch has fixed the columns (not with --fields): how to format rows exactly
   * as write() would, for rows made straight from a page's bytes (delimited-transcoder.ts).
   */
  rowTextPlan?(): RowTextPlan | undefined;
  /**
   * Writes rows formatted by `plan` elsewhere, as write() would have written their records. Resolves false,
   * having written nothing, when the columns are no longer the plan's: the records must go through write().
   */
  writeRowText?(text: Uint8Array, rows: number, plan: RowTextPlan): Promise<boolean>;
}

/** What formats a csv or tsv row: the writer's columns when the plan was made, and its options. */
export interface RowTextPlan {
  dialect: 'csv' | 'tsv';
  columns: readonly string[];
  /** The suffixed columns (`a.b_1`) known then. */
  collided: readonly string[];
  excelSafe: boolean;
}

export interface RowWriterOptions {
  /** The command's documented fields (dotted for nested ones): first, and always in the csv/tsv header. */
  documented: readonly string[];
  /** The short column set a table shows when --fields is not given. */
  tableDefaults?: readonly string[];
  /** Columns after every other one (the agent's own fields vary, its `timestamp` stays last). */
  lastColumns?: readonly string[];
  /** `--fields`: exactly these columns, in this order, in every row format (ndjson too). */
  fields?: readonly string[];
  /** `--no-header` sets this false (csv, tsv, table). Default true. */
  header?: boolean;
  /** `--excel-safe` (csv, tsv). Default false. */
  excelSafe?: boolean;
  /** How a table shows columns and which Parquet type they get; columns not listed are inferred from their values. */
  columnTypes?: Readonly<Record<string, ColumnType>>;
  /** Terminal width in cells (table only); without it the table is as wide as it needs. */
  width?: number;
  /** How a table gives way to a narrow terminal (table only). */
  fit?: TableFit;
  /** Bold table header. Default false: no escape codes at all. */
  color?: boolean;
}
