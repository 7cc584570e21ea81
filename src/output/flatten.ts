/**
 * Records are JSON objects, possibly nested; rows are flat. A nested object becomes dotted columns
 * (`agentIds.TMUSA`); arrays, empty objects and anything else that is not a plain object stay one cell
 * (written as JSON text by the writers).
 */

/** One flat cell: numbers and booleans stay typed so writers can tell a number from text that looks like one. */
export type Cell = string | number | boolean;

/** A record flattened to dotted keys: arrays and empty objects as JSON text, null and undefined as ''. */
export function flatten(record: object): Record<string, Cell> {
  const out: Record<string, Cell> = {};
  const visit = (value: object, prefix: string): void => {
    for (const key of Object.keys(value)) {
      const child = (value as Record<string, unknown>)[key];
      const name = prefix === '' ? key : `${prefix}.${key}`;
      if (isNested(child)) visit(child, name);
      else out[name] = toCell(child);
    }
  };
  visit(record, '');
  return out;
}

/** Adds the record's dotted column names to `into`, in first-seen order, without building any values. */
export function collectColumns(record: object, into: Set<string>, prefix = ''): void {
  for (const key of Object.keys(record)) {
    const child = (record as Record<string, unknown>)[key];
    const name = prefix === '' ? key : `${prefix}.${key}`;
    if (isNested(child)) collectColumns(child, into, name);
    else into.add(name);
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
      return value === null ? '' : (JSON.stringify(value) ?? '');
    default:
      return ''; // undefined, and functions or symbols, which JSON cannot carry anyway
  }
}

/** Reads one column of a record; undefined when the record does not have it. */
export type Accessor = (record: object) => unknown;

/**
 * Compiles a column name into a reader, once per column rather than once per cell. A dotted name is first
 * tried as a key of its own (the API may send `"a.b"` literally), then as a path into nested objects.
 * Names that collide with Object.prototype (`constructor`, `__proto__`) only ever read own properties.
 */
export function accessor(column: string): Accessor {
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
      if (direct !== undefined) return direct;
      const child = (record as Record<string, unknown>)[outer];
      return child !== null && typeof child === 'object' ? (child as Record<string, unknown>)[inner] : undefined;
    };
  }
  return (record) => {
    const direct = own ? ownValue(record, column) : (record as Record<string, unknown>)[column];
    return direct !== undefined ? direct : walk(record, path, 0, own);
  };
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
