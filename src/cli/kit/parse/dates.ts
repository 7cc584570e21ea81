import { UsageError } from '../../../shared/errors.js';
import { printable } from '../../../shared/printable.js';

/** A date as the user meant it: a calendar date in the active time zone, or an exact date-time. */
export interface DateInput {
  /** YYYY-MM-DD: the calendar date (for a date-time, its date in the active time zone). */
  date: string;
  /** The date-time as typed (normalised), when one was given; relative forms are dates only. */
  dateTime?: string;
}

export interface DateContext {
  now: Date;
  timeZone: string;
}

export const DATE_FORMS =
  'YYYY-MM-DD, an ISO 8601 date-time such as 2026-01-01T10:00:00Z or 2026-01-01T10:00:00+01:00 (offsets up to ±14:00), today, yesterday, tomorrow, or a relative date like -7d, +30d, -2w, -3m, +1y';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(?:(Z)|([+-])(\d{2}):?(\d{2}))?$/i;
const OFFSET = /^([+-])(\d{1,4})([dwmy])$/;
/** The widest offsets in use (UTC-12:00 to UTC+14:00), both ways: anything beyond is a typo, not a zone. */
const MAX_OFFSET_MINUTES = 14 * 60;

export function parseDateFlag(flag: string, raw: string, context: DateContext): DateInput {
  const text = raw.trim().toLowerCase();
  const fail = () => new UsageError(`${flag}: '${printable(raw)}' is not a date (use ${DATE_FORMS})`);

  if (text === 'today' || text === 'now') return { date: todayIn(context) };
  if (text === 'yesterday') return { date: addDays(todayIn(context), -1) };
  if (text === 'tomorrow') return { date: addDays(todayIn(context), 1) };

  const offset = OFFSET.exec(text);
  if (offset) {
    const amount = Number(offset[2]) * (offset[1] === '-' ? -1 : 1);
    const today = todayIn(context);
    switch (offset[3]) {
      case 'd':
        return { date: addDays(today, amount) };
      case 'w':
        return { date: addDays(today, amount * 7) };
      case 'm':
        return { date: addMonths(today, amount) };
      default:
        return { date: addMonths(today, amount * 12) };
    }
  }

  const dateOnly = parseCalendarDate(text);
  if (dateOnly) return { date: dateOnly };
  if (DATE_ONLY.test(text)) throw fail();

  const dateTime = parseDateTime(raw);
  if (!dateTime) throw fail();
  // With an explicit offset the instant is known, so its calendar date is the one in the active zone.
  const date = dateTime.zoned ? calendarDate(new Date(dateTime.text), context.timeZone) : dateTime.text.slice(0, 10);
  return { date, dateTime: dateTime.text };
}

/**
 * An exact instant (sandbox --now): an ISO 8601 date-time, read as parseDateFlag reads one (without an
 * offset it is the machine's local time, as JavaScript reads it), or a bare date for its midnight UTC.
 */
export function parseInstantFlag(flag: string, raw: string): Date {
  const date = parseCalendarDate(raw.trim());
  const dateTime = date === undefined ? parseDateTime(raw) : undefined;
  const text = date !== undefined ? `${date}T00:00:00Z` : dateTime?.text;
  if (text === undefined) {
    throw new UsageError(
      `${flag} must be an ISO 8601 date-time such as 2026-06-01T12:00:00Z or 2026-06-01T12:00:00+01:00 (offsets up to ±14:00), or YYYY-MM-DD for its midnight UTC, not '${printable(raw)}'`,
    );
  }
  return new Date(text);
}

/** YYYY-MM-DD when it is a real calendar date (not 2026-02-30), else undefined. */
function parseCalendarDate(text: string): string | undefined {
  const match = DATE_ONLY.exec(text);
  return match && isRealDate(+match[1]!, +match[2]!, +match[3]!) ? text : undefined;
}

/**
 * A date-time that exists: a real calendar date, hours to 23, minutes and seconds to 59, an offset within
 * ±14:00. Its text is normalised to what Date.parse reads everywhere (T, Z, ±HH:MM), fractions kept.
 */
function parseDateTime(raw: string): { text: string; zoned: boolean } | undefined {
  const match = DATE_TIME.exec(raw.trim());
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s = '00', fraction = '', z, sign, oh, om] = match;
  if (!isRealDate(+y!, +mo!, +d!) || +h! > 23 || +mi! > 59 || +s > 59) return undefined;
  if (sign !== undefined && (+om! > 59 || +oh! * 60 + +om! > MAX_OFFSET_MINUTES)) return undefined;
  const zone = z !== undefined ? 'Z' : sign !== undefined ? `${sign}${oh}:${om}` : '';
  const seconds = match[6] === undefined ? '' : `:${s}${fraction}`;
  return { text: `${y}-${mo}-${d}T${h}:${mi}${seconds}${zone}`, zoned: zone !== '' };
}

/** Today's calendar date in the given time zone. */
export function todayIn(context: DateContext): string {
  return calendarDate(context.now, context.timeZone);
}

export function calendarDate(instant: Date, timeZone: string): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Calendar months, clamped to the month's end (Mar 31 - 1m = Feb 28), as people expect. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

function isRealDate(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && year <= 9999 && d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}
