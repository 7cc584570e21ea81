/**
 * Quotes user input in an error without letting control characters or megabytes through: C0 and C1 controls
 * as `\x1b`; the bidirectional overrides, embeddings, isolates and marks (U+202E turns the rest of a line
 * around, so a name could make a line read as another) and the line and paragraph separators U+2028 and
 * U+2029 (a new line to some terminals and editors) as `\u202e`.
 */
export function printable(raw: string, max = 60): string {
  const clean = raw
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
    .replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}
