import { DUCKDB_USERS, type ExternalPackage, type JqFiles, notLoaded } from './external-packages.js';

/**
 * external-packages.ts as the standalone build (scripts/release/build-sea.mjs) has it: that build bundles
 * this module in its place. DuckDB's JavaScript is in the bundle (the require() below is resolved at build
 * time), and the build loads its duckdb.node from beside the executable; jq-web's script and jq.wasm are
 * assets of the executable, handed to --jq's worker thread as the npm build hands it the files it reads.
 */
export function requireExternal(_name: ExternalPackage, what: string): unknown {
  try {
    return require('@duckdb/node-api');
  } catch (error) {
    throw notLoaded(what, error);
  }
}

export function jqFiles(_name: 'jq-web'): JqFiles {
  try {
    const { getAsset, getRawAsset } = require('node:sea') as {
      getAsset(key: string, encoding: string): string;
      getRawAsset(key: string): ArrayBuffer;
    };
    return { script: `${process.execPath}/jq.js`, source: getAsset('jq.js', 'utf8'), wasm: new Uint8Array(getRawAsset('jq.wasm')) };
  } catch (error) {
    throw notLoaded('jq (for --jq)', error);
  }
}

export { DUCKDB_USERS, notLoaded };
export type { ExternalPackage, JqFiles };
