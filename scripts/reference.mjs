// Writes the command reference from the command tree (`npm run reference`): docs/commands/tix-<words>.md, one
// page per command, with docs/commands/README.md as the index, and the man pages man/man1/tix.1 and
// man/man1/tix-<words>.1. Each page is what `tix <words> --help` says (Commander's own help formatter reads the
// same definitions), laid out for the medium, plus the exit codes. test/help/reference.test.ts fails when the
// committed files differ from what this writes. Then package.json's `man`: every man page, by name, which is what
// npm links into <prefix>/share/man on `npm install -g` (it reads `directories.man` only for a folder it installs
// from, never from a tarball); test/release/package.test.ts fails when the list and man/man1 differ.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importTreeModule, root } from './bundle-tree.mjs';
import { referencePages } from './reference-pages.mjs';

const tree = await importTreeModule(
  "export { buildProgram, EXIT_CODE_MEANINGS, ENVIRONMENT, ABOUT, FILES } from './src/cli/program.ts'; export { examplesOf, seeAlsoOf } from './src/cli/kit/command-kit.ts'; export { exitStatusesOf } from './src/cli/kit/exit-codes.ts';",
);

for (const [folder, pattern] of [
  ['docs/commands', /\.md$/],
  ['man/man1', /\.1$/],
]) {
  const dir = join(root, folder);
  mkdirSync(dir, { recursive: true });
  // A command that is gone takes its page with it.
  for (const file of readdirSync(dir)) if (pattern.test(file)) rmSync(join(dir, file));
}
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const pages = referencePages(tree, version);
for (const [file, text] of pages) writeFileSync(join(root, file), text);
const packageFile = join(root, 'package.json');
const pkg = JSON.parse(readFileSync(packageFile, 'utf8'));
pkg.man = manPages();
writeFileSync(packageFile, `${JSON.stringify(pkg, null, 2)}\n`);
console.log(`wrote ${pages.size} files in docs/commands and man/man1, and package.json's man (${pkg.man.length} pages)`);

/** man/man1/*.1, sorted, as package.json's `man` lists them. */
function manPages() {
  return readdirSync(join(root, 'man', 'man1'))
    .filter((file) => file.endsWith('.1'))
    .sort()
    .map((file) => `man/man1/${file}`);
}
