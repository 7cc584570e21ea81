/**
 * Timestamps between the store interface (ISO 8601 text) and PostgreSQL (timestamptz, microseconds).
 * The API's timestamps can carry more than milliseconds, and two spellings of one instant (`...Z`,
 * `...+01:00`) must be one key, so they are not taken through Date: the text is brought to one spelling,
 * UTC with milliseconds, and microseconds when it has them (as the DuckDB store gives them back).
 */

const ISO = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.(\d+))?(Z|[+-]\d{2}(?::?\d{2})?)$/i;

/** The one spelling of an ISO 8601 date-time with a zone (digits past the microsecond dropped); undefined if it is not one. */
export function canonicalInstant(text: string): string | undefined {
  const match = ISO.exec(text.trim());
  if (!match) return undefined;
  const [, date, time, fraction = '', zone] = match as unknown as [string, string, string, string | undefined, string];
  const ms = Date.parse(`${date}T${time}${offset(zone)}`);
  if (Number.isNaN(ms)) return undefined;
  const digits = (fraction + '000000').slice(0, 6);
  const micros = digits.slice(3);
  return `${new Date(ms).toISOString().slice(0, 20)}${digits.slice(0, 3)}${micros === '000' ? '' : micros}Z`;
}

/** Zones as Date.parse takes them: `Z` or `+hh:mm` (PostgreSQL writes `+00`, some write `+0100`). */
function offset(zone: string): string {
  if (/^z$/i.test(zone)) return 'Z';
  const digits = zone.slice(1).replace(':', '').padEnd(4, '0');
  return `${zone[0]}${digits.slice(0, 2)}:${digits.slice(2)}`;
}
