// Bundles modules of the command tree (TypeScript) to a temporary ES module and imports it, for scripts that
// generate files from the tree. dist/ is not touched, so this needs no build and races none.
import { build } from 'esbuild';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { EXTERNAL_PACKAGES, REQUIRE_BANNER } from './build-plugins.mjs';

export const root = fileURLToPath(new URL('..', import.meta.url));

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
      define: { __TIX_VERSION__: JSON.stringify(pkg.version) },
      banner: REQUIRE_BANNER,
      external: EXTERNAL_PACKAGES,
      logLevel: 'warning',
    });
    return await import(pathToFileURL(entry).href);
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}
