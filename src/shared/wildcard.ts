/**
 * `--section` patterns: the whole section name, any case, `*` matching any text. Shared by the listing
 * filters of the commands and by the alert rules the history store evaluates.
 */
export function sectionMatcher(pattern: string): (section: string) => boolean {
  const parts = pattern.toLowerCase().split('*');
  return (section) => wildcardMatch(parts, section.toLowerCase());
}

/**
 * Whether `text` is the pieces of a `*` pattern (split on '*') with anything between them. Each piece is
 * found at its earliest place after the previous one, which is always right for `*` alone and takes
 * linear time; a regular expression built from the pattern could backtrack exponentially on a pattern
 * of many stars (`*a*a*a…*b`), a pattern being up to 200 characters typed by anyone.
 */
function wildcardMatch(parts: readonly string[], text: string): boolean {
  const first = parts[0]!;
  if (parts.length === 1) return text === first;
  const last = parts[parts.length - 1]!;
  if (text.length < first.length + last.length || !text.startsWith(first) || !text.endsWith(last)) return false;
  let at = first.length;
  const end = text.length - last.length;
  for (let i = 1; i < parts.length - 1; i++) {
    const found = text.indexOf(parts[i]!, at);
    if (found < 0 || found + parts[i]!.length > end) return false;
    at = found + parts[i]!.length;
  }
  return true;
}
