import { UsageError } from '../../../shared/errors.js';
import { readAll } from '../read-all.js';
import { printable } from '../../../shared/printable.js';
import { characterCount, CONTROL_CHARACTERS } from './text.js';

/** The service's own event ids (evt_...), as opposed to a ticket agent's. */
export const SERVICE_ID_PREFIX = 'evt_';

/**
 * An id or name that goes into a URL path. The client percent-encodes it, so `/`, `?` or `#` cannot change
 * the endpoint; what is refused here is what cannot be sent at all.
 */
export function parsePathSegment(name: string, raw: string): string {
  const value = raw.trim();
  if (value === '') throw new UsageError(`${name} must not be empty`);
  if (value === '.' || value === '..') throw new UsageError(`${name}: '${value}' is not an id`);
  const length = characterCount(value);
  if (length > 200) throw new UsageError(`${name} is ${length} characters long; at most 200 are allowed`);
  if (CONTROL_CHARACTERS.test(value)) throw new UsageError(`${name}: '${printable(value)}' contains control characters`);
  return value;
}

/**
 * Ids given as arguments, space- or comma-separated; `-` reads more from stdin (one per line or
 * comma-separated), so ids can be piped in. Duplicates are dropped, first occurrence wins.
 */
export async function parseIdList(name: string, args: readonly string[], stdin: NodeJS.ReadableStream): Promise<string[]> {
  const tokens: string[] = [];
  for (const arg of args) {
    if (arg === '-') tokens.push(...(await readAll(stdin)).split(/[\s,]+/));
    else tokens.push(...arg.split(','));
  }
  const ids = tokens.map((t) => t.trim()).filter((t) => t !== '');
  if (ids.length === 0) throw new UsageError(`${name}: no ids given`);
  return [...new Set(ids.map((id) => parsePathSegment(name, id)))];
}
