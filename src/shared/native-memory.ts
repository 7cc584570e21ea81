import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | undefined;

/**
 * A full garbage collection, now (before DuckDB loads to write Parquet, and while history sql reads a result). DuckDB's result chunks hold native memory (their vectors) that V8 does
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
