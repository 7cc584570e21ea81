import { describe, expect, it } from 'vitest';
import { createJsonListWriter, writeJson } from '../../src/output/index.js';
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
