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
/**
 * Starts loading the store's implementation (the database library takes tens of milliseconds to load), so
 * that a command can have it load while its requests are out: openStore then finds it loaded.
 */
export function preloadStore(): void {
  import('./duckdb.js').catch(() => undefined); // a failure to load shows, with its message, in openStore
}

export async function openStore(location: string, options: OpenStoreOptions): Promise<HistoryStore> {
  const { openDuckDbStore } = await import('./duckdb.js');
  return openDuckDbStore(location, {
    readOnly: options.readOnly === true,
    lockTimeoutMs: options.lockTimeoutSeconds * 1000,
    ...(options.signal ? { signal: options.signal } : {}),
  });
}
