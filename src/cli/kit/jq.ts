import type { Worker } from 'node:worker_threads';
import { ExitCode, SilentExit, TixError, UsageError } from '../../shared/errors.js';
import type { Sink } from '../../output/index.js';
import { type JqFiles, notLoaded } from '../../shared/external-packages.js';
import { JqInput } from './jq-input.js';
import { jqWorkerMain } from './jq-worker.js';
import { JqCodeCache } from './jq-code-cache.js';
import { DocumentLines, endsLine, filtersEachDocumentAlone } from './jq-stream.js';
import { keepYoungGenerationSmallAfterWorkerStart } from './lean-heap.js';
import { JQ_WASM_FLAGS, noteV8Flag, v8FlagsChangedBesides } from './v8-flags.js';
import { readWithoutDebugSections, withoutDebugSections } from './wasm-sections.js';

/**
 * `--jq <filter>`: jq itself (jq-web, jq 1.7 compiled to WebAssembly), run in a worker thread (jq-worker.ts)
 * that is started only for --jq, so no run without it pays for jq. The filter runs over the JSON a command
 * writes: with --jq every JSON writer writes compact JSON, one document a line (a whole payload, the whole
 * `{"<key>":[...]}` list that -o json prints, an ndjson record, or for the pages of --all one
 * `{"events":[...]}` per page), streamed to jq as it is written (jq-input.ts), so a filter sees what `-o json`
 * prints (a page at a time for --all). Results are printed as `jq -r -c` (gh's --jq): strings raw, everything
 * else compact JSON, one result a line, as jq prints them.
 *
 * The bounds (README, Output): Ctrl-C, SIGTERM and a closed stdout end the worker whatever the filter does,
 * since tix's own thread never runs jq; jq may use at most JQ_MEMORY_MB of memory; a trap of the
 * WebAssembly instance ends the run with one line, exit 1, and the instance is never called again.
 */

/** A document this long (characters or bytes) is large enough to collect the garbage beside it first. */
const LARGE_DOCUMENT_CHARS = 1024 * 1024;

/**
 * The most memory jq may use: its WebAssembly heap (jq's values). tix, jq's worker and jq's start take ~85-93 MB
 * (Node.js 24), and a run that fills jq's heap peaks at about that plus this: at 64 MB, `[range(1e7)]` or one
 * page dense with numbers peaked at 150-174 MB; at 24, 106-117 MB on every build (BENCHMARKS.md, issue 36 §4).
 * The largest page tix reads (4 MB of events, the bound in page-bound.ts) needs less: `--jq .` answers at
 * 105-117 MB. Beyond, one line, exit 1.
 */
export const JQ_MEMORY_MB = 24;
/**
 * The worker thread's JavaScript heap, which holds little (a page's text on its way to jq; results pass
 * through shared memory): kept small, so V8 collects it often rather than letting it grow towards a big
 * limit (at --page-size 5000, 64 MB here cost ~15 MB more peak RSS than 24 MB). Not below 40: Node.js 24's V8
 * counts jq's WebAssembly memory (16 MB as jq starts, ~18 MB with the rest) as external memory, and collects
 * the whole heap, reducing it, as soon as external memory passes half this limit: at 32 MB, every --jq run
 * paid a full collection right after jq started (~10-15 ms of CPU a query; issue 39, BENCHMARKS.md).
 */
const JQ_SCRIPT_HEAP_MB = 40;
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
  | { type: 'trap'; message: string; end: number }
  | { type: 'load'; message: string }
  | { type: 'cache'; data: Uint8Array };

