import type { HistoryStore } from './store.js';

export interface OpenStoreOptions {
  /** Only read (tix history): never creates or changes anything but an old file's schema. */
  readOnly?: boolean;
  /** Seconds to wait while another process holds the database (an overlapping cron run). */
  lockTimeoutSeconds: number;
  signal?: AbortSignal;
}

/**
 * The history store at `location`. The implementation is loaded here, on first use, so that no other
 * command pays for loading a database engine.
 */
export async function openStore(location: string, options: OpenStoreOptions): Promise<HistoryStore> {
  const { openDuckDbStore } = await import('./duckdb.js');
  return openDuckDbStore(location, {
    readOnly: options.readOnly === true,
    lockTimeoutMs: options.lockTimeoutSeconds * 1000,
    ...(options.signal ? { signal: options.signal } : {}),
  });
}
