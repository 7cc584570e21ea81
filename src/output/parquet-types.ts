import type { ColumnType } from './column-types.js';

/**
 * The kinds of value a column held, as bits: a Parquet column has one type, decided once every row has
 * been seen, so a stray text value in a numeric column makes it text rather than failing or losing it.
 */
export const Kind = {
  BOOLEAN: 1,
  INTEGER: 2,
  /** A number that is not a safe integer (a fraction, or too large for JavaScript to hold exactly). */
  DOUBLE: 4,
  /** An ISO 8601 date-time with Z or an offset: one instant. */
  ZONED: 8,
  /** An ISO 8601 date-time without an offset: a wall-clock time. */
  LOCAL: 16,
  /** YYYY-MM-DD. */
  DATE: 32,
  /** Any other string. */
  TEXT: 64,
  /** An array or an object that did not flatten into columns: kept as JSON text. */
  JSON: 128,
} as const;

export type SqlType = 'BOOLEAN' | 'BIGINT' | 'DOUBLE' | 'TIMESTAMPTZ' | 'TIMESTAMP' | 'DATE' | 'VARCHAR';

/** The kind of one string. Cheap for the common case: most text fails the first two character checks. */
export function stringKind(text: string): number {
  if (text.length < 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return Kind.TEXT;
  if (text.length === 10) return isDate(text) ? Kind.DATE : Kind.TEXT;
  const match = DATE_TIME.exec(text);
  if (!match || !isDate(text.slice(0, 10))) return Kind.TEXT;
  const [, hours, minutes, seconds, zone, zoneHours, zoneMinutes] = match;
  if (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return Kind.TEXT;
  if (zone === undefined) return Kind.LOCAL;
  if (zone === 'Z') return Kind.ZONED;
  return Number(zoneHours) <= 18 && Number(zoneMinutes ?? 0) <= 59 ? Kind.ZONED : Kind.TEXT;
}

/**
 * The date-times DuckDB reads exactly (checked against its cast): a T or a space, seconds required, up to
 * nine fractional digits (it keeps six), and Z or ±HH, ±HHMM, ±HH:MM. Anything else stays text.
 */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(Z|[+-](\d{2})(?::?(\d{2}))?)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day from year 1 (not 2026-02-30, which DuckDB refuses). */
function isDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const year = Number(text.slice(0, 4));
  const month = Number(text.slice(5, 7));
  const day = Number(text.slice(8, 10));
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(0);
  date.setUTCFullYear(year, month, 0); // day 0 of the next month: the last day of this one
  return day <= date.getUTCDate();
}

/**
 * A column's Parquet type from what the command declares and what the column held. Declared types win
 * when every value fits them (a price column of whole numbers is still DOUBLE); undeclared columns are
 * inferred: all booleans, all integers, all numbers, all date-times with a zone. Bare dates are DATE only
 * where declared, since a YYYY-MM-DD text in an unknown field may as well be a code. A column with no
 * values at all takes its declared type, so an empty export has the same schema as a full one.
 */
export function sqlType(declared: ColumnType | undefined, kinds: number): SqlType {
  if (declared === 'text') return 'VARCHAR';
  if (kinds === 0) return declaredSqlType(declared);
  if (kinds & (Kind.TEXT | Kind.JSON)) return 'VARCHAR';
  if (kinds === Kind.BOOLEAN) return 'BOOLEAN';
  if (kinds === Kind.INTEGER) return declared === 'number' || declared === 'price' ? 'DOUBLE' : 'BIGINT';
  if ((kinds & ~(Kind.INTEGER | Kind.DOUBLE)) === 0) return 'DOUBLE';
  if (kinds === Kind.ZONED) return 'TIMESTAMPTZ';
  if (kinds === Kind.LOCAL && declared === 'datetime') return 'TIMESTAMP';
  if (kinds === Kind.DATE && declared === 'date') return 'DATE';
  return 'VARCHAR';
}

function declaredSqlType(declared: ColumnType | undefined): SqlType {
  switch (declared) {
    case 'integer':
      return 'BIGINT';
    case 'number':
    case 'price':
      return 'DOUBLE';
    case 'datetime':
      return 'TIMESTAMPTZ';
    case 'date':
      return 'DATE';
    default:
      return 'VARCHAR';
  }
}
