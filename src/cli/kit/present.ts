import {
  accessor,
  collectColumns,
  createJsonListWriter,
  createRowWriter,
  outSink,
  stdoutSink,
  writeJson as writeDocument,
  type Accessor,
  type ColumnType,
  type RowWriter,
  type Sink,
  type TableFit,
} from '../../output/index.js';
import { EchoedKeyWatch, watchedSink, watchOf } from './echoed-key.js';
import type { OutputOptions } from './output-options.js';
import { jqSink } from './jq.js';
import { jqAfterWorkOf } from './jq-after-work.js';
import { keepCompilersLean, keepYoungGenerationSmall } from './lean-heap.js';
import { continuesPage } from './page-batches.js';
import { closest } from './parse/enum.js';
import type { Runtime } from './runtime.js';
import { isDocument, isForPeople } from '../../output/formats.js';

/** How a kind of record is shown: its documented columns, the short table set, and column types. */
export interface RecordView {
  documented: readonly string[];
  tableDefaults: readonly string[];
  /** Columns after all others, such as the `timestamp` that follows each agent's own fields. */
  lastColumns?: readonly string[];
  columnTypes?: Record<string, ColumnType>;
  /** How its table gives way to a narrow terminal: the identifiers never cut, the columns to leave out first. */
  fit?: TableFit;
  /** json with --fields: the key of the list of records, `{"<jsonKey>":[...]}`, each with only those fields. */
  jsonKey?: string;
}

/**
 * Where the data goes: stdout, or a file written atomically, committed only when everything succeeded.
 * With a key in use, what is written is watched for it (echoed-key.ts): one warning at the end if the API
 * echoed it in the data, which goes out unaltered. A failed --out run wrote nothing, so it warns of nothing.
 */
export async function withSink<T>(
  rt: Runtime,
  output: OutputOptions,
  body: (sink: Sink) => Promise<T>,
  { jqMemoryMb, watchKey = true }: { jqMemoryMb?: number; watchKey?: boolean } = {},
): Promise<T> {
  // Parquet loads DuckDB as it ends, beside what the run grew until then: a young generation left to grow while
  // a 3.9 MB page was read held ~12 MB there (124.7 -> 113.7 MB peak RSS), and on Node.js 24 the
  // optimizing compilers' code and memory ~13 MB more (BENCHMARKS.md, issue 36 §4).
  if (output.format === 'parquet') {
    await keepYoungGenerationSmall();
    keepCompilersLean();
  }
  // A history command's --jq runs once its work is over (jq-after-work.ts): what jq is to filter is put aside.
  const later = output.jq !== undefined ? jqAfterWorkOf(rt) : undefined;
  const target = later
    ? await later.spill(output)
    : await outputSink(
        rt,
        output,
        output.jq !== undefined ? (destination) => jqSinkOver(destination, output.jq!, rt, jqMemoryMb) : undefined,
      );
  const key = watchKey ? watchedKey(rt) : undefined;
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
    // Only stdout keeps what went out before the failure; a work file for jq is gone with it.
    written = output.out === undefined && !later;
    throw error;
  } finally {
    const warning = written ? watch?.warning() : undefined;
    if (warning) rt.warn(warning);
  }
}

/** stdout or the --out file, through `through` (jq) when given. */
async function outputSink(rt: Runtime, output: OutputOptions, through?: (destination: Sink) => Promise<Sink>): Promise<Sink> {
  const destination = output.out !== undefined ? await outSink(output.out, rt.io) : stdoutSink(rt.io.stdout);
  return through ? through(destination) : destination;
}

/** The key the output is watched for, if any. The sandbox's key is public, and the sandbox never echoes it. */
export function watchedKey(rt: Runtime): string | undefined {
  return rt.globals.sandbox ? undefined : rt.settings.apiKey;
}

/** The --jq sink (kit/jq.ts, which loads jq): a filter that does not compile leaves no --out file behind. */
async function jqSinkOver(destination: Sink, filter: string, rt: Runtime, memoryMb?: number): Promise<Sink> {
  try {
    return await jqSink(destination, filter, rt.io.stderr, memoryMb, rt.jqAhead);
  } catch (error) {
    await destination.abort();
    throw error;
  }
}

