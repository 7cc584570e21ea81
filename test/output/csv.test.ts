import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { createRowWriter, flatten, type RowWriterOptions } from '../../src/output/index.js';
import { memorySink } from './memory-sink.js';

async function csv(batches: object[][], options: Partial<RowWriterOptions> = {}) {
  const sink = memorySink();
  const writer = createRowWriter('csv', sink, { documented: [], header: true, excelSafe: false, color: false, ...options });
  for (const batch of batches) await writer.write(batch);
  await writer.end();
  return sink;
}

const parseCsv = (text: string): string[][] => parse(text, { relax_column_count: false });

const NASTY: object[] = [
  { id: 'a,b', name: 'say "hi"', note: 'line1\nline2', cr: 'x\ry', crlf: 'a\r\nb' },
  { id: 'ünïcødé 漢字 👨‍👩‍👧', name: '', note: null, cr: undefined, crlf: '"' },
  { id: ' leading and trailing ', name: '""', note: ',', cr: '\n', crlf: 'end"' },
  { id: 'nested', name: { first: 'Ada', last: 'Lovelace, Countess' }, note: [1, 'two', { three: 3 }], cr: 12.5, crlf: true },
];

describe('csv (RFC 4180)', () => {
  it('round-trips nasty values through a real CSV parser', async () => {
    const { text } = await csv([NASTY]);
    const rows = parseCsv(text);
    const header = rows[0]!;
    expect(header).toEqual(['id', 'name', 'note', 'cr', 'crlf', 'name.first', 'name.last']);
    const expected = NASTY.map((record) => {
      const flat = flatten(record);
      // A column that holds an object in this record (name, here) shows it as JSON text: nothing is lost.
      return header.map((column) => {
        const raw = (record as Record<string, unknown>)[column];
        return raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? JSON.stringify(raw) : String(flat[column] ?? '');
      });
    });
    expect(rows.slice(1)).toEqual(expected);
    expect(rows[4]![2]).toBe('[1,"two",{"three":3}]');
    expect(rows[4]![3]).toBe('12.5');
    expect(rows[2]![2]).toBe('');
  });

  it('ends records with CRLF, quotes only when needed, and doubles embedded quotes', async () => {
    const { text } = await csv([[{ a: 'plain', b: 'x"y', c: 'p,q', d: 'l\nm', e: 7 }]]);
    expect(text).toBe('a,b,c,d,e\r\nplain,"x""y","p,q","l\nm",7\r\n');
  });

  it('writes the header first, or not at all with --no-header', async () => {
    expect((await csv([[{ a: 1 }]], { header: false })).text).toBe('1\r\n');
    expect((await csv([[{ a: 1 }]])).text).toBe('a\r\n1\r\n');
  });

  it('prints just the header for an empty result, documented columns included', async () => {
    expect((await csv([], { documented: ['id', 'name'] })).text).toBe('id,name\r\n');
    expect((await csv([[], []], { documented: ['id', 'name'] })).text).toBe('id,name\r\n');
    expect((await csv([], { documented: ['id'], header: false })).text).toBe('');
  });

  it('puts documented columns first, always, then other keys in first-seen order', async () => {
    const { text } = await csv(
      [
        [
          { extra: 1, name: 'n', id: 'i' },
          { id: 'j', later: 2 },
        ],
      ],
      { documented: ['id', 'name', 'venue.city'] },
    );
    expect(parseCsv(text)).toEqual([
      ['id', 'name', 'venue.city', 'extra', 'later'],
      ['i', 'n', '', '1', ''],
      ['j', '', '', '', '2'],
    ]);
  });

  it('fixes columns with the first non-empty batch: later new keys are dropped, one write per batch', async () => {
    const sink = await csv([[], [{ a: 1 }], [{ a: 2, b: 3 }]]);
    expect(parseCsv(sink.text)).toEqual([['a'], ['1'], ['2']]);
    expect(sink.chunks).toHaveLength(2);
  });

  it('selects and orders columns with --fields, dotted paths included', async () => {
    const records = [{ id: 'e1', agentIds: { TMUSA: 'T1', AXS: 'X1' }, name: 'N', tags: ['a', 'b'] }];
    const { text } = await csv([records], { documented: ['id', 'name'], fields: ['agentIds.TMUSA', 'id', 'tags', 'agentIds', 'missing'] });
    expect(parseCsv(text)).toEqual([
      ['agentIds.TMUSA', 'id', 'tags', 'agentIds', 'missing'],
      ['T1', 'e1', '["a","b"]', '{"TMUSA":"T1","AXS":"X1"}', ''],
    ]);
  });

  it('writes numbers and booleans as JSON does, and never quotes them', async () => {
    const { text } = await csv([[{ n: -12.5, z: 0, big: 1e21, t: true, f: false }]]);
    expect(text).toBe('n,z,big,t,f\r\n-12.5,0,1e+21,true,false\r\n');
  });

  it('quotes header names that need it', async () => {
    const { text } = await csv([[{ 'a,b': 1, 'q"': 2 }]]);
    expect(parseCsv(text)[0]).toEqual(['a,b', 'q"']);
  });
});
