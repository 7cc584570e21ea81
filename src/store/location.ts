import { join } from 'node:path';
import envPaths from 'env-paths';

/** The history file when neither --db, TIX_DB nor the db setting names one: history.duckdb in tix's data folder. */
export function defaultHistoryLocation(): string {
  return join(envPaths('tix', { suffix: '' }).data, 'history.duckdb');
}
