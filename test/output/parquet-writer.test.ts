import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRowWriter, fileSink, type RowWriterOptions } from '../../src/output/index.js';
import { readParquet } from '../helpers/parquet.js';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'tix-parquet-writer-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** Writes the batches through the parquet row writer into a real file sink, commits, and reads the file back. */
async function roundTrip(batches: readonly object[][], options: RowWriterOptions) {
  const path = join(folder, 'out.parquet');
  const sink = await fileSink(path);
  const writer = createRowWriter('parquet', sink, options);
  for (const batch of batches) await writer.write(batch);
  await writer.end();
  await sink.commit();
  return readParquet(path);
}

describe('parquet row writer', () => {
  it('types columns from the declared types, and from the values where none is declared', async () => {
    const { columns, types, rows } = await roundTrip(
      [
        [
          {
            id: 'a',
            when: '2026-06-01T19:30:00-04:00',
            day: '2026-06-01',
            quantity: 2,
            price: 25,
            ratio: 0.5,
            big: 2 ** 60,
            flag: true,
            note: 'x',
            stamp: '2026-06-01T23:30:00.123Z',
          },
          {
            id: 'b',
            when: '2026-06-02T00:00:00Z',
            day: '2026-06-02',
            quantity: 3,
            price: 12.5,
            ratio: 1,
            big: 1,
            flag: false,
            note: 'y',
            stamp: '2026-06-02T00:00:00Z',
          },
        ],
      ],
      {
        documented: ['id', 'when', 'day', 'quantity', 'price'],
        columnTypes: { when: 'datetime', day: 'date', quantity: 'integer', price: 'price' },
      },
    );
    expect(columns).toEqual(['id', 'when', 'day', 'quantity', 'price', 'ratio', 'big', 'flag', 'note', 'stamp']);
    expect(types).toEqual({
      id: 'VARCHAR',
      when: 'TIMESTAMP WITH TIME ZONE',
      day: 'DATE',
      quantity: 'BIGINT',
      price: 'DOUBLE', // declared a price: a double even when a value is whole
      ratio: 'DOUBLE',
      big: 'DOUBLE', // beyond 2^53 a number is not an exact integer any more
      flag: 'BOOLEAN',
      note: 'VARCHAR',
      stamp: 'TIMESTAMP WITH TIME ZONE', // undeclared, but every value is an instant
    });
    expect(rows[0]).toEqual([
      'a',
      new Date('2026-06-01T23:30:00Z'),
      new Date('2026-06-01T00:00:00Z'),
      2n,
      25,
      0.5,
      2 ** 60,
      true,
      'x',
      new Date('2026-06-01T23:30:00.123Z'),
    ]);
    expect(rows[1]![3]).toBe(3n);
  });

  it('makes a column text when one value does not fit its type, losing nothing', async () => {
    const { types, rows } = await roundTrip(
      [
        [{ quantity: 1, when: '2026-06-01T19:30:00Z', day: '2026-06-01', mixed: 1 }],
        [{ quantity: 'two', when: 'TBA', day: '2026-02-30', mixed: true }],
      ],
      { documented: ['quantity', 'when', 'day', 'mixed'], columnTypes: { quantity: 'integer', when: 'datetime', day: 'date' } },
    );
    expect(types).toEqual({ quantity: 'VARCHAR', when: 'VARCHAR', day: 'VARCHAR', mixed: 'VARCHAR' });
    expect(rows).toEqual([
      ['1', '2026-06-01T19:30:00Z', '2026-06-01', '1'],
      ['two', 'TBA', '2026-02-30', 'true'],
    ]);
  });

  it('keeps a bare date undeclared as text, and date-times without an offset as TIMESTAMP only where declared', async () => {
    const { types, rows } = await roundTrip([[{ code: '2026-06-01', local: '2026-06-01T19:30:00', other: '2026-06-01T19:30:00' }]], {
      documented: ['code', 'local', 'other'],
      columnTypes: { local: 'datetime' },
    });
    expect(types).toEqual({ code: 'VARCHAR', local: 'TIMESTAMP', other: 'VARCHAR' });
    expect(rows[0]![0]).toBe('2026-06-01');
  });

  it('keeps every string exactly, tells an empty string from a missing value, and writes nested values as JSON text', async () => {
    const strings = [
      'a,b',
      'say "hi"',
      'two\nlines',
      'cr\ronly',
      'crlf\r\n',
      '',
      ' padded ',
      'ünïcødé 😀',
      'NULL',
      '\\',
      '=1+2',
      'nul\u0000byte',
    ];
    const { columns, types, rows } = await roundTrip(
      [strings.map((text, i) => ({ text, i, tags: ['x', 'y'], venue: { city: 'Paris' }, empty: {} }))],
      {
        documented: ['text', 'missing'],
      },
    );
    expect(columns).toEqual(['text', 'missing', 'i', 'tags', 'venue.city', 'empty']);
    expect(types).toMatchObject({
      text: 'VARCHAR',
      missing: 'VARCHAR',
      i: 'BIGINT',
      tags: 'VARCHAR',
      'venue.city': 'VARCHAR',
      empty: 'VARCHAR',
    });
    expect(rows.map((row) => row[0])).toEqual(strings);
    expect(rows.every((row) => row[1] === null)).toBe(true);
    expect(rows[0]!.slice(3)).toEqual(['["x","y"]', 'Paris', '{}']);
  });

  it('writes a row longer than DuckDB reads by default (2 MB of JSON)', async () => {
    const long = Array.from({ length: 200_000 }, (_, i) => `item-${i}`);
    const { rows } = await roundTrip(
      [
        [
          { id: 1, long },
          { id: 2, long: [] },
        ],
      ],
      { documented: ['id', 'long'] },
    );
    expect(JSON.stringify(long).length).toBeGreaterThan(2 * 1024 * 1024);
    expect(rows[0]![1]).toBe(JSON.stringify(long));
    expect(rows[1]).toEqual([2n, '[]']);
  });

  it('writes exactly --fields, in order', async () => {
    const { columns, rows } = await roundTrip([[{ id: 'a', name: 'A', venue: { city: 'Paris' } }]], {
      documented: ['id', 'name'],
      fields: ['venue.city', 'id', 'nope'],
    });
    expect(columns).toEqual(['venue.city', 'id', 'nope']);
    expect(rows).toEqual([['Paris', 'a', null]]);
  });

  it('writes a valid file with the documented columns, typed as declared, when there are no rows', async () => {
    const { columns, types, rows } = await roundTrip([[]], {
      documented: ['id', 'when', 'day', 'quantity', 'price'],
      columnTypes: { when: 'datetime', day: 'date', quantity: 'integer', price: 'price' },
    });
    expect(columns).toEqual(['id', 'when', 'day', 'quantity', 'price']);
    expect(types).toEqual({ id: 'VARCHAR', when: 'TIMESTAMP WITH TIME ZONE', day: 'DATE', quantity: 'BIGINT', price: 'DOUBLE' });
    expect(rows).toEqual([]);
  });

  it('stages rows in the temporary folder (TMPDIR) and leaves nothing there', async () => {
    const scratch = join(folder, 'tmp');
    await mkdir(scratch);
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = scratch;
    try {
      const path = join(folder, 'out.parquet');
      const sink = await fileSink(path);
      const writer = createRowWriter('parquet', sink, { documented: ['id'] });
      await writer.write([{ id: 1 }]);
      expect(await readdir(scratch)).toEqual([expect.stringMatching(/^tix-parquet-/)]);
      await writer.end();
      await sink.commit();
      expect(await readdir(scratch)).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
  });
});
