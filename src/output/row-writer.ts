import { createCsvWriter, createTsvWriter } from './delimited-writer.js';
import type { RowFormat } from './formats.js';
import { createNdjsonWriter } from './ndjson-writer.js';
import { createParquetWriter } from './parquet-writer.js';
import type { Sink } from './sink.js';
import type { RowWriter, RowWriterOptions } from './row-writer-interface.js';
import { createTableWriter } from './table-writer.js';

export type { RowWriter, RowWriterOptions };

/** Each row format's writer; a format added to the table without one here does not type-check. */
const WRITERS: { [F in RowFormat]: (sink: Sink, options: RowWriterOptions) => RowWriter } = {
  table: createTableWriter,
  ndjson: createNdjsonWriter,
  csv: createCsvWriter,
  tsv: createTsvWriter,
  parquet: createParquetWriter,
};

export function createRowWriter(format: RowFormat, sink: Sink, options: RowWriterOptions): RowWriter {
  return WRITERS[format](sink, options);
}
