import { ExitCode, TixError } from '../shared/errors.js';
import { OutputClosedError } from './output-closed-error.js';
import type { Sink } from './sink-interface.js';

/** Error codes that mean the reading end went away (`| head`, a closed socket), not that something is broken. */
const READER_GONE = new Set(['EPIPE', 'ECONNRESET', 'ERR_STREAM_DESTROYED']);

type WritableLike = NodeJS.WritableStream & { destroyed?: boolean; writableEnded?: boolean };
type Waiter = { resolve: () => void; reject: (error: Error) => void };

/**
 * A sink over a stream that tix does not own (stdout). It is never ended or destroyed here: the process
 * exits when the run is over. A reader that goes away turns every later write into an OutputClosedError,
 * quietly, so the command stops fetching and exits 0.
 */
export function stdoutSink(stream: NodeJS.WritableStream, name = 'stdout'): Sink {
  return new StreamSink(stream as WritableLike, name);
}

/**
 * Streams keep emitting 'error' after a sink is done with them (an EPIPE can arrive after the last write was
 * accepted). An 'error' event without a listener crashes the process, so every stream a sink has touched
 * keeps one quiet listener for good. Once per stream, so listeners do not pile up.
 */
const guarded = new WeakSet<object>();
function swallowLateErrors(stream: WritableLike): void {
  if (guarded.has(stream)) return;
  guarded.add(stream);
  stream.on('error', () => {});
}

class StreamSink implements Sink {
  #failure: Error | undefined;
  #done = false;
  /** Chunks handed to the stream whose write callback has not run yet; commit waits for zero. */
  #inFlight = 0;
  #drainWaiters: Waiter[] = [];
  #idleWaiters: Waiter[] = [];

  constructor(
    private readonly stream: WritableLike,
    private readonly name: string,
  ) {
    swallowLateErrors(stream);
    stream.on('error', this.#onError);
    stream.on('drain', this.#onDrain);
    stream.on('close', this.#onClose);
  }

  get closed(): boolean {
    return this.#done || this.#failure !== undefined;
  }

  write(chunk: string | Uint8Array): Promise<void> {
    if (this.#failure) return Promise.reject(this.#failure);
    if (this.#done) return Promise.reject(new Error(`${this.name}: write after the output was committed or aborted`));
    if (this.stream.destroyed || this.stream.writableEnded) {
      this.#fail(new OutputClosedError());
      return Promise.reject(this.#failure);
    }
    if (chunk.length === 0) return Promise.resolve();

    this.#inFlight++;
    let more: boolean;
    try {
      more = this.stream.write(chunk, this.#afterWrite);
    } catch (error) {
      this.#inFlight--;
      this.#onError(error);
      return Promise.reject(this.#failure);
    }
    if (this.#failure) return Promise.reject(this.#failure);
    if (more) return Promise.resolve();
    return new Promise((resolve, reject) => this.#drainWaiters.push({ resolve, reject }));
  }

  async written(): Promise<void> {
    if (this.#failure) throw this.#failure;
    if (this.#inFlight > 0) await new Promise<void>((resolve, reject) => this.#idleWaiters.push({ resolve, reject }));
  }

  async commit(): Promise<void> {
    if (this.#failure) throw this.#failure;
    if (this.#done) return;
    await this.written();
    this.#finish();
  }

  async abort(): Promise<void> {
    this.#finish();
  }

  #finish(): void {
    this.#done = true;
    this.stream.off('error', this.#onError);
    this.stream.off('drain', this.#onDrain);
    this.stream.off('close', this.#onClose);
    // Nothing more will be written: let anyone still waiting for room carry on to their own end.
    settle(this.#drainWaiters);
    settle(this.#idleWaiters);
  }

  #afterWrite = (error?: Error | null): void => {
    this.#inFlight--;
    if (error) this.#onError(error);
    if (this.#inFlight === 0) settle(this.#idleWaiters);
  };

  #onDrain = (): void => settle(this.#drainWaiters);

  // A stream that closes under us (destroyed after an error, or by its owner) takes no more writes.
  #onClose = (): void => this.#fail(new OutputClosedError());

  #onError = (error: unknown): void => {
    const code = (error as { code?: unknown } | null)?.code;
    this.#fail(
      typeof code === 'string' && READER_GONE.has(code)
        ? new OutputClosedError({ cause: error })
        : new TixError(`cannot write to ${this.name}: ${error instanceof Error ? error.message : String(error)}`, ExitCode.ERROR, {
            cause: error,
          }),
    );
  };

  #fail(failure: Error): void {
    if (this.#failure) return;
    this.#failure = failure;
    settle(this.#drainWaiters, failure);
    settle(this.#idleWaiters, failure);
  }
}

function settle(waiters: Waiter[], error?: Error): void {
  for (const waiter of waiters.splice(0)) {
    if (error) waiter.reject(error);
    else waiter.resolve();
  }
}
