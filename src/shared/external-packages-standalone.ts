import { DUCKDB_USERS, type ExternalPackage, notLoaded } from './external-packages.js';

/**
 * external-packages.ts as the standalone build (scripts/release/build-sea.mjs) has it: that build bundles
 * this module in its place. The JavaScript of DuckDB and jq-web is in the bundle (these require() calls are
 * resolved at build time); the build loads DuckDB's duckdb.node from beside the executable and hands jq-web
 * its jq.wasm from the executable's assets.
 */
export function requireExternal(name: ExternalPackage, what: string): unknown {
  try {
    return name === '@duckdb/node-api' ? require('@duckdb/node-api') : require('jq-web');
  } catch (error) {
    throw notLoaded(what, error);
  }
}

export { DUCKDB_USERS, notLoaded };
export type { ExternalPackage };
