import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options?: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;
let collect: Collect | undefined;

/**
 * A full garbage collection, now (before DuckDB loads to write Parquet, and while history sql reads a result). DuckDB's result chunks hold native memory (their vectors) that V8 does
 * not count, freed only when their JavaScript wrappers are collected; reading a large result, V8 sees a
 * small heap and seldom collects the old generation where the wrappers end up, while the native memory
 * behind them grows by megabytes a chunk (2 M rows: 200 MB resident, 105 MB when collected every 64K rows).
 * `--expose-gc` set at run time makes `gc` available to a new context, and from there to this one.
 */
export function collectGarbage(): void {
  gcFunction()();
}

/**
 * A collection that also hands the heap's free pages back to the system (V8's "last resort" collection, the one
 * it runs under memory pressure), before a large native library loads beside what is left (DuckDB, to write
 * Parquet). Node 20's V8 runs it only after a regular full collection, so both run; on 22 and 24 the first
 * costs little, the heap being small by then.
 */
export function releaseMemory(): void {
  const collect = gcFunction();
  collect();
  collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

function gcFunction(): Collect {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as Collect;
    // The function stays; the flag goes back, as V8 stamps its flags into the code caches written at exit,
    // and a later run refuses one made under other flags than its own (bin/code-cache.cjs).
    setFlagsFromString('--no-expose-gc');
  }
  return collect;
}
