import { UsageError } from '../shared/errors.js';

/** Every value `-o, --output` accepts, in the order help and errors list them. */
export const FORMATS = ['table', 'json', 'ndjson', 'csv', 'tsv', 'parquet'] as const;
export type Format = (typeof FORMATS)[number];

/** The formats that print one row per record (everything but `json`, which is the payload untouched). */
export type RowFormat = Exclude<Format, 'json'>;

export function isFormat(value: string): value is Format {
  return (FORMATS as readonly string[]).includes(value);
}

/** Reads an --output value (case-insensitive, as a person types it); a wrong one is a usage error listing the allowed ones. */
export function parseFormat(value: string, flag = '--output'): Format {
  const format = value.trim().toLowerCase();
  if (isFormat(format)) return format;
  throw new UsageError(`${flag}: unknown format '${value}'; use one of: ${FORMATS.join(', ')}`);
}
