/**
 * Records are JSON objects, possibly nested; rows are flat. A nested object becomes dotted columns
 * (`agentIds.TMUSA`); arrays, empty objects and anything else that is not a plain object stay one cell
 * (written as JSON text by the writers).
 */

import { ExactNumber } from '../shared/exact-number.js';

/** One flat cell: numbers and booleans stay typed so writers can tell a number from text that looks like one. */
export type Cell = string | number | boolean;

/**
 * A record flattened to dotted keys: arrays and empty objects as JSON text, null and undefined as ''. Keys
 * are the names collectColumns gives and the values those accessor() reads, so it agrees with every writer.
 */
export function flatten(record: object): Record<string, Cell> {
  const names = new Set<string>();
  collectColumns(record, names);
  const out: Record<string, Cell> = {};
  for (const name of names) out[name] = toCell(accessor(name)(record));
  return out;
}

/**
 * Adds the record's dotted column names to `into`, in first-seen order, without building any values.
 *
 * Two paths can flatten to one name: a literal key `"a.b"` and `{"a":{"b":…}}`. Neither value is dropped:
 * the first in accessor() order (the literal key) keeps the name, each other gets the first free `_1`,
 * `_2`… suffix (`a.b_1`), as repeated SQL column names do; a suffix the record already has as a name of its
 * own is skipped. accessor() reads the suffixed names back the same way. The suffixed names go into `collided`.
 */
export function collectColumns(record: object, into: Set<string>, collided?: Set<string>): void {
  const names: string[] = [];
  leafNames(record, '', names);
  const seen = new Set<string>();
  let repeated = false;
  for (const name of names) {
    if (seen.has(name)) repeated = true;
    else seen.add(name);
  }
  if (!repeated) {
    for (const name of names) into.add(name);
    return;
  }
  const named = new Set<string>();
  const lastSuffix = new Map<string, number>();
  for (const name of names) {
    if (!named.has(name)) {
      named.add(name);
      into.add(name);
      continue;
    }
    let k = lastSuffix.get(name) ?? 0;
    do k++;
    while (seen.has(`${name}_${k}`));
    lastSuffix.set(name, k);
    into.add(`${name}_${k}`);
    collided?.add(`${name}_${k}`);
  }
}

function leafNames(value: object, prefix: string, out: string[]): void {
  for (const key of Object.keys(value)) {
    const child = (value as Record<string, unknown>)[key];
    const name = prefix === '' ? key : `${prefix}.${key}`;
    if (isNested(child)) leafNames(child, name, out);
    else out.push(name);
  }
}

/** A plain object with at least one key: one that flattens into dotted columns. */
export function isNested(value: unknown): value is object {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  for (const _ in value) return true;
  return false;
}

export function toCell(value: unknown): Cell {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : '';
    case 'bigint':
      return String(value);
    case 'object':
      if (value instanceof ExactNumber) return value.text;
      return value === null ? '' : (JSON.stringify(value) ?? '');
    default:
      return ''; // undefined, and functions or symbols, which JSON cannot carry anyway
  }
}

/** Reads one column of a record; undefined when the record does not have it. */
export type Accessor = (record: object) => unknown;

/**
 * Compiles a column name into a reader, once per column rather than once per cell. A dotted name is first
 * tried as a key of its own (the API may send `"a.b"` literally), then as a path into nested objects; a
 * scalar wins over an object that only has the name as a prefix. A name ending `_<n>` that the record does
 * not have reads the n-th other value that flattens to the name before it (see collectColumns).
 * Names that collide with Object.prototype (`constructor`, `__proto__`) only ever read own properties.
 */
export function accessor(column: string): Accessor {
  const read = plainAccessor(column);
  const suffixed = /^(.+)_([1-9]\d{0,5})$/.exec(column);
  if (suffixed === null) return read;
  const base = suffixed[1]!;
  const n = Number(suffixed[2]);
  return (record) => {
    const value = read(record);
    return value !== undefined ? value : collidedValue(record, base, n);
  };
}

