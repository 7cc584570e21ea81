import Table from 'cli-table3';
import { describe, expect, it } from 'vitest';
import { createRowWriter, type ColumnType, type RowWriterOptions } from '../../src/output/index.js';
import { fitWidths } from '../../src/output/fit-widths.js';
import { drawTable, type Align } from '../../src/output/table.js';
import { formatDatetime } from '../../src/output/table-cells.js';
import { displayWidth, truncateToWidth } from '../../src/output/text-width.js';
import { memorySink } from './memory-sink.js';

async function table(records: object[], options: Partial<RowWriterOptions> = {}): Promise<string> {
  const sink = memorySink();
  const writer = createRowWriter('table', sink, { documented: [], header: true, excelSafe: false, color: false, ...options });
  await writer.write(records.slice(0, 1));
  await writer.write(records.slice(1));
  await writer.end();
  return sink.text;
}

/** With the u flag a surrogate pair is one code point, so this matches only a broken (lone) half. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
const lines = (text: string) => text.split('\n').filter((line) => line !== '');
/** The cells of a body line, padding kept: '│ a │  1 │' → [' a ', '  1 ']. */
const cells = (line: string) => line.split('│').slice(1, -1);

const EVENTS = [
  {
    id: 'evt_1',
    name: 'Taylor Swift | The Eras Tour — Night One at the Stadium',
    eventDate: '2026-06-01T19:30:00Z',
    minPrice: 12.5,
    count: 4,
  },
  { id: 'evt_22', name: 'Short', eventDate: '2026-06-02T20:00:00-05:00', minPrice: 1234, count: 12345 },
];
const TYPES: Record<string, ColumnType> = { eventDate: 'datetime', minPrice: 'price', count: 'integer' };

describe('table', () => {
  it('fits the width by cutting the widest text with an ellipsis, and never cuts numbers', async () => {
    const text = await table(EVENTS, { columnTypes: TYPES, width: 70 });
    const rows = lines(text);
    for (const line of rows) expect(displayWidth(line)).toBe(70);
    expect(text).toContain('Taylor Swift');
    expect(text).toContain('…');
    expect(text).not.toContain('Night One at the Stadium');
    expect(text).toContain('1234.00');
    expect(text).toContain('12345');
  });

  it('takes the room it needs when there is room, or no width is given', async () => {
    for (const width of [undefined, 300]) {
      const text = await table(EVENTS, { columnTypes: TYPES, ...(width ? { width } : {}) });
      expect(text).toContain('Taylor Swift | The Eras Tour — Night One at the Stadium');
      expect(text).not.toContain('…');
    }
  });

  it('right-aligns numbers, shows prices with two decimals and date-times compactly', async () => {
    const rows = lines(await table(EVENTS, { columnTypes: TYPES }));
    const [, header, , first, second] = rows;
    expect(cells(header!).map((c) => c.trim())).toEqual(['id', 'name', 'eventDate', 'minPrice', 'count']);
    expect(cells(first!)[3]).toBe('    12.50 ');
    expect(cells(second!)[3]).toBe('  1234.00 ');
    expect(cells(first!)[4]).toBe('     4 ');
    expect(cells(first!)[0]).toBe(' evt_1  ');
    expect(cells(first!)[2]!.trim()).toBe('2026-06-01 19:30Z');
    expect(cells(second!)[2]!.trim()).toBe('2026-06-02 20:00-05:00');
  });

  it('right-aligns untyped columns whose values are all numbers', async () => {
    const rows = lines(
      await table([
        { label: 'a', n: 5 },
        { label: 'bbbbbb', n: 123 },
      ]),
    );
    expect(cells(rows[3]!)).toEqual([' a      ', '   5 ']);
  });

  it('has no escape codes without colour, even for text from the API that carries some', async () => {
    const text = await table([{ name: 'evil\u001b[31mred\u001b]0;title\u0007', note: 'two\nlines\ttab' }], { width: 80 });
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(text).toContain('two lines tab');
    expect(lines(text)).toHaveLength(5); // top, header, rule, the one row, bottom
  });

  it('makes the header bold with colour, and only the header', async () => {
    const text = await table([{ a: 'x' }], { color: true });
    expect(text).toContain('\u001b[1ma\u001b[22m');
    expect(text.replace('\u001b[1ma\u001b[22m', '')).not.toContain('\u001b');
  });

  it('uses the short default set, --fields over it, and --no-header', async () => {
    const records = [{ id: 'e', name: 'n', extra: 'x', venue: { city: 'Oslo' } }];
    const defaults = lines(await table(records, { documented: ['id', 'name'], tableDefaults: ['name', 'id'] }));
    expect(cells(defaults[1]!).map((c) => c.trim())).toEqual(['name', 'id']);
    const chosen = lines(await table(records, { tableDefaults: ['name'], fields: ['venue.city', 'extra'] }));
    expect(cells(chosen[1]!).map((c) => c.trim())).toEqual(['venue.city', 'extra']);
    expect(cells(chosen[3]!).map((c) => c.trim())).toEqual(['Oslo', 'x']);
    const all = lines(await table(records, { documented: ['id'] }));
    expect(cells(all[1]!).map((c) => c.trim())).toEqual(['id', 'name', 'extra', 'venue.city']);
    const bare = lines(await table(records, { tableDefaults: ['id'], header: false }));
    expect(bare).toEqual(['┌───┐', '│ e │', '└───┘']);
  });

  it('prints nothing for no records', async () => {
    expect(await table([], { tableDefaults: ['id'] })).toBe('');
  });

  it('never breaks wide or multi-code-point characters when cutting, and stays aligned', async () => {
    const nasty = [
      '東京都渋谷区のとても長い会場名です',
      '👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧 family',
      'e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301',
      '🇳🇴🇳🇴🇳🇴🇳🇴🇳🇴🇳🇴🇳🇴',
      'a😀b😀c😀d😀e😀f😀g😀',
    ];
    const records = nasty.map((value, i) => ({ i, value, other: 'x'.repeat(30) }));
    for (const width of [20, 23, 24, 25, 30]) {
      const rows = lines(await table(records, { width }));
      const widths = new Set(rows.map(displayWidth));
      expect(widths.size).toBe(1);
      for (const line of rows) expect(line).not.toMatch(LONE_SURROGATE);
      rows.slice(3, -1).forEach((line, i) => {
        const cut = cells(line)[1]!.trim();
        const original = nasty[i]!;
        expect(cut === original || (cut.endsWith('…') && original.startsWith(cut.slice(0, -1)))).toBe(true);
        // The kept part ends on a grapheme boundary of the original.
        const boundaries = [...new Intl.Segmenter().segment(original)].map((s) => s.index);
        if (cut.endsWith('…')) expect(boundaries).toContain(cut.length - 1);
      });
    }
  });
});

