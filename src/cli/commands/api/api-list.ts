import type { Sink } from '../../../output/index.js';

/** The list a response body holds: a top-level array, or the one array field of an object (`events`, `data`). */
export interface FoundList {
  /** The array field's name; undefined for a top-level array. */
  key: string | undefined;
  items: unknown[];
}

export function findList(body: unknown): FoundList | undefined {
  if (Array.isArray(body)) return { key: undefined, items: body };
  if (body === null || typeof body !== 'object') return undefined;
  const arrays = Object.entries(body).filter(([, value]) => Array.isArray(value));
  if (arrays.length !== 1) return undefined;
  const [key, items] = arrays[0]!;
  return { key, items: items as unknown[] };
}

/** What a body without one list is, for the error that says so. */
export function describeShape(body: unknown): string {
  if (body === null) return 'null';
  if (typeof body !== 'object') return `a ${typeof body}`;
  const arrays = Object.keys(body).filter((key) => Array.isArray((body as Record<string, unknown>)[key]));
  if (arrays.length === 0) return 'an object without an array field';
  return `an object with ${arrays.length} array fields (${arrays.join(', ')})`;
}

export interface MergedListWriter {
  /** One page: its body, and the list found in it. The first page's other fields frame the output. */
  write(body: unknown, list: FoundList): Promise<void>;
  end(): Promise<void>;
}

/**
 * Writes pages as one document: the first page with its list holding every page's items, streamed page by
 * page. The text is exactly JSON.stringify of that merged document (indented by 2 when pretty).
 */
export function createMergedListWriter(sink: Sink, pretty: boolean): MergedListWriter {
  const json = (value: unknown, depth: number) => {
    const text = JSON.stringify(value, null, pretty ? 2 : undefined) ?? 'null';
    return pretty ? text.replaceAll('\n', `\n${'  '.repeat(depth)}`) : text;
  };
  let tail: string | undefined;
  let itemDepth = 1;
  let count = 0;
  return {
    async write(body, list) {
      let out = '';
      if (tail === undefined) {
        const frame = frameOf(body, list.key, json);
        out = frame.head;
        tail = frame.tail;
        itemDepth = list.key === undefined ? 1 : 2;
      }
      const pad = `\n${'  '.repeat(itemDepth)}`;
      for (const item of list.items) {
        out += `${count === 0 ? '' : ','}${pretty ? pad : ''}${json(item, itemDepth)}`;
        count++;
      }
      if (out !== '') await sink.write(out);
    },
    async end() {
      if (tail === undefined) return;
      const close = pretty && count > 0 ? `\n${'  '.repeat(itemDepth - 1)}]` : ']';
      await sink.write(`${close}${tail}\n`);
    },
  };

  /** The text before the list's first item and after its closing bracket. */
  function frameOf(
    body: unknown,
    key: string | undefined,
    json: (value: unknown, depth: number) => string,
  ): { head: string; tail: string } {
    if (key === undefined) return { head: '[', tail: '' };
    const entries = Object.entries(body as Record<string, unknown>);
    const at = entries.findIndex(([name]) => name === key);
    const member = ([name, value]: [string, unknown]) =>
      `${pretty ? '\n  ' : ''}${JSON.stringify(name)}:${pretty ? ' ' : ''}${json(value, 1)}`;
    const before = entries
      .slice(0, at)
      .map((entry) => `${member(entry)},`)
      .join('');
    const after = entries
      .slice(at + 1)
      .map((entry) => `,${member(entry)}`)
      .join('');
    return {
      head: `{${before}${pretty ? '\n  ' : ''}${JSON.stringify(key)}:${pretty ? ' ' : ''}[`,
      tail: `${after}${pretty ? '\n' : ''}}`,
    };
  }
}
