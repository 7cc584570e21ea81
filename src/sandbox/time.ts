/**
 * Dates and time zones. Instants are epoch milliseconds; calendar dates are "day numbers" (days since
 * 1970-01-01), which make day arithmetic plain integer arithmetic. Offsets come from Intl, cached, because
 * Intl is slow and the same few zones and days are asked for again and again.
 */

import { timeZoneOffsetMs, zoneFormatter } from '../shared/time-zone-offset.js';

export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

/** Bounds of the sandbox's --time-scale: 900 turns the 15-minute inventory refresh into one second. */
export const MAX_TIME_SCALE = 100_000;

/**
 * A clock that starts at `start` and runs `factor` times as fast as `real` (monotonic milliseconds), so a
 * demo or a test of `tix watch` sees the inventory refresh in seconds instead of every 15 minutes.
 */
export function scaledClock(start: number, factor: number, real: () => number = () => performance.now()): () => number {
  const realStart = real();
  return () => start + Math.floor((real() - realStart) * factor);
}

/** True when Intl knows the IANA zone name (or "UTC"). */
export function isValidTimeZone(timeZone: string): boolean {
  if (timeZone.length === 0 || timeZone.length > 64) return false;
  try {
    zoneFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Offset of the zone from UTC at the instant, in minutes (New York in summer: -240). */
export function offsetMinutes(timeZone: string, instant: number): number {
  if (timeZone === 'UTC') return 0;
  return Math.round(timeZoneOffsetMs(timeZone, instant) / MINUTE);
}

/** The UTC instant of a local wall-clock time (minutes after local midnight of `day`) in the zone. */
export function localToUtc(timeZone: string, day: number, minuteOfDay: number): number {
  const wall = day * DAY + minuteOfDay * MINUTE;
  // Two passes settle the offset on either side of a daylight-saving change.
  let guess = wall - offsetMinutes(timeZone, wall) * MINUTE;
  guess = wall - offsetMinutes(timeZone, guess) * MINUTE;
  return guess;
}

/** The local calendar day (day number) of an instant in the zone. */
export function localDay(timeZone: string, instant: number): number {
  return Math.floor((instant + offsetMinutes(timeZone, instant) * MINUTE) / DAY);
}

/** Start of the local day `day` in the zone, as a UTC instant. */
export function localDayStart(timeZone: string, day: number): number {
  return localToUtc(timeZone, day, 0);
}

/** Day of the week of a day number: 0 = Sunday. 1970-01-01 was a Thursday. */
export function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

export function dayNumber(year: number, month: number, dayOfMonth: number): number {
  return Math.floor(Date.UTC(year, month - 1, dayOfMonth) / DAY);
}

/** The same day-of-month `months` months earlier or later, clamped to the month's end (Mar 31 - 1 month = Feb 28). */
export function addMonths(day: number, months: number): number {
  const date = new Date(day * DAY);
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + months;
  const lastOfTarget = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return dayNumber(y, m + 1, Math.min(date.getUTCDate(), lastOfTarget));
}

const TWO = Array.from({ length: 100 }, (_, i) => (i < 10 ? `0${i}` : String(i)));
const THREE = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));

const dayStrings = new Map<number, string>();

/** YYYY-MM-DD of a day number. Cached: events and sales reuse a few thousand days over and over. */
export function dayString(day: number): string {
  let text = dayStrings.get(day);
  if (text === undefined) {
    text = new Date(day * DAY).toISOString().slice(0, 10);
    if (dayStrings.size > 50_000) dayStrings.clear();
    dayStrings.set(day, text);
  }
  return text;
}

