import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ExitCode, TixError } from './errors.js';

/**
 * The two packages no bundle of the npm build holds: DuckDB (@duckdb/node-api), a native addon (its
 * duckdb.node and libduckdb.so), and jq-web, which reads its jq.wasm from beside its jq.js. The npm build
 * requires them from node_modules at run time: required, not imported, as DuckDB's bindings are CommonJS and
 * Node's ES module loader takes three times as long to load them (which `tix history` feels). Callers name
 * the package, so the name stays in the lazily loaded chunk of its one user (test/history/lazy-load.test.ts).
 * The standalone build (scripts/release/build-sea.mjs) bundles external-packages-standalone.ts in this
 * module's place.
 */
export type ExternalPackage = '@duckdb/node-api';

/** jq-web's script and WebAssembly, which --jq's worker thread runs (src/cli/kit/jq-worker.ts). */
export interface JqFiles {
  /** Where the script is (its __filename in the worker; jq-web's own name for itself in messages). */
  script: string;
  source: string;
  wasm: Uint8Array;
}

/**
 * jq-web's files, read from its package in node_modules; missing ones are one line, exit 1. The caller names
 * the package (always 'jq-web'), as for requireExternal, so the name stays in the chunk of --jq's code.
 */
export function jqFiles(name: 'jq-web'): JqFiles {
  try {
    const script = createRequire(import.meta.url).resolve(name);
    return { script, source: readFileSync(script, 'utf8'), wasm: readFileSync(join(dirname(script), 'jq.wasm')) };
  } catch (error) {
    throw notLoaded('jq (for --jq)', error);
  }
}

/** The package `name`; one that does not load is one line, exit 1, saying what needed it (`what`). */
export function requireExternal(name: ExternalPackage, what: string): unknown {
  try {
    return createRequire(import.meta.url)(name);
  } catch (error) {
    throw notLoaded(what, error);
  }
}

export function notLoaded(what: string, error: unknown): TixError {
  const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.trim();
  return new TixError(`${what} did not load: ${reason}`, ExitCode.ERROR, { cause: error });
}

/** What says DuckDB did not load (`what` of requireExternal), for its two users. */
export const DUCKDB_USERS = 'DuckDB, which the price history and Parquet output need,';
