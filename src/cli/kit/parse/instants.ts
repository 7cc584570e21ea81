import { UsageError } from '../../../shared/errors.js';
import { timeZoneOffsetMs } from '../../../shared/time-zone-offset.js';
import { parseDateFlag, type DateContext, type DateInput } from './dates.js';

/** --since and --until as instants (inclusive), with the calendar dates they name in the time zone. */
export interface TimeWindow {
  since?: string;
  until?: string;
  sinceDate?: string;
  untilDate?: string;
}

/** Reads `--since` and `--until` (history, history export): each optional, since not after until. */
export function parseTimeWindow(flags: { since?: string; until?: string }, context: DateContext): TimeWindow {
  const window: TimeWindow = {};
  if (flags.since !== undefined) {
    const since = parseDateFlag('--since', flags.since, context);
    window.since = boundInstant(since, 'since', context.timeZone);
    window.sinceDate = since.date;
  }
  if (flags.until !== undefined) {
    const until = parseDateFlag('--until', flags.until, context);
    window.until = boundInstant(until, 'until', context.timeZone);
    window.untilDate = until.date;
  }
  if (window.since && window.until && window.since > window.until)
    throw new UsageError(`--since (${window.since}) is after --until (${window.until})`);
  return window;
}

/**
 * The instant (ISO 8601, UTC) a --since or --until bound means. A date-time with an offset is exact; one
 * without is a wall-clock time in the time zone; a bare date is the start of that day there (since) or its
 * last microsecond (until), so `--until today` includes all of today.
 */
export function boundInstant(input: DateInput, bound: 'since' | 'until', timeZone: string): string {
  if (input.dateTime !== undefined) {
    const exact = /(?:z|[+-]\d{2}:?\d{2})$/i.test(input.dateTime);
    return new Date(exact ? Date.parse(input.dateTime) : zonedToUtc(Date.parse(`${input.dateTime}Z`), timeZone)).toISOString();
  }
  const dayStart = Date.parse(`${input.date}T00:00:00Z`);
  if (bound === 'since') return new Date(zonedToUtc(dayStart, timeZone)).toISOString();
  const nextDay = zonedToUtc(dayStart + 86_400_000, timeZone);
  return `${new Date(nextDay - 1).toISOString().slice(0, -1)}999Z`;
}

/** The UTC instant of a wall-clock time (given as if it were UTC) in a time zone. */
function zonedToUtc(wall: number, timeZone: string): number {
  // Two passes settle the offset on either side of a daylight-saving change.
  const first = wall - timeZoneOffsetMs(timeZone, wall);
  return wall - timeZoneOffsetMs(timeZone, first);
}