/** ISO 8601 UTC to the second: 2026-06-01T23:30:00Z. Hand-rolled: Date#toISOString is the slow part of a listing. */
export function isoSeconds(instant: number): string {
  const day = Math.floor(instant / DAY);
  const seconds = Math.floor((instant - day * DAY) / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor(seconds / 60) % 60;
  return `${dayString(day)}T${TWO[h]}:${TWO[m]}:${TWO[seconds % 60]}Z`;
}

/** ISO 8601 UTC with milliseconds: 2026-03-01T18:22:31.417Z. Hand-rolled: sales render a million of these. */
export function isoMillis(instant: number, dayText?: string): string {
  const day = Math.floor(instant / DAY);
  let rest = instant - day * DAY;
  const h = Math.floor(rest / HOUR);
  rest -= h * HOUR;
  const m = Math.floor(rest / MINUTE);
  rest -= m * MINUTE;
  const s = Math.floor(rest / 1000);
  const ms = rest - s * 1000;
  return `${dayText ?? dayString(day)}T${TWO[h]}:${TWO[m]}:${TWO[s]}.${THREE[ms]}Z`;
}

/** ISO 8601 with the zone's offset: 2026-06-01T19:30:00-04:00. */
export function isoWithOffset(instant: number, timeZone: string): string {
  const offset = offsetMinutes(timeZone, instant);
  const local = new Date(instant + offset * MINUTE).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local}${sign}${TWO[Math.floor(abs / 60)]}:${TWO[abs % 60]}`;
}

/**
 * A high-precision UTC timestamp (seven fractional digits, as .NET writes them): the clock gives the
 * milliseconds, the process's monotonic clock the sub-millisecond digits.
 */
export function preciseTimestamp(instant: number): string {
  const sub = Number(process.hrtime.bigint() % 10_000n);
  return `${isoMillis(instant).slice(0, 23)}${String(sub).padStart(4, '0')}Z`;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,7}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** A calendar date YYYY-MM-DD as a day number, or undefined when malformed or not a real date (2026-02-30). */
export function parseDateOnly(text: string): number | undefined {
  const match = DATE_ONLY.exec(text);
  if (!match) return undefined;
  return validDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

function validDay(y: number, mo: number, d: number): number | undefined {
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return undefined;
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return undefined;
  return Math.floor(date.getTime() / DAY);
}

export interface ParsedDateTime {
  /** The instant; for a bare date, the start of that day in the zone. */
  instant: number;
  /** Set for a bare date: its day number (an end bound then means "through the end of that day"). */
  day?: number;
}

/**
 * A DateTime query value: YYYY-MM-DD, or YYYY-MM-DDTHH:MM[:SS[.fffffff]] with an optional Z or ±HH:MM.
 * Values without an offset are wall-clock times in `timeZone`.
 */
export function parseDateTime(text: string, timeZone: string): ParsedDateTime | undefined {
  // An unencoded "+02:00" arrives as " 02:00" (a query string's "+" means space): read it as meant.
  text = text.replace(/^(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?) (\d{2}:?\d{2})$/i, '$1+$2');
  const dateOnly = parseDateOnly(text);
  if (dateOnly !== undefined) return { instant: localDayStart(timeZone, dateOnly), day: dateOnly };
  const match = DATE_TIME.exec(text);
  if (!match) return undefined;
  const day = validDay(Number(match[1]), Number(match[2]), Number(match[3]));
  const h = Number(match[4]);
  const mi = Number(match[5]);
  const s = Number(match[6] ?? 0);
  if (day === undefined || h > 23 || mi > 59 || s > 59) return undefined;
  const ms = Math.floor(Number(`0.${match[7] ?? '0'}`) * 1000);
  const zone = match[8];
  const minuteOfDay = h * 60 + mi;
  const extra = s * 1000 + ms;
  if (zone === undefined) return { instant: localToUtc(timeZone, day, minuteOfDay) + extra };
  if (zone.toUpperCase() === 'Z') return { instant: day * DAY + minuteOfDay * MINUTE + extra };
  const sign = zone[0] === '-' ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const offset = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
  if (Math.abs(offset) > 18 * 60) return undefined;
  return { instant: day * DAY + (minuteOfDay - offset) * MINUTE + extra };
}