/** jq's own message, as one line: its first line without the `jq: error (at ...): ` prefix. */
function jqMessage(text: string): string {
  const first =
    text.split('\n').find((line) => line.startsWith('jq: error') || line.startsWith('jq: parse error')) ?? text.split('\n')[0] ?? '';
  const message = first
    .replace(/^jq: error(?: \(at [^)]*\))?(?: \(not a string\))?: /, '')
    .replace(/:\s*$/, '')
    .trim();
  // The input, not the filter: say so (jq's parser stops at 256 levels of arrays and objects).
  // jq 1.7.0 says `break` where 1.7.1 says what happened: `input` found nothing more to read.
  if (message === 'break') return NO_MORE_INPUTS;
  const parse = /^jq: parse error: (.*)$/.exec(message);
  if (parse === null) return message;
  return /depth limit/.test(parse[1]!)
    ? `the JSON is nested deeper than jq reads (256 levels of arrays and objects): ${parse[1]}`
    : `jq cannot read the JSON: ${parse[1]}`;
}

const NO_MORE_INPUTS =
  'No more inputs (input and inputs read the rest of what one run of the filter reads: one document, a page of --all, a batch of ndjson records)';

/** `halt_error`'s exit code, as jq 1.7.1 exits: a code a process cannot exit with (below 0, above 255) is 5. */
function haltCode(code: number): number {
  return Number.isInteger(code) && code >= 0 && code <= 255 ? code : 5;
}

/**
 * jq's memory ran out: while it still read its input, the document is what did not fit (jq holds each
 * document it filters whole, the whole result of history sql included), else the filter's own values.
 */
function memoryError(reading: boolean, limitMb: number): TixError {
  const message = reading
    ? `--jq: the JSON to filter needs more than ${limitMb} MB of memory in jq, its limit in tix; stopped (jq holds each document whole: -o ndjson --jq filters one record at a time)`
    : `--jq: the filter needed more than ${limitMb} MB of memory, jq's limit in tix; stopped`;
  return new TixError(message, ExitCode.ERROR);
}

function trapError(message: string): TixError {
  const reason = message.replace(/^Aborted\((.*)\)(?:\. Build with .*)?$/s, '$1').trim();
  return new TixError(`--jq: jq stopped${reason ? ` (${reason})` : ''}: the filter is too deep or too large for tix's jq`, ExitCode.ERROR);
}

/** Atomics.waitAsync (Node 16 and later), which tix's TypeScript library does not declare. */
const waitAsync = (Atomics as unknown as { waitAsync(array: Int32Array, index: number, value: number): { async: boolean; value: unknown } })
  .waitAsync;

/** One filter in one worker: compiled once, then run any number of times, one run at a time, over a stream of input. */
class JqWorker {
  private readonly input = new JqInput();
  private readonly shared = new SharedArrayBuffer(8 + RING_BYTES);
  /** [bytes written by jq, bytes read here], int32 counters that wrap. */
  private readonly counters = new Int32Array(this.shared, 0, 2);
  private readonly ring = new Uint8Array(this.shared, 8);
  private readonly worker: Worker;
  /** The run (or the start) being waited for. */
  private current: { resolve: () => void; reject: (error: unknown) => void } | undefined;
  /** The start: settled once the filter compiled (or did not, or jq did not load). */
  private readonly started: Promise<void>;
  /** The worker's first run, begun as it started, has not been handed to a caller of begin() yet. */
  private firstRunWaiting = true;
  private write: (bytes: Uint8Array) => Promise<void> = async () => {};
  /** What is to happen once the results up to `end` are written (the end of a batch, an error). */
  private afterResults: { end: number; then: () => void } | undefined;
  private failed: unknown;
  private stopped = false;

