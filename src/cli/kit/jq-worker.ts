/**
 * The body of the worker thread that runs a `--jq` filter (kit/jq.ts starts it). It runs there, not in tix's
 * own thread, so that a filter that never ends or never stops printing cannot hold tix: the main thread stays
 * free to answer Ctrl-C, SIGTERM and a closed stdout, and ends the worker at once (V8 stops WebAssembly
 * mid-loop). The worker's JavaScript heap is capped by the Worker's resourceLimits and jq's WebAssembly memory
 * by this file (`memoryBytes`), so a filter that grows without end is stopped with one line.
 *
 * jqWorkerMain is started from its source text (`new Worker(String(jqWorkerMain), { eval: true })`), so it
 * must be self-contained: it uses nothing from this module or any other but what it loads with `load` (the
 * worker's `require`, passed in: a bundler rewrites a bare `require` into a helper of its own).
 *
 * jq-web's own `raw()` collects all of jq's output and hands it back at the end of the run, and drops NUL
 * bytes; so jq's writes to its stdout and stderr are taken here, at the WebAssembly import they go through
 * (WASI's fd_write; jq runs with --unbuffered, so each result is written as it is made). Results go into a
 * ring of shared memory that the main thread empties into stdout whenever there is something in it: a result
 * is on its way even while jq goes on computing the next, and a filter printing without end waits while the
 * ring is full (a slow or paused reader), as jq waits on a full pipe.
 *
 * Messages to the main thread (`end`: the ring's written counter when it was sent, to be written first):
 *   { type: 'ready' }                        the filter compiled
 *   { type: 'compile', message }             it did not (jq's stderr)
 *   { type: 'stderr', bytes }                what jq wrote to its stderr that is not an error (`debug`, halt_error's message)
 *   { type: 'done', end }                    a batch was filtered
 *   { type: 'error', message, end }          an uncaught jq error (`jq: error (at ...): ...`): jq was stopped there
 *   { type: 'halt', code, end }              `halt_error` with a code other than 0: jq's exit code
 *   { type: 'memory', end }                  jq asked for more memory than memoryBytes
 *   { type: 'trap', message, end }           jq stopped on a WebAssembly trap or abort(): the instance is not used again
 *   { type: 'load', message }                jq.wasm did not compile
 *   { type: 'cache', data }                  the code cache of jq-web's script, when there was none (jq-code-cache.ts)
 * The first run of the filter starts as soon as jq has loaded, with no message: jq compiles the filter, then
 * reads its input, and that first read is what says 'ready' (a filter that does not compile never reads; a
 * separate run to check it would cost a whole start of jq, ~13 M instructions). From the main thread then:
 * { run: true } for each further run, one at a time after 'done'. A run's input is not in the message: jq
 * reads it as a file that is a device over a second ring of shared memory (kit/jq-input.ts), which the main
 * thread fills as the command writes, so jq parses a document while it is still being written and no thread
 * holds its text whole. jq.wasm comes in workerData, its bytes (without DWARF: wasm-sections.ts) handed
 * over, not copied.
 */
