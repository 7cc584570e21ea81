/**
 * Timestamps cross the store interface as ISO 8601 text and live in the databases as microseconds since
 * the epoch (TIMESTAMPTZ). Converting through Date would drop the API's sub-millisecond digits, and two
 * texts of one instant (`...Z`, `...+00:00`) must be one key.
 */

const FRACTION = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?)(?:\.(\d+))?(Z|[+-]\d{2}:?\d{2})$/i;

/** Microseconds since the epoch of an ISO 8601 date-time with a zone; undefined when it is not one. */
export function isoToMicros(iso: string): bigint | undefined {
  const match = FRACTION.exec(iso.trim());
  if (!match) return undefined;
  const [, base, fraction = '', zone] = match;
  const seconds = Date.parse(`${base}${zone}`);
  if (Number.isNaN(seconds)) return undefined;
  const micros = BigInt((fraction + '000000').slice(0, 6));
  return BigInt(seconds) * 1000n + micros;
}

/** ISO 8601 in UTC to the millisecond (to the microsecond when it has them), as the store gives timestamps back. */
export function microsToIso(micros: bigint | number): string {
  const value = BigInt(micros);
  const iso = new Date(Number(value / 1000n)).toISOString();
  const extra = Number(value % 1000n);
  return extra === 0 ? iso : `${iso.slice(0, -1)}${String(extra).padStart(3, '0')}Z`;
}
