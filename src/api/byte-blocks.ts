/**
 * Memory for the bodies of pages fetched ahead (client.getBody), in blocks that go back to a free list once
 * the page has been used (RawBody.release), to hold the next pages. A page waits a while for its turn, so
 * its bytes outlive V8's young generation and are freed only by a full collection; a long export whose
 * pages make few other objects (csv rows made from a page's bytes) seldom has one, and grew by ~0.6 MB a
 * page, 20 MB over 400,000 events, until it did (BENCHMARKS.md). A body that is never released is left to
 * the collector, as any other: only such an export releases its pages, since reusing blocks where objects
 * are many raised the peak (a bulk --jq run by 5 MB).
 */
const BLOCK_BYTES = 64 * 1024;
/** Enough for the pages in flight of an export (at --page-size 5000, ~10 blocks a page); more are let go. */
const MAX_FREE_BLOCKS = 48;

export class ByteBlocks {
  readonly #free: Buffer[] = [];

  /** Copies the chunks of a body into blocks: the chunks, as views of them, and a release for the blocks. */
  async read(body: AsyncIterable<Uint8Array>): Promise<{ chunks: Buffer[]; release: () => void }> {
    const blocks: Buffer[] = [];
    const chunks: Buffer[] = [];
    let block: Buffer | undefined;
    let used = 0;
    for await (const chunk of body) {
      let at = 0;
      while (at < chunk.length) {
        if (block === undefined || used === block.length) {
          block = this.#free.pop() ?? Buffer.allocUnsafeSlow(BLOCK_BYTES);
          blocks.push(block);
          used = 0;
        }
        const n = Math.min(chunk.length - at, block.length - used);
        block.set(chunk.subarray(at, at + n), used);
        chunks.push(block.subarray(used, used + n));
        used += n;
        at += n;
      }
    }
    let released = false;
    return {
      chunks,
      release: () => {
        if (released) return;
        released = true;
        for (const given of blocks) if (this.#free.length < MAX_FREE_BLOCKS) this.#free.push(given);
      },
    };
  }
}
