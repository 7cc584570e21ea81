import { describe, expect, it } from 'vitest';
import { createRowWriter, type RowWriterOptions } from '../../src/output/index.js';
import { displayWidth, wrapToWidth } from '../../src/output/text-width.js';
import { memorySink } from './memory-sink.js';

async function table(records: object[], options: Partial<RowWriterOptions>): Promise<{ text: string; leftOut: readonly string[] }> {
  const sink = memorySink();
  const writer = createRowWriter('table', sink, { documented: [], header: true, excelSafe: false, color: false, ...options });
  await writer.write(records);
  await writer.end();
  return { text: sink.text, leftOut: writer.leftOutToFit?.() ?? [] };
}

const NASTY = [
  '東京都渋谷区のとても長い会場名です',
  '👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧 family',
  'e\u0301e\u0301e\u0301e\u0301e\u0301 accents',
  'plain words that wrap at spaces',
];

describe('wrapToWidth', () => {
  it('breaks at spaces, inside a word only when it is wider than a line, never inside a grapheme, and loses nothing', () => {
    for (const width of [1, 2, 3, 5, 8, 13]) {
      for (const text of NASTY) {
        const lines = wrapToWidth(text, width);
        for (const line of lines) expect(displayWidth(line) <= width || [...new Intl.Segmenter().segment(line)].length === 1).toBe(true);
        expect(lines.join('').replace(/ /g, '')).toBe(text.replace(/ /g, ''));
      }
    }
    expect(wrapToWidth('plain words that wrap at spaces', 11)).toEqual(['plain words', 'that wrap', 'at spaces']);
  });
});

describe('a table on a narrow terminal', () => {
  const records = NASTY.map((name, i) => ({ id: `id_${i}_${'x'.repeat(10)}`, name, venue: 'Somewhere Quite Long', city: 'Town' }));
  const fit = { identifiers: ['id'], dropOrder: ['venue', 'city'] };

  it('leaves out the columns the command names, least important first, and never cuts an identifier', async () => {
    const { text, leftOut } = await table(records, { fit, width: 38 });
    expect(leftOut).toEqual(['venue', 'city']);
    for (const line of text.trimEnd().split('\n')) expect(displayWidth(line)).toBe(38);
    for (const { id } of records) expect(text).toContain(id);
  });

  it('shows blocks of key: value lines when even the kept columns do not fit, every line within the width', async () => {
    const { text, leftOut } = await table(records, { fit, width: 16 });
    expect(leftOut).toEqual([]);
    const blocks = text.trimEnd().split('\n\n');
    expect(blocks).toHaveLength(records.length);
    for (const line of text.split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(16);
    expect(
      blocks[0]!
        .split('\n')
        .filter((line) => /^\w+:/.test(line))
        .map((line) => line.split(':')[0]),
    ).toEqual(['id', 'name', 'venue', 'city']);
  });
});
