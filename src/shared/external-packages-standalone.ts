import type * as DuckDB from '@duckdb/node-api';
import { duckDbMissing } from './external-packages.js';

/**
 * external-packages.ts as the standalone build (scripts/release/build-sea.mjs) has it: that build bundles
 * this module in its place. The JavaScript of DuckDB and jq-web is in the bundle (these require() calls are
 * resolved at build time); the build loads DuckDB's duckdb.node from beside the executable and hands jq-web
 * its jq.wasm from the executable's assets.
 */

export function requireDuckDB(): typeof DuckDB {
  try {
    return require('@duckdb/node-api') as typeof DuckDB;
  } catch (error) {
    throw duckDbMissing(error);
  }
}

export function requireJqWeb(): unknown {
  return require('jq-web');
}

export { duckDbMissing };
