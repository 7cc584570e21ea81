// Bundles the CLI into dist/ with code splitting: start-up loads only the entry chunk (Commander and the
// command tree); the commands' implementations (one chunk, see build-plugins.mjs), undici, conf, the table
// renderer, the sandbox, the history store and the Parquet converter are separate chunks loaded by dynamic
// import when a command needs them. Then dist/help.json: the help pages bin/tix prints itself (help-pages.mjs);
// and dist/fast.cjs, the fast path for one-query commands (src/cli/fast.ts), with the table of the command
// tree it reads argv by (build-fast.mjs), both from the same command tree, and dist/fast-words.json, the first
// words bin/tix looks for before loading it (fast-commands.mjs, from the registry's `fast` entries); and
// dist/duckdb-api.cjs, DuckDB's JavaScript, run through a V8 code cache (build-duckdb-api.mjs). Last,
// dist/THIRD-PARTY-NOTICES.txt: the licence of every package whose code the bundles hold, found from esbuild's
// metafiles (notices.mjs; the build fails if one has no licence text), and dist/bundle-inputs.json, those
// metafiles' inputs, which test/release/notices.test.ts checks the notices against (not packed: package.json).
// All of it is written to a folder beside dist/ and moved into dist/ when done (dist-swap.mjs), so a tix run
// during the build finds the old build or the new one, never a half-written one.
import { build } from 'esbuild';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  EXTERNAL_PACKAGES,
  REQUIRE_BANNER,
  lazyChildProcess,
  lazyConfDependencies,
  nodeOnlyPgStream,
  runGroup,
  tixOwnsSignals,
} from './build-plugins.mjs';
import { importTreeModule, root } from './bundle-tree.mjs';
import { buildDuckDbApi, duckdbApiFromDist } from './build-duckdb-api.mjs';
import { buildFastPath } from './build-fast.mjs';
import { moveIntoDist, stagingFolder } from './dist-swap.mjs';
import { writeHelpPages } from './help-pages.mjs';
import { bundledPackageFolders, noticesText, packageNotices } from './notices.mjs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

const dist = join(root, 'dist');
const out = stagingFolder(dist);
try {
  await buildInto(out);
  moveIntoDist(out, dist);
} finally {
  rmSync(out, { recursive: true, force: true });
}

/** The whole build, into `out`, a folder beside dist/ (same depth: the chunks reach bin/ and node_modules by ../..). */
async function buildInto(out) {
  const define = { __TIX_VERSION__: JSON.stringify(pkg.version) };
  const [{ buildProgram, COMMANDS }, main] = await Promise.all([
    importTreeModule("export { buildProgram } from './src/cli/program.ts'; export { COMMANDS } from './src/cli/commands/registry.ts';"),
    build({
      entryPoints: { tix: 'src/cli/main.ts' },
      outdir: out,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      minifySyntax: true,
      minifyWhitespace: true,
      legalComments: 'none',
      chunkNames: 'chunks/[name]-[hash]',
      define,
      banner: REQUIRE_BANNER,
      // DuckDB's native bindings (a .node file per platform) cannot be bundled: they are loaded from
      // node_modules, and only by DuckDB's JavaScript, dist/duckdb-api.cjs (build-duckdb-api.mjs), which the
      // history store and the Parquet converter alone load.
      external: EXTERNAL_PACKAGES,
      logLevel: 'warning',
      metafile: true,
      plugins: [lazyChildProcess, lazyConfDependencies(root), tixOwnsSignals(root), nodeOnlyPgStream, duckdbApiFromDist, runGroup(root)],
    }),
  ]);

  const [, fast, duckdbApi] = await Promise.all([
    writeHelpPages(out, buildProgram),
    buildFastPath(out, buildProgram, COMMANDS, define),
    buildDuckDbApi(out),
  ]);

  const metafiles = { 'tix.js': main.metafile, 'fast.cjs': fast, 'duckdb-api.cjs': duckdbApi };
  const notices = packageNotices(root, bundledPackageFolders(Object.values(metafiles)));
  writeFileSync(
    join(out, 'THIRD-PARTY-NOTICES.txt'),
    noticesText(
      [
        `tix ${pkg.version} (MIT, LICENSE) bundles code from the npm packages below into dist/ (dist/tix.js and its chunks,`,
        'dist/fast.cjs, dist/duckdb-api.cjs). Each is listed with its licence and the full licence text it ships.',
        "The packages npm installs beside tix (package.json's dependencies) carry their own licence files as well.",
      ],
      notices,
    ),
  );
  writeFileSync(
    join(out, 'bundle-inputs.json'),
    `${JSON.stringify(Object.fromEntries(Object.entries(metafiles).map(([name, meta]) => [name, Object.keys(meta.inputs).sort()])), null, 1)}\n`,
  );
}
