/**
 * The command reference (docs/commands) and the man pages (man/man1), written by `npm run reference` from the
 * command tree: committed as that writes them, a page for every command, man pages that groff renders
 * without a warning, and each man page lists the flags `tix <command> --help` lists.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { referencePages } from '../../scripts/reference-pages.mjs';
import { examplesOf, seeAlsoOf } from '../../src/cli/kit/command-kit.js';
import { exitStatusesOf } from '../../src/cli/kit/exit-codes.js';
import { ABOUT, buildProgram, ENVIRONMENT, EXIT_CODE_MEANINGS, FILES } from '../../src/cli/program.js';
import { runTix } from '../helpers/tix.js';
import { REPO_ROOT } from '../helpers/tix-env.js';
import { allCommands } from './help-tree.js';

const run = promisify(execFile);
const VERSION: string = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).version;
const pageName = (path: string) => ['tix', ...(path ? path.split(' ') : [])].join('-');
const committed = (folder: string) => readdirSync(join(REPO_ROOT, folder)).map((file) => `${folder}/${file}`);

describe('the command reference and the man pages', () => {
  it('are committed as npm run reference writes them from the tree (run it after changing a command)', () => {
    const expected: Map<string, string> = referencePages(
      { buildProgram, ENVIRONMENT, EXIT_CODE_MEANINGS, ABOUT, FILES, examplesOf, seeAlsoOf, exitStatusesOf },
      VERSION,
    );
    expect([...committed('docs/commands'), ...committed('man/man1')].sort()).toEqual([...expected.keys()].sort());
    for (const [file, text] of expected) expect(readFileSync(join(REPO_ROOT, file), 'utf8'), file).toBe(text);
  });

  it('have a page for every command of the tree, and an index that links each', () => {
    const names = allCommands().map(({ path }) => pageName(path));
    expect(names.length).toBeGreaterThan(30);
    const index = readFileSync(join(REPO_ROOT, 'docs', 'commands', 'README.md'), 'utf8');
    for (const name of names) {
      expect(committed('man/man1')).toContain(`man/man1/${name}.1`);
      expect(committed('docs/commands')).toContain(`docs/commands/${name}.md`);
      expect(index).toContain(`](${name}.md)`);
    }
  });

  it.for(allCommands().map(({ path }) => path))('man page of tix %s renders without a warning', async (path) => {
    const { stdout, stderr } = await run('groff', ['-ww', '-man', '-Tutf8', join(REPO_ROOT, 'man', 'man1', `${pageName(path)}.1`)]);
    expect(stderr).toBe('');
    expect(stdout).toContain(`${pageName(path).toUpperCase()}(1)`);
  });

  it.for(allCommands().map(({ path }) => path))('tix %s --help and its man page list the same flags', async (path) => {
    const help = await runTix([...(path ? path.split(' ') : []), '--help']);
    expect(help.code).toBe(0);
    // -P-cbou: plain characters, no overstriking or escape sequences; a roff \- may render as a minus sign.
    const man = (await run('groff', ['-man', '-Tutf8', '-P-cbou', join(REPO_ROOT, 'man', 'man1', `${pageName(path)}.1`)])).stdout;
    const manFlags = flagsOf(sections(man.replace(/[\u2010\u2212]/g, '-'), ['OPTIONS', 'GLOBAL OPTIONS']), 7);
    expect(manFlags.length).toBeGreaterThan(0);
    expect(manFlags).toEqual(flagsOf(help.stdout, 2));
  });
});

/** The lines of the man page's sections of these titles. */
function sections(page: string, titles: string[]): string {
  const lines = page.split('\n');
  const kept: string[] = [];
  let inside = false;
  for (const line of lines) {
    if (/^[A-Z]/.test(line)) inside = titles.includes(line.trim());
    else if (inside) kept.push(line);
  }
  return kept.join('\n');
}

/**
 * The flags of option terms: lines indented by `indent` that start with a dash (`  -o, --output <format>  ...`),
 * the flags read up to the first word that is not a flag or its value. Sorted.
 */
function flagsOf(text: string, indent: number): string[] {
  const flags: string[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${' '.repeat(indent)}-`)) continue;
    for (const word of line.trim().split(/\s+/)) {
      if (/^-{1,2}[A-Za-z][\w-]*,?$/.test(word)) flags.push(word.replace(/,$/, ''));
      else if (!/^[<[]/.test(word)) break;
    }
  }
  return flags.sort();
}
