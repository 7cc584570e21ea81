/**
 * What the --jq sink writes reaches jq as a stream, through a ring of memory shared with jq's worker, which
 * jq reads as its input file (a device jq-worker.ts makes). So a document of any length, the whole
 * `{"rows":[...]}` of `history sql`, is never one string or one buffer in either thread: jq parses it as it
 * comes, and what bounds it is jq's own heap (kit/jq.ts, JQ_MEMORY_MB), which says so in one line.
 *
 * The control words, int32: WRITTEN and READ count bytes (they wrap); CHANGES moves on every write and at
 * the end, and is what the worker waits on; ENDED is 1 once the run's input is complete (jq sees its end).
 */
export const INPUT_WRITTEN = 0;
export const INPUT_READ = 1;
export const INPUT_CHANGES = 2;
export const INPUT_ENDED = 3;
/** The bytes before the ring: the four control words. */
export const INPUT_HEADER_BYTES = 16;
/** The ring (a power of two): the writer waits while it is full, as a writer to `| jq` waits on the pipe. */
const INPUT_RING_BYTES = 256 * 1024;
/** Text is encoded into the ring through a buffer of this many UTF-16 units (3 bytes of UTF-8 each at most). */
const TEXT_PIECE = 16 * 1024;

/** Atomics.waitAsync (Node 16 and later), which tix's TypeScript library does not declare. */
const waitAsync = (Atomics as unknown as { waitAsync(array: Int32Array, index: number, value: number): { async: boolean; value: unknown } })
  .waitAsync;

const encoder = new TextEncoder();

export class JqInput {
  readonly shared = new SharedArrayBuffer(INPUT_HEADER_BYTES + INPUT_RING_BYTES);
  private readonly control = new Int32Array(this.shared, 0, 4);
  private readonly ring = new Uint8Array(this.shared, INPUT_HEADER_BYTES);
  private readonly piece = new Uint8Array(TEXT_PIECE * 3);

  /** Before a run (the worker is idle): what an earlier run left unread (it halted) is dropped. */
  reset(): void {
    Atomics.store(this.control, INPUT_READ, Atomics.load(this.control, INPUT_WRITTEN));
    Atomics.store(this.control, INPUT_ENDED, 0);
  }

  /**
   * Hands `chunk` to jq, waiting for room as jq reads; once `over()` is true (the run ended before its input
   * did, or jq was stopped) the rest is dropped. Text goes in as UTF-8, a piece at a time: no copy of it whole.
   */
  async write(chunk: string | Uint8Array, over: () => boolean): Promise<void> {
    if (typeof chunk !== 'string') return this.put(chunk, over);
    for (let at = 0; at < chunk.length && !over(); ) {
      let end = Math.min(chunk.length, at + TEXT_PIECE);
      // A surrogate pair stays whole: its halves encode to nothing on their own.
      if (end < chunk.length && isHighSurrogate(chunk.charCodeAt(end - 1))) end--;
      const { written } = encoder.encodeInto(chunk.slice(at, end), this.piece);
      await this.put(this.piece.subarray(0, written), over);
      at = end;
    }
  }

  /** The run's input is complete: jq reads to its end, then sees end of file. */
  end(): void {
    Atomics.store(this.control, INPUT_ENDED, 1);
    this.changed();
  }

  /** How many bytes written jq has not read yet. */
  unread(): number {
    return (Atomics.load(this.control, INPUT_WRITTEN) - Atomics.load(this.control, INPUT_READ)) | 0;
  }

  /** Whether jq has read the whole of the run's input. */
  allRead(): boolean {
    return (
      Atomics.load(this.control, INPUT_ENDED) === 1 && Atomics.load(this.control, INPUT_READ) === Atomics.load(this.control, INPUT_WRITTEN)
    );
  }

  /** Wakes a write waiting for room, to look at `over()` again (the run ended, jq was stopped). */
  wake(): void {
    Atomics.notify(this.control, INPUT_READ);
  }

  private async put(bytes: Uint8Array, over: () => boolean): Promise<void> {
    const { control, ring } = this;
    const mask = ring.length - 1;
    let at = 0;
    while (at < bytes.length && !over()) {
      const written = Atomics.load(control, INPUT_WRITTEN);
      const read = Atomics.load(control, INPUT_READ);
      const free = ring.length - ((written - read) | 0);
      if (free === 0) {
        const wait = waitAsync(control, INPUT_READ, read);
        if (wait.async) await wait.value;
        continue;
      }
      const n = Math.min(free, bytes.length - at, ring.length - (written & mask));
      ring.set(bytes.subarray(at, at + n), written & mask);
      at += n;
      Atomics.store(control, INPUT_WRITTEN, (written + n) | 0);
      this.changed();
    }
  }

  private changed(): void {
    Atomics.add(this.control, INPUT_CHANGES, 1);
    Atomics.notify(this.control, INPUT_CHANGES);
  }
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}
