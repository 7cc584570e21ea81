import { parse as parseCsv } from 'csv-parse/sync';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createRowWriter, fileSink } from '../../src/output/index.js';
import { widenRows, type WidenPlan } from '../../src/output/widen-rows.js';
import { memorySink } from './memory-sink.js';

/** Feeds `text` to widenRows in pieces of `size` bytes and returns what it made. */
async function widen(text: string, plan: WidenPlan, size: number): Promise<string> {
  const bytes = Buffer.from(text, 'utf8');
  async function* pieces() {
    for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
  }
  const out: Buffer[] = [];
  for await (const chunk of widenRows(pieces(), plan)) out.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
  return Buffer.concat(out).toString('utf8');
}

const CSV_PLAN = { separator: ',', quoted: true, eol: '\r\n' } as const;

describe('widenRows', () => {
  // Rows written with 2, then 3, then 4 columns; a quoted field holds a CRLF, a quote and a comma; 'é' is multi-byte.
  const written = 'a,b\r\n1,"x\r\ny ""q"", z"\r\n2,é\r\n3,c,d\r\n4,e,f,g\r\n5,h,i,j\r\n';
  const expected = 'a,b,c,d\r\n1,"x\r\ny ""q"", z",,\r\n2,é,,\r\n3,c,d,\r\n4,e,f,g\r\n5,h,i,j\r\n';
  const plan: WidenPlan = {
    ...CSV_PLAN,
    header: 'a,b,c,d\r\n',
    skipHeader: true,
    columns: 4,
    segments: [
      { rows: 2, columns: 2 },
      { rows: 1, columns: 3 },
      { rows: 2, columns: 4 },
    ],
  };

  it.each([1, 2, 3, 7, 64 * 1024])('pads csv rows written before a column existed (pieces of %i bytes)', async (size) => {
    expect(await widen(written, plan, size)).toBe(expected);
  });

  it('replaces no header when there was none (--no-header)', async () => {
    const body = written.slice('a,b\r\n'.length);
    expect(await widen(body, { ...plan, header: '', skipHeader: false }, 3)).toBe(expected.slice('a,b,c,d\r\n'.length));
  });

  it('treats quotes as data in tsv, where a line is always a record', async () => {
    const tsv = 'a\tb\n"1\t2\n3\t"\n';
    const tsvPlan: WidenPlan = {
      header: 'a\tb\tc\n',
      skipHeader: true,
      columns: 3,
      separator: '\t',
      quoted: false,
      eol: '\n',
      segments: [{ rows: 2, columns: 2 }],
    };
    expect(await widen(tsv, tsvPlan, 2)).toBe('a\tb\tc\n"1\t2\t\n3\t"\t\n');
  });

  it('replaces a header longer than one piece', async () => {
    const long = `${'h'.repeat(50)},x\r\n1,2\r\n`;
    const longPlan: WidenPlan = {
      ...CSV_PLAN,
      header: `${'h'.repeat(50)},x,y\r\n`,
      skipHeader: true,
      columns: 3,
      segments: [{ rows: 1, columns: 2 }],
    };
    expect(await widen(long, longPlan, 8)).toBe(`${'h'.repeat(50)},x,y\r\n1,2,\r\n`);
  });
});

describe('csv and tsv columns that first appear part-way through', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  const batches = [
    [{ id: 1, name: 'a', ids: { TMUSA: 't1' } }],
    [{ id: 2, name: 'b,"c"\r\nd', ids: { TMUSA: 't2', VIVID: 'v2' } }],
    [{ id: 3, name: 'é', ids: { STUBHUB: 's3' }, extra: true }],
  ];

  it('into a file: every column in the header, every row as wide as it', async () => {
    dir = mkdtempSync(join(tmpdir(), 'tix-widen-'));
    const path = join(dir, 'out.csv');
    writeFileSync(path, 'yesterday\r\n');
    const sink = await fileSink(path);
    const writer = createRowWriter('csv', sink, { documented: ['id', 'name'] });
    for (const batch of batches) await writer.write(batch);
    await writer.end();
    await sink.commit();
    expect(writer.leftOut?.()).toEqual([]);
    const rows = parseCsv(readFileSync(path)) as string[][];
    expect(rows).toEqual([
      ['id', 'name', 'ids.TMUSA', 'ids.VIVID', 'ids.STUBHUB', 'extra'],
      ['1', 'a', 't1', '', '', ''],
      ['2', 'b,"c"\r\nd', 't2', 'v2', '', ''],
      ['3', 'é', '', '', 's3', 'true'],
    ]);
    expect(readdirSync(dir)).toEqual(['out.csv']); // no temporary file left behind
  });

  it('into a file that then fails: the target is untouched and no temporary file is left', async () => {
    dir = mkdtempSync(join(tmpdir(), 'tix-widen-'));
    const path = join(dir, 'out.tsv');
    writeFileSync(path, 'yesterday\n');
    const sink = await fileSink(path);
    const writer = createRowWriter('tsv', sink, { documented: ['id'] });
    for (const batch of batches) await writer.write(batch);
    await writer.end();
    await sink.abort();
    expect(readFileSync(path, 'utf8')).toBe('yesterday\n');
    expect(readdirSync(dir)).toEqual(['out.tsv']);
  });

  it('to a stream: the header stays, and the columns left out are named', async () => {
    const sink = memorySink();
    const writer = createRowWriter('tsv', sink, { documented: ['id', 'name'] });
    for (const batch of batches) await writer.write(batch);
    await writer.end();
    expect(writer.leftOut?.()).toEqual(['ids.VIVID', 'ids.STUBHUB', 'extra']);
    expect(sink.text.split('\n')[0]).toBe('id\tname\tids.TMUSA');
  });

  it('with --fields nothing is left out', async () => {
    const sink = memorySink();
    const writer = createRowWriter('csv', sink, { documented: ['id'], fields: ['id', 'ids.VIVID'] });
    for (const batch of batches) await writer.write(batch);
    await writer.end();
    expect(writer.leftOut?.()).toEqual([]);
    expect(sink.text).toBe('id,ids.VIVID\r\n1,\r\n2,v2\r\n3,\r\n');
  });
});
