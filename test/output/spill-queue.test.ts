import { readdirSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SpillQueue } from '../../src/output/spill-queue.js';
import { tempDir } from '../helpers/tix-env.js';

const codec = { encode: (batch: number[]) => JSON.stringify(batch), decode: (text: string) => JSON.parse(text) as number[] };
// A TMPDIR of the test's own, so other tests' scratch folders do not count.
let tmp: string;
const saved = process.env.TMPDIR;
const scratchFolders = () => readdirSync(tmp).filter((name) => name.startsWith('tix-rows-'));

describe('SpillQueue', () => {
  beforeEach(() => {
    tmp = tempDir('tix-spill-');
    process.env.TMPDIR = tmp;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
  });

  it('gives back every batch in order, those beyond memory from disk, and removes its file when read', async () => {
    const queue = new SpillQueue<number[]>(codec);
    const batches = Array.from({ length: 10 }, (_, i) => [i, i * 10, i * 100]);
    for (const batch of batches) await queue.push(batch);
    queue.end();
    // Eight of the ten wait on disk.
    expect(scratchFolders()).toHaveLength(1);
    const read: number[][] = [];
    for await (const batch of queue) read.push(batch);
    expect(read).toEqual(batches);
    expect(scratchFolders()).toEqual([]);
  });

  it('a consumer that waits gets each batch as it is pushed, and the error after the batches before it', async () => {
    const queue = new SpillQueue<number[]>(codec);
    const read: number[][] = [];
    const consuming = (async () => {
      for await (const batch of queue) read.push(batch);
    })();
    await queue.push([1]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(read).toEqual([[1]]);
    for (const n of [2, 3, 4, 5]) await queue.push([n]);
    queue.fail(new Error('the query failed'));
    await expect(consuming).rejects.toThrow('the query failed');
    expect(read).toEqual([[1], [2], [3], [4], [5]]);
  });
});
