import { Worker } from 'node:worker_threads';
import { ExitCode, SilentExit, TixError, UsageError } from '../../shared/errors.js';
import type { Sink } from '../../output/index.js';
import type { JqFiles } from '../../shared/external-packages.js';
import { jqWorkerMain } from './jq-worker.js';
import { keepYoungGenerationSmallAfterWorkerStart } from './lean-heap.js';

/**
 * `--jq <filter>`: jq itself (jq-web, jq 1.7 compiled to WebAssembly), run in a worker thread (jq-worker.ts)
 * that is started only for --jq, so no run without it pays for jq. The filter runs over each line of JSON a
 * command writes: with --jq every JSON writer writes compact JSON, one document a line (a whole payload, an
 * ndjson record, or for a paged list one `{"<key>":[...]}` per page), so a filter sees what `-o json` would
 * print for a single page, and `--all` runs it once per page. Results are printed as `jq -r -c` (gh's --jq):
 * strings raw, everything else compact JSON, one result a line, as jq prints them.
 *
 * The bounds (README, Output): Ctrl-C, SIGTERM and a closed stdout end the worker whatever the filter does,
 * since tix's own thread never runs jq; jq may use at most JQ_MEMORY_MB of memory; a trap of the
 * WebAssembly instance ends the run with one line, exit 1, and the instance is never called again.
 */

/** The most memory jq may use: its WebAssembly heap (jq's values). */
export const JQ_MEMORY_MB = 64;
/**
 * The worker thread's JavaScript heap, which holds little (a page's text on its way to jq; results pass
 * through shared memory): kept small, so V8 collects it often rather than letting it grow towards a big
 * limit (at --page-size 5000, 64 MB here cost ~15 MB more peak RSS than 24 MB).
 */
const JQ_SCRIPT_HEAP_MB = 32;
/** The ring of shared memory jq's results pass through (a power of two): jq waits while it is full. */
const RING_BYTES = 256 * 1024;

type FromWorker =
  | { type: 'ready' }
  | { type: 'compile'; message: string }
  | { type: 'stderr'; bytes: Uint8Array }
  | { type: 'done'; end: number }
  | { type: 'error'; message: string; end: number }
  | { type: 'halt'; code: number; end: number }
  | { type: 'memory'; end: number }
  | { type: 'trap'; message: string; end: number };

/** jq's own message, as one line: its first line without the `jq: error (at ...): ` prefix. */
function jqMessage(text: string): string {
  const first = text.split('\n').find((line) => line.startsWith('jq: error')) ?? text.split('\n')[0] ?? '';
  return first
    .replace(/^jq: error(?: \(at [^)]*\))?(?: \(not a string\))?: /, '')
    .replace(/:\s*$/, '')
    .trim();
}

function memoryError(): TixError {
  return new TixError(`--jq: the filter needed more than ${JQ_MEMORY_MB} MB of memory, jq's limit in tix; stopped`, ExitCode.ERROR);
}

function trapError(message: string): TixError {
  const reason = message.replace(/^Aborted\((.*)\)(?:\. Build with .*)?$/s, '$1').trim();
  return new TixError(`--jq: jq stopped${reason ? ` (${reason})` : ''}: the filter is too deep or too large for tix's jq`, ExitCode.ERROR);
}

const encoder = new TextEncoder();

/** Atomics.waitAsync (Node 16 and later), which tix's TypeScript library does not declare. */
const waitAsync = (Atomics as unknown as { waitAsync(array: Int32Array, index: number, value: number): { async: boolean; value: unknown } })
  .waitAsync;

