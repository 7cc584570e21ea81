import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runBuiltTix as runTix } from '../helpers/tix-binary.js';
import { REPO_ROOT, tempDir } from '../helpers/tix-env.js';
import { allCommands } from './help-tree.js';

const run = promisify(execFile);
const BUNDLE = join(REPO_ROOT, 'dist', 'tix.js');
const pages: Record<string, string> = JSON.parse(readFileSync(join(REPO_ROOT, 'dist', 'help.json'), 'utf8'));

/** What Commander itself prints: the bundle run directly, which bin/tix's help pages are not part of. */
async function commanderHelp(args: string[]): Promise<{ stdout: string; stderr: string }> {
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: tempDir(), TZ: 'UTC', TIX_CONFIG_DIR: tempDir() };
  return run(process.execPath, [BUNDLE, ...args], { env });
}

describe('help pages printed by bin/tix without loading the bundle (dist/help.json)', () => {
  it('there is a page for every command of the tree, and for a bare tix', () => {
    const expected = ['', ...allCommands().map(({ path }) => `${path} --help`.trim())].sort();
    expect(Object.keys(pages).sort()).toEqual(expected);
  });

  for (const { path } of allCommands()) {
    const args = path ? path.split(' ') : [];
    it(`tix ${path} --help and -h print what Commander prints`.replace('  ', ' '), async () => {
      const [live, long, short] = await Promise.all([
        commanderHelp([...args, '--help']),
        runTix([...args, '--help']),
        runTix([...args, '-h']),
      ]);
      expect(live.stdout).toMatch(/^Usage: tix/);
      for (const served of [long, short]) {
        expect(served.code).toBe(0);
        expect(served.stderr).toBe('');
        expect(served.stdout).toBe(live.stdout);
      }
    });
  }

  it('a bare tix prints the help and the sandbox hint, as the bundle does', async () => {
    const [live, served] = await Promise.all([commanderHelp([]), runTix([])]);
    expect(served.code).toBe(0);
    expect(served.stdout).toBe(live.stdout);
    expect(served.stdout).toMatch(/New here\? Try: tix --sandbox/);
  });

  it('other arguments with --help still go to Commander (a page is only for the exact form)', async () => {
    const result = await runTix(['events', 'search', '--category', 'nope', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(pages['events search --help']);
    const unknown = await runTix(['nosuch', '--help']);
    expect(unknown.code).toBe(0);
    expect(unknown.stdout).toBe(pages['--help']);
  });

  let hasScript = true;
  try {
    execFileSync('script', ['--version'], { stdio: 'ignore' });
  } catch {
    hasScript = false;
  }
  it.skipIf(!hasScript)('a terminal 120 columns wide gets help wrapped to its width, not the 80-column page', () => {
    // script(1) gives tix a pseudo-terminal; stty sets its width before tix starts.
    const command = `stty cols 120; ${JSON.stringify(process.execPath)} ${JSON.stringify(join(REPO_ROOT, 'bin', 'tix'))} events search --help`;
    const output = execFileSync('script', ['-qec', command, '/dev/null'], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    const lines = output.replace(/\r/g, '').split('\n');
    expect(lines.some((line) => line.length > 80)).toBe(true);
    expect(lines.every((line) => line.length <= 120)).toBe(true);
    expect(output.replace(/\r/g, '')).not.toBe(pages['events search --help']);
  });
});
