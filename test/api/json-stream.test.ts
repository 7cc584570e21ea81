import { describe, expect, it } from 'vitest';
import {
  JsonStreamError,
  JsonStreamParser,
  jsonStreamEvents,
  TooManyValuesError,
  type JsonPath,
  type JsonStreamEvent,
} from '../../src/api/json-stream.js';
import { holdsMoreValuesThan, MAX_VALUES_AT_ONCE } from '../../src/api/page-bound.js';

const SALES = [['salesDetails'], ['salesDetails', '*', 'soldTickets']];

/** Builds the document back from the events: it must equal JSON.parse of the text. */
function rebuild(events: readonly JsonStreamEvent[]): unknown {
  let root: unknown;
  const at = (path: JsonPath): any => path.reduce((node: any, key) => node[key], root);
  const put = (path: JsonPath, value: unknown) => {
    if (path.length === 0) root = value;
    else at(path.slice(0, -1))[path[path.length - 1]!] = value;
  };
  for (const event of events) {
    if (event.type === 'open') put(event.path, event.kind === 'object' ? {} : []);
    else if (event.type === 'value') put(event.path, event.value);
    else if (event.type === 'items') at(event.path).push(...event.items);
  }
  return root;
}

function parseInChunks(text: string, sizes: (index: number) => number, streamed = SALES): JsonStreamEvent[] {
  const bytes = Buffer.from(text, 'utf8');
  const parser = new JsonStreamParser(streamed);
  const events: JsonStreamEvent[] = [];
  for (let at = 0, k = 0; at < bytes.length; k++) {
    const next = Math.min(bytes.length, at + Math.max(1, sizes(k)));
    events.push(...parser.push(bytes.subarray(at, next)));
    at = next;
  }
  events.push(...parser.end());
  return events;
}

const sample = {
  marketplaceId: '143920521',
  name: 'Caf\u00e9 "Tour" \\ \u{1F3B5} \n tab\t',
  salesDetails: [
    {
      date: '2025-12-31',
      soldTickets: [
        {
          sectionName: '118',
          row: '10',
          seats: '18 - 19',
          quantity: 2,
          price: 76.38,
          priceFormatted: '$76.38',
          soldDate: '2025-12-31T18:13:34.643Z',
        },
        { sectionName: 'Z\u00fcrich \u00a3', row: '', seats: null, quantity: -1.5e3, price: 0, extra: { nested: [1, [2, { '}': ']' }]] } },
      ],
      totalTickets: 2,
      flag: true,
    },
    { soldTickets: [], date: '2026-01-01', nothing: null },
    { date: '2026-01-02', soldTickets: ['a', 1, false, null, [], {}] },
  ],
  after: { text: 'comes after the array' },
};
const text = JSON.stringify(sample, null, 1);

describe('JsonStreamParser', () => {
  it('gives back the document, however the bytes are split (every split point)', () => {
    const bytes = Buffer.byteLength(text);
    for (let first = 1; first < bytes; first++) {
      expect(rebuild(parseInChunks(text, (k) => (k === 0 ? first : bytes)))).toEqual(sample);
    }
  });

  it('gives back the document byte by byte and in random pieces', () => {
    expect(rebuild(parseInChunks(text, () => 1))).toEqual(sample);
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % 97) + 1;
    for (let round = 0; round < 50; round++) expect(rebuild(parseInChunks(text, random))).toEqual(sample);
  });

  it('walks only the way to the streamed arrays: other values arrive whole, sold tickets in batches', () => {
    const events = parseInChunks(JSON.stringify(sample), () => 1 << 20);
    expect(events.filter((e) => e.type === 'value').map((e) => e.path)).toEqual([
      ['marketplaceId'],
      ['name'],
      ['salesDetails', 0, 'date'],
      ['salesDetails', 0, 'totalTickets'],
      ['salesDetails', 0, 'flag'],
      ['salesDetails', 1, 'date'],
      ['salesDetails', 1, 'nothing'],
      ['salesDetails', 2, 'date'],
      ['after'],
    ]);
    const items = events.filter((e) => e.type === 'items');
    expect(items.map((e) => e.path)).toEqual([
      ['salesDetails', 0, 'soldTickets'],
      ['salesDetails', 2, 'soldTickets'],
    ]);
    expect(events[0]).toEqual({ type: 'open', path: [], kind: 'object' });
    expect(events.at(-1)).toEqual({ type: 'close', path: [], kind: 'object' });
  });

  it('splits a run of objects quickly only where it is truly between elements', () => {
    // `},{` inside strings and inside nested arrays of objects: a quick split there cannot parse, and the
    // parser falls back to reading byte by byte; the result is the same either way.
    const tricky = {
      salesDetails: [
        {
          date: 'd',
          soldTickets: [
            { a: 'x},{y' },
            { b: [{ c: 1 }, { d: 2 }] },
            { e: '},{' },
            { f: 'plain' },
            { g: [{ h: '},{' }, { i: { j: [{}, {}] } }] },
            { k: 3 },
          ],
        },
      ],
    };
    const compact = JSON.stringify(tricky);
    for (const size of [1 << 20, 40, 25, 7, 3]) expect(rebuild(parseInChunks(compact, () => size))).toEqual(tricky);
    const events = parseInChunks(
      JSON.stringify({ events: Array.from({ length: 500 }, (_, i) => ({ id: `e${i}`, n: i })) }),
      () => 1 << 20,
      [['events']],
    );
    expect(events.filter((e) => e.type === 'items').flatMap((e) => (e as { items: { n: number }[] }).items.map((item) => item.n))).toEqual(
      Array.from({ length: 500 }, (_, i) => i),
    );
  });

  it('hands over the elements of a chunk before the rest of the document has arrived', () => {
    const parser = new JsonStreamParser(SALES);
    const head = '{"salesDetails":[{"date":"d","soldTickets":[{"a":1},{"a":2},{"a"';
    const events = parser.push(Buffer.from(head));
    expect(events.filter((e) => e.type === 'items').flatMap((e) => (e as { items: unknown[] }).items)).toEqual([{ a: 1 }, { a: 2 }]);
    const rest = parser.push(Buffer.from(':3}]}]}'));
    expect(rest.filter((e) => e.type === 'items').flatMap((e) => (e as { items: unknown[] }).items)).toEqual([{ a: 3 }]);
    parser.end();
  });

  it('reports a value where a streamed array should be as a plain value, for the caller to refuse', () => {
    const events = parseInChunks('{"salesDetails":"oops"}', () => 5);
    expect(events).toContainEqual({ type: 'value', path: ['salesDetails'], value: 'oops' });
  });

  it('reads bare top-level values and documents without streamed arrays', () => {
    expect(rebuild(parseInChunks(' 12.5e1 ', () => 2))).toBe(125);
    expect(rebuild(parseInChunks('[1,{"b":[true]}]', () => 3, []))).toEqual([1, { b: [true] }]);
    expect(rebuild(parseInChunks('{"events":[{"id":"x"},{"id":"y"}]}', () => 4, [['events']]))).toEqual({
      events: [{ id: 'x' }, { id: 'y' }],
    });
  });

  it.each([
    ['cut short', '{"salesDetails":[{"date":"d","soldTickets":[{"a":1}'],
    ['cut inside a string', '{"name":"abc'],
    ['empty', ''],
    ['not JSON', '<html>'],
    ['a missing colon', '{"a" 1}'],
    ['trailing data', '{"a":1} {"b":2}'],
    ['a broken element', '{"salesDetails":[{"soldTickets":[{"a":}]}]}'],
    ['a trailing comma', '{"salesDetails":[{"soldTickets":[{"a":1},]}]}'],
  ])('refuses a document %s', (_what, bad) => {
    expect(() => parseInChunks(bad, () => 3)).toThrow(JsonStreamError);
  });
});

