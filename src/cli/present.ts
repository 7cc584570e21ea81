import {
  createJsonListWriter,
  createRowWriter,
  outSink,
  stdoutSink,
  writeJson,
  type ColumnType,
  type RowWriter,
  type Sink,
} from '../output/index.js';
import type { OutputOptions } from './output-options.js';
import type { Runtime } from './runtime.js';

/** How a kind of record is shown: its documented columns, the short table set, and column types. */
export interface RecordView {
  documented: readonly string[];
  tableDefaults: readonly string[];
  columnTypes?: Record<string, ColumnType>;
}

/** Where the data goes: stdout, or --out (a file written atomically, committed only when everything succeeded). */
export async function withSink<T>(rt: Runtime, output: OutputOptions, body: (sink: Sink) => Promise<T>): Promise<T> {
  const sink = output.out !== undefined ? await outSink(output.out, rt.io) : stdoutSink(rt.io.stdout);
  try {
    const result = await body(sink);
    await sink.commit();
    return result;
  } catch (error) {
    await sink.abort();
    throw error;
  }
}

/**
 * Writes batches of records in the chosen row format (everything but json). Columns that stdout could not
 * take (first seen after the csv/tsv header went out) are named in one warning at the end: the exit code
 * stays 0, since every row was written, but a script's author learns how to get them.
 */
export function rowWriterFor(rt: Runtime, output: OutputOptions, sink: Sink, view: RecordView): RowWriter {
  const writer = createWriter(rt, output, sink, view);
  return {
    write: (records) => writer.write(records),
    async end() {
      await writer.end();
      const leftOut = writer.leftOut?.() ?? [];
      if (leftOut.length > 0) rt.warn(leftOutWarning(leftOut));
    },
  };
}

export function leftOutWarning(columns: readonly string[]): string {
  const shown = columns.slice(0, 8).join(', ') + (columns.length > 8 ? ` and ${columns.length - 8} more` : '');
  const noun = columns.length === 1 ? 'column' : 'columns';
  return `${columns.length} ${noun} first seen after the header was written ${columns.length === 1 ? 'is' : 'are'} not in the output: ${shown}. For every column write a file with --out, choose columns with --fields, or use -o ndjson`;
}

function createWriter(rt: Runtime, output: OutputOptions, sink: Sink, view: RecordView): RowWriter {
  if (output.format === 'json') throw new Error('rowWriterFor: json is written as payloads, not rows');
  const toFile = output.out !== undefined;
  return createRowWriter(output.format, sink, {
    documented: [...view.documented],
    tableDefaults: [...view.tableDefaults],
    ...(output.fields ? { fields: output.fields } : {}),
    header: output.header,
    excelSafe: output.excelSafe,
    ...(view.columnTypes ? { columnTypes: view.columnTypes } : {}),
    ...(toFile ? {} : { width: rt.terminalWidth() }),
    color: !toFile && rt.colorFor(rt.io.stdout),
  });
}

/** JSON is pretty for a person at a terminal and compact for programs and files. */
export function prettyJson(rt: Runtime, output: OutputOptions): boolean {
  return output.out === undefined && rt.io.stdout.isTTY === true;
}

export { createJsonListWriter, writeJson };
