import {
  accessor,
  collectColumns,
  createJsonListWriter,
  createRowWriter,
  fileSink,
  stdoutSink,
  writeJson,
  type Accessor,
  type ColumnType,
  type RowWriter,
  type Sink,
} from '../output/index.js';
import type { OutputOptions } from './output-options.js';
import { closest } from './parse/enum.js';
import type { Runtime } from './runtime.js';

/** How a kind of record is shown: its documented columns, the short table set, and column types. */
export interface RecordView {
  documented: readonly string[];
  tableDefaults: readonly string[];
  /** Columns after all others, such as the `timestamp` that follows each agent's own fields. */
  lastColumns?: readonly string[];
  columnTypes?: Record<string, ColumnType>;
  /** json with --fields: the key of the list of records, `{"<jsonKey>":[...]}`, each with only those fields. */
  jsonKey?: string;
}

/** Where the data goes: stdout, or a file written atomically, committed only when everything succeeded. */
export async function withSink<T>(rt: Runtime, output: OutputOptions, body: (sink: Sink) => Promise<T>): Promise<T> {
  const sink = output.out !== undefined ? await fileSink(output.out) : stdoutSink(rt.io.stdout);
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
 * Writes batches of records in the chosen row format, or for json with --fields as `{"<jsonKey>":[...]}`.
 * Columns that stdout could not take (first seen after the csv/tsv header went out) are named in one
 * warning at the end: the exit code stays 0, since every row was written, but a script's author learns how
 * to get them. So are --fields that no record had (fieldsChecked).
 */
export function rowWriterFor(rt: Runtime, output: OutputOptions, sink: Sink, view: RecordView): RowWriter {
  const writer = fieldsChecked(rt, output, createWriter(rt, output, sink, view));
  return {
    write: (records) => writer.write(records),
    async end() {
      await writer.end();
      const leftOut = writer.leftOut?.() ?? [];
      if (leftOut.length > 0) rt.warn(leftOutWarning(leftOut));
    },
  };
}

/** `{"<key>":[...]}` streamed a batch at a time, each record cut to --fields when given (and those checked). */
export function jsonListFor(rt: Runtime, output: OutputOptions, sink: Sink, key: string): RowWriter {
  return fieldsChecked(rt, output, jsonList(rt, output, sink, key));
}

function jsonList(rt: Runtime, output: OutputOptions, sink: Sink, key: string): RowWriter {
  return createJsonListWriter(sink, { key, pretty: prettyJson(rt, output), fields: output.fields });
}

/**
 * --fields names that no record of the output had are warned about once at the end, with the closest name
 * the records did have: fields vary by agent, so a name missing today is not an error, but a typo (nmae)
 * should not pass as an empty column without a word. The exit code is unchanged.
 */
function fieldsChecked(rt: Runtime, output: OutputOptions, writer: RowWriter): RowWriter {
  if (!output.fields || output.fields.length === 0) return writer;
  const unseen = new Map<string, Accessor>(output.fields.map((field) => [field, accessor(field)]));
  // The names the records had, for "did you mean": gathered only while a field is missing, from a sample.
  const known = new Set<string>();
  let sampled = 0;
  const notice = (records: readonly object[]) => {
    for (const record of records) {
      if (unseen.size === 0) return;
      if (record === null || typeof record !== 'object') continue;
      sampled++;
      for (const [field, read] of unseen) if (read(record) !== undefined) unseen.delete(field);
      if (sampled <= FIELD_SAMPLE) collectColumns(record, known);
    }
  };
  return {
    write(records) {
      notice(records);
      return writer.write(records);
    },
    async end() {
      await writer.end();
      // No records, no verdict: an empty result says nothing about the names.
      if (unseen.size > 0 && sampled > 0) rt.warn(unseenFieldsWarning([...unseen.keys()], [...known]));
    },
    ...(writer.leftOut ? { leftOut: () => writer.leftOut!() } : {}),
  };
}

/** How many records give the names a missing field is compared with: plenty for every agent's fields. */
const FIELD_SAMPLE = 1_000;

function unseenFieldsWarning(fields: readonly string[], known: readonly string[]): string {
  const named = fields.map((field) => {
    const suggestion = closest(field, known.filter((name) => !fields.includes(name)));
    return suggestion ? `${field} (did you mean ${suggestion}?)` : field;
  });
  return `--fields: no record had ${named.join(', ')}, so ${fields.length === 1 ? 'it is' : 'they are'} empty in every row (null in json)`;
}

export function leftOutWarning(columns: readonly string[]): string {
  const shown = columns.slice(0, 8).join(', ') + (columns.length > 8 ? ` and ${columns.length - 8} more` : '');
  const noun = columns.length === 1 ? 'column' : 'columns';
  return `${columns.length} ${noun} first seen after the header was written ${columns.length === 1 ? 'is' : 'are'} not in the output: ${shown}. For every column write a file with --out, choose columns with --fields, or use -o ndjson`;
}

function createWriter(rt: Runtime, output: OutputOptions, sink: Sink, view: RecordView): RowWriter {
  if (output.format === 'json') {
    if (view.jsonKey === undefined) throw new Error('rowWriterFor: json without a jsonKey is written as the payload, not as rows');
    return jsonList(rt, output, sink, view.jsonKey);
  }
  const toFile = output.out !== undefined;
  return createRowWriter(output.format, sink, {
    documented: [...view.documented],
    tableDefaults: [...view.tableDefaults],
    ...(view.lastColumns ? { lastColumns: view.lastColumns } : {}),
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

export { writeJson };
