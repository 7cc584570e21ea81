import { projectionOf } from './projection.js';
import type { Sink } from './sink.js';

/** A payload as it came, one JSON document: pretty (2 spaces) for a person at a terminal, compact otherwise. */
export function writeJson(sink: Sink, value: unknown, pretty: boolean): Promise<void> {
  return sink.write(`${JSON.stringify(value, null, pretty ? 2 : undefined) ?? 'null'}\n`);
}

export interface JsonListWriter {
  write(items: readonly unknown[]): Promise<void>;
  /** Closes the list and the object; with no items at all, writes `{"<key>":[]}`. */
  end(): Promise<void>;
}

/**
 * Streams `{"<key>":[item,item,...]}` as pages arrive (--all merges pages into one list), one write per batch,
 * so memory stays flat. The text is exactly what JSON.stringify of the whole object would give. With
 * `fields` (--fields) each item keeps only those fields, as in ndjson.
 */
export function createJsonListWriter(
  sink: Sink,
  options: { key: string; pretty: boolean; fields?: readonly string[] | undefined },
): JsonListWriter {
  const { pretty } = options;
  const project = projectionOf(options.fields);
  const key = JSON.stringify(options.key);
  let count = 0;
  let ended = false;
  return {
    write(items) {
      if (ended) return Promise.reject(new Error('JSON list writer: write after end'));
      if (items.length === 0) return Promise.resolve();
      let out = count === 0 ? (pretty ? `{\n  ${key}: [` : `{${key}:[`) : '';
      for (const item of items) {
        // Inside an array JSON.stringify writes null for what it cannot represent (undefined, functions).
        const json =
          JSON.stringify(project && item !== null && typeof item === 'object' ? project(item) : item, null, pretty ? 2 : undefined) ??
          'null';
        const separator = count === 0 ? '' : ',';
        out += pretty ? `${separator}\n    ${json.replaceAll('\n', '\n    ')}` : separator + json;
        count++;
      }
      return sink.write(out);
    },
    end() {
      if (ended) return Promise.resolve();
      ended = true;
      if (count === 0) return sink.write(pretty ? `{\n  ${key}: []\n}\n` : `{${key}:[]}\n`);
      return sink.write(pretty ? '\n  ]\n}\n' : ']}\n');
    },
  };
}