export function jqWorkerMain(load: NodeJS.Require): void {
  const { parentPort, workerData } = load('node:worker_threads');
  const v8 = load('node:v8');
  const vm = load('node:vm');
  const { dirname } = load('node:path');
  const { jqScript, jqSource, filter, memoryBytes, wasm, codeCache, wasmFlags } = workerData;
  // The input's ring (kit/jq-input.ts): [written, read, changes, ended], then the bytes.
  const input = new Int32Array(workerData.input, 0, 4);
  const inputRing = new Uint8Array(workerData.input, 16);
  const inputMask = inputRing.length - 1;
  // The results' ring, shared with the main thread: [bytes written, bytes read] (int32 counters that wrap),
  // then the bytes. jq writes into it as it prints; the main thread reads whatever is there when it can.
  const counters = new Int32Array(workerData.ring, 0, 2);
  const ring = new Uint8Array(workerData.ring, 8);
  const mask = ring.length - 1;
  // jq-web sets the exit code of jq's last run on `process` and restores only one that was set before.
  process.exitCode = 0;
  // tix's TypeScript library has no WebAssembly types: the few used here.
  interface WasmMemory {
    buffer: ArrayBuffer;
  }
  interface WasmInstance {
    exports: { memory: WasmMemory };
  }
  const { WebAssembly } = globalThis as unknown as {
    WebAssembly: { Module: new (bytes: Uint8Array) => object; instantiate(module: object, imports: object): Promise<WasmInstance> };
  };

  /** Thrown from fd_write to stop jq at its first uncaught error: nothing after it is printed. */
  const STOP = { stop: true };
  let memory: WasmMemory | undefined;
  let overLimit = false;
  /** jq is compiling the filter (its first run, until it first reads its input): what it says is the compiler's. */
  let checking = false;
  let errorText: string | undefined;
  const decoder = new TextDecoder();

  /** Where the results end: a message after them says so, so the main thread writes them first. */
  const written = () => Atomics.load(counters, 0);

  function out(bytes: Uint8Array): void {
    // Nothing is printed before jq reads its input.
    if (checking) return;
    let at = 0;
    while (at < bytes.length) {
      const w = Atomics.load(counters, 0);
      const r = Atomics.load(counters, 1);
      const free = ring.length - ((w - r) | 0);
      if (free === 0) {
        // The reader is behind (a slow or paused stdout): wait for it, as jq would block on a full pipe.
        Atomics.wait(counters, 1, r, 1000);
        continue;
      }
      const n = Math.min(free, bytes.length - at, ring.length - (w & mask));
      ring.set(bytes.subarray(at, at + n), w & mask);
      at += n;
      Atomics.store(counters, 0, (w + n) | 0);
      Atomics.notify(counters, 0);
    }
  }

  function err(bytes: Uint8Array): void {
    const text = decoder.decode(bytes);
    // An uncaught error is `jq: error (at <stdin>:N): message\n`, written in one or more pieces; input jq cannot
    // read (nested deeper than its parser goes) is `jq: parse error: ...`, and as much an end of the run.
    if (errorText === undefined && !text.startsWith('jq: error') && !text.startsWith('jq: parse error')) {
      parentPort.postMessage({ type: 'stderr', bytes: bytes.slice() });
      return;
    }
    errorText = (errorText ?? '') + text;
    if (!checking && errorText.endsWith('\n')) throw STOP;
  }

  function fdWrite(original: (...args: number[]) => number) {
    return (fd: number, iov: number, iovcnt: number, pnum: number): number => {
      if ((fd !== 1 && fd !== 2) || memory === undefined) return original(fd, iov, iovcnt, pnum);
      const view = new DataView(memory.buffer);
      let total = 0;
      for (let i = 0; i < iovcnt; i++) {
        const ptr = view.getUint32(iov + i * 8, true);
        const len = view.getUint32(iov + i * 8 + 4, true);
        if (len === 0) continue;
        const bytes = new Uint8Array(memory.buffer, ptr, len);
        if (fd === 1) out(bytes);
        else err(bytes);
        total += len;
      }
      new DataView(memory.buffer).setUint32(pnum, total, true);
      return 0;
    };
  }

  /**
   * Reads jq's input from the ring as jq asks for it: what is there (at most `length` bytes), else waits for
   * the main thread to write more; 0 (end of file) once the run's input is complete and all of it read.
   */
  function readInput(heap: Int8Array, offset: number, length: number): number {
    // jq reads its input only once the filter has compiled: the first read says so.
    if (checking) {
      checking = false;
      parentPort.postMessage({ type: 'ready' });
      offerCodeCache();
    }
    if (length === 0) return 0;
    for (;;) {
      const changes = Atomics.load(input, 2);
      const read = Atomics.load(input, 1);
      const available = (Atomics.load(input, 0) - read) | 0;
      if (available > 0) {
        const start = read & inputMask;
        const n = Math.min(available, length, inputRing.length - start);
        new Uint8Array(heap.buffer, heap.byteOffset + offset, n).set(inputRing.subarray(start, start + n));
        Atomics.store(input, 1, (read + n) | 0);
        Atomics.notify(input, 1);
        return n;
      }
      if (Atomics.load(input, 3) === 1) return 0;
      // Woken by the next write or the end; the timeout only bounds a missed wake-up.
      Atomics.wait(input, 2, changes, 1000);
    }
  }

  /** FS is jq-web's file system: its input file, `inputString`, becomes a device that reads the ring. */
  let inputDevice = false;
  function tixInput(FS: {
    makedev(major: number, minor: number): number;
    registerDevice(dev: number, ops: object): void;
    mkdev(path: string, dev: number): void;
    ErrnoError: new (errno: number) => Error;
  }): void {
    if (inputDevice) return;
    inputDevice = true;
    const dev = FS.makedev(64, 0);
    FS.registerDevice(dev, {
      read: (_stream: unknown, heap: Int8Array, offset: number, length: number) => readInput(heap, offset, length),
      write: () => {
        throw new FS.ErrnoError(8); // EBADF: jq's input is read only
      },
      llseek: () => {
        throw new FS.ErrnoError(70); // ESPIPE: a stream, as a pipe is
      },
    });
    FS.mkdev('inputString', dev);
  }

  /** jq-web's factory: its script up to where it calls the factory itself and exports a promise of the result. */
  function jqFactory(): (options: object) => Promise<{ raw: (json: string, filter: string, flags: string[]) => unknown }> {
    const source: string = jqSource;
    const end = source.indexOf("if (typeof exports === 'object' && typeof module === 'object') {");
    // raw() writes its input to jq's in-memory file system, a copy made in this thread each run: instead, the
    // file it names is made once, as a device over the input's ring (tixInput), and raw() writes nothing.
    const writeInput = 'FS.writeFile("inputString", jsonstring);';
    if (!source.startsWith('var jq = ') || end < 0 || !source.includes(writeInput))
      throw new Error(`--jq: ${jqScript} is not the jq-web 0.6.2 this tix was built with`);
    const body = `${source.slice(0, end).replace(writeInput, 'Module.tixInput(FS);')}\nreturn jq;`;
    // jq-web's own script, read from its package, run as its module would be; compiled with the code cache the
    // main thread read (kit/jq-code-cache.ts) when there is one: 157 KB of JavaScript not parsed again.
    script = new vm.Script(`(function (require, __filename, __dirname) {${body}\n})`, {
      filename: jqScript,
      ...(codeCache ? { cachedData: codeCache } : {}),
    });
    return script.runInThisContext()(load, jqScript, dirname(jqScript));
  }

  /** jq-web's script as compiled, for its code cache. */
  let script: { runInThisContext(): (...args: unknown[]) => never; cachedDataRejected?: boolean; createCachedData(): Uint8Array };

  /**
   * The code cache of jq-web's script, made once jq has compiled the filter (so that it holds what a run
   * compiles), for the main thread to keep when it had none or V8 refused it. V8 stamps its flags into it, so
   * jq's flags are off while it is made (no WebAssembly is compiled meanwhile), or every later run would refuse it.
   */
  function offerCodeCache(): void {
    if (codeCache !== undefined && !script.cachedDataRejected) return;
    v8.setFlagsFromString(wasmFlags.undo);
    const data = script.createCachedData();
    v8.setFlagsFromString(wasmFlags.flag);
    parentPort.postMessage({ type: 'cache', data });
  }

  function instantiateWasm(
    imports: { env: Record<string, (...args: number[]) => number> },
    receive: (instance: WasmInstance, module: object) => void,
  ) {
    const env = imports.env; // the same object as imports.wasi_snapshot_preview1
    const resize = env.emscripten_resize_heap!;
    env.emscripten_resize_heap = (size: number) => {
      if (size >>> 0 > memoryBytes) {
        overLimit = true;
        return 0;
      }
      return resize(size);
    };
    env.fd_write = fdWrite(env.fd_write!);
    WebAssembly.instantiate(jqModule, imports).then(
      (instance) => {
        memory = instance.exports.memory;
        receive(instance, jqModule);
      },
      (error: unknown) => parentPort.postMessage({ type: 'trap', message: String(error), end: 0 }),
    );
    return {};
  }

  /** Runs jq over the input's ring (or none, `-n`); returns false when the worker is finished (an error, a halt, a trap). */
  function run(jq: { raw: (json: string, filter: string, flags: string[]) => unknown }, program: string, flags: string[]): boolean {
    errorText = undefined;
    try {
      jq.raw('', program, [...flags, '-r', '-c', '--unbuffered']);
      return true;
    } catch (error) {
      const end = written();
      const exitCode = (error as { exitCode?: unknown }).exitCode;
      if (overLimit) {
        parentPort.postMessage({ type: 'memory', end });
      } else if (error === STOP || (exitCode === 5 && errorText !== undefined)) {
        parentPort.postMessage({ type: checking ? 'compile' : 'error', message: errorText ?? '', end });
      } else if (checking && typeof exitCode === 'number') {
        parentPort.postMessage({ type: 'compile', message: errorText ?? '' });
      } else if (typeof exitCode === 'number') {
        parentPort.postMessage({ type: 'halt', code: exitCode, end });
      } else {
        parentPort.postMessage({ type: 'trap', message: error instanceof Error ? error.message : String(error), end });
      }
      return false;
    }
  }

  // halt_error with a code no process can exit with (below 0) reaches jq-web's exit as 0: jq 1.7.1 exits 5
  // for it, and so does this, through a halt_error/1 that defines the builtin's (defined on the filter's line,
  // so that jq's messages keep their line numbers). Above 255 the exit code itself says so (kit/jq.ts).
  const program = `def _tix_halt_error($c): halt_error($c); def halt_error($c): if ($c | type) == "number" and $c < 0 then _tix_halt_error(5) else _tix_halt_error($c) end; ${filter}`;
  const factory = jqFactory();
  // jq's WebAssembly runs on V8's baseline compiler only (Liftoff): tiering up to TurboFan compiles jq's hot
  // functions again on V8's background threads, whose memory stays resident: -14 MB of peak RSS for one
  // filtered page, -10 to -35 MB over a bulk run, for ~20% more CPU in jq (issue 29 §5: BENCHMARKS.md). A module
  // keeps the tiering it was compiled with, and jq's functions are compiled as they are first called, so the
  // flag is on from here to the end of the run (with --wasm-lazy-validation: JQ_WASM_FLAGS in kit/v8-flags.ts,
  // which the main thread notes). Only here: this thread has loaded every module of Node's it uses (a module
  // loaded while a flag is changed is compiled without Node's built-in code cache: issue 39), and the flag is
  // the process's, so it is set as late as it can be. The only other WebAssembly in tix, undici's HTTP parser
  // (loaded only behind a proxy), runs on Liftoff too in a --jq run.
  v8.setFlagsFromString(wasmFlags.flag);
  let jqModule: object;
  try {
    // Compiled here, not on the main thread: the flag must not be set while this thread starts (above).
    // Lazily, as V8 compiles WebAssembly: only jq's functions that run are ever compiled.
    jqModule = new WebAssembly.Module(wasm);
  } catch (error) {
    parentPort.postMessage({ type: 'load', message: error instanceof Error ? error.message : String(error) });
    return;
  }
  factory({ instantiateWasm, tixInput, printErr: () => {}, print: () => {} }).then((jq) => {
    // The first run starts now, before any input is there: jq compiles the filter, and what it prints until
    // its first read of the input (readInput) is the compiler's. A filter that does not compile ends the run
    // there ('compile').
    checking = true;
    if (!run(jq, program, [])) return;
    parentPort.postMessage({ type: 'done', end: written() });
    parentPort.on('message', () => {
      // After an error, a halt or a trap the main thread ends this worker: nothing more is run here.
      if (run(jq, program, [])) parentPort.postMessage({ type: 'done', end: written() });
    });
  });
}
