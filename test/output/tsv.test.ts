import { describe, expect, it } from 'vitest';
import { createRowWriter, type RowWriterOptions } from '../../src/output/index.js';
import { memorySink } from './memory-sink.js';

async function tsv(records: object[], options: Partial<RowWriterOptions> = {}) {
  const sink = memorySink();
  const writer = createRowWriter('tsv', sink, { documented: [], header: true, excelSafe: false, color: false, ...options });
  await writer.write(records);
  await writer.end();
  return sink.text;
}

/** The reader side of the documented escaping: \t \n \r \\. */
function unescapeTsvField(field: string): string {
  return field.replace(/\\([tnr\\])/g, (_, c: string) => ({ t: '\t', n: '\n', r: '\r', '\\': '\\' })[c]!);
}

describe('tsv', () => {
  it('escapes tabs, line breaks and backslashes so one record is one line', async () => {
    const values = ['a\tb', 'line1\nline2', 'cr\rhere', 'back\\slash', '\\n literally', 'plain, "quoted"', '漢字'];
    const record = Object.fromEntries(values.map((v, i) => [`c${i}`, v]));
    const text = await tsv([record]);
    const lines = text.split('\n');
    expect(lines).toHaveLength(3); // header, one record, and the empty string after the last LF
    expect(lines[2]).toBe('');
    expect(lines[1]).toBe('a\\tb\tline1\\nline2\tcr\\rhere\tback\\\\slash\t\\\\n literally\tplain, "quoted"\t漢字');
    expect(lines[1]!.split('\t').map(unescapeTsvField)).toEqual(values);
  });

  it('flattens nested objects, writes arrays as JSON and null as empty', async () => {
    const text = await tsv([{ id: 1, venue: { city: 'Oslo' }, seats: [1, 2], gone: null }], { documented: ['id'] });
    expect(text).toBe('id\tvenue.city\tseats\tgone\n1\tOslo\t[1,2]\t\n');
  });

  it('honours --no-header and prints only the header for no records', async () => {
    expect(await tsv([{ a: 1 }], { header: false })).toBe('1\n');
    expect(await tsv([], { documented: ['id', 'name'] })).toBe('id\tname\n');
  });
});
