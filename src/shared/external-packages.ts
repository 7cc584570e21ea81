import { createRequire } from 'node:module';
import type * as DuckDB from '@duckdb/node-api';
import { ExitCode, TixError } from './errors.js';

/**
 * The two packages no bundle of the npm build holds, loaded here and only here: DuckDB, a native addon (its
 * duckdb.node and libduckdb.so), and jq-web, which reads its jq.wasm from beside its jq.js. The npm build
 * requires them from node_modules at run time (required, not imported: DuckDB's bindings are CommonJS, and
 * Node's ES module loader takes three times as long to load them, which `tix history` feels). The standalone
 * build (scripts/release/build-sea.mjs) puts its own version of this module in the bundle: their JavaScript
 * bundled, duckdb.node loaded from beside the executable, jq.wasm from the executable's assets.
 */

/** DuckDB (@duckdb/node-api); missing or unloadable, one line and exit 1 for the command that needed it. */
export function requireDuckDB(): typeof DuckDB {
  try {
    return createRequire(import.meta.url)('@duckdb/node-api') as typeof DuckDB;
  } catch (error) {
    throw duckDbMissing(error);
  }
}

/** jq-web's module.exports: a promise of jq. */
export function requireJqWeb(): unknown {
  return createRequire(import.meta.url)('jq-web');
}

/** The error for a DuckDB that did not load: the price history and Parquet output need it, nothing else does. */
export function duckDbMissing(error: unknown): TixError {
  const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.trim();
  return new TixError(`DuckDB did not load, and the price history and Parquet output need it: ${reason}`, ExitCode.ERROR, {
    cause: error,
  });
}
