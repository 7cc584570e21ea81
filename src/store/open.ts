import { importingDuckDb } from '../shared/external-packages.js';
import { isPostgresUrl } from './postgres-url.js';
import type { HistoryStore } from './store.js';

export interface OpenStoreOptions {
  /** Only read (tix history): never creates or changes anything but an old file's schema. */
  readOnly?: boolean;
  /** DuckDB: seconds to wait while another process holds the file (an overlapping cron run). */
  lockTimeoutSeconds: number;
  signal?: AbortSignal;
  /** PostgreSQL: the schema holding tix's tables (default public). */
  schema?: string;
  /** The flag or setting the location came from, for errors about it (default --db). */
  source?: string;
  /** DuckDB: create the file's folder if missing (tix's default location only; a folder the user names must exist). */
  createFolder?: boolean;
  /** PostgreSQL: retries of a connection that fails (server down or starting). */
  retries?: number;
  /** PostgreSQL: milliseconds a connection may take. */
  connectTimeoutMs?: number;
  /** The history must exist already, the file or the tables (a command that changes alert rules never creates one). */
  existing?: boolean;
  /** --debug */
  trace?: (line: string) => void;
}

/**
 * Starts loading the store's implementation (a database library takes tens of milliseconds to load), so
 * that a command can have it load while its requests are out: openStore then finds it loaded.
 */
export function preloadStore(location: string): void {
  // A failure to load shows, with its message, in openStore.
  (isPostgresUrl(location) ? import('./postgres.js') : import('./duckdb.js')).catch(() => undefined);
}

/**
 * The history store at `location`: a postgres:// (or postgresql://) URL is a PostgreSQL database, anything
 * else a DuckDB file. The implementation is loaded here, on first use, so that no other command pays for
 * loading a database engine, and the commands never know which one they have.
 */
export async function openStore(location: string, options: OpenStoreOptions): Promise<HistoryStore> {
  if (isPostgresUrl(location)) {
    const { openPostgresStore } = await import('./postgres.js');
    return openPostgresStore(location, {
      readOnly: options.readOnly === true,
      ...(options.existing ? { existing: true } : {}),
      ...(options.schema !== undefined ? { schema: options.schema } : {}),
      ...(options.source !== undefined ? { source: options.source } : {}),
      ...(options.retries !== undefined ? { retries: options.retries } : {}),
      ...(options.connectTimeoutMs !== undefined ? { connectTimeoutMs: options.connectTimeoutMs } : {}),
      ...(options.trace ? { trace: options.trace } : {}),
    });
  }
  const { openDuckDbStore } = await importingDuckDb(import('./duckdb.js'));
  return openDuckDbStore(location, {
    readOnly: options.readOnly === true,
    lockTimeoutMs: options.lockTimeoutSeconds * 1000,
    createFolder: options.createFolder === true,
    source: options.source ?? '--db',
    ...(options.existing ? { existing: true } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}
