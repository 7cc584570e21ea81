import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { createRowWriter, excelSafeText } from '../../src/output/index.js';
import { memorySink } from './memory-sink.js';

describe('--excel-safe', () => {
  it.each(['=1+1', '+1', '-12', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://x","y")'])('guards text starting %j', (text) => {
    expect(excelSafeText(text)).toBe(`'${text}`);
  });

  it.each(['', 'plain', '1-2', ' =not first', "'already", '\nlf is not on the list'])('leaves %j alone', (text) => {
    expect(excelSafeText(text)).toBe(text);
  });

  it('never changes JSON numbers, but guards text that looks like one (csv)', async () => {
    const sink = memorySink();
    const writer = createRowWriter('csv', sink, { documented: [], header: true, excelSafe: true, color: false });
    await writer.write([{ num: -12.5, str: '-12', f: '=cmd|"/c calc"!A0', ok: 'fine', arr: ['=x'], t: true }]);
    await writer.end();
    expect(parse(sink.text)).toEqual([
      ['num', 'str', 'f', 'ok', 'arr', 't'],
      ['-12.5', "'-12", `'=cmd|"/c calc"!A0`, 'fine', '["=x"]', 'true'],
    ]);
  });

  it('guards before escaping in tsv, and guards header names from the API', async () => {
    const sink = memorySink();
    const writer = createRowWriter('tsv', sink, { documented: [], header: true, excelSafe: true, color: false });
    await writer.write([{ '=k': '\tTab', n: -1 }]);
    await writer.end();
    expect(sink.text).toBe("'=k\tn\n'\\tTab\t-1\n");
  });

  it('is off unless asked for', async () => {
    const sink = memorySink();
    const writer = createRowWriter('csv', sink, { documented: [], header: false, excelSafe: false, color: false });
    await writer.write([{ f: '=1+1' }]);
    expect(sink.text).toBe('=1+1\r\n');
  });
});
