import { randomUUID } from 'node:crypto';
import { ExactNumber, isBeyondDouble } from '../shared/exact-number.js';

/**
 * JSON.parse for a run that writes csv or tsv: a number in an object whose digits a double cannot hold
 * becomes an ExactNumber (shared/exact-number.ts), so the row shows the digits the API sent. Node.js 20's
 * JSON.parse does not give a reviver the source text of a value, so the text is scanned for such numbers
 * first; in everyday data there is none, and the text goes to JSON.parse as it is.
 *
 * Where there is one, each such number is swapped for a string no API text can hold (it carries a random
 * tag made for this parse), and a reviver turns those strings back: into an ExactNumber as the value of an
 * object's key, into the plain number as an element of an array (a cell written as JSON text, as before).
 */
export function parseKeepingDigits(text: string): unknown {
  const found = MAY_BE_BEYOND.test(text) ? numbersBeyondDouble(text) : [];
  if (found.length === 0) return JSON.parse(text);
  const id = randomUUID();
  // The parsed string starts with a NUL, which a JSON text may only hold escaped.
  const tag = `\u0000${id}:`;
  let swapped = '';
  let from = 0;
  for (const [start, end] of found) {
    swapped += `${text.slice(from, start)}"\\u0000${id}:${text.slice(start, end)}"`;
    from = end;
  }
  swapped += text.slice(from);
  let value: unknown;
  try {
    value = JSON.parse(swapped, function revive(this: unknown, _key, item: unknown) {
      if (typeof item !== 'string' || !item.startsWith(tag)) return item;
      const number = item.slice(tag.length);
      return Array.isArray(this) ? Number(number) : new ExactNumber(number);
    });
  } catch {
    // Text that is not JSON: JSON.parse's own complaint about it, at its own positions.
    return JSON.parse(text);
  }
  return value;
}

/**
 * Text where an object's value could be a number beyond a double: after a colon, 16 or more digits (and
 * points), or digits with an exponent. One quick test over the whole text (a regular expression that starts
 * with a literal is searched for natively); a match (such text inside a string will do) means a closer look,
 * token by token. Elements of arrays are not looked for: they stay plain numbers.
 */
const MAY_BE_BEYOND = /:\s*-?\d(?:[\d.]{15}|[\d.]*[eE])/;

/** Where the numbers beyond a double are, as [start, end) of their tokens, strings skipped. */
function numbersBeyondDouble(text: string): [number, number][] {
  const found: [number, number][] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i++;
      while (i < n) {
        const s = text.charCodeAt(i);
        if (s === QUOTE) break;
        i += s === BACKSLASH ? 2 : 1;
      }
      i++;
    } else if (c === MINUS || (c >= ZERO && c <= NINE)) {
      const start = i;
      while (i < n && isNumberChar(text.charCodeAt(i))) i++;
      const token = text.slice(start, i);
      // A token that is not a JSON number stays, for JSON.parse to refuse.
      if (isBeyondDouble(token) && JSON_NUMBER.test(token)) found.push([start, i]);
    } else i++;
  }
  return found;
}

const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MINUS = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;

/** Digits, sign, point and exponent: what a JSON number token is made of. */
function isNumberChar(c: number): boolean {
  return (c >= ZERO && c <= NINE) || c === MINUS || c === 0x2b || c === 0x2e || c === 0x65 || c === 0x45;
}
