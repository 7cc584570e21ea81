/**
 * Ctrl-C (SIGINT) or SIGTERM in the middle of `--all --out file`: exit 130 or 143, no temporary file left,
 * and the file from the last good run untouched (or, if there was none, no file at all). With a config file
 * and without one: with one, conf is loaded, and a dependency of it once sent the signal twice (issue 36 §1).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSandbox } from './support/sandboxes.js';
import { startTix } from '../helpers/tix-binary.js';
import { CONFIG_FILE_CASES, configEnv, sandboxEnv as apiEnv, testDir as tempDir } from '../helpers/tix-env.js';

/** Resolves once `check` is true, polling; fails the test if that takes longer than `ms`. */
async function until(check: () => boolean, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each([
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const)('%s during --all --out', (signal, exitCode) => {
  // 200 pages of 100 events, 100 ms each: the export takes several seconds, so the signal lands mid-way.
  const sandbox = useSandbox({ events: 20_000, latencyMs: 100 });

  it.each(
    [
      ['an existing file', true],
      ['no file yet', false],
    ].flatMap(([target, hadFile]) => CONFIG_FILE_CASES.map(([config, withFile]) => [target, config, hadFile, withFile] as const)),
  )(`exits ${exitCode} and leaves no temporary file, with %s, %s`, async (_target, _config, hadFile, withFile) => {
    const dir = tempDir();
    const target = join(dir, 'events.csv');
    const yesterday = 'id,name\r\nevt_old,Yesterday\r\n';
    if (hadFile) writeFileSync(target, yesterday);

    const before = sandbox().requests;
    const run = startTix(['events', 'search', '--all', '--page-size', '100', '--out', target], {
      env: { ...apiEnv(sandbox().url), ...configEnv(withFile) },
    });
    // Mid-way: the temporary file exists and several pages have been fetched (and written to it).
    await until(() => readdirSync(dir).some((name) => name.includes('.tmp-')), 'the temporary file');
    await until(() => sandbox().requests - before >= 12, 'a few pages');
    run.child.kill(signal);
    const result = await run.done;

    expect(result.code, result.stderr).toBe(exitCode);
    expect(result.signal).toBeNull();
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('');
    expect(readdirSync(dir)).toEqual(hadFile ? ['events.csv'] : []);
    if (hadFile) expect(readFileSync(target, 'utf8')).toBe(yesterday);
    else expect(existsSync(target)).toBe(false);
  });
});
