// Writes dist/help.json: the help of every command as the built tix prints it off a terminal, keyed by the
// arguments that ask for it ('' for a bare `tix`, 'events search --help', ...). bin/tix prints these pages
// itself, so `tix … --help` does not load the bundle, Commander and the command tree (BENCHMARKS.md:
// most of its start-up). Every page is the real binary's output, captured here at build time;
// test/help/help-pages.test.ts checks each against a live run.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** `out`: the folder the build fills (it becomes dist/); `buildProgram`: src/cli/program.ts's, from importTreeModule (bundle-tree.mjs). */
export async function writeHelpPages(out, buildProgram) {
  const argLists = [[], ...commandPaths(buildProgram()).map((path) => [...path, '--help'])];
  const pages = await Promise.all(argLists.map((args) => renderPage(out, args)));
  const byKey = Object.fromEntries(argLists.map((args, i) => [args.join(' '), pages[i]]));
  writeFileSync(join(out, 'help.json'), `${JSON.stringify(byKey)}\n`);
}

/** [], ['events'], ['events', 'search'], ...: every command's path below the program. */
function commandPaths(command, path = []) {
  return [path, ...command.commands.flatMap((sub) => commandPaths(sub, [...path, sub.name()]))];
}

async function renderPage(out, args) {
  // Off a terminal (a pipe), Commander wraps help at 80 columns: the width bin/tix serves these pages at.
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1' };
  const { stdout, stderr } = await run(process.execPath, [join(out, 'tix.js'), ...args], { env, maxBuffer: 1 << 20 });
  if (stderr) throw new Error(`tix ${args.join(' ')} wrote to stderr while rendering help: ${stderr}`);
  return stdout;
}
