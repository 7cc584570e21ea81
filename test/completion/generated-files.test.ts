import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderCompletion } from '../../src/cli/commands/completion/render.js';
import { buildProgram } from '../../src/cli/program.js';
import { runTix } from '../helpers/tix.js';
import { scriptFor, SHELLS } from './complete-in.js';

describe('completions/ is what the command tree generates', () => {
  for (const shell of SHELLS) {
    it(`completions/tix.${shell} is up to date (if not: npm run completions)`, () => {
      const committed = readFileSync(scriptFor(shell), 'utf8');
      // Not toBe: a diff of a 600-line file says nothing; the fix is always the same command.
      const upToDate = committed === renderCompletion(shell, buildProgram());
      expect(upToDate, `completions/tix.${shell} differs from the command tree: run npm run completions and commit the result`).toBe(true);
    });

    it(`tix completion ${shell} prints the same script`, async () => {
      const result = await runTix(['completion', shell]);
      expect(result.code).toBe(0);
      expect(result.stdout === readFileSync(scriptFor(shell), 'utf8')).toBe(true);
    });
  }

  it('tix completion refuses a shell it does not know, with exit 2', async () => {
    const result = await runTix(['completion', 'powershell']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/bash, zsh, fish/);
  });
});
