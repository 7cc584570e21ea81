// Writes completions/tix.{bash,zsh,fish} from the command tree (`npm run completions`).
// test/completion/generated-files.test.ts fails when the committed files differ from what this writes.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importTreeModule, root } from './bundle-tree.mjs';

const { buildProgram, renderCompletion, SHELLS } = await importTreeModule(
  "export { buildProgram } from './src/cli/program.ts'; export { renderCompletion } from './src/cli/commands/completion/render.ts'; export { SHELLS } from './src/cli/commands/completion/shells.ts';",
);
for (const shell of SHELLS) {
  const file = join(root, 'completions', `tix.${shell}`);
  writeFileSync(file, renderCompletion(shell, buildProgram()));
  console.log(`wrote ${file}`);
}
