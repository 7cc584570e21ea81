import { fstatSync } from 'node:fs';

/** Watches, while started, whether anyone still reads the pipe stdout writes to. */
export interface ReaderWatch {
  /** Starts watching; the signal aborts when the reader goes away. Undefined where this cannot be known. */
  start(): AbortSignal | undefined;
  stop(): void;
}

interface StreamHandle {
  open(fd: number): number;
  readStart(): number;
  readStop(): number;
  unref(): void;
  onread: (() => void) | undefined;
}

type WriteFunction = NodeJS.WritableStream['write'];
type Watched = NodeJS.WritableStream & { fd?: number; writableLength?: number };

const unknown: ReaderWatch = { start: () => undefined, stop() {} };

/**
 * A writer learns that its pipe's reader left (`tix watch | head -1`, `--jq 'def f: f; f' | head -1`, a
 * query with no row yet) only when it next writes and gets EPIPE, which may be minutes away, or never. The
 * kernel does say so at once, as an error condition on the write end, but only to someone polling it; Node
 * polls a descriptor only for a stream it reads from, and stdout's own handle cannot read. So a second,
 * read-only libuv handle is opened on descriptor 1 (the TCP wrap, the one kind that does not check which
 * way the descriptor opens) and reads while stdout is idle: reading the write end of a pipe fails the moment
 * the reader is gone, and never succeeds before. Two handles must not poll one descriptor at once, so it
 * stops reading before each write to stdout and reads again once nothing is left waiting to be written.
 *
 * Only for a pipe (a file cannot be polled, a socket could deliver data), only when stdout is fd 1; anywhere
 * else, or on a Node without this internal, it watches nothing and the next write's EPIPE ends the run.
 */
class PipeReader {
  private readonly listeners = new Set<() => void>();
  private reading = false;
  private gone = false;
  private original: WriteFunction | undefined;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly stream: Watched,
    private readonly handle: StreamHandle,
  ) {
    // Whatever the read reports (an error, or end of file) means no one reads any more: a write end has no data.
    handle.onread = () => {
      this.pause();
      this.gone = true;
      for (const listener of [...this.listeners]) listener();
    };
  }

  /** Calls `onGone` once the reader is gone (at once if it already is); returns what ends the watching. */
  watch(onGone: () => void): () => void {
    if (this.gone) {
      queueMicrotask(onGone);
      return () => {};
    }
    let called = false;
    const listener = () => {
      if (called) return;
      called = true;
      onGone();
    };
    this.listeners.add(listener);
    this.wrapWrites();
    this.resume();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size > 0) return;
      this.pause();
      this.unwrapWrites();
    };
  }

  /** Every write to stdout first stops the reading, which starts again once the write is out. */
  private wrapWrites(): void {
    if (this.original) return;
    const original = this.stream.write;
    this.original = original;
    const self = this;
    this.stream.write = function (this: unknown, ...args: unknown[]) {
      self.pause();
      try {
        return (original as (...a: unknown[]) => boolean).apply(this, args);
      } finally {
        self.resume();
      }
    } as WriteFunction;
  }

  private unwrapWrites(): void {
    if (!this.original) return;
    this.stream.write = this.original;
    this.original = undefined;
  }

  /** Reads again if stdout has nothing waiting to be written; else looks again shortly. */
  private resume(): void {
    if (this.reading || this.gone || this.listeners.size === 0 || this.retry) return;
    if ((this.stream.writableLength ?? 0) !== 0) {
      this.retry = setTimeout(() => {
        this.retry = undefined;
        this.resume();
      }, 20);
      this.retry.unref();
      return;
    }
    this.reading = this.handle.readStart() === 0;
  }

  private pause(): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = undefined;
    if (!this.reading) return;
    this.reading = false;
    this.handle.readStop();
  }
}

let fdOne: { stream: Watched; reader: PipeReader | undefined } | undefined;

/** The one watcher of fd 1 (two would poll it at once), or nothing where the reader cannot be watched. */
function pipeReader(stream: NodeJS.WritableStream): PipeReader | undefined {
  const watched = stream as Watched;
  if (fdOne?.stream === watched) return fdOne.reader;
  if (watched.fd !== 1) return undefined;
  let reader: PipeReader | undefined;
  try {
    if (fstatSync(1).isFIFO() && !pendingDeprecationWarnings()) {
      const internals = process as unknown as {
        binding(name: 'tcp_wrap'): { TCP: new (type: number) => StreamHandle; constants: { SOCKET: number } };
      };
      const { TCP, constants } = internals.binding('tcp_wrap');
      const handle = new TCP(constants.SOCKET);
      if (handle.open(1) === 0) {
        handle.unref();
        reader = new PipeReader(watched, handle);
      }
    }
  } catch {
    reader = undefined;
  }
  fdOne = { stream: watched, reader };
  return reader;
}

/**
 * Calls `onGone` when the reader of stdout goes away, whenever that is: before anything was written (a
 * filter or a query that has printed nothing yet) as well as between writes. Returns what stops watching.
 */
export function whenReaderGone(stream: NodeJS.WritableStream, onGone: () => void): () => void {
  return pipeReader(stream)?.watch(onGone) ?? (() => {});
}

/** The same, as a signal for one wait (`tix watch` between polls). */
export function readerWatch(stream: NodeJS.WritableStream): ReaderWatch {
  const reader = pipeReader(stream);
  if (!reader) return unknown;
  let stopWatching: (() => void) | undefined;
  return {
    start: () => {
      const gone = new AbortController();
      stopWatching?.();
      stopWatching = reader.watch(() => gone.abort());
      return gone.signal;
    },
    stop: () => {
      stopWatching?.();
      stopWatching = undefined;
    },
  };
}

/** process.binding() warns under --pending-deprecation, and a warning is not something tix may print. */
function pendingDeprecationWarnings(): boolean {
  const flags = `${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`;
  return flags.includes('--pending-deprecation') || process.env.NODE_PENDING_DEPRECATION === '1';
}
