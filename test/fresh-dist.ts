/**
 * Vitest global setup: the tests that start bin/tix run dist/, so a dist/ older than the code it is built
 * from would test old code in silence. Builds first when any file under src/, scripts/, bin/ or licenses/ (the
 * vendored licence texts of the third-party notices), or package.json, is newer than the oldest of its outputs, or one of them is missing: 2 s, and only when something changed.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './helpers/tix-env.js';

const SOURCES = ['src', 'scripts', 'bin', 'licenses', 'package.json'];
/**
 * What scripts/build.mjs writes: the full bundle, the fast path's bundle and first words, the captured help pages,
 * the third-party notices and the bundles' inputs they are checked against.
 */
const OUTPUTS = ['tix.js', 'fast.cjs', 'fast-words.json', 'help.json', 'THIRD-PARTY-NOTICES.txt', 'bundle-inputs.json'];

export default function setup(): void {
  const times = OUTPUTS.map((file) => modifiedAt(join(REPO_ROOT, 'dist', file)));
  const built = times.includes(undefined) ? undefined : Math.min(...(times as number[]));
  const stale = built === undefined || SOURCES.some((source) => newestUnder(join(REPO_ROOT, source)) > built);
  if (!stale) return;
  process.stderr.write('dist/ is older than src/: building it first (node scripts/build.mjs)\n');
  execFileSync(process.execPath, [join(REPO_ROOT, 'scripts', 'build.mjs')], { cwd: REPO_ROOT, stdio: 'inherit' });
}

function modifiedAt(path: string): number | undefined {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/** The latest modification time of a file, or of any file in a folder tree. */
function newestUnder(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestUnder(join(path, entry)));
  return newest;
}
