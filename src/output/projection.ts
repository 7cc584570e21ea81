import { accessor, type Accessor } from './flatten.js';

/**
 * --fields for the JSON formats (ndjson, and json's records): each record keeps only those fields, in that
 * order, nested as in the record (`--fields id,venue.city` gives {"id":…,"venue":{"city":…}}), null where a
 * record lacks one.
 */
export type Projection = (record: object) => object;

/** The projection of `fields`, or undefined when there are none (records are then written whole). */
export function projectionOf(fields: readonly string[] | undefined): Projection | undefined {
  return fields && fields.length > 0 ? projection([...new Set(fields)]) : undefined;
}

function projection(fields: readonly string[]): Projection {
  const plan = fields.map((field) => ({ field, path: field.split('.'), read: accessor(field) as Accessor }));
  return (record) => {
    const source = record !== null && typeof record === 'object' ? record : {};
    // Null-prototype objects: a field named __proto__ is then just a key, never the prototype.
    const out: Record<string, unknown> = Object.create(null);
    const made = new Set<object>([out]);
    for (const { field, path, read } of plan) {
      const value = read(source) ?? null;
      if (path.length === 1 || Object.hasOwn(source, field)) {
        out[field] = value;
        continue;
      }
      let parent = out;
      let placed = true;
      for (let i = 0; i < path.length - 1; i++) {
        const key = path[i]!;
        const next = parent[key];
        if (next === undefined) {
          const child: Record<string, unknown> = Object.create(null);
          made.add(child);
          parent[key] = child;
          parent = child;
        } else if (typeof next === 'object' && next !== null && made.has(next)) {
          parent = next as Record<string, unknown>;
        } else {
          // An enclosing field was selected too (--fields venue,venue.city): it already holds this value.
          placed = false;
          break;
        }
      }
      if (placed) parent[path[path.length - 1]!] = value;
    }
    return out;
  };
}
