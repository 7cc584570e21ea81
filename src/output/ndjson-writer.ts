import { projectionOf } from './projection.js';
import type { RowWriter, RowWriterOptions } from './row-writer-interface.js';
import type { Sink } from './sink.js';

/**
 * One JSON object per line, nested values kept as JSON. Every key of every record is written (nothing is
 * fixed by the first batch), except with --fields, which keeps only those fields, in that order, nested as
 * in the record (`--fields id,venue.city` gives {"id":…,"venue":{"city":…}}) and null where a record lacks one.
 */
export function createNdjsonWriter(sink: Sink, options: RowWriterOptions): RowWriter {
  const project = projectionOf(options.fields);
  return {
    write(records) {
      if (records.length === 0) return Promise.resolve();
      let out = '';
      for (const record of records) out += `${JSON.stringify(project ? project(record) : record) ?? 'null'}\n`;
      return sink.write(out);
    },
    end: () => Promise.resolve(),
  };
}
