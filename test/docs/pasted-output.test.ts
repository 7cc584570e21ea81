/**
 * Every example of README.md and docs/*.md that shows a command and what it printed (a `console` block's `$ `
 * line with lines under it) runs here, as a reader would paste it: `tix --sandbox ...` in a fresh home, at the
 * guides' clock (TIX_SANDBOX_NOW, docs/sandbox.md), and prints exactly what the guide shows. A block whose
 * output was taken at a terminal says how wide (`console columns=120`) and runs at one. Where a guide and a run
 * differ, the guide is regenerated from the run (CONTRIBUTING.md, "Documentation").
 */
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { limited } from '../helpers/limited.js';
import { runShell } from '../helpers/shell.js';
import { runTix } from '../helpers/tix.js';
import { failOnUnexpectedStderr, type TixResult } from '../helpers/tix-env.js';
import { documentedFiles, type PastedExample, pastedExamples, plainWords } from './markdown.js';
import { readerHome } from './reader-home.js';

const examples = documentedFiles().flatMap(pastedExamples);
/** Each run starts a sandbox of its own; a few at once keep the file short without crowding the machine. */
const oneAtATime = limited(3);

/** A reader's fresh home (reader-home.ts), with no colour: the guides show plain text. */
function homeFor(): { home: string; env: Record<string, string> } {
  const { home, env } = readerHome('tix-pasted-');
  return { home, env: { ...env, NO_COLOR: '1' } };
}

/** A plain `tix ...` runs in-process (at a terminal when the block says so); anything else through bash. */
async function run(example: PastedExample, home: string, env: Record<string, string>): Promise<TixResult> {
  const words = plainWords(example.command, home);
  if (words?.[0] === 'tix') {
    return runTix(words.slice(1), { env, ...(example.columns ? { terminal: { columns: example.columns } } : {}) });
  }
  if (example.columns) throw new Error(`${example.file}:${example.line}: columns= is for a plain tix command; a pipe is no terminal`);
  const result = await runShell(`set -eo pipefail\n${example.command}`, { cwd: home, env });
  return failOnUnexpectedStderr({ ...result, signal: null }, false, [example.command]);
}

/** Lines as compared: trailing blanks dropped (editors strip them from Markdown), and blank lines at the end. */
function shown(lines: string[]): string {
  return lines
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n+$/, '');
}

describe('the pasted output of the documentation', () => {
  it(`is shown under ${examples.length} commands, each a tix --sandbox command a reader can run`, () => {
    // The count the closing note of issue 37 gives; fewer means an example lost its output or stopped being found.
    expect(examples.length).toBeGreaterThanOrEqual(4);
    const unchecked = examples.filter((e) => !/^tix --sandbox\b/.test(e.command)).map((e) => `${e.file}:${e.line}: ${e.command}`);
    expect(unchecked, 'output shown under a command the sandbox cannot reproduce').toEqual([]);
  });

  for (const example of examples) {
    it.concurrent(`${example.file}:${example.line}: ${example.command}`, { timeout: 60_000 }, async () => {
      const { home, env } = homeFor();
      try {
        const result = await oneAtATime(() => run(example, home, env));
        expect(result.code, result.stderr).toBe(0);
        expect(shown(result.stdout.split('\n'))).toBe(shown(example.output));
      } finally {
        rmSync(home, { recursive: true, force: true });
      }
    });
  }
});
