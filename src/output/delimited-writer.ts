import { ExactNumber } from '../shared/exact-number.js';
import { resolveColumns } from './columns.js';
import { CSV_EOL, csvField } from './csv.js';
import { excelSafeText } from './excel-safe.js';
import { accessor, type Accessor } from './flatten.js';
import { ShapeWatch } from './shape-watch.js';
import type { RowTextPlan, RowWriter, RowWriterOptions } from './row-writer-interface.js';
import type { Sink } from './sink.js';
import { TSV_EOL, tsvField } from './tsv.js';
import { widenRows, type WidenPlan } from './widen-rows.js';

interface Dialect {
  name: RowTextPlan['dialect'];
  separator: string;
  eol: string;
  /** Quotes or escapes one field's text as the format needs. */
  field(text: string): string;
}

const DIALECTS: Record<RowTextPlan['dialect'], Dialect> = {
  csv: { name: 'csv', separator: ',', eol: CSV_EOL, field: csvField },
  tsv: { name: 'tsv', separator: '\t', eol: TSV_EOL, field: tsvField },
};

/** The separator, end of line and field quoting of csv or tsv (delimited-transcoder.ts writes by them too). */
export function dialectOf(name: RowTextPlan['dialect']): Readonly<Dialect> {
  return DIALECTS[name];
}

/**
 * One value as a field: numbers and booleans as JSON writes them, a number a double cannot hold as the API
 * wrote it (ExactNumber), objects and arrays as JSON text, null as empty.
 */
export function cellText(value: unknown, excelSafe: boolean, field: (text: string) => string): string {
  switch (typeof value) {
    case 'string':
      return field(excelSafe ? excelSafeText(value) : value);
    case 'number':
      return Number.isFinite(value) ? String(value) : '';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return String(value);
    case 'object': {
      if (value === null) return '';
      if (value instanceof ExactNumber) return value.text;
      const json = JSON.stringify(value) ?? '';
      return field(excelSafe ? excelSafeText(json) : json);
    }
    default:
      return '';
  }
}

export function createCsvWriter(sink: Sink, options: RowWriterOptions): RowWriter {
  return new DelimitedWriter(sink, options, DIALECTS.csv);
}

export function createTsvWriter(sink: Sink, options: RowWriterOptions): RowWriter {
  return new DelimitedWriter(sink, options, DIALECTS.tsv);
}

const NO_FIELDS: object = Object.freeze({});
/**
 * A batch goes out in pieces of about this many characters. A page of 5,000 events as one string is a
 * multi-megabyte object that V8 keeps in its large-object space until a full collection; pieces this size
 * die young and cheaply, which keeps the peak memory of a long export down (see BENCHMARKS.md).
 */
const WRITE_CHARS = 64 * 1024;

/**
 * Streams csv or tsv, a batch at a time in pieces of about 64 KB, so memory stays at one batch.
 *
 * The header goes out with the first batch, but the API's fields vary by agent, so a key can first appear
 * pages later. Into a file (a sink that can rewrite what it wrote) such a column is added at the end and
 * the file finished with a second pass that widens the header and the earlier rows (widen-rows.ts). On
 * stdout rows cannot be recalled: the column is left out, and leftOut() names it so the command can say so.
 * With --fields the columns are exactly those asked for, and nothing is left out.
 */
class DelimitedWriter implements RowWriter {
  #columns: string[] | undefined;
  #readers: Accessor[] = [];
  /** Notices columns no earlier record had; not used with --fields. */
  #shapes: ShapeWatch | undefined;
  /** Rows written, grouped by the column count they were written with (for the second pass). */
  #segments: { rows: number; columns: number }[] = [];
  #leftOut: string[] = [];
  #collided = new Set<string>();

  constructor(
    private readonly sink: Sink,
    private readonly options: RowWriterOptions,
    private readonly dialect: Dialect,
  ) {}

