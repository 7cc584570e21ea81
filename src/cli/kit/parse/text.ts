import { UsageError } from '../../../shared/errors.js';

/** Long enough for any real name or place; a 100 KB value is a mistake, and would not fit in a URL anyway. */
export const TEXT_FILTER_MAX = 200;

/** C0 and C1 control characters and DEL: never part of a name or an id, and unsafe to echo to a terminal. */
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** Length in characters as a person counts them (code points), not UTF-16 units: an emoji is one. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

export function parseTextFilter(flag: string, raw: string): string {
  const value = raw.trim();
  if (value === '') throw new UsageError(`${flag} must not be empty`);
  const length = characterCount(value);
  if (length > TEXT_FILTER_MAX) {
    throw new UsageError(`${flag} is ${length} characters long; at most ${TEXT_FILTER_MAX} are allowed`);
  }
  if (CONTROL_CHARACTERS.test(value)) throw new UsageError(`${flag} must not contain control characters`);
  return value;
}
