// Writes completions/tix.{bash,zsh,fish} from the command tree (`npm run completions`). The tree is TypeScript,
// so it is bundled to a temporary module first; dist/ is not touched, so this needs no build and races none.
// test/completion/generated-files.test.ts fails when the committed files differ from what this writes.
import { build } from 'esbuild';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const temp = mkdtempSync(join(tmpdir(), 'tix-completions-'));
try {
  const entry = join(temp, 'generate.mjs');
  await build({
    stdin: {
      contents: "export { buildProgram } from './src/cli/program.ts'; export { renderCompletion } from './src/cli/completion/render.ts'; export { SHELLS } from './src/cli/completion/shells.ts';",
      resolveDir: root,
      loader: 'ts',
    },
    outfile: entry,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    define: { __TIX_VERSION__: JSON.stringify(pkg.version) },
    banner: { js: "import{createRequire as __tixCreateRequire}from'node:module';const require=__tixCreateRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  const { buildProgram, renderCompletion, SHELLS } = await import(pathToFileURL(entry).href);
  for (const shell of SHELLS) {
    const file = join(root, 'completions', `tix.${shell}`);
    writeFileSync(file, renderCompletion(shell, buildProgram()));
    console.log(`wrote ${file}`);
  }
} finally {
  rmSync(temp, { recursive: true, force: true });
}
