import { statSync } from 'node:fs';
import { importingDuckDb, type JqFiles, notLoaded } from './external-packages.js';

/**
 * external-packages.ts as the standalone build (scripts/release/build-sea.mjs) has it: that build bundles
 * this module in its place. DuckDB's JavaScript is in the bundle, as in the npm build, and the build loads
 * its duckdb.node from beside the executable; jq-web's script and jq.wasm are assets of the executable,
 * handed to --jq's worker thread as the npm build hands it the files it reads.
 */
export function jqFiles(_name: 'jq-web'): JqFiles {
  try {
    const { getAsset, getRawAsset } = require('node:sea') as {
      getAsset(key: string, encoding: string): string;
      getRawAsset(key: string): ArrayBuffer;
    };
    // The script is an asset of the executable: this executable's size and time tell its copies apart.
    const { size, mtimeMs } = statSync(process.execPath);
    return {
      script: `${process.execPath}/jq.js`,
      source: getAsset('jq.js', 'utf8'),
      stamp: `sea-${size}-${mtimeMs}`,
      wasm: new Uint8Array(getRawAsset('jq.wasm')),
    };
  } catch (error) {
    throw notLoaded('jq (for --jq)', error);
  }
}

export { importingDuckDb, notLoaded };
export type { JqFiles };
