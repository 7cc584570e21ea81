import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import envPaths from 'env-paths';
import { UsageError } from '../shared/errors.js';

/** The history file when neither --db, TIX_DB nor the db setting names one: history.duckdb in tix's data folder. */
export function defaultHistoryLocation(env: NodeJS.ProcessEnv): string {
  // env-paths reads the process's environment, and a run's may differ (a test's, in-process); on Linux its
  // rule is this one, with $HOME as os.homedir() reads it.
  if (process.platform === 'linux')
    return join(env.XDG_DATA_HOME || join(env.HOME || homedir(), '.local', 'share'), 'tix', 'history.duckdb');
  return join(envPaths('tix', { suffix: '' }).data, 'history.duckdb');
}

/**
 * The history of `--sandbox` runs when no --db is given: sandbox/history.duckdb in tix's data folder. The
 * sandbox's events are generated: they never go into the real API's history (TIX_DB, the db setting), which
 * may be a team's.
 */
export function sandboxHistoryLocation(env: NodeJS.ProcessEnv): string {
  return join(dirname(defaultHistoryLocation(env)), 'sandbox', 'history.duckdb');
}

/**
 * A folder the user named for the history (`source`: --db, TIX_DB, the db setting, --to) must exist, as
 * for --out: tix makes only its own data folder, so a typo does not silently start a second history.
 */
export function checkNamedFolder(folder: string, source: string): void {
  let isFolder: boolean;
  try {
    isFolder = statSync(folder).isDirectory();
  } catch {
    throw new UsageError(`${source}: folder ${folder} does not exist`);
  }
  if (!isFolder) throw new UsageError(`${source}: ${folder} is not a folder`);
}
