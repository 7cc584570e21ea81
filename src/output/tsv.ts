import { excelSafeText } from './excel-safe.js';

/**
 * TSV: one record per line (LF), fields separated by a tab. TSV has no quoting, so a tab, line break or
 * backslash inside a value is escaped as \t, \n, \r or \\ (the convention of PostgreSQL's COPY and
 * MySQL's LOAD DATA), and a record is always exactly one line: `cut -f3` and `awk -F'\t'` just work.
 */
export const TSV_EOL = '\n';

export function tsvField(text: string): string {
  return needsEscape(text) ? escape(text) : text;
}

/** One value as a field: numbers and booleans as JSON writes them, objects and arrays as JSON text, null as empty. */
export function tsvValue(value: unknown, excelSafe: boolean): string {
  switch (typeof value) {
    case 'string':
      return tsvField(excelSafe ? excelSafeText(value) : value);
    case 'number':
      return Number.isFinite(value) ? String(value) : '';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return String(value);
    case 'object': {
      if (value === null) return '';
      const json = JSON.stringify(value) ?? '';
      return tsvField(excelSafe ? excelSafeText(json) : json);
    }
    default:
      return '';
  }
}

function needsEscape(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 92 || (c <= 13 && (c === 9 || c === 10 || c === 13))) return true;
  }
  return false;
}

function escape(text: string): string {
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