/** A JSON document (a payload as it came): pretty for a person at a terminal, compact otherwise. */
export function writeJson(sink: Sink, value: unknown, pretty: boolean): Promise<void> {
  watchOf(sink)?.scan(value);
  return writeDocument(sink, value, pretty);
}

/**
 * A body as sent, data but not records: named fields where it is JSON holding the key. Looked for in its bytes,
 * so that a large page is not made a string for it (BENCHMARKS.md, issue 36 §4).
 */
export function noteDocumentText(sink: Sink, body: Buffer): void {
  const watch = watchOf(sink);
  if (!watch?.anywhereIn(body)) return;
  try {
    watch.scan(JSON.parse(body.toString('utf8')));
  } catch {
    // Not JSON: the text check of the sink still reports it, without a field name.
  }
}

/**
 * Writes batches of records in the chosen row format, or for json with --fields as `{"<jsonKey>":[...]}`.
 * Columns that stdout could not take (first seen after the csv/tsv header went out) are named in one
 * warning at the end: the exit code stays 0, since every row was written, but a script's author learns how
 * to get them. So are --fields that no record had (fieldsChecked).
 */
export function rowWriterFor(rt: Runtime, output: OutputOptions, sink: Sink, view: RecordView): RowWriter {
  const width = tableWidth(rt, output);
  const writer = fieldsChecked(rt, output, createWriter(rt, output, sink, view, width));
  const watch = watchOf(sink);
  const keep = writtenColumns(output, view);
  return {
    write(records) {
      if (watch) for (const record of records) watch.scan(record, '', keep);
      return writer.write(records);
    },
    // Rows made from a page's bytes were watched there: a page holding the key is never made so (delimited-transcoder.ts).
    ...(writer.rowTextPlan ? { rowTextPlan: () => writer.rowTextPlan!() } : {}),
    ...(writer.writeRowText ? { writeRowText: (text, rows, plan) => writer.writeRowText!(text, rows, plan) } : {}),
    async end() {
      await writer.end();
      const leftOut = writer.leftOut?.() ?? [];
      if (leftOut.length > 0) rt.warn(leftOutWarning(leftOut));
      const collided = writer.collided?.() ?? [];
      if (collided.length > 0) rt.warn(collidedWarning(collided));
      const leftOutToFit = writer.leftOutToFit?.() ?? [];
      if (leftOutToFit.length > 0 && width !== undefined) rt.leaveOutToFit(leftOutToFit, width);
    },
  };
}

/**
 * `{"<key>":[...]}` streamed a batch at a time, each record cut to --fields when given (and those checked).
 * `pages`: the batches are pages of --all (or batches of one, page-batches.ts), and --jq filters each page
 * on its own; otherwise --jq filters the one document -o json prints, however many batches it took.
 */
export function jsonListFor(rt: Runtime, output: OutputOptions, sink: Sink, key: string, pages = false): RowWriter {
  return fieldsChecked(rt, output, jsonList(rt, output, sink, key, pages));
}

/** The list writer of output/json-writer.ts, its records watched for an echoed key as they pass. */
function jsonList(rt: Runtime, output: OutputOptions, sink: Sink, key: string, pages = false): RowWriter {
  const writer =
    output.jq !== undefined && pages
      ? jsonPages(sink, key)
      : createJsonListWriter(sink, { key, pretty: prettyJson(rt, output), fields: output.fields });
  const watch = watchOf(sink);
  if (!watch) return writer;
  // With --fields only the chosen fields are written, and they are named as --fields names them.
  const keep = output.fields?.length ? writtenColumns(output, { documented: [], tableDefaults: [] }) : undefined;
  const prefix = keep ? '' : `${key}[]`;
  return {
    write(records) {
      for (const record of records) watch.scan(record, prefix, keep);
      return writer.write(records);
    },
    end: () => writer.end(),
  };
}