  async write(records: readonly object[]): Promise<void> {
    let out = '';
    if (this.#columns === undefined) {
      if (records.length === 0) return;
      out = this.#start(records);
    }
    const track = this.#tracksColumns();
    const { separator, eol, field } = this.dialect;
    const excelSafe = this.options.excelSafe === true;
    for (const item of records) {
      const record = item !== null && typeof item === 'object' ? item : NO_FIELDS;
      if (track) this.#notice(record);
      const readers = this.#readers;
      const count = readers.length;
      let line = count > 0 ? cellText(readers[0]!(record), excelSafe, field) : '';
      for (let i = 1; i < count; i++) line += separator + cellText(readers[i]!(record), excelSafe, field);
      out += line + eol;
      this.#segments[this.#segments.length - 1]!.rows++;
      if (out.length >= WRITE_CHARS) {
        await this.sink.write(out);
        out = '';
      }
    }
    await this.sink.write(out);
  }

  async end(): Promise<void> {
    // No records at all: the header alone, so a script still sees the columns (and the file is not empty).
    if (this.#columns === undefined) {
      await this.sink.write(this.#start([]));
      return;
    }
    if (this.#segments.length > 1) await this.#widen();
  }

  leftOut(): readonly string[] {
    return this.#leftOut;
  }

  rowTextPlan(): RowTextPlan | undefined {
    if (this.#columns === undefined || !this.#tracksColumns()) return undefined;
    return {
      dialect: this.dialect.name,
      columns: [...this.#columns],
      collided: [...this.#collided],
      excelSafe: this.options.excelSafe === true,
    };
  }

  async writeRowText(text: Uint8Array, rows: number, plan: RowTextPlan): Promise<boolean> {
    // Columns are only ever added, so the same count means the same columns.
    if (this.#columns?.length !== plan.columns.length || this.#collided.size !== plan.collided.length) return false;
    this.#segments[this.#segments.length - 1]!.rows += rows;
    await this.sink.write(text);
    return true;
  }

  /** Whether columns follow the records (not with --fields, which fixes them). */
  #tracksColumns(): boolean {
    return this.options.fields === undefined || this.options.fields.length === 0;
  }

  collided(): readonly string[] {
    return [...this.#collided];
  }

  /** Fixes the first columns and returns the header line ('' with --no-header). */
  #start(records: readonly object[]): string {
    const { documented, fields, lastColumns } = this.options;
    const collided = this.#collided;
    const columns = resolveColumns({
      documented,
      records,
      collided,
      ...(fields ? { fields } : {}),
      ...(lastColumns ? { last: lastColumns } : {}),
    });
    this.#columns = columns;
    this.#readers = columns.map(accessor);
    this.#shapes = new ShapeWatch(columns, collided);
    this.#segments.push({ rows: 0, columns: columns.length });
    return this.#headerLine();
  }

  /** Checks a record for columns not seen before: added for a file, recorded as left out for stdout. */
  #notice(record: object): void {
    const fresh = this.#shapes!.notice(record);
    if (fresh.length === 0) return;
    if (this.sink.rewrite === undefined) {
      this.#leftOut.push(...fresh);
      return;
    }
    this.#columns!.push(...fresh);
    this.#readers.push(...fresh.map(accessor));
    this.#segments.push({ rows: 0, columns: this.#columns!.length });
  }

  #headerLine(): string {
    const columns = this.#columns!;
    if (this.options.header === false || columns.length === 0) return '';
    // Keys come from the API too, so --excel-safe guards the header as well.
    const names = columns.map((name) => this.dialect.field(this.options.excelSafe ? excelSafeText(name) : name));
    return names.join(this.dialect.separator) + this.dialect.eol;
  }

  /** The second pass: the full header, and the rows written before a column existed padded to match. */
  async #widen(): Promise<void> {
    const plan: WidenPlan = {
      header: this.#headerLine(),
      skipHeader: this.options.header !== false && this.#segments[0]!.columns > 0,
      segments: this.#segments,
      columns: this.#columns!.length,
      separator: this.dialect.separator,
      quoted: this.dialect === DIALECTS.csv,
      eol: this.dialect.eol,
    };
    await this.sink.rewrite!((written) => widenRows(written, plan));
  }
}
