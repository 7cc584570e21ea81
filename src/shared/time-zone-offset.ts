/**
 * The one time-zone offset calculation, for the CLI's date flags and the sandbox's calendar. Intl is slow
 * and the same few zones are asked for again and again, so formatters are cached.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A formatter giving the wall-clock fields of an instant in the zone; throws RangeError for an unknown zone. */
export function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    if (formatters.size > 500) formatters.clear(); // callers may send any zone name; keep the cache bounded
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Offset of the zone from UTC at the instant, in milliseconds (New York in summer: -14,400,000). */
export function timeZoneOffsetMs(timeZone: string, instant: number): number {
  const parts = zoneFormatter(timeZone).formatToParts(new Date(instant));
  const field: Record<string, number> = {};
  for (const part of parts) field[part.type] = Number(part.value);
  const asUtc = Date.UTC(field.year!, field.month! - 1, field.day!, field.hour!, field.minute!, field.second!);
  return asUtc - Math.floor(instant / 1000) * 1000;
}
