import {
  createJsonListWriter as createListWriter,
  createRowWriter,
  fileSink,
  stdoutSink,
  writeJson as writeDocument,
  type ColumnType,
  type JsonListWriter,
  type RowWriter,
  type Sink,
  type TableFit,
} from '../output/index.js';
import { EchoedKeyWatch, watchedSink, watchOf } from './echoed-key.js';
import type { OutputOptions } from './output-options.js';
import type { Runtime } from './runtime.js';

/** How a kind of record is shown: its documented columns, the short table set, and column types. */
export interface RecordView {
  documented: readonly string[];
  tableDefaults: readonly string[];
  columnTypes?: Record<string, ColumnType>;
  /** How its table gives way to a narrow terminal: the identifiers never cut, the columns to leave out first. */
  fit?: TableFit;
}

/**
 * Where the data goes: stdout, or a file written atomically, committed only when everything succeeded.
 * With a key in use, what is written is watched for it (echoed-key.ts): one warning at the end if the API
 * echoed it in the data, which goes out unaltered. A failed --out run wrote nothing, so it warns of nothing.
 */
export async function withSink<T>(rt: Runtime, output: OutputOptions, body: (sink: Sink) => Promise<T>): Promise<T> {
  const target = output.out !== undefined ? await fileSink(output.out) : stdoutSink(rt.io.stdout);
  // The sandbox's key is public, and the sandbox never echoes it.
  const key = rt.globals.sandbox ? undefined : rt.settings.apiKey;
  const watch = key ? new EchoedKeyWatch(key) : undefined;
  const sink = watch ? watchedSink(target, watch) : target;
  let written = false;
  try {
    const result = await body(sink);
    await sink.commit();
    written = true;
    return result;
  } catch (error) {
    await sink.abort();
    written = output.out === undefined;
    throw error;
  } finally {
    const warning = written ? watch?.warning() : undefined;
    if (warning) rt.warn(warning);
  }
}

/** A JSON document (a payload as it came): pretty for a person at a terminal, compact otherwise. */
export function writeJson(sink: Sink, value: unknown, pretty: boolean): Promise<void> {
  watchOf(sink)?.scan(value);
  return writeDocument(sink, value, pretty);
}

/** `{"<key>":[item,item,...]}` streamed as pages arrive (output/json-writer.ts). */
export function createJsonListWriter(sink: Sink, options: { key: string; pretty: boolean }): JsonListWriter {
  const writer = createListWriter(sink, options);
  const watch = watchOf(sink);
  if (!watch) return writer;
  const prefix = `${options.key}[]`;
  return {
    write(items) {
      for (const item of items) watch.scan(item, prefix);
      return writer.write(items);
    },
    end: () => writer.end(),
  };
}

/** Text that is data but not records (a body as sent): named fields where it is JSON holding the key. */
export function noteDocumentText(sink: Sink, text: string): void {
  const watch = watchOf(sink);
  if (!watch?.anywhereIn(text)) return;
  try {
    watch.scan(JSON.parse(text));
  } catch {
    // Not JSON: the text check of the sink still reports it, without a field name.
  }
}

/**
 * Writes batches of records in the chosen row format (everything but json). Columns that stdout could not
 * take (first seen after the csv/tsv header went out) are named in one warning at the end: the exit code
 * stays 0, since every row was written, but a script's author learns how to get them.
 */
export function rowWriterFor(rt: Runtime, output: OutputOptions, sink: Sink, view: RecordView): RowWriter {
  const width = tableWidth(rt, output);
  const writer = createWriter(output, sink, view, width, rt.colorFor(rt.io.stdout));
  const watch = watchOf(sink);
  const keep = writtenColumns(output, view);
  return {
    write(records) {
      if (watch) for (const record of records) watch.scan(record, '', keep);
      return writer.write(records);
    },
    async end() {
      await writer.end();
      const leftOut = writer.leftOut?.() ?? [];
      if (leftOut.length > 0) rt.warn(leftOutWarning(leftOut));
      const leftOutToFit = writer.leftOutToFit?.() ?? [];
      if (leftOutToFit.length > 0 && width !== undefined) rt.leaveOutToFit(leftOutToFit, width);
    },
  };
}

export function leftOutWarning(columns: readonly string[]): string {
  const shown = columns.slice(0, 8).join(', ') + (columns.length > 8 ? ` and ${columns.length - 8} more` : '');
  const noun = columns.length === 1 ? 'column' : 'columns';
  return `${columns.length} ${noun} first seen after the header was written ${columns.length === 1 ? 'is' : 'are'} not in the output: ${shown}. For every column write a file with --out, choose columns with --fields, or use -o ndjson`;
}

/** Which fields a row format writes, where it does not write them all: --fields, or a table's short set. */
function writtenColumns(output: OutputOptions, view: RecordView): ((field: string) => boolean) | undefined {
  const chosen = output.fields?.length ? output.fields : output.format === 'table' && view.tableDefaults.length > 0 ? view.tableDefaults : undefined;
  if (!chosen) return undefined;
  return (field) => chosen.some((column) => field === column || field.startsWith(`${column}.`) || field.startsWith(`${column}[]`));
}

function createWriter(output: OutputOptions, sink: Sink, view: RecordView, width: number | undefined, color: boolean): RowWriter {
  if (output.format === 'json') throw new Error('rowWriterFor: json is written as payloads, not rows');
  const toFile = output.out !== undefined;
  return createRowWriter(output.format, sink, {
    documented: [...view.documented],
    tableDefaults: [...view.tableDefaults],
    ...(output.fields ? { fields: output.fields } : {}),
    header: output.header,
    excelSafe: output.excelSafe,
    ...(view.columnTypes ? { columnTypes: view.columnTypes } : {}),
    ...(view.fit ? { fit: view.fit } : {}),
    ...(width !== undefined ? { width } : {}),
    color: !toFile && color,
  });
}

/** The width a table and the text around it fit: the terminal's for stdout, none for a file. */
export function tableWidth(rt: Runtime, output: OutputOptions): number | undefined {
  return output.out === undefined ? rt.terminalWidth() : undefined;
}

/** JSON is pretty for a person at a terminal and compact for programs and files. */
export function prettyJson(rt: Runtime, output: OutputOptions): boolean {
  return output.out === undefined && rt.io.stdout.isTTY === true;
}
