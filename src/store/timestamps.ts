/**
 * Timestamps cross the store interface as ISO 8601 text and live in the databases as microseconds since
 * the epoch (TIMESTAMPTZ). Converting through Date would drop the API's sub-millisecond digits, and two
 * texts of one instant (`...Z`, `...+00:00`) must be one key.
 */

/** `T` or a space between date and time (PostgreSQL writes a space); zones `Z`, `+hh:mm`, `+hhmm` or `+hh` (PostgreSQL's `+00`). */
const FRACTION = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.(\d+))?(Z|[+-]\d{2}(?::?\d{2})?)$/i;

/** Microseconds since the epoch of an ISO 8601 date-time with a zone; undefined when it is not one. */
export function isoToMicros(iso: string): bigint | undefined {
  const match = FRACTION.exec(iso.trim());
  if (!match) return undefined;
  const [, date, time, fraction = '', zone] = match as unknown as [string, string, string, string | undefined, string];
  const seconds = Date.parse(`${date}T${time}${dateParseZone(zone)}`);
  if (Number.isNaN(seconds)) return undefined;
  const micros = BigInt(`${fraction}000000`.slice(0, 6));
  return BigInt(seconds) * 1000n + micros;
}

/** Zones as Date.parse takes them: `Z` or `+hh:mm`. */
function dateParseZone(zone: string): string {
  if (/^z$/i.test(zone)) return 'Z';
  const digits = zone.slice(1).replace(':', '').padEnd(4, '0');
  return `${zone[0]}${digits.slice(0, 2)}:${digits.slice(2)}`;
}

/**
 * The one spelling of an instant, whatever spelling it came in (`...Z`, `...+01:00`, PostgreSQL's
 * `... +00`): UTC to the millisecond, or the microsecond when it has them. undefined if it is not one.
 */
export function canonicalInstant(text: string): string | undefined {
  const micros = isoToMicros(text);
  return micros === undefined ? undefined : microsToIso(micros);
}

/**
 * The spelling of the instants tix writes in its output (a history's api_timestamp and first_seen, a
 * snapshot's fetched_at): the API's own for its `timestamp`, UTC in whole seconds (2026-03-15T03:00:00Z),
 * with the fraction only when there is one (2026-03-15T03:00:00.250Z). The store's `.000Z` texts, and
 * Date's, are re-spelt; anything else is returned as it is.
 */
export function outputInstant(iso: string): string {
  return iso.replace(/^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\.0+Z$/, '$1Z');
}

/** ISO 8601 in UTC to the millisecond (to the microsecond when it has them), as the store gives timestamps back. */
export function microsToIso(micros: bigint | number): string {
  // A history's instants (1970 to 2255) are exact as a double: no BigInt arithmetic, which a read of
  // thousands of rows felt (BENCHMARKS.md, scenario 9).
  const exact = Number(micros);
  if (Number.isSafeInteger(exact) && exact >= 0) {
    const millis = Math.floor(exact / 1000);
    return withMicros(new Date(millis).toISOString(), exact - millis * 1000);
  }
  const value = BigInt(micros);
  const iso = new Date(Number(value / 1000n)).toISOString();
  return withMicros(iso, Number(value % 1000n));
}

/** `iso` (to the millisecond) with `extra` microseconds after its milliseconds, when there are any. */
function withMicros(iso: string, extra: number): string {
  return extra === 0 ? iso : `${iso.slice(0, -1)}${String(extra).padStart(3, '0')}Z`;
}

/** PostgreSQL's text for a TIMESTAMPTZ in a UTC session: `2026-03-15 03:00:00+00`, `2026-03-15 03:00:00.25+00`. */
const POSTGRES_UTC = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/**
 * canonicalInstant of a TIMESTAMPTZ as PostgreSQL writes it in a UTC session, by rearranging its text (a
 * read of thousands of rows felt the general way, through Date and BigInt); other texts go the general way.
 */
export function postgresInstant(text: string): string | undefined {
  const utc = POSTGRES_UTC.exec(text);
  if (!utc) return canonicalInstant(text);
  const fraction = `${utc[3] ?? ''}000000`;
  return withMicros(`${utc[1]}T${utc[2]}.${fraction.slice(0, 3)}Z`, Number(fraction.slice(3, 6)));
}
