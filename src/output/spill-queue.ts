// fs.promises on use, not node:fs/promises at load (see scratch-dir.ts).
import { promises as fsp } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { scratchDir, type Scratch } from './scratch-dir.js';

/** Batches kept in memory before the next ones go to disk: a few MB of rows. */
const MEMORY_BATCHES = 2;

/** How a batch is written to disk and read back: one line of text, without a newline in it. */
export interface SpillCodec<T> {
  encode(batch: T): string;
  decode(text: string): T;
}

type Entry<T> = { batch: T } | { at: number; bytes: number };

/**
 * A first-in, first-out queue of batches between a producer that must never wait for the consumer (a query
 * that holds a database file others wait for) and a consumer at the pace of its reader (a pipe, a
 * terminal). Up to MEMORY_BATCHES wait in memory; beyond that they go to a file in a scratch folder, read
 * back in order, so memory stays flat however far the consumer falls behind, and the producer finishes (and
 * lets go of the database) as soon as it has produced everything.
 */
export class SpillQueue<T> {
  readonly #codec: SpillCodec<T>;
  readonly #entries: Entry<T>[] = [];
  #inMemory = 0;
  #file: { scratch: Scratch; handle: FileHandle; size: number } | undefined;
  #ended = false;
  /** The consumer stopped: what is pushed after is dropped. */
  #closed = false;
  #failure: { error: unknown } | undefined;
  #wake: (() => void) | undefined;

  constructor(codec: SpillCodec<T>) {
    this.#codec = codec;
  }

  /** Queues a batch; resolves at once, or once it is on disk. */
  async push(batch: T): Promise<void> {
    if (this.#closed) return;
    if (this.#inMemory < MEMORY_BATCHES) {
      this.#entries.push({ batch });
      this.#inMemory++;
    } else {
      this.#file ??= await this.#open();
      const file = this.#file;
      const text = Buffer.from(this.#codec.encode(batch), 'utf8');
      await file.handle.write(text, 0, text.length, file.size);
      this.#entries.push({ at: file.size, bytes: text.length });
      file.size += text.length;
    }
    this.#notify();
  }

  /** No more batches. */
  end(): void {
    this.#ended = true;
    this.#notify();
  }

  /** The producer failed: the consumer gets the error after the batches queued before it. */
  fail(error: unknown): void {
    this.#failure = { error };
    this.#notify();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    try {
      for (;;) {
        const entry = this.#entries.shift();
        if (entry) {
          if ('batch' in entry) {
            this.#inMemory--;
            yield entry.batch;
          } else {
            const buffer = Buffer.alloc(entry.bytes);
            await this.#file!.handle.read(buffer, 0, entry.bytes, entry.at);
            yield this.#codec.decode(buffer.toString('utf8'));
          }
          continue;
        }
        if (this.#failure) throw this.#failure.error;
        if (this.#ended) return;
        await new Promise<void>((resolve) => {
          this.#wake = resolve;
        });
      }
    } finally {
      await this.close();
    }
  }

  /** Removes the file, if any (also done when the consumer stops, however it stops). */
  async close(): Promise<void> {
    this.#closed = true;
    this.#entries.length = 0;
    const file = this.#file;
    this.#file = undefined;
    if (!file) return;
    await file.handle.close().catch(() => {});
    await file.scratch.remove();
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }

  async #open(): Promise<{ scratch: Scratch; handle: FileHandle; size: number }> {
    const scratch = await scratchDir('tix-rows-');
    const handle = await fsp.open(join(scratch.path, 'rows'), 'w+', 0o600);
    return { scratch, handle, size: 0 };
  }
}