describe('the bound on values built at once (page-bound.ts)', () => {
  const ones = (count: number) => `[${'1,'.repeat(count - 1)}1]`;
  /** Pushes `text` in 64 KB slices, as a page is read; returns how many slices it took before throwing. */
  const push = (parser: JsonStreamParser, text: string): number => {
    const bytes = Buffer.from(text);
    let slices = 0;
    for (let at = 0; at < bytes.length; at += 65536) {
      slices++;
      parser.push(bytes.subarray(at, at + 65536));
    }
    parser.end();
    return slices;
  };

  it('one value read whole beyond it is refused as soon as it is counted, before it is complete', () => {
    const text = `{"events":[{"id":"e","extra":${ones(MAX_VALUES_AT_ONCE * 2)}}]}`;
    const parser = new JsonStreamParser([['events']]);
    let pushed = 0;
    const bytes = Buffer.from(text);
    const read = () => {
      for (let at = 0; at < bytes.length; at += 65536, pushed += 65536) parser.push(bytes.subarray(at, at + 65536));
    };
    expect(read).toThrow(new TooManyValuesError('events[0]'));
    // Two characters a value: stopped about half way, not at the end.
    expect(pushed).toBeLessThan(bytes.length * 0.6);
  });

  it('a stream that is not bound as a whole reads any number of values within the bound each', () => {
    const text = `{"events":[${Array.from({ length: 6 }, () => ones(MAX_VALUES_AT_ONCE / 2)).join(',')}]}`;
    let items = 0;
    const parser = new JsonStreamParser([['events']]);
    const bytes = Buffer.from(text);
    for (let at = 0; at < bytes.length; at += 65536)
      for (const event of parser.push(bytes.subarray(at, at + 65536))) if (event.type === 'items') items += event.items.length;
    parser.end();
    expect(items).toBe(6);
  });

  it('a bound document: values summed over every batch, quick splits included', () => {
    // Each event is about 102 values: the object, its id, its array and the array's 99 numbers.
    const page = (events: number) => `{"events":[${Array.from({ length: events }, (_, i) => `{"id":"e${i}","n":${ones(99)}}`).join(',')}]}`;
    const bounded = () => new JsonStreamParser([['events']], false, { bounded: true });
    expect(push(bounded(), page(2000))).toBeGreaterThan(4);
    expect(() => push(bounded(), page(3000))).toThrow(new TooManyValuesError('the body'));
    // Unbound, the same page is read.
    expect(() => push(new JsonStreamParser([['events']]), page(3000))).not.toThrow();
  });

  it('holdsMoreValuesThan counts commas and opening brackets outside strings', () => {
    expect(holdsMoreValuesThan(ones(1000), 999)).toBe(true);
    expect(holdsMoreValuesThan(ones(1000), 1000)).toBe(false);
    // Commas and brackets in strings are not values.
    expect(holdsMoreValuesThan(`["${',[{'.repeat(1000)}"]`, 10)).toBe(false);
    expect(holdsMoreValuesThan(`["\\\\",${'[],'.repeat(20)}1]`, 20)).toBe(true);
    expect(holdsMoreValuesThan(`["\\",${'[],'.repeat(20)}1"]`, 20)).toBe(false);
  });
});

describe('jsonStreamEvents', () => {
  it('reads an async source of Uint8Arrays', async () => {
    async function* source() {
      const bytes = new TextEncoder().encode(text);
      for (let i = 0; i < bytes.length; i += 10) yield bytes.subarray(i, i + 10);
    }
    const events: JsonStreamEvent[] = [];
    for await (const event of jsonStreamEvents(source(), SALES)) events.push(event);
    expect(rebuild(events)).toEqual(sample);
  });
});
