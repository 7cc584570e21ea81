import { resolveColumns } from './columns.js';
import { CSV_EOL, csvField } from './csv.js';
import { excelSafeText } from './excel-safe.js';
import { accessor, type Accessor } from './flatten.js';
import type { RowWriter, RowWriterOptions } from './row-writer.js';
import type { Sink } from './sink.js';
import { TSV_EOL, tsvField } from './tsv.js';

interface Dialect {
  separator: string;
  eol: string;
  /** Quotes or escapes one field's text as the format needs. */
  field(text: string): string;
}

const CSV: Dialect = { separator: ',', eol: CSV_EOL, field: csvField };
const TSV: Dialect = { separator: '\t', eol: TSV_EOL, field: tsvField };

/** One value as a field: numbers and booleans as JSON writes them, objects and arrays as JSON text, null as empty. */
function cellText(value: unknown, excelSafe: boolean, field: (text: string) => string): string {
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
      const json = JSON.stringify(value) ?? '';
      return field(excelSafe ? excelSafeText(json) : json);
    }
    default:
      return '';
  }
}

export function createCsvWriter(sink: Sink, options: RowWriterOptions): RowWriter {
  return new DelimitedWriter(sink, options, CSV);
}

export function createTsvWriter(sink: Sink, options: RowWriterOptions): RowWriter {
  return new DelimitedWriter(sink, options, TSV);
}

const NO_FIELDS: object = Object.freeze({});
/**
 * A batch goes out in pieces of about this many characters. A page of 5,000 events as one string is a
 * multi-megabyte object that V8 keeps in its large-object space until a full collection; pieces this size
 * die young and cheaply, which keeps the peak memory of a long export down (see BENCHMARKS.md).
 */
const WRITE_CHARS = 64 * 1024;

/**
 * Streams csv or tsv. The columns are fixed by the first non-empty batch (the header is out after that):
 * keys first seen later are left out. A batch is written in pieces of about 64 KB, so memory stays at
 * one batch and no piece of it is large.
 */
class DelimitedWriter implements RowWriter {
  #readers: Accessor[] | undefined;

  constructor(
    private readonly sink: Sink,
    private readonly options: RowWriterOptions,
    private readonly dialect: Dialect,
  ) {}

  async write(records: readonly object[]): Promise<void> {
    let out = '';
    if (this.#readers === undefined) {
      if (records.length === 0) return;
      out = this.#start(records);
    }
    const readers = this.#readers!;
    const { separator, eol, field } = this.dialect;
    const excelSafe = this.options.excelSafe === true;
    const count = readers.length;
    for (const item of records) {
      const record = item !== null && typeof item === 'object' ? item : NO_FIELDS;
      let line = count > 0 ? cellText(readers[0]!(record), excelSafe, field) : '';
      for (let i = 1; i < count; i++) line += separator + cellText(readers[i]!(record), excelSafe, field);
      out += line + eol;
      if (out.length >= WRITE_CHARS) {
        await this.sink.write(out);
        out = '';
      }
    }
    await this.sink.write(out);
  }

  async end(): Promise<void> {
    // No records at all: the header alone, so a script still sees the columns (and the file is not empty).
    if (this.#readers === undefined) await this.sink.write(this.#start([]));
  }

  /** Fixes the columns and returns the header line ('' with --no-header). */
  #start(records: readonly object[]): string {
    const { documented, fields, header, excelSafe } = this.options;
    const columns = resolveColumns({ documented, records, ...(fields ? { fields } : {}) });
    this.#readers = columns.map(accessor);
    if (header === false || columns.length === 0) return '';
    // Keys come from the API too, so --excel-safe guards the header as well.
    const names = columns.map((name) => this.dialect.field(excelSafe ? excelSafeText(name) : name));
    return names.join(this.dialect.separator) + this.dialect.eol;
  }
}
