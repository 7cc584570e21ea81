import { describe, expect, it } from 'vitest';
import { createJsonListWriter, createJsonObjectWriter, writeJson } from '../../src/output/index.js';
import { memorySink } from './memory-sink.js';

const ITEMS = [
  { id: 'e1', name: 'A "quoted", name\nwith break', venue: { city: 'Zürich', tags: [] }, n: -1.5 },
  { id: 'e2', nested: { deep: { deeper: [1, { x: null }] } }, emoji: '👨‍👩‍👧' },
  { id: 'e3' },
];

describe('createJsonListWriter', () => {
  it.each([true, false])('streams exactly what JSON.stringify gives for the whole list (pretty: %s)', async (pretty) => {
    const sink = memorySink();
    const writer = createJsonListWriter(sink, { key: 'events', pretty });
    await writer.write(ITEMS.slice(0, 2));
    await writer.write([]);
    await writer.write(ITEMS.slice(2));
    await writer.end();
    expect(sink.text).toBe(`${JSON.stringify({ events: ITEMS }, null, pretty ? 2 : undefined)}\n`);
    expect(JSON.parse(sink.text)).toEqual({ events: ITEMS });
    expect(sink.chunks).toHaveLength(3);
  });

  it.each([true, false])('writes an empty list when no items came (pretty: %s)', async (pretty) => {
    const sink = memorySink();
    const writer = createJsonListWriter(sink, { key: 'events', pretty });
    await writer.end();
    expect(sink.text).toBe(`${JSON.stringify({ events: [] }, null, pretty ? 2 : undefined)}\n`);
  });

  it('escapes the key', async () => {
    const sink = memorySink();
    const writer = createJsonListWriter(sink, { key: 'a"b', pretty: false });
    await writer.write([1]);
    await writer.end();
    expect(JSON.parse(sink.text)).toEqual({ 'a"b': [1] });
  });
});

describe('createJsonObjectWriter', () => {
  it.each([true, false])('streams exactly what JSON.stringify gives for the object, members in order (pretty: %s)', async (pretty) => {
    const sink = memorySink();
    const writer = createJsonObjectWriter(sink, pretty);
    await writer.member('total', 3);
    await writer.items('events', []);
    await writer.items('events', ITEMS.slice(0, 1));
    await writer.items('events', ITEMS.slice(1));
    await writer.member('page', { number: 1, more: [true, null] });
    await writer.items('empty', []);
    await writer.member('gone', undefined);
    await writer.member('last', 'x');
    await writer.end('events');
    const whole = { total: 3, events: ITEMS, page: { number: 1, more: [true, null] }, empty: [], last: 'x' };
    expect(sink.text).toBe(`${JSON.stringify(whole, null, pretty ? 2 : undefined)}\n`);
  });

  it.each([true, false])('an object with no member is {}, or {"<list>":[]} when a list is named (pretty: %s)', async (pretty) => {
    const bare = memorySink();
    await createJsonObjectWriter(bare, pretty).end();
    expect(bare.text).toBe('{}\n');
    const named = memorySink();
    await createJsonObjectWriter(named, pretty).end('events');
    expect(named.text).toBe(`${JSON.stringify({ events: [] }, null, pretty ? 2 : undefined)}\n`);
  });
});

describe('writeJson', () => {
  it('writes the payload untouched, pretty or compact, with a final newline', async () => {
    const payload = { events: ITEMS, unknownField: { keep: true } };
    const pretty = memorySink();
    await writeJson(pretty, payload, true);
    expect(pretty.text).toBe(`${JSON.stringify(payload, null, 2)}\n`);
    const compact = memorySink();
    await writeJson(compact, payload, false);
    expect(compact.text).toBe(`${JSON.stringify(payload)}\n`);
  });
});
