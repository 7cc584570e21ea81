import { accessor, type Accessor } from './flatten.js';
import type { RowWriter, RowWriterOptions } from './row-writer.js';
import type { Sink } from './sink.js';

/**
 * One JSON object per line, nested values kept as JSON. Every key of every record is written (nothing is
 * fixed by the first batch), except with --fields, which keeps only those fields, in that order, nested as
 * in the record (`--fields id,venue.city` gives {"id":…,"venue":{"city":…}}) and null where a record lacks one.
 */
export function createNdjsonWriter(sink: Sink, options: RowWriterOptions): RowWriter {
  const project = options.fields && options.fields.length > 0 ? projection([...new Set(options.fields)]) : undefined;
  return {
    write(records) {
      if (records.length === 0) return Promise.resolve();
      let out = '';
      for (const record of records) out += `${JSON.stringify(project ? project(record) : record) ?? 'null'}\n`;
      return sink.write(out);
    },
    end: () => Promise.resolve(),
  };
}

type Projection = (record: object) => object;

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