/** One filter in one worker: compiled once, then run over batches of lines, one batch at a time. */
class JqWorker {
  private readonly shared = new SharedArrayBuffer(8 + RING_BYTES);
  /** [bytes written by jq, bytes read here], int32 counters that wrap. */
  private readonly counters = new Int32Array(this.shared, 0, 2);
  private readonly ring = new Uint8Array(this.shared, 8);
  private readonly worker: Worker;
  /** The batch (or the start) being waited for. */
  private current: { resolve: () => void; reject: (error: unknown) => void } | undefined;
  private write: (bytes: Uint8Array) => Promise<void> = async () => {};
  /** What is to happen once the results up to `end` are written (the end of a batch, an error). */
  private afterResults: { end: number; then: () => void } | undefined;
  private failed: unknown;
  private stopped = false;

  constructor(
    filter: string,
    jq: JqFiles,
    private readonly stderr: NodeJS.WritableStream,
  ) {
    this.worker = new Worker(`(${String(jqWorkerMain)})(require)`, {
      eval: true,
      workerData: {
        jqScript: jq.script,
        jqSource: jq.source,
        jqWasm: jq.wasm,
        filter,
        memoryBytes: JQ_MEMORY_MB * 1024 * 1024,
        ring: this.shared,
      },
      resourceLimits: { maxOldGenerationSizeMb: JQ_SCRIPT_HEAP_MB, maxYoungGenerationSizeMb: 4 },
    });
    this.worker.on('message', (message: FromWorker) => this.receive(message));
    this.worker.on('error', (error: Error & { code?: string }) => {
      const failure = error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? memoryError() : new TixError(`--jq: ${error.message}`, ExitCode.ERROR);
      this.once(Atomics.load(this.counters, 0), () => this.finish(failure));
    });
    this.worker.on('exit', () => {
      if (!this.stopped)
        this.once(Atomics.load(this.counters, 0), () => this.finish(new TixError('--jq: jq ended unexpectedly', ExitCode.ERROR)));
    });
    void this.pump();
  }

  /** Waits for the filter to compile: a UsageError (exit 2) when it does not. */
  ready(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.current = { resolve, reject };
    }).then(() => {
      this.worker.unref();
    });
  }

  /** Filters lines of JSON, handing the results to `write` as jq prints them. */
  filter(text: string, write: (bytes: Uint8Array) => Promise<void>): Promise<void> {
    if (this.failed !== undefined) return Promise.reject(this.failed);
    this.write = write;
    this.worker.ref();
    const done = new Promise<void>((resolve, reject) => {
      this.current = { resolve, reject };
    });
    // As UTF-8 bytes, handed over rather than copied: jq-web writes them to jq's input file as they are, where
    // a string would be copied into the message, decoded into the worker's heap and encoded again there,
    // each copy as big as the page (issue 29 §5: BENCHMARKS.md).
    const bytes = encoder.encode(text);
    this.worker.postMessage({ bytes }, [bytes.buffer]);
    return done.finally(() => this.worker.unref());
  }

  /** Ends the worker, wherever jq is. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    void this.worker.terminate();
    // Wakes the pump, which then ends.
    Atomics.notify(this.counters, 0);
  }

  /** Writes what jq put in the ring, as soon as it is there, until the worker is stopped. */
  private async pump(): Promise<void> {
    const { counters, ring } = this;
    const mask = ring.length - 1;
    while (!this.stopped) {
      const written = Atomics.load(counters, 0);
      const read = Atomics.load(counters, 1);
      if (written === read) {
        const waiting = this.afterResults;
        if (waiting !== undefined && waiting.end === read) {
          this.afterResults = undefined;
          waiting.then();
          continue;
        }
        const wait = waitAsync(counters, 0, written);
        if (wait.async) await wait.value;
        continue;
      }
      const start = read & mask;
      const count = (written - read) | 0;
      const bytes =
        start + count <= ring.length
          ? ring.slice(start, start + count)
          : Buffer.concat([ring.subarray(start), ring.subarray(0, (start + count) & mask)]);
      try {
        await this.write(bytes);
      } catch (error) {
        // stdout closed (`| head`) or a file that cannot be written: jq is ended, and the batch fails with it.
        this.finish(error);
        return;
      }
      Atomics.store(counters, 1, (read + count) | 0);
      Atomics.notify(counters, 1);
    }
  }

  /** Runs `then` once the results up to `end` are written. */
  private once(end: number, then: () => void): void {
    // The first word on how the worker ended is the one: its exit, which follows an error, says less.
    if (this.afterResults !== undefined) return;
    this.afterResults = { end, then };
    // Wakes the pump if it is waiting for results: it checks `afterResults` when the ring is empty.
    Atomics.notify(this.counters, 0);
  }

  private receive(message: FromWorker): void {
    switch (message.type) {
      case 'stderr':
        this.stderr.write(message.bytes);
        return;
      case 'ready':
        this.settle();
        return;
      case 'compile':
        this.finish(new UsageError(`--jq: ${jqMessage(message.message)}`));
        return;
      case 'done':
        this.once(message.end, () => this.settle());
        return;
      case 'halt':
        this.once(message.end, () => this.finish(new SilentExit(message.code)));
        return;
      case 'error':
        this.once(message.end, () => this.finish(new TixError(`--jq: ${jqMessage(message.message)}`, ExitCode.ERROR)));
        return;
      case 'memory':
        this.once(message.end, () => this.finish(memoryError()));
        return;
      case 'trap':
        this.once(message.end, () => this.finish(trapError(message.message)));
    }
  }

  private settle(): void {
    const current = this.current;
    this.current = undefined;
    current?.resolve();
  }

  /** The worker is done with: the waiting batch fails with `error`, and so does any later one. */
  private finish(error: unknown): void {
    if (this.failed === undefined) this.failed = error;
    this.stop();
    const current = this.current;
    this.current = undefined;
    current?.reject(this.failed);
  }
}

