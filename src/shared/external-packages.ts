import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ExitCode, TixError } from './errors.js';

/**
 * jq-web, the one package no bundle of the npm build holds: it reads its jq.wasm from beside its jq.js, so the
 * npm build reads both from node_modules at run time. DuckDB's JavaScript (@duckdb/node-api) is bundled
 * alone as dist/duckdb-api.cjs, which the chunks of its two users, the history store and the Parquet
 * converter, run through a V8 code cache (scripts/build-duckdb-api.mjs); its native bindings
 * (@duckdb/node-bindings: duckdb.node and libduckdb.so) are required from node_modules when it loads. The standalone build (scripts/release/build-sea.mjs) bundles external-packages-standalone.ts in
 * this module's place.
 */

/** jq-web's script and WebAssembly, which --jq's worker thread runs (src/cli/kit/jq-worker.ts). */
export interface JqFiles {
  /** Where the script is (its __filename in the worker; jq-web's own name for itself in messages). */
  script: string;
  source: string;
  /** Which copy of the script this is (its file's size and time), for the code cache of it (kit/jq-code-cache.ts). */
  stamp: string;
  /**
   * jq.wasm: where it is (node_modules), or its bytes (the standalone executable's asset); kit/jq.ts reads it
   * without its debugging sections (kit/wasm-sections.ts).
   */
  wasm: string | Uint8Array;
}

/**
 * jq-web's files, read from its package in node_modules; missing ones are one line, exit 1. The caller names
 * the package (always 'jq-web'), so the name stays in the chunk of --jq's code.
 */
export function jqFiles(name: 'jq-web'): JqFiles {
  try {
    const script = createRequire(import.meta.url).resolve(name);
    const { size, mtimeMs } = statSync(script);
    return { script, source: readFileSync(script, 'utf8'), stamp: `${size}-${mtimeMs}`, wasm: join(dirname(script), 'jq.wasm') };
  } catch (error) {
    throw notLoaded('jq (for --jq)', error);
  }
}

export function notLoaded(what: string, error: unknown): TixError {
  const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.trim();
  return new TixError(`${what} did not load: ${reason}`, ExitCode.ERROR, { cause: error });
}

/**
 * `load`: the import of a module that imports DuckDB (the store's, the Parquet converter's). One that does
 * not load (its native bindings missing or built for another system) is one line, exit 1, for the command
 * that needed it.
 */
export async function importingDuckDb<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    throw notLoaded('DuckDB, which the price history and Parquet output need,', error);
  }
}
