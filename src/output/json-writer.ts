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
  const project = projectionOf(options.fields);
  const object = createJsonObjectWriter(sink, options.pretty);
  let ended = false;
  return {
    write(items) {
      if (ended) return Promise.reject(new Error('JSON list writer: write after end'));
      if (items.length === 0) return Promise.resolve();
      return object.items(
        options.key,
        project ? items.map((item) => (item !== null && typeof item === 'object' ? project(item) : item)) : items,
      );
    },
    end() {
      if (ended) return Promise.resolve();
      ended = true;
      return object.end(options.key);
    },
  };
}

export interface JsonObjectWriter {
  /** A member written whole. */
  member(key: string, value: unknown): Promise<void>;
  /** Items of the array member `key`: the first call opens it (with no items, too); the next member or end() closes it. */
  items(key: string, items: readonly unknown[]): Promise<void>;
  /** Closes the object; `list` is a member written as an empty array if no member was (`{"<list>":[]}`). */
  end(list?: string): Promise<void>;
}

/**
 * Streams one JSON object a member at a time, an array member in batches of items: the text is exactly what
 * JSON.stringify of the whole object would give (pretty: 2 spaces), for members in the order they are written.
 */
export function createJsonObjectWriter(sink: Sink, pretty: boolean): JsonObjectWriter {
  const indent = pretty ? 2 : undefined;
  let members = 0;
  /** The array member being written, and how many items it has had. */
  let list: { key: string; count: number } | undefined;
  const name = (key: string) => `${members++ === 0 ? '{' : ','}${pretty ? '\n  ' : ''}${JSON.stringify(key)}:${pretty ? ' ' : ''}`;
  const closeList = () => {
    const closing = list === undefined ? '' : list.count > 0 && pretty ? '\n  ]' : ']';
    list = undefined;
    return closing;
  };
  return {
    member(key, value) {
      // A member JSON.stringify would leave out (undefined) is left out.
      const json = JSON.stringify(value, null, indent);
      if (json === undefined) return Promise.resolve();
      return sink.write(`${closeList()}${name(key)}${pretty ? json.replaceAll('\n', '\n  ') : json}`);
    },
    items(key, items) {
      let out = '';
      if (list?.key !== key) {
        out = `${closeList()}${name(key)}[`;
        list = { key, count: 0 };
      }
      for (const item of items) {
        // Inside an array JSON.stringify writes null for what it cannot represent (undefined, functions).
        const json = JSON.stringify(item, null, indent) ?? 'null';
        const separator = list.count++ === 0 ? '' : ',';
        out += pretty ? `${separator}\n    ${json.replaceAll('\n', '\n    ')}` : separator + json;
      }
      return out === '' ? Promise.resolve() : sink.write(out);
    },
    end(emptyList) {
      let out = '';
      if (members === 0 && emptyList !== undefined) {
        out = `${name(emptyList)}[`;
        list = { key: emptyList, count: 0 };
      }
      if (members === 0) return sink.write('{}\n');
      return sink.write(`${out}${closeList()}${pretty ? '\n}' : '}'}\n`);
    },
  };
}
