/**
 * TSV: one record per line (LF), fields separated by a tab. TSV has no quoting, so a tab, line break or
 * backslash inside a value is escaped as \t, \n, \r or \\ (the convention of PostgreSQL's COPY and
 * MySQL's LOAD DATA), and a record is always exactly one line: `cut -f3` and `awk -F'\t'` just work.
 */
export const TSV_EOL = '\n';

export function tsvField(text: string): string {
  return needsEscape(text) ? escapeTsvField(text) : text;
}

function needsEscape(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 92 || (c <= 13 && (c === 9 || c === 10 || c === 13))) return true;
  }
  return false;
}

function escapeTsvField(text: string): string {
  let out = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const replacement = c === 92 ? '\\\\' : c === 9 ? '\\t' : c === 10 ? '\\n' : c === 13 ? '\\r' : undefined;
    if (replacement === undefined) continue;
    out += text.slice(start, i) + replacement;
    start = i + 1;
  }
  return out + text.slice(start);
}
