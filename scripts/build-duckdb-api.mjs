// DuckDB's JavaScript (@duckdb/node-api, ~340 KB once bundled) as dist/duckdb-api.cjs, one CommonJS file run
// through bin/code-cache.cjs, and dist/duckdb-api.cjs.hash, which keys its V8 code cache. Every command that
// opens a DuckDB history (and -o parquet) compiles it: on Node.js 20, which has no compile cache, that was
// ~20 ms of each (BENCHMARKS.md, scenario 9). Its native bindings (@duckdb/node-bindings) stay in node_modules.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build } from 'esbuild';
import { root, writeCodeCachedBundle } from './bundle-tree.mjs';

/** Returns the bundle's esbuild metafile (for its third-party notices). */
export async function buildDuckDbApi(out) {
  const result = await build({
    entryPoints: [createRequire(join(root, 'package.json')).resolve('@duckdb/node-api')],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    minifySyntax: true,
    minifyWhitespace: true,
    legalComments: 'none',
    external: ['@duckdb/node-bindings'],
    write: false,
    metafile: true,
    logLevel: 'warning',
  });
  const code = result.outputFiles[0].text;
  writeCodeCachedBundle(out, 'duckdb-api.cjs', code);
  return result.metafile;
}

/**
 * The chunks that import @duckdb/node-api (the history store's, the Parquet converter's) get dist/duckdb-api.cjs
 * instead, loaded once through the code cache. Both paths are taken at run time from the chunk's own folder
 * (dist/chunks), by the require() every chunk has (REQUIRE_BANNER).
 */
export const duckdbApiFromDist = {
  name: 'duckdb-api-from-dist',
  setup(build) {
    build.onResolve({ filter: /^@duckdb\/node-api$/ }, () => ({ path: 'duckdb-api', namespace: 'duckdb-api-from-dist' }));
    build.onResolve({ filter: /^\.\.\//, namespace: 'duckdb-api-from-dist' }, (args) => ({ path: args.path, external: true }));
    build.onLoad({ filter: /.*/, namespace: 'duckdb-api-from-dist' }, () => ({
      contents: `module.exports = require('../../bin/code-cache.cjs').requireWithCodeCache(require.resolve('../duckdb-api.cjs'), 'duckdb-api');`,
      loader: 'js',
    }));
  },
};
