import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | undefined;

/**
 * A full garbage collection, now. DuckDB's result chunks hold native memory (their vectors) that V8 does
 * not count, freed only when their JavaScript wrappers are collected; reading a large result, V8 sees a
 * small heap and seldom collects the old generation where the wrappers end up, while the native memory
 * behind them grows by megabytes a chunk (2 M rows: 200 MB resident, 105 MB when collected every 64K rows).
 * `--expose-gc` set at run time makes `gc` available to a new context, and from there to this one.
 */
export function collectGarbage(): void {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
}

/**
 * DuckDB allocates its working memory through its own jemalloc, which keeps the pages a query freed for a
 * while (its decay) in case the next query wants them: a run of a few queries ends holding each one's peak.
 * Told to hand them back at once, the 50-event report's DuckDB side holds ~20 MB less at its peak, for some
 * system time (BENCHMARKS.md, issue 38). jemalloc reads this when DuckDB first allocates, so it takes effect
 * only if called before the first database of the process is opened; a setting of the user's is kept.
 * process.env itself: the native library reads the process's environment, not tix's view of it.
 */
export function returnDuckDbMemoryPromptly(): void {
  process.env.DUCKDB_JE_MALLOC_CONF ??= 'dirty_decay_ms:0,muzzy_decay_ms:0';
}