function plainAccessor(column: string): Accessor {
  const path = column.split('.');
  const own = path.some((key) => key in Object.prototype) || column in Object.prototype;
  if (path.length === 1) {
    return own ? (record) => ownValue(record, column) : (record) => (record as Record<string, unknown>)[column];
  }
  if (path.length === 2 && !own) {
    // The common case (agentIds.TMUSA), read without walk(): an export reads it for every row, and
    // walk() builds the joined key 'agentIds.TMUSA' again each time the agent is missing.
    const [outer, inner] = path as [string, string];
    return (record) => {
      const direct = (record as Record<string, unknown>)[column];
      if (direct !== undefined && !isNested(direct)) return direct;
      const child = (record as Record<string, unknown>)[outer];
      const nested = child !== null && typeof child === 'object' ? (child as Record<string, unknown>)[inner] : undefined;
      return nested !== undefined && (direct === undefined || !isNested(nested)) ? nested : direct;
    };
  }
  return (record) => {
    const direct = own ? ownValue(record, column) : (record as Record<string, unknown>)[column];
    if (direct !== undefined && !isNested(direct)) return direct;
    const leaves = flattenedValues(record, path, own);
    if (leaves.length > 0) return leaves[0];
    return direct !== undefined ? direct : walk(record, path, 0, own);
  };
}

/** The value collectColumns named `<base>_<n>`: the record's n-th free suffix, given to its values after the first. */
function collidedValue(record: object, base: string, n: number): unknown {
  const path = base.split('.');
  const own = path.some((key) => key in Object.prototype) || base in Object.prototype;
  const values = flattenedValues(record, path, own);
  let k = 0;
  for (let i = 1; i < values.length; i++) {
    do k++;
    while (flattenedValues(record, `${base}_${k}`.split('.'), own).length > 0);
    if (k === n) return values[i];
    if (k > n) return undefined;
  }
  return undefined;
}

/**
 * Every scalar that flattens to the dotted name `path`, in reading order: the whole name as one key first,
 * then through nested objects, shorter keys before joined ones at each level.
 */
function flattenedValues(record: object, path: readonly string[], own: boolean): unknown[] {
  const out: unknown[] = [];
  const whole = path.join('.');
  const direct = own ? ownValue(record, whole) : (record as Record<string, unknown>)[whole];
  if (direct !== undefined && !isNested(direct)) out.push(direct);
  collect(record, path, 0, own, out);
  return out;
}

function collect(value: object, path: readonly string[], from: number, own: boolean, out: unknown[]): void {
  let key = '';
  for (let end = from; end < path.length; end++) {
    key = end === from ? path[end]! : `${key}.${path[end]!}`;
    if (from === 0 && end === path.length - 1) break; // the whole name as one key: flattenedValues put it first
    const child = own ? ownValue(value, key) : (value as Record<string, unknown>)[key];
    if (child === undefined) continue;
    if (end === path.length - 1) {
      if (!isNested(child)) out.push(child);
    } else if (isNested(child)) {
      collect(child, path, end + 1, own, out);
    }
  }
}

/** Follows path[from..] through nested objects, also trying joined segments as keys (`{"a.b": {"c": 1}}` for a.b.c). */
function walk(value: unknown, path: readonly string[], from: number, own: boolean): unknown {
  if (from === path.length) return value;
  if (value === null || typeof value !== 'object') return undefined;
  let key = '';
  for (let end = from; end < path.length; end++) {
    key = end === from ? path[end]! : `${key}.${path[end]!}`;
    const child = own ? ownValue(value, key) : (value as Record<string, unknown>)[key];
    if (child === undefined) continue;
    const found = walk(child, path, end + 1, own);
    if (found !== undefined) return found;
  }
  return undefined;
}

function ownValue(record: object, key: string): unknown {
  return Object.hasOwn(record, key) ? (record as Record<string, unknown>)[key] : undefined;
}
