/**
 * Retry-After (RFC 9110 §10.2.3), completely: either delta-seconds or an HTTP-date. Returns the wait in
 * milliseconds (0 for a date in the past), or undefined when the header is absent or unreadable, in which
 * case the caller falls back to its own backoff.
 */
export function parseRetryAfter(header: string | readonly string[] | undefined, now: number = Date.now()): number | undefined {
  const value = (typeof header === 'string' ? header : header?.[0])?.trim();
  if (!value) return undefined;

  // delta-seconds is an integer by the RFC; a decimal costs nothing to accept and some servers send one.
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);

  // An HTTP-date always names its month (IMF-fixdate, RFC 850 or asctime). Requiring letters keeps
  // Date.parse from reading stray numbers such as "-1" or "120s" as years.
  if (!/[a-z]{3}/i.test(value)) return undefined;
  // asctime has no zone and Date.parse would read it as local time; HTTP dates are always GMT.
  const withZone = /\b(GMT|UTC|UT|Z)\b|[+-]\d{4}$/i.test(value) ? value : `${value} GMT`;
  const at = Date.parse(withZone);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}
