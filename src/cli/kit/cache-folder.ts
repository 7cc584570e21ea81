import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * tix's cache folder, as bin/code-cache.cjs finds it for the fast path's code cache (which cannot import this
 * module: it runs before any bundle), from the run's environment: env-paths' place, ~/.cache/tix on Linux.
 */
export function cacheFolder(env: NodeJS.ProcessEnv): string {
  const home = env.HOME || homedir();
  if (process.platform === 'darwin') return join(home, 'Library', 'Caches', 'tix');
  if (process.platform === 'win32') return join(env.LOCALAPPDATA || join(home, 'AppData', 'Local'), 'tix', 'Cache');
  return join(env.XDG_CACHE_HOME || join(home, '.cache'), 'tix');
}

/**
 * Makes the cache folder (0700: it is the user's own), and its parent if that is missing too (~/.cache). Not
 * mkdirSync's `recursive`, which loops for ever under some file systems (/proc): a cache must never hang a run.
 */
export function makeCacheFolder(folder: string): void {
  try {
    mkdirSync(folder, { mode: 0o700 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return;
    if (code !== 'ENOENT') throw error;
    mkdirSync(dirname(folder), { mode: 0o700 });
    mkdirSync(folder, { mode: 0o700 });
  }
}