/**
 * Starts jq and compiles the filter (a filter that does not compile is exit 2, before any output). What jq
 * writes to its stderr (`debug`, `stderr`, halt_error's message) goes to `stderr` as it is written.
 */
async function startJq(filter: string, stderr: NodeJS.WritableStream): Promise<JqWorker> {
  // jq-web's files: from node_modules, or the standalone executable's assets (its build swaps the module).
  const { jqFiles } = await import('../../shared/external-packages.js');
  const jq = new JqWorker(filter, jqFiles('jq-web'), stderr);
  try {
    await jq.ready();
  } catch (error) {
    jq.stop();
    throw error;
  }
  // The worker is running (its filter compiled): V8's flags, which its start reset, can be set again.
  await keepYoungGenerationSmallAfterWorkerStart();
  return jq;
}

/**
 * A sink that runs the filter over each complete line (one JSON text) written to it and writes the results
 * to `target` (stdout, or the --out file, still written atomically) as jq prints them. A last line without
 * a newline is filtered at commit. A runtime error, `halt_error` with a code, a trap or the memory limit fail
 * the write, after the results printed before it. (`halt` ends jq's run over one write: a page, as a filter
 * runs once a page.)
 */
export async function jqSink(target: Sink, filter: string, stderr: NodeJS.WritableStream): Promise<Sink> {
  const jq = await startJq(filter, stderr);
  let pending = '';
  // The complete lines of one write (a page, or a batch of ndjson records) go to jq in one run: jq runs the
  // filter over each JSON text of its input in turn, as `... | jq` would, and one run a record of 200,000
  // would pay jq's start 200,000 times.
  const filterLines = async (text: string) => {
    if (text.trim() === '') return;
    await jq.filter(text, (bytes) => target.write(bytes));
  };
  return {
    async write(chunk) {
      pending += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      const end = pending.lastIndexOf('\n');
      if (end < 0) return;
      const complete = pending.slice(0, end);
      pending = pending.slice(end + 1);
      await filterLines(complete);
    },
    async commit() {
      const rest = pending;
      pending = '';
      try {
        await filterLines(rest);
      } finally {
        jq.stop();
      }
      await target.commit();
    },
    async abort() {
      jq.stop();
      await target.abort();
    },
    get closed() {
      return target.closed;
    },
  };
}
