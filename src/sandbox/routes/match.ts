/**
 * Text filters. `name`, `eventName`, `venue` and `city` match case- and accent-insensitively: with `%`
 * wildcards the pattern must match the whole value (SQL LIKE), without them it matches anywhere in the
 * value (a plain substring search). `state` and `country` match the whole value, ignoring case.
 */

const folded = new Map<string, string>();

/** Lower case without accents ("Montréal" -> "montreal"), cached: values repeat across many events. */
export function fold(text: string): string {
  let value = folded.get(text);
  if (value === undefined) {
    value = text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
    if (folded.size > 100_000) folded.clear();
    folded.set(text, value);
  }
  return value;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function textMatcher(pattern: string): (value: string) => boolean {
  const wanted = fold(pattern);
  if (!wanted.includes('%')) return (value) => fold(value).includes(wanted);
  const regex = new RegExp(`^${wanted.split('%').map(escapeRegExp).join('.*')}$`, 's');
  return (value) => regex.test(fold(value));
}

const COUNTRY_ALIASES: Readonly<Record<string, string>> = { uk: 'gb', usa: 'us', can: 'ca' };

export function exactMatcher(wanted: string, aliases = false): (value: string) => boolean {
  let target = fold(wanted.trim());
  if (aliases) target = COUNTRY_ALIASES[target] ?? target;
  return (value) => fold(value) === target;
}
