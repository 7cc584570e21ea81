import { createCsvWriter, createTsvWriter } from './delimited-writer.js';
import type { RowFormat } from './formats.js';
import { createNdjsonWriter } from './ndjson-writer.js';
import { createParquetWriter } from './parquet-writer.js';
import type { Sink } from './sink.js';
import type { RowWriter, RowWriterOptions } from './row-writer-interface.js';
import { createTableWriter } from './table-writer.js';

export type { RowWriter, RowWriterOptions };

export function createRowWriter(format: RowFormat, sink: Sink, options: RowWriterOptions): RowWriter {
  switch (format) {
    case 'csv':
      return createCsvWriter(sink, options);
    case 'tsv':
      return createTsvWriter(sink, options);
    case 'ndjson':
      return createNdjsonWriter(sink, options);
    case 'table':
      return createTableWriter(sink, options);
    case 'parquet':
      return createParquetWriter(sink, options);
    default:
      throw new Error(`createRowWriter: not a row format: ${String(format satisfies never)}`);
  }
}
