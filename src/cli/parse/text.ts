import { UsageError } from '../../errors.js';

/** Long enough for any real name or place; a 100 KB value is a mistake, and would not fit in a URL anyway. */
export const TEXT_FILTER_MAX = 200;

export function parseTextFilter(flag: string, raw: string): string {
  const value = raw.trim();
  if (value === '') throw new UsageError(`${flag} must not be empty`);
  if (value.length > TEXT_FILTER_MAX) {
    throw new UsageError(`${flag} is ${value.length} characters long; at most ${TEXT_FILTER_MAX} are allowed`);
  }
  if (/[\u0000-\u001f\u007f]/.test(value)) throw new UsageError(`${flag} must not contain control characters`);
  return value;
}
