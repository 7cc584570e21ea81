// The build fills a folder beside dist/ and only then moves it into place, so a tix started while `npm test` or
// `npm run build` rebuilds finds every file it reads (issue 37: `npx tix` during a build failed with ENOENT
// dist/fast-words.json while the old build emptied dist/ and the new one filled it, ten seconds or so).
//
// Node.js has no atomic exchange of two folders (renameat2's RENAME_EXCHANGE), and renaming dist/ away and the new
// folder in leaves a moment with no dist/ at all, in which bin/tix would start a build of its own. So each file is
// renamed over its old self, which is atomic: a file a run reads is always there, old or new. The order keeps what a
// run reads together: chunks first (content-hashed names: new ones are added, the old ones the old tix.js imports stay
// until the end), a bundle before its `.hash` (bin/code-cache.cjs reads the hash first, so a cache is never written
// for the new hash from the old code), then the rest; last, the files of the old build the new one lacks go, but for its
// chunks: a run started from the old build imports them lazily, maybe seconds later, so they stay for one more build
// (listed in STALE_CHUNKS) and go with the next one; `npm pack`'s build (prepack) keeps none, so the package holds
// only what its tix.js imports.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** A fresh folder beside `dist` for one build to fill (removed by moveIntoDist, or by the build if it fails). */
export function stagingFolder(dist) {
  const staging = `${dist}.building-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  return staging;
}

/** Moves every file of `staging` into `dist` (created if missing) by rename, in the order above, and removes the rest. */
export function moveIntoDist(staging, dist) {
  const incoming = filesUnder(staging);
  const rank = (file) => (file.startsWith('chunks/') ? 0 : file.endsWith('.hash') ? 2 : 1);
  const ordered = [...incoming].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  for (const file of ordered) {
    mkdirSync(join(dist, file, '..'), { recursive: true });
    renameSync(join(staging, file), join(dist, file));
  }
  const kept = new Set(incoming);
  const packing = process.env.npm_lifecycle_event === 'prepack';
  const staleBefore = new Set(readStaleChunks(dist));
  const staleNow = [];
  for (const file of filesUnder(dist)) {
    if (kept.has(file) || file === STALE_CHUNKS) continue;
    if (!packing && file.startsWith('chunks/') && !staleBefore.has(file)) staleNow.push(file);
    else rmSync(join(dist, file), { force: true });
  }
  if (staleNow.length > 0) writeFileSync(join(dist, STALE_CHUNKS), staleNow.map((file) => `${file}\n`).join(''));
  else rmSync(join(dist, STALE_CHUNKS), { force: true });
  rmSync(staging, { recursive: true, force: true });
}

/** The old build's chunks a new build keeps for runs still going, removed by the build after it. */
const STALE_CHUNKS = 'stale-chunks.txt';

function readStaleChunks(dist) {
  try {
    return readFileSync(join(dist, STALE_CHUNKS), 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

/** The files under a folder, as paths relative to it with `/`; none when it does not exist. */
function filesUnder(folder) {
  let entries;
  try {
    entries = readdirSync(folder, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split('\\').join('/'));
}