  constructor(
    filter: string,
    jq: JqFiles & { wasm: Uint8Array },
    private readonly stderr: NodeJS.WritableStream,
    private readonly codeCache: JqCodeCache | undefined,
    private readonly memoryMb: number,
  ) {
    // The worker compiles jq.wasm itself, once it has started (jq-worker.ts says why), from bytes handed over,
    // not copied: the worker holds no second copy of jq.wasm (issue 29 §5), and V8's copy is 0.9 MB, without
    // the debugging sections (wasm-sections.ts). On Liftoff only, as the worker says why: a module keeps the
    // tiering it was compiled with (compiled without the flag, --limit 1 peaked 83-89 MB, not 75).
    const { Worker } = process.getBuiltinModule('node:worker_threads');
    this.worker = new Worker(`(${String(jqWorkerMain)})(require)`, {
      eval: true,
      workerData: {
        jqScript: jq.script,
        jqSource: jq.source,
        wasm: jq.wasm,
        codeCache: codeCache?.read(),
        wasmFlags: JQ_WASM_FLAGS,
        filter,
        memoryBytes: memoryMb * 1024 * 1024,
        ring: this.shared,
        input: this.input.shared,
      },
      transferList: [jq.wasm.buffer as ArrayBuffer],
      resourceLimits: { maxOldGenerationSizeMb: JQ_SCRIPT_HEAP_MB, maxYoungGenerationSizeMb: 4 },
    });
    // The worker sets --liftoff-only for the process: put back before a code cache is written (v8-flags.ts).
    noteV8Flag(JQ_WASM_FLAGS.flag, JQ_WASM_FLAGS.undo);
    this.started = new Promise<void>((resolve, reject) => {
      this.current = { resolve, reject };
    });
    // Nothing may wait for the start yet (it began ahead of the output: JqAhead), so its failure is kept for
    // ready() and the first run rather than left unhandled.
    this.started.catch(() => {});
    this.worker.on('message', (message: FromWorker) => this.receive(message));
    this.worker.on('error', (error: Error & { code?: string }) => {
      const failure =
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? memoryError(false, this.memoryMb)
          : new TixError(`--jq: ${error.message}`, ExitCode.ERROR);
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
    return this.started.then(() => {
      this.worker.unref();
    });
  }

  /**
   * Starts a run of the filter over what `feed` hands it until `end`, handing the results to `write` as jq
   * prints them; the promise settles when the run is over (at the end of its input, or before: `halt`, an error).
   */
  begin(write: (bytes: Uint8Array) => Promise<void>): Promise<void> {
    if (this.failed !== undefined) return Promise.reject(this.failed);
    this.write = write;
    this.worker.ref();
    this.input.reset();
    const done = new Promise<void>((resolve, reject) => {
      this.current = { resolve, reject };
    });
    // The first run is already going: it waits for its input.
    if (!this.firstRunWaiting) this.worker.postMessage({ run: true });
    this.firstRunWaiting = false;
    return done.finally(() => this.worker.unref());
  }

  /** Whether a run is going on (begun, and not over). */
  get running(): boolean {
    return this.current !== undefined;
  }

  /** Where each document starts, when one run takes them all (jq-stream.ts): for jq's parse errors. */
  documents: DocumentLines | undefined;

  /** Input for the run: waits while jq has not read what came before; dropped once the run is over. */
  feed(chunk: string | Uint8Array): Promise<void> {
    this.documents?.fed(chunk, this.documents.fedBytes - this.input.unread());
    return this.input.write(chunk, () => this.current === undefined);
  }

  /** The run's input is complete. */
  end(): void {
    this.input.end();
  }

  /** Ends the worker, wherever jq is. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    void this.worker.terminate();
    // Wakes the pump, which then ends, and a feed waiting for room.
    Atomics.notify(this.counters, 0);
    this.input.wake();
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
        // The worker is running: V8's flags, which its start reset, can be set again (lean-heap.ts).
        void keepYoungGenerationSmallAfterWorkerStart();
        return;
      case 'load':
        this.finish(notLoaded('jq (for --jq)', new Error(message.message)));
        return;
      case 'cache':
        // Made with V8's flags as a run starts, unless this run changed another (an export's: lean-heap.ts).
        if (!v8FlagsChangedBesides(JQ_WASM_FLAGS.flag)) this.codeCache?.write(message.data);
        return;
      case 'compile':
        this.finish(new UsageError(`--jq: ${jqMessage(message.message)}`));
        return;
      case 'done':
        this.once(message.end, () => this.settle());
        return;
      case 'halt':
        this.once(message.end, () => this.finish(new SilentExit(haltCode(message.code))));
        return;
      case 'error':
        this.once(message.end, () => this.finish(new TixError(`--jq: ${this.inDocument(jqMessage(message.message))}`, ExitCode.ERROR)));
        return;
      case 'memory':
        this.once(message.end, () => this.finish(memoryError(!this.allRead(), this.memoryMb)));
        return;
      case 'trap':
        this.once(message.end, () => this.finish(trapError(message.message)));
    }
  }

  /** jq's message as a run over one document gives it. */
  private inDocument(message: string): string {
    return this.documents?.relative(message) ?? message;
  }

  /** Whether jq has read all of its input: of the run, or in one run over many documents, all so far, to a document's end. */
  private allRead(): boolean {
    return this.input.allRead() || (this.documents?.betweenDocuments === true && this.input.unread() === 0);
  }

  private settle(): void {
    const current = this.current;
    this.current = undefined;
    this.input.wake();
    current?.resolve();
  }

  /** The worker is done with: the waiting batch fails with `error`, and so does any later one. */
  private finish(error: unknown): void {
    if (this.failed === undefined) this.failed = error;
    this.stop();
    const current = this.current;
    this.current = undefined;
    this.input.wake();
    current?.reject(this.failed);
  }
}

/**
 * Starts jq's worker for `filter`; jq-web's files that cannot be read are one line, exit 1. With `env`, jq-web's
 * script is compiled with a code cache in tix's cache folder (jq-code-cache.ts).
 */
async function launchJq(
  filter: string,
  stderr: NodeJS.WritableStream,
  memoryMb: number,
  env?: NodeJS.ProcessEnv,
  stopped: () => boolean = () => false,
): Promise<JqWorker> {
  // jq-web's files: from node_modules, or the standalone executable's assets (its build swaps the module).
  const { jqFiles } = await import('../../shared/external-packages.js');
  // Ended before its worker started (JqAhead.stop): none is started.
  if (stopped()) throw new Error('jq was not needed');
  const files = jqFiles('jq-web');
  let wasm: Uint8Array;
  try {
    wasm = typeof files.wasm === 'string' ? readWithoutDebugSections(files.wasm) : ownBuffer(withoutDebugSections(files.wasm));
  } catch (error) {
    throw notLoaded('jq (for --jq)', error);
  }
  return new JqWorker(filter, { ...files, wasm }, stderr, env && new JqCodeCache(env, files.stamp), memoryMb);
}

/** Bytes in a buffer of their own, which can be handed to the worker (an asset of the executable is not). */
function ownBuffer(bytes: Uint8Array): Uint8Array {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  return whole ? bytes : bytes.slice();
}

/**
 * Waits for the filter to compile (a filter that does not compile is exit 2, before any output). What jq
 * writes to its stderr (`debug`, `stderr`, halt_error's message) goes to `stderr` as it is written.
 */
async function readyJq(launched: Promise<JqWorker>): Promise<JqWorker> {
  const jq = await launched;
  try {
    await jq.ready();
  } catch (error) {
    jq.stop();
    throw error;
  }
  return jq;
}

/**
 * jq started as a --jq run begins (runCommand), for the run's --jq sink to take: its worker thread starts, and
 * the filter compiles, while the run does its requests, not after the response has come (issue 39: ~100 ms
 * of a one-page query). Whether the filter compiled is still said where the sink opens, as before: a run
 * that fails first fails as it did, and one that writes nothing never asks. A run ends it if no sink took it.
 */
export class JqAhead {
  private readonly launched: Promise<JqWorker>;
  private taken = false;
  private stopped = false;

  constructor(
    readonly filter: string,
    stderr: NodeJS.WritableStream,
    env: NodeJS.ProcessEnv,
    private readonly memoryMb = JQ_MEMORY_MB,
  ) {
    this.launched = launchJq(filter, stderr, memoryMb, env, () => this.stopped);
    // A failure is the sink's to report, if a sink asks.
    this.launched.catch(() => {});
  }

  /** The jq started for `filter`, once, with its memory limit: a second sink, another filter or another limit starts its own. */
  take(filter: string, memoryMb: number): Promise<JqWorker> | undefined {
    if (this.taken || filter !== this.filter || memoryMb !== this.memoryMb) return undefined;
    this.taken = true;
    return this.launched;
  }

  /** Ends the worker, or keeps it from starting: a run that did not use it does not wait for it or keep its memory. */
  stop(): void {
    this.stopped = true;
    void this.launched.then(
      (jq) => jq.stop(),
      () => {},
    );
  }
}

/** Whether a write holds nothing but whitespace. */
function isBlank(chunk: string | Uint8Array): boolean {
  if (typeof chunk === 'string') return /^[ \t\r\n]*$/.test(chunk);
  return chunk.every((byte) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09);
}

/**
 * A sink that runs the filter over the JSON written to it and writes the results to `target` (stdout, or the
 * --out file, still written atomically) as jq prints them. A run of jq takes the writes up to one that ends a
 * line: a whole document however many writes it takes (`{"rows":[` ... `]}` of history sql), a page of --all,
 * a batch of ndjson records (jq runs the filter over each JSON text of its input in turn, as `... | jq`
 * would; one run a record of 200,000 would pay jq's start 200,000 times). A runtime error, `halt_error` with
 * a code, a trap or the memory limit fail the write, after the results printed before it. (`halt` ends jq's
 * run: the rest of its input, up to the end of that line, is dropped.) A filter that sees each document
 * alone (jq-stream.ts) prints the same from one run over all of them, which is what it gets: jq starts once.
 * `ahead` is the jq the run started as it began, taken if it was started for this filter.
 */
export async function jqSink(
  target: Sink,
  filter: string,
  stderr: NodeJS.WritableStream,
  memoryMb = JQ_MEMORY_MB,
  ahead?: JqAhead,
): Promise<Sink> {
  const jq = await readyJq(ahead?.take(filter, memoryMb) ?? launchJq(filter, stderr, memoryMb));
  const oneRun = filtersEachDocumentAlone(filter);
  if (oneRun) jq.documents = new DocumentLines();
  let run: Promise<void> | undefined;
  // A run that ended before its input did (`halt`): the rest of that input is not filtered.
  let dropping = false;
  let collected = false;
  const finishRun = async () => {
    const over = run;
    run = undefined;
    if (over === undefined) return;
    jq.end();
    await over;
  };
  return {
    async write(chunk) {
      if (dropping) {
        dropping = !endsLine(chunk);
        return;
      }
      // Blank writes between documents are not jq's input (nor a line of it, in jq's messages).
      if ((run === undefined || jq.documents?.betweenDocuments) && isBlank(chunk)) return;
      if (run === undefined) {
        run = jq.begin((bytes) => target.write(bytes));
        // Awaited below; a failure while input is still being fed is not left unhandled meanwhile.
        run.catch(() => {});
      }
      if (!collected && chunk.length >= LARGE_DOCUMENT_CHARS) {
        // What the caller made to produce a large document (a page parsed, then written out again) is
        // garbage by now, but its thread allocates little while jq fills its own memory, so V8 would keep
        // it beside jq's values for the whole run: a 3 MB page, ~20 MB of peak RSS on Node.js 24. Once a run.
        collected = true;
        (await import('../../shared/native-memory.js')).releaseMemory();
      }
      await jq.feed(chunk);
      if (!jq.running) {
        dropping = !endsLine(chunk);
        await finishRun();
        return;
      }
      if (endsLine(chunk) && !oneRun) await finishRun();
    },
    async commit() {
      try {
        await finishRun();
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
