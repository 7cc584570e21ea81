import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TixError } from '../../src/shared/errors.js';
import { writeParquet, type ParquetColumn } from '../../src/output/parquet-convert.js';
import { readParquet } from '../helpers/parquet.js';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'tix-parquet-convert-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** Stages `rows` lines of `columns` text fields, as the writer would. */
async function stage(rows: number, columns: number) {
  const path = join(folder, 'rows.csv');
  let text = '';
  for (let r = 0; r < rows; r++)
    text += `${Array.from({ length: columns }, (_, c) => `r${r}c${c}-${(r * 7919 + c) % 104_729}`).join(',')}\n`;
  await writeFile(path, text);
  return { path, rows, chars: text.length, longestLine: Math.max(...text.split('\n').map((line) => line.length)) };
}

const textColumns = (count: number): ParquetColumn[] => Array.from({ length: count }, (_, c) => ({ name: `c${c}`, type: 'VARCHAR' }));

describe('writeParquet', () => {
  it('raises the memory limit and tries again when DuckDB runs out of memory', async () => {
    const staged = await stage(30_000, 14);
    const dest = join(folder, 'out.parquet');
    // 2 MB is far below what 14 columns need (~30 MB): the tries at 2, 4, 8 and 16 MB run out, 32 MB fits.
    await writeParquet(staged, textColumns(14), dest, folder, 2 * 1024 * 1024);
    const { rows, columns } = await readParquet(dest);
    expect(columns).toHaveLength(14);
    expect(rows).toHaveLength(30_000);
    expect(rows[29_999]![13]).toBe(`r29999c13-${(29_999 * 7919 + 13) % 104_729}`);
  });

  it('gives up with one line naming the cause when even the raised limits are not enough', async () => {
    const staged = await stage(30_000, 14);
    const failure = writeParquet(staged, textColumns(14), join(folder, 'out.parquet'), folder, 64 * 1024);
    await expect(failure).rejects.toBeInstanceOf(TixError);
    await expect(failure).rejects.toThrow(/^cannot write the parquet file: Out of Memory Error: [^\n]+$/);
  });
});
