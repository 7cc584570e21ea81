import { chmodSync, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type * as DuckDB from '@duckdb/node-api';
import type { DuckDBConnection } from '@duckdb/node-api';
import { DuckDBInstance } from './duckdb-driver.js';
import { TixError } from '../shared/errors.js';
import { messageOf, noHistory, openError } from './duckdb-errors.js';
import { HistoryBusyError } from './store.js';

/**
 * Opening a DuckDB history file. DuckDB lets one process at a time open a file for writing
 * (a second gets "Could not set lock"), so opening waits for the lock; a run writes in one transaction, so a
 * run killed at any point leaves every snapshot whole or absent (DuckDB's write-ahead log drops what was
 * never committed).
 */
export interface DuckDbOpenOptions {
  /** Open without writing (history): waits for writers like a writer would, and never creates the file. */
  readOnly: boolean;
  /** How long to wait for another process's lock on the file before giving up. */
  lockTimeoutMs: number;
  signal?: AbortSignal;
  /**
   * Create the file's folder when it is missing: only for tix's own default location. A folder the user
   * named must exist, as for --out, so a typo does not silently start a second history.
   */
  createFolder: boolean;
  /** Where the path came from (--db, TIX_DB, the db setting, --to), for the error about its folder. */
  source: string;
  /** Writes to a history that must already be there (alert rm, pause, resume): never creates the file or its tables. */
  existing?: boolean;
}

const LOCK_RETRY_MS = 100;
/**
 * DuckDB creates a new file, then writes its header: a writer killed in between leaves an empty file that
 * DuckDB refuses as "not a valid DuckDB database file". It holds nothing. One still empty after this long
 * is not another writer's about to get its header, so a writer starts the history over it.
 */
const EMPTY_FILE_GRACE_MS = 1000;
/**
 * tix needs no DuckDB extension beyond those built in (json, icu), and must never reach the network: by
 * default DuckDB downloads one when a query or a file calls for it (a SQLite file given as --db does).
 */
const SETTINGS = { autoinstall_known_extensions: 'false', autoload_known_extensions: 'false' };

/** An open file: the connection tix uses, and how to let go of both it and the instance. */
export interface Database {
  connection: DuckDBConnection;
  close(): void;
}

export async function connect(file: string, readOnly: boolean, options: DuckDbOpenOptions): Promise<Database> {
  const isNew = !readOnly && !existsSync(file);
  const instance = await createInstance(file, readOnly, options);
  // The history is private (as the pending folder is): a file tix creates is its owner's alone, whatever
  // the umask. A file that was there keeps the mode its owner gave it.
  if (isNew) privateFile(file);
  try {
    const connection = await instance.connect();
    return {
      connection,
      close: () => {
        connection.closeSync();
        instance.closeSync();
      },
    };
  } catch (error) {
    instance.closeSync();
    throw openError(file, error);
  }
}

/** Opens the file, retrying while another process holds its lock (an overlapping cron run), up to the timeout. */
async function createInstance(file: string, readOnly: boolean, options: DuckDbOpenOptions): Promise<DuckDB.DuckDBInstance> {
  const deadline = Date.now() + options.lockTimeoutMs;
  let emptySince: number | undefined;
  for (;;) {
    try {
      return await DuckDBInstance.create(file, readOnly ? { ...SETTINGS, access_mode: 'READ_ONLY' } : SETTINGS);
    } catch (error) {
      const message = messageOf(error);
      if (isEmptyFile(file) && /not a valid DuckDB database file/i.test(message)) {
        if (readOnly) throw noHistory(file);
        emptySince ??= Date.now();
        if (Date.now() - emptySince >= EMPTY_FILE_GRACE_MS) {
          rmSync(`${file}.wal`, { force: true });
          rmSync(file, { force: true });
        }
        await sleep(LOCK_RETRY_MS, undefined, options.signal ? { signal: options.signal } : undefined);
        continue;
      }
      if (!/could not set lock on file/i.test(message)) throw openError(file, error);
      if (Date.now() >= deadline) {
        const holder = /\(PID (\d+)\)/.exec(message)?.[1];
        const seconds = Math.round(options.lockTimeoutMs / 100) / 10;
        throw new HistoryBusyError(
          `${file} is in use by another process${holder ? ` (PID ${holder})` : ''}; gave up waiting after ${seconds} s (see --lock-timeout)`,
          file,
          holder,
        );
      }
      await sleep(LOCK_RETRY_MS, undefined, options.signal ? { signal: options.signal } : undefined);
    }
  }
}

function isEmptyFile(file: string): boolean {
  try {
    return statSync(file).size === 0;
  } catch {
    return false;
  }
}

function privateFile(file: string): void {
  try {
    chmodSync(file, 0o600);
  } catch {
    // A file system without modes (or a file DuckDB has not made yet): nothing to tighten.
  }
}

/** tix's own folder for the history, with any missing parents: the folders it creates are 0700 whatever the umask, those already there left alone. */
export function makeFolder(folder: string): void {
  try {
    const missing: string[] = [];
    for (let at = folder; !existsSync(at) && dirname(at) !== at; at = dirname(at)) missing.unshift(at);
    for (const created of missing) {
      try {
        mkdirSync(created, { mode: 0o700 });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue; // made meanwhile by someone else: theirs
        throw error;
      }
      chmodSync(created, 0o700);
    }
    if (!statSync(folder).isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'EEXIST' || code === 'ENOTDIR'
        ? 'a file is in the way'
        : code === 'EACCES' || code === 'EPERM'
          ? 'permission denied'
          : code === 'EROFS'
            ? 'read-only file system'
            : (code ?? messageOf(error));
    throw new TixError(`cannot create the folder ${folder} for the price history: ${reason}`);
  }
}
