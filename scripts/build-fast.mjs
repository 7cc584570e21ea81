// dist/fast.cjs, the fast path for one query (src/cli/fast.ts; ARCHITECTURE.md, "The fast path"), with the
// table of the command tree it reads argv by (fast-table.mjs) built in, and dist/fast.cjs.hash, which keys
// its V8 code cache on Node.js 20 (bin/code-cache.cjs).
import { build } from 'esbuild';
import { CJS_IMPORT_META, EXTERNAL_PACKAGES, fastPathStandIns, lazyConfDependencies, tixOwnsSignals } from './build-plugins.mjs';
import { root, writeCodeCachedBundle } from './bundle-tree.mjs';
import { fastActionsModule, fastCommands, writeFastWords } from './fast-commands.mjs';
import { fastTable } from './fast-table.mjs';

/**
 * Packages only a rare run needs (a proxy, a spinner, a table, colour, DuckDB for -o parquet; conf's
 * validators, which lazyConfDependencies loads on use) stay in node_modules, loaded on use, rather than
 * parsed on every start.
 */
const LEFT_IN_NODE_MODULES = [
  ...EXTERNAL_PACKAGES,
  '@duckdb/node-api',
  'undici',
  'ora',
  'chalk',
  'cli-table3',
  'string-width',
  'ajv',
  'ajv/*',
  'ajv-formats',
  'semver',
];

/**
 * `buildProgram` and `commands` are src/cli/program.ts's and the registry's (importTreeModule); `define` the main
 * build's. Returns the bundle's esbuild metafile (for its third-party notices).
 */
export async function buildFastPath(out, buildProgram, commands, define) {
  const fast = fastCommands(commands);
  const result = await build({
    ...fastBuildOptions(buildProgram, define),
    external: LEFT_IN_NODE_MODULES,
    plugins: [fastActionsModule(fast), fastPathStandIns, lazyConfDependencies(root), tixOwnsSignals(root)],
    metafile: true,
  });
  const code = viaTixImport(result.outputFiles[0].text);
  writeCodeCachedBundle(out, 'fast.cjs', code);
  writeFastWords(out, fast);
  return result.metafile;
}

/**
 * The esbuild options of the fast path's bundle, less what it leaves out and its plugins: the standalone build
 * (scripts/release/build-sea.mjs) bundles everything.
 */
export function fastBuildOptions(buildProgram, define) {
  // One CommonJS file: Node loads it without starting its ES module loader, and reads one file, not a dozen.
  return {
    entryPoints: ['src/cli/fast.ts'],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    minifySyntax: true,
    // Short names make a smaller file and a smaller V8 code cache: ~1 ms of a one-off query (BENCHMARKS.md). A
    // stack trace (--debug, after an unexpected error) names functions better with TIX_NO_FAST_PATH=1.
    minifyIdentifiers: true,
    minifyWhitespace: true,
    legalComments: 'none',
    banner: CJS_IMPORT_META.banner,
    define: { ...define, ...CJS_IMPORT_META.define, __TIX_FAST_TABLE__: JSON.stringify(JSON.stringify(fastTable(buildProgram()))) },
    logLevel: 'warning',
    write: false,
  };
}

/**
 * The bundle's import() of what it left in node_modules goes through __tixImport, which bin/tix defines:
 * compiled with a code cache (vm.Script), the bundle's own import() would need --experimental-vm-modules.
 */
function viaTixImport(code) {
  const replaced = code.replace(/\bimport\(("[^"]+")\)/g, '__tixImport($1)');
  if (/\bimport\(/.test(replaced)) throw new Error('dist/fast.cjs: an import() the build cannot route through __tixImport');
  return replaced;
}
