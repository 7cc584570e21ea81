import { dirname, resolve } from 'node:path';
import { openStore } from '../store/open.js';
import { displayStoreLocation, isPostgresUrl } from '../store/postgres-url.js';
import type { HistoryStore } from '../store/store.js';
import type { Runtime } from './runtime.js';

export interface HistoryStoreFlags {
  readOnly?: boolean;
  lockTimeoutSeconds: number;
  /** --schema (PostgreSQL). */
  schema?: string;
  /** The flag the location came from, where it is not the run's own --db (export's --to). */
  source?: string;
  /** The history must exist already: the run only changes what is there (alert rm, pause, resume, approve). */
  existing?: boolean;
  /** Instead of the run's: for work that must still happen while the run is being stopped (recording alert deliveries). */
  signal?: AbortSignal;
}

/** Where this run keeps its price history: --db, else TIX_DB, else the db setting, else the default file. */
export async function historyLocation(rt: Runtime): Promise<string> {
  return rt.settings.values.db ?? (await import('../store/location.js')).defaultHistoryLocation(rt.io.env);
}

/** The location as messages show it (a URL's password as `***`). */
export function shownLocation(location: string): string {
  return displayStoreLocation(location);
}

/**
 * The price history of this run, whichever store it is: a DuckDB file or a PostgreSQL database, with the
 * run's retries, timeout, --debug and Ctrl-C.
 */
export async function openHistoryStore(rt: Runtime, location: string, flags: HistoryStoreFlags): Promise<HistoryStore> {
  const store = await openStore(location, {
    createFolder: flags.source === undefined && rt.settings.sources.db === 'default',
    readOnly: flags.readOnly === true,
    ...(flags.existing ? { existing: true } : {}),
    lockTimeoutSeconds: flags.lockTimeoutSeconds,
    signal: flags.signal ?? rt.signal,
    ...(flags.schema !== undefined ? { schema: flags.schema } : {}),
    source: flags.source ?? dbSource(rt),
    retries: rt.settings.values.retries,
    connectTimeoutMs: rt.settings.values.timeout * 1000,
    trace: (line) => rt.trace(line),
  });
  rt.storeOpened?.(store.kind);
  return store;
}

/**
 * Refuses, before any request, a history file whose folder the user named and does not exist (opening
 * the store refuses it too, but only after track or history has asked the API).
 */
export async function checkHistoryFolder(rt: Runtime, location: string): Promise<void> {
  if (rt.settings.sources.db === 'default' || isPostgresUrl(location)) return;
  const { checkNamedFolder } = await import('../store/location.js');
  checkNamedFolder(dirname(resolve(location)), dbSource(rt));
}

/** Where this run's --db came from, for messages about it. */
function dbSource(rt: Runtime): string {
  return rt.settings.sources.db === 'env' ? 'TIX_DB' : rt.settings.sources.db === 'profile' ? 'the db setting' : '--db';
}
