import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { ExitCode, SilentExit, TixError, UsageError } from '../../shared/errors.js';
import type { Sink } from '../../output/index.js';
import { type JqFiles, notLoaded } from '../../shared/external-packages.js';
import { jqWorkerMain } from './jq-worker.js';
import { keepYoungGenerationSmallAfterWorkerStart } from './lean-heap.js';
import { withoutDebugSections } from './wasm-sections.js';

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

/** WebAssembly.compile, which tix's TypeScript library does not declare (a module is an opaque object here). */
const wasmCompile = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<object> } }).WebAssembly.compile;

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
    // jq.wasm is compiled here, while the worker starts, and the module handed to it: V8 shares a compiled
    // module between threads, so the worker holds no copy of jq.wasm (it held two, its copy of the bytes and
    // the one V8 compiled from: issue 29 §5, -3.5 MB of peak RSS), and V8's copy is 0.9 MB, without the
    // debugging sections (wasm-sections.ts). No code is made here: jq's
    // functions are compiled lazily, on the worker's thread. On Liftoff only, as the worker says why: a module
    // keeps the tiering it was compiled with (compiled without the flag, --limit 1 peaked 83-89 MB, not 75).
    setFlagsFromString('--liftoff-only');
    const compiled = wasmCompile(withoutDebugSections(jq.wasm));
    this.worker = new Worker(`(${String(jqWorkerMain)})(require)`, {
      eval: true,
      workerData: {
        jqScript: jq.script,
        jqSource: jq.source,
        filter,
        memoryBytes: JQ_MEMORY_MB * 1024 * 1024,
        ring: this.shared,
      },
      resourceLimits: { maxOldGenerationSizeMb: JQ_SCRIPT_HEAP_MB, maxYoungGenerationSizeMb: 4 },
    });
    compiled.then(
      (module) => this.worker.postMessage({ module }),
      (error: unknown) => this.finish(notLoaded('jq (for --jq)', error)),
    );
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
  filter(bytes: Uint8Array, write: (bytes: Uint8Array) => Promise<void>): Promise<void> {
    if (this.failed !== undefined) return Promise.reject(this.failed);
    this.write = write;
    this.worker.ref();
    const done = new Promise<void>((resolve, reject) => {
      this.current = { resolve, reject };
    });
    // A view of memory shared with the worker (SharedLines): the message carries no copy of the page.
    this.worker.postMessage({ bytes });
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
 * The text written to the --jq sink, as UTF-8 bytes in memory shared with jq's worker, until a newline
 * completes its lines; jq then reads them from there (jq-web's input file is a view of them). One buffer,
 * reused page after page and grown only for a bigger page: a page of --all (2.3 MB at --page-size 5000,
 * written in batches) is never one JavaScript string, never copied into a message, and never a buffer of
 * its own per page, which the worker would free only when its heap is next collected (issue 29 §5:
 * BENCHMARKS.md).
 */
class SharedLines {
  private bytes = new Uint8Array(new SharedArrayBuffer(64 * 1024));
  private length = 0;
  /** Where the last newline is, or -1. */
  private lastNewline = -1;

  append(chunk: string | Uint8Array): void {
    const start = this.length;
    if (typeof chunk === 'string') {
      let rest = chunk;
      while (rest.length > 0) {
        // A UTF-16 unit is 1 to 3 bytes of UTF-8 (a pair of them 4): room for the whole chunk if it is ASCII,
        // and always for its next character, so that each round writes something; more as it is needed.
        this.reserve(rest.length + 3);
        const { read, written } = encoder.encodeInto(rest, this.bytes.subarray(this.length));
        this.length += written;
        rest = rest.slice(read);
      }
    } else {
      this.reserve(chunk.length);
      this.bytes.set(chunk, this.length);
      this.length += chunk.length;
    }
    // Only what was just written is searched: a page comes in many writes.
    const newline = this.bytes.subarray(start, this.length).lastIndexOf(0x0a);
    if (newline >= 0) this.lastNewline = start + newline;
  }

  /** The complete lines (up to the last newline, without it), as a view of the shared memory; or nothing. */
  lines(): Uint8Array | undefined {
    return this.lastNewline < 0 ? undefined : this.bytes.subarray(0, this.lastNewline);
  }

  /** Everything written and not yet dropped (a last line without a newline). */
  rest(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }

  /** Drops the lines jq is done with, keeping what follows them: only once jq has finished reading them. */
  dropLines(): void {
    const from = this.lastNewline + 1;
    this.bytes.copyWithin(0, from, this.length);
    this.length -= from;
    this.lastNewline = -1;
  }

  dropAll(): void {
    this.length = 0;
    this.lastNewline = -1;
  }

  private reserve(more: number): void {
    if (this.length + more <= this.bytes.length) return;
    const grown = new Uint8Array(new SharedArrayBuffer(Math.max(this.length + more, this.bytes.length * 2)));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }
}

/** Whether bytes of JSON text hold nothing but whitespace. */
function isBlank(bytes: Uint8Array): boolean {
  return bytes.every((byte) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09);
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
  const pending = new SharedLines();
  // The complete lines of one write (a page, or a batch of ndjson records) go to jq in one run: jq runs the
  // filter over each JSON text of its input in turn, as `... | jq` would, and one run a record of 200,000
  // would pay jq's start 200,000 times.
  const filterLines = async (lines: Uint8Array) => {
    if (isBlank(lines)) return;
    await jq.filter(lines, (bytes) => target.write(bytes));
  };
  return {
    async write(chunk) {
      pending.append(chunk);
      const lines = pending.lines();
      if (lines === undefined) return;
      await filterLines(lines);
      pending.dropLines();
    },
    async commit() {
      try {
        await filterLines(pending.rest());
        pending.dropAll();
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
