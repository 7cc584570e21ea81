/**
 * `tix events search --all -o csv | head -1`: the reader goes away after one line. tix must exit 0, say
 * nothing, and stop asking the API for pages soon after: the sandbox counts what it was asked.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useSandbox } from './support/sandboxes.js';
import { cleanEnv, REPO_ROOT, testDir as tempDir, TIX_BIN } from '../helpers/tix-env.js';

const run = promisify(execFile);
const EVENTS = 20_000;
const CONCURRENCY = 4; // tix's default: pages in flight at once

/**
 * Runs the pipeline in a real shell. tix's own exit status and stderr go to files, since the pipeline's
 * status is head's.
 */
async function pipeToHead(url: string, args: string[]): Promise<{ head: string; code: number; stderr: string }> {
  const dir = tempDir();
  const script = '{ "$NODE" "$TIX" "$@" 2>"$DIR/stderr"; echo $? >"$DIR/code"; } | head -1';
  const env = { ...cleanEnv({ TIX_BASE_URL: url, TIX_API_KEY: 'sandbox-key' }), NODE: process.execPath, TIX: TIX_BIN, DIR: dir };
  const { stdout } = await run('/bin/sh', ['-c', script, 'sh', ...args], { env, cwd: REPO_ROOT, timeout: 60_000 });
  return { head: stdout, code: Number(readFileSync(join(dir, 'code'), 'utf8')), stderr: readFileSync(join(dir, 'stderr'), 'utf8') };
}

describe('tix events search --all -o csv | head -1', () => {
  const sandbox = useSandbox({ events: EVENTS });

  it.each([
    // The command as written: 1,000 events a page, 20 pages.
    [[] as string[], 20],
    // Small pages: 200 of them, so "stops soon" is measured against many pages not asked for.
    [['--page-size', '100'], 200],
  ])('with %j: exits 0, prints nothing on stderr, and stops requesting pages (of %i)', async (extra, pages) => {
    const before = sandbox().requests;
    const result = await pipeToHead(sandbox().url, ['events', 'search', '--all', '-o', 'csv', ...extra]);
    expect(result.head).toMatch(/^id,name,/);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');

    const served = sandbox().requests - before;
    // The pages in flight when stdout closed, and perhaps the next round: never the whole list.
    expect(served).toBeLessThanOrEqual(2 * CONCURRENCY + 1);
    expect(served).toBeLessThan(pages);
    // tix has exited; nothing it started is still asking.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sandbox().requests - before).toBe(served);
  });
});
