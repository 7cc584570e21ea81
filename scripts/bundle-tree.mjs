// Bundles modules of the command tree (TypeScript) to a temporary ES module and imports it, for scripts that
// generate files from the tree. dist/ is not touched, so this needs no build and races none.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { REQUIRE_BANNER } from './build-plugins.mjs';

export const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Writes <out>/<name> (out: the folder the build fills, scripts/build.mjs), a CommonJS bundle bin/code-cache.cjs
 * runs, and <name>.hash beside it: its code cache is keyed on the bundle's hash, since V8 checks a cache against
 * the source's length only.
 */
export function writeCodeCachedBundle(out, name, code) {
  writeFileSync(join(out, name), code);
  writeFileSync(join(out, `${name}.hash`), `${createHash('sha256').update(code).digest('hex').slice(0, 16)}\n`);
}

/**
 * DuckDB is a native addon, which cannot be bundled, and an external import would be hoisted to the top of
 * this one-file bundle and fail to resolve from the temporary folder. The tree never runs a command, so the
 * history store never opens: an empty stand-in does.
 */
const nativeAddonStub = {
  name: 'native-addon-stub',
  setup(build) {
    build.onResolve({ filter: /^@duckdb\// }, (args) => ({ path: args.path, namespace: 'native-addon-stub' }));
    build.onLoad({ filter: /.*/, namespace: 'native-addon-stub' }, () => ({ contents: 'module.exports = {};', loader: 'js' }));
  },
};

/** `exports` is the entry's source, e.g. "export { buildProgram } from './src/cli/program.ts';". */
export async function importTreeModule(exports) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const temp = mkdtempSync(join(tmpdir(), 'tix-tree-'));
  try {
    const entry = join(temp, 'tree.mjs');
    await build({
      stdin: { contents: exports, resolveDir: root, loader: 'ts' },
      outfile: entry,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      // fast-commands.mjs names the registry's fast actions by their functions' names.
      keepNames: true,
      define: { __TIX_VERSION__: JSON.stringify(pkg.version) },
      banner: REQUIRE_BANNER,
      logLevel: 'warning',
      plugins: [nativeAddonStub],
    });
    return await import(pathToFileURL(entry).href);
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}
