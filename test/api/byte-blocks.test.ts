import { describe, expect, it } from 'vitest';
import { ByteBlocks } from '../../src/api/byte-blocks.js';

async function* chunksOf(...sizes: number[]): AsyncGenerator<Uint8Array> {
  let n = 0;
  for (const size of sizes) yield Uint8Array.from({ length: size }, () => n++ % 251);
}

describe('ByteBlocks: the memory of bodies read ahead, used again once released', () => {
  it('keeps the bytes as they came, across blocks', async () => {
    const blocks = new ByteBlocks();
    const sizes = [10, 70_000, 1, 65_536, 200_000];
    const { chunks } = await blocks.read(chunksOf(...sizes));
    const parts: Uint8Array[] = [];
    for await (const chunk of chunksOf(...sizes)) parts.push(chunk);
    const expected = Buffer.concat(parts);
    expect(Buffer.concat(chunks).equals(expected)).toBe(true);
  });

  it('a released body’s blocks hold the next body; an unreleased one’s are never touched', async () => {
    const blocks = new ByteBlocks();
    const first = await blocks.read(chunksOf(1_000));
    const kept = Buffer.from(Buffer.concat(first.chunks));
    const second = await blocks.read(chunksOf(1_000));
    // Not released: the second body has memory of its own, and the first is intact.
    expect(second.chunks[0]!.buffer).not.toBe(first.chunks[0]!.buffer);
    second.release();
    second.release(); // twice is once
    const third = await blocks.read(chunksOf(500));
    expect(third.chunks[0]!.buffer).toBe(second.chunks[0]!.buffer);
    expect(Buffer.concat(first.chunks).equals(kept)).toBe(true);
    const fourth = await blocks.read(chunksOf(500));
    expect(fourth.chunks[0]!.buffer).not.toBe(third.chunks[0]!.buffer);
  });
});