/**
 * With --jq, the pages of --all go out as one compact `{"<key>":[...]}` a line per page (a batch, or the
 * batches of one page, page-batches.ts), which the --jq sink filters one at a time: memory stays flat however
 * many pages there are. With no records at all, `{"<key>":[]}` once, as -o json prints.
 */
function jsonPages(sink: Sink, key: string): RowWriter {
  let count = 0;
  // A page's line begun, its `]}` not yet written: more of the page follows.
  let open = false;
  return {
    write(records) {
      if (records.length === 0) return Promise.resolve();
      count += records.length;
      const head = open ? ',' : `{${JSON.stringify(key)}:[`;
      open = continuesPage(records);
      return sink.write(`${head}${JSON.stringify(records).slice(1, -1)}${open ? '' : ']}\n'}`);
    },
    end() {
      if (count === 0) return sink.write(`${JSON.stringify({ [key]: [] })}\n`);
      return open ? sink.write(']}\n') : Promise.resolve();
    },
  };
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
    ...(writer.leftOutToFit ? { leftOutToFit: () => writer.leftOutToFit!() } : {}),
    ...(writer.collided ? { collided: () => writer.collided!() } : {}),
  };
}

/** How many records give the names a missing field is compared with: plenty for every agent's fields. */
const FIELD_SAMPLE = 1_000;

function unseenFieldsWarning(fields: readonly string[], known: readonly string[]): string {
  const named = fields.map((field) => {
    const suggestion = closest(
      field,
      known.filter((name) => !fields.includes(name)),
    );
    return suggestion ? `${field} (did you mean ${suggestion}?)` : field;
  });
  return `--fields: no record had ${named.join(', ')}, so ${fields.length === 1 ? 'it is' : 'they are'} empty in every row (null in json)`;
}

/** One line naming the columns that two paths of one record flattened to, and where the second went. */
export function collidedWarning(suffixed: readonly string[]): string {
  const shown = suffixed.slice(0, 8).map((name) => `${name.replace(/_\d+$/, '')} and ${name}`);
  const more = suffixed.length > 8 ? ` and ${suffixed.length - 8} more` : '';
  return `a record has a key and a nested path that flatten to one column name; the key keeps the name and the nested value gets a numbered one: ${shown.join(', ')}${more}`;
}

export function leftOutWarning(columns: readonly string[]): string {
  const shown = columns.slice(0, 8).join(', ') + (columns.length > 8 ? ` and ${columns.length - 8} more` : '');
  const noun = columns.length === 1 ? 'column' : 'columns';
  return `${columns.length} ${noun} first seen after the header was written ${columns.length === 1 ? 'is' : 'are'} not in the output: ${shown}. For every column write a file with --out, choose columns with --fields, or use -o ndjson`;
}

/** Which fields a row format writes, where it does not write them all: --fields, or a table's short set. */
function writtenColumns(output: OutputOptions, view: RecordView): ((field: string) => boolean) | undefined {
  const chosen = output.fields?.length
    ? output.fields
    : isForPeople(output.format) && view.tableDefaults.length > 0
      ? view.tableDefaults
      : undefined;
  if (!chosen) return undefined;
  return (field) => chosen.some((column) => field === column || field.startsWith(`${column}.`) || field.startsWith(`${column}[]`));
}

function createWriter(rt: Runtime, output: OutputOptions, sink: Sink, view: RecordView, width: number | undefined): RowWriter {
  if (isDocument(output.format)) {
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
    ...(view.fit ? { fit: view.fit } : {}),
    ...(width !== undefined ? { width } : {}),
    color: !toFile && rt.colorFor(rt.io.stdout),
  });
}

/** The width a table and the text around it fit: the terminal's for stdout, none for a file. */
export function tableWidth(rt: Runtime, output: OutputOptions): number | undefined {
  return output.out === undefined ? rt.terminalWidth() : undefined;
}

/** JSON is pretty for a person at a terminal and compact for programs and files. */
export function prettyJson(rt: Runtime, output: OutputOptions): boolean {
  // --jq filters one JSON text a line: never pretty.
  return output.jq === undefined && output.out === undefined && rt.io.stdout.isTTY === true;
}
