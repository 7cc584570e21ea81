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

const unknown: ReaderWatch = { start: () => undefined, stop() {} };

/**
 * A writer learns that its pipe's reader left (`tix watch | head -1`) only when it next writes and gets
 * EPIPE, which for `tix watch` may be minutes away. The kernel does say so at once, as an error condition on
 * the write end, but only to someone polling it; Node polls a descriptor only for a stream it reads from, and
 * stdout's own handle cannot read. So a second, read-only libuv handle is opened on descriptor 1 (the TCP
 * wrap, the one kind that does not check which way the descriptor opens) and reads only while tix waits
 * between polls: reading the write end of a pipe fails the moment the reader is gone, and never succeeds
 * before. Outside those waits it is idle, so stdout's own writes have the descriptor to themselves.
 *
 * Only for a pipe (a file cannot be polled, a socket could deliver data), only when stdout is fd 1, and only
 * while nothing is waiting to be written; anywhere else, or on a Node without this internal, it watches
 * nothing and the next write's EPIPE ends the run as before.
 */
export function readerWatch(stream: NodeJS.WritableStream): ReaderWatch {
  let handle: StreamHandle | undefined;
  let gone: AbortController | undefined;
  try {
    if ((stream as { fd?: number }).fd !== 1 || !fstatSync(1).isFIFO() || pendingDeprecationWarnings()) return unknown;
    const internals = process as unknown as {
      binding(name: 'tcp_wrap'): { TCP: new (type: number) => StreamHandle; constants: { SOCKET: number } };
    };
    const { TCP, constants } = internals.binding('tcp_wrap');
    handle = new TCP(constants.SOCKET);
    if (handle.open(1) !== 0) return unknown;
    handle.unref();
  } catch {
    return unknown;
  }
  const watched = handle;
  // Whatever the read reports (an error, or end of file) means no one reads any more: a write end has no data.
  watched.onread = () => {
    watched.readStop();
    gone?.abort();
  };
  return {
    start: () => {
      if ((stream as { writableLength?: number }).writableLength !== 0) return undefined;
      gone = new AbortController();
      return watched.readStart() === 0 ? gone.signal : undefined;
    },
    stop: () => {
      watched.readStop();
    },
  };
}

/** process.binding() warns under --pending-deprecation, and a warning is not something tix may print. */
function pendingDeprecationWarnings(): boolean {
  const flags = `${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`;
  return flags.includes('--pending-deprecation') || process.env.NODE_PENDING_DEPRECATION === '1';
}
