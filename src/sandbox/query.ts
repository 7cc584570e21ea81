/**
 * Query-string parameters. Names match case-insensitively (as ASP.NET-style services bind them); when a
 * name repeats, the first value counts; an empty value counts as absent; unknown names are ignored.
 * Every parse failure is a 400 whose message names the parameter, the allowed values and what was sent.
 */
import type { EnumTable } from '../api/enums.js';
import { badRequest, quote } from './errors.js';
import { type ParsedDateTime, isValidTimeZone, parseDateOnly, parseDateTime } from './time.js';

const INTEGER = /^[+-]?\d{1,15}$/;

export class Query {
  private readonly values = new Map<string, string>();

  constructor(search: string) {
    if (search.length === 0) return;
    for (const [name, value] of new URLSearchParams(search)) {
      const key = name.toLowerCase();
      if (!this.values.has(key)) this.values.set(key, value);
    }
  }

  /** The raw value, or undefined when absent or empty. */
  get(name: string): string | undefined {
    const value = this.values.get(name.toLowerCase());
    return value === undefined || value === '' ? undefined : value;
  }

  int(name: string, min: number, max: number, fallback: number): number {
    const text = this.get(name);
    if (text === undefined) return fallback;
    if (!INTEGER.test(text)) throw badRequest(`${name} must be an integer between ${min} and ${max} (got ${quote(text)})`);
    const value = Number(text);
    if (value < min || value > max) throw badRequest(`${name} must be between ${min} and ${max} (got ${value})`);
    return value;
  }

  /** An integer that must be one of the table's values. */
  enumValue(name: string, table: EnumTable, fallback: number | undefined): number | undefined {
    const text = this.get(name);
    if (text === undefined) return fallback;
    const value = INTEGER.test(text) ? Number(text) : Number.NaN;
    if (!table.some((entry) => entry.value === value)) {
      const allowed = table.map((entry) => `${entry.value} (${entry.label})`).join(', ');
      throw badRequest(`${name} must be one of ${allowed} (got ${quote(text)})`);
    }
    return value;
  }

  /** A date (YYYY-MM-DD) or date-time; without an offset it is read in `timeZone`. */
  dateTime(name: string, timeZone: string): ParsedDateTime | undefined {
    const text = this.get(name);
    if (text === undefined) return undefined;
    const parsed = parseDateTime(text, timeZone);
    if (!parsed) {
      throw badRequest(
        `${name} must be a date YYYY-MM-DD or a date-time YYYY-MM-DDTHH:MM[:SS] with optional Z or ±HH:MM offset (got ${quote(text)})`,
      );
    }
    return parsed;
  }

  /** A calendar date YYYY-MM-DD, as a day number. */
  date(name: string): number | undefined {
    const text = this.get(name);
    if (text === undefined) return undefined;
    const day = parseDateOnly(text);
    if (day === undefined) throw badRequest(`${name} must be a date in the form YYYY-MM-DD (got ${quote(text)})`);
    return day;
  }

  timeZone(name: string): string {
    const text = this.get(name);
    if (text === undefined) return 'UTC';
    if (!isValidTimeZone(text))
      throw badRequest(`${name} must be an IANA time zone name such as America/New_York or UTC (got ${quote(text)})`);
    return text;
  }
}
