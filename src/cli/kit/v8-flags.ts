/**
 * V8 flags tix changes while it runs (lean-heap.ts for long exports, --jq's `--liftoff-only`), and how each is
 * put back. V8 stamps a hash of its flags into every code cache it writes, and refuses a cache whose hash is
 * not its own (issue 39, BENCHMARKS.md):
 * - a code cache written while a flag is changed (bin/code-cache.cjs writes the fast path's at exit, when it
 *   had none or had one refused) is refused by the next run, which compiles the bundle again and writes the
 *   cache again, changed flags included: in a loop of `--jq` or `--all` runs, every run compiled everything;
 * - a worker thread that starts while a flag is changed compiles Node's own modules without their built-in
 *   cache (+60 ms of CPU for jq's worker on a busy machine), so --jq's worker changes its flag only once it has
 *   loaded what it needs.
 * So every change is noted here with the flags that undo it, and bin/code-cache.cjs puts them back before it
 * writes a cache (through `Symbol.for('tix.restoreV8Flags')` on globalThis: it is not part of any bundle).
 * "Back" is V8's default, which is what Node.js starts with unless told otherwise.
 */

/** Each flag changed, by the flags that put it back (one change may be several flags, and a flag may imply others: those are put back too). */
const changed = new Map<string, string>();

/** node:v8, loaded on first use: a run that changes no flag never loads it. */
const setFlagsFromString = (flags: string): void => process.getBuiltinModule('node:v8').setFlagsFromString(flags);

/** Sets `flag` in this process; `undo` sets it, and whatever it implies, back to V8's default. */
export function setV8Flag(flag: string, undo: string): void {
  setFlagsFromString(flag);
  noteV8Flag(flag, undo);
}

/** Notes a flag that another thread of this process set (--jq's worker sets `--liftoff-only` itself). */
export function noteV8Flag(flag: string, undo: string): void {
  changed.set(flag, undo);
  (globalThis as Record<symbol, unknown>)[RESTORE] = restoreV8Flags;
  (globalThis as Record<symbol, unknown>)[WITH_START_FLAGS] = withStartV8Flags;
}

/**
 * Runs `work` under the flags the run started with, then sets again those changed: for bin/code-cache.cjs to
 * compile a bundle with its cache, which V8 takes only under the flags it was made with.
 */
export function withStartV8Flags<T>(work: () => T): T {
  undoChanges();
  try {
    return work();
  } finally {
    for (const flag of changed.keys()) setFlagsFromString(flag);
  }
}

/** Puts back every flag changed: for a code cache to be written with the flags a later run starts with. */
export function restoreV8Flags(): void {
  undoChanges();
  changed.clear();
}

function undoChanges(): void {
  for (const undo of changed.values()) for (const flag of undo.split(' ')) setFlagsFromString(flag);
}

/** Whether a flag other than `flag` is changed now. */
export function v8FlagsChangedBesides(flag: string): boolean {
  for (const key of changed.keys()) if (key !== flag) return true;
  return false;
}

const RESTORE = Symbol.for('tix.restoreV8Flags');
const WITH_START_FLAGS = Symbol.for('tix.withStartV8Flags');

/**
 * The flags jq's WebAssembly is compiled and run with (jq-worker.ts says why), and how to undo them; V8's
 * defaults are the same on Node.js 20, 22 and 24. Tiering is turned off by name as well: set at run time,
 * `--liftoff-only` alone still let Node.js 24's V8 tier jq's hot functions up to TurboFan (8-9 functions a
 * query, ~50 ms of compiling on V8's threads and +35 MB of peak RSS; issue 39). `--wasm-lazy-validation`: a function
 * of jq.wasm is checked when it is first compiled, not all 0.9 MB of them up front (-5 ms of CPU a run, busy machine).
 */
export const JQ_WASM_FLAGS = {
  flag: '--liftoff-only --no-wasm-tier-up --no-wasm-dynamic-tiering --wasm-lazy-validation',
  undo: '--no-liftoff-only --wasm-tier-up --wasm-dynamic-tiering --no-wasm-lazy-validation',
} as const;

/** lean-heap.ts's flags for long streaming work, and how to undo them. */
export const YOUNG_GENERATION_FLAGS = { flag: '--semi-space-growth-factor=1', undo: '--semi-space-growth-factor=2' } as const;
/** `--optimize-for-size` implies a 1 MB semi-space, which is put back with it. */
export const OLD_GENERATION_FLAGS = { flag: '--optimize-for-size', undo: '--no-optimize-for-size --max-semi-space-size=0' } as const;
/**
 * lean-heap.ts's keepCompilersLean: V8's optimizing compilers, TurboFan and Maglev (on by default in Node.js 24's
 * V8; `node --v8-options`), off, and back. On Node.js 22 turning TurboFan off and on again leaves V8's flag hash
 * changed, so a code cache written after it is refused by every later run: keepCompilersLean is for 24 only.
 */
export const OPTIMIZING_COMPILER_FLAGS = { flag: '--no-turbofan --no-maglev', undo: '--turbofan --maglev' } as const;
