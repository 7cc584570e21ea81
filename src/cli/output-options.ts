import { extname } from 'node:path';
import { UsageError } from '../errors.js';
import type { OutputFormat } from '../config/keys.js';
import type { Runtime } from './runtime.js';

export interface RawOutputFlags {
  output?: string;
  json?: boolean;
  fields?: string;
  header?: boolean;
  out?: string;
  excelSafe?: boolean;
}

export interface OutputOptions {
  format: OutputFormat;
  fields?: string[];
  header: boolean;
  /** Where to write instead of stdout (out-target.ts); never '-', which is stdout. */
  out?: string;
  excelSafe: boolean;
}

const FORMAT_BY_EXTENSION: Record<string, OutputFormat> = {
  '.csv': 'csv',
  '.tsv': 'tsv',
  '.json': 'json',
  '.ndjson': 'ndjson',
  '.jsonl': 'ndjson',
  '.parquet': 'parquet',
};

export function parseOutputOptions(flags: RawOutputFlags, rt: Runtime): OutputOptions {
  // `--out -` is stdout, as for curl -o - and tar -f -: everything then goes as without --out.
  const out = flags.out === '-' ? undefined : flags.out;
  if (out !== undefined && out.trim() === '') throw new UsageError('--out needs a file name');
  const chosen = rt.settings.sources.output === 'default' ? undefined : rt.settings.values.output;
  // `--out sales.csv` means CSV unless a format was asked for; otherwise a table for people, JSON for programs.
  const format: OutputFormat =
    chosen ?? (out !== undefined ? FORMAT_BY_EXTENSION[extname(out).toLowerCase()] : undefined) ?? (rt.io.stdout.isTTY && out === undefined ? 'table' : 'json');

  const options: OutputOptions = { format, header: flags.header !== false, excelSafe: flags.excelSafe === true };
  if (out !== undefined) options.out = out;
  if (flags.fields !== undefined) options.fields = parseFields(flags.fields);
  if (format === 'parquet' && out === undefined) {
    throw new UsageError('--output parquet writes a binary file, not text for stdout: give --out FILE.parquet');
  }
  if (options.excelSafe && format !== 'csv' && format !== 'tsv') {
    throw new UsageError(`--excel-safe applies to csv and tsv output, not ${format}`);
  }
  return options;
}

/** Reads `--fields a,b.c`: comma-separated column names, spaces around them ignored, duplicates dropped. */
export function parseFields(raw: string): string[] {
  const fields = raw.split(',').map((f) => f.trim());
  if (fields.length === 0 || fields.some((f) => f === '')) {
    throw new UsageError("--fields must be a comma-separated list of field names, such as 'id,name,eventDate'");
  }
  const bad = fields.find((f) => !/^[\w$@-]+(\.[\w$@-]+)*$/.test(f));
  if (bad) throw new UsageError(`--fields: '${bad}' is not a field name (letters, digits, _ - $ @, dots for nested fields)`);
  return [...new Set(fields)];
}