describe('drawTable', () => {
  it('draws exactly what cli-table3 draws for the same cells', () => {
    const widths = [6, 8, 5, 4];
    const aligns: Align[] = ['left', 'left', 'right', 'right'];
    const rows = [
      ['evt_1', '東京ドー', '12.50', '4'],
      ['', '👨‍👩‍👧 fam', '1.00', ''],
      ['e\u0301té', 'Zürich…', '', '1234'],
      ['abcdef', 'a😀b😀c', '99999', '0'],
    ];
    for (const head of [undefined, ['id', 'venue', 'price', 'n']]) {
      const reference = new Table({
        ...(head ? { head } : {}),
        colWidths: widths.map((w) => w + 2),
        colAligns: aligns,
        style: { head: [], border: [], compact: true },
      });
      reference.push(...rows);
      expect(drawTable(rows, widths, aligns, head)).toBe(`${reference.toString()}\n`);
    }
  });
});

describe('truncateToWidth', () => {
  it('cuts to the width with an ellipsis', () => {
    expect(truncateToWidth('abcdef', 4)).toBe('abc…');
    expect(truncateToWidth('abcd', 4)).toBe('abcd');
    expect(truncateToWidth('abcd', 1)).toBe('…');
    expect(truncateToWidth('abcd', 0)).toBe('');
    expect(truncateToWidth('漢字漢字', 5)).toBe('漢字…');
    expect(truncateToWidth('漢字漢字', 4)).toBe('漢…');
  });
});

describe('fitWidths', () => {
  const text = (natural: number) => ({ natural, values: natural, cuttable: true });
  const number = (natural: number, values = natural) => ({ natural, values, cuttable: false });

  it('leaves columns alone when they fit', () => {
    expect(fitWidths([text(10), number(5)], 20)).toEqual([10, 5]);
  });

  it('shrinks the widest text first and uses the whole width', () => {
    expect(fitWidths([text(50), text(10), number(6)], 40)).toEqual([24, 10, 6]);
    expect(fitWidths([text(50), text(40), number(6)], 40)).toEqual([17, 17, 6]);
  });

  it('shrinks number headers to their values only when text is at its minimum, and never below', () => {
    expect(fitWidths([text(30), number(12, 3)], 10)).toEqual([4, 6]);
    expect(fitWidths([text(30), number(12, 3)], 2)).toEqual([4, 3]);
  });
});

describe('formatDatetime', () => {
  it.each([
    ['2026-06-01T19:30:00Z', '2026-06-01 19:30Z'],
    ['2026-06-01T19:30:00.000Z', '2026-06-01 19:30Z'],
    ['2026-06-01T19:30:45+02:00', '2026-06-01 19:30:45+02:00'],
    ['2026-06-01T19:30:00', '2026-06-01 19:30'],
    ['2026-06-01', '2026-06-01'],
    ['TBA', 'TBA'],
  ])('%s → %s', (input, shown) => {
    expect(formatDatetime(input)).toBe(shown);
  });
});
