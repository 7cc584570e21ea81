import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readdirSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { messageOf } from '../shared/message-of.js';
import { VERSION } from '../shared/version.js';
import { isPostgresUrl } from './postgres-url.js';
import { recordBatch, type Alert, type AlertEvaluation, type HistoryBatch, type HistoryStore } from './store.js';
import { isoToMicros } from './timestamps.js';

/**
 * The pending folder: what a run fetched but could not store, because another process held the DuckDB
 * file past --lock-timeout (a notebook, say). Each such run leaves one file, `<db file>.pending/*.json`,
 * holding the whole batch it would have given record(); the next run that opens the store for writing
 * stores those batches first, oldest API timestamp first, and deletes each file once its batch committed.
 * record() leaves a snapshot already stored alone, so a batch stored twice (a run killed between the
 * commit and the delete) stores nothing twice. PostgreSQL has none: its readers never block a writer.
 */

/** The file format's version: a file of a later one is left for the tix that wrote it. */
const FORMAT = 1;

interface PendingFile {
  tix_pending: number;
  tix_version: string;
  kept_at: string;
  /** record()'s whole input, whatever fields it has. */
  batch: HistoryBatch;
}

/** The pending folder of a store, or undefined for a store that has none (PostgreSQL). */
export function pendingFolderOf(location: string): string | undefined {
  return isPostgresUrl(location) ? undefined : `${resolve(location)}.pending`;
}

/** Whether a folder holds batches waiting to be stored (cheap: a run checks before opening the store). */
export function hasPending(folder: string | undefined): boolean {
  return folder !== undefined && batchFiles(folder).length > 0;
}

/**
 * Writes `batch` as one new file of the folder, atomically (a temporary file renamed into place, so a
 * reader never sees half a batch), private to the user as the history is: folder 0700, file 0600.
 */
export async function keepPending(folder: string, batch: HistoryBatch, keptAt: string): Promise<string> {
  makePrivateFolder(folder);
  const name = `${keptAt.replace(/[-:.]/g, '')}-${process.pid}-${randomBytes(4).toString('hex')}.json`;
  const file: PendingFile = { tix_pending: FORMAT, tix_version: VERSION, kept_at: keptAt, batch };
  const temporary = join(folder, `.${name}.tmp`);
  try {
    await writeFile(temporary, JSON.stringify(file), { mode: 0o600, flag: 'wx' });
    await rename(temporary, join(folder, name));
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return join(folder, name);
}

export interface PendingStored {
  /** Pending snapshots newly stored, and already in the store. */
  stored: number;
  alreadyStored: number;
  /** The alerts their snapshots fired, when the rules were evaluated. */
  alerts: Alert[];
}

/**
 * Stores every pending batch of the folder into `store`, oldest API timestamp first, one transaction each,
 * deleting each file once its batch is stored. A file that is not a pending batch (damaged) is renamed
 * `.bad` with a warning and never blocks tracking; a batch the store refuses stays for the next run.
 */
export async function storePending(
  store: HistoryStore,
  folder: string,
  warn: (message: string) => void,
  alerts?: AlertEvaluation,
): Promise<PendingStored> {
  const total: PendingStored = { stored: 0, alreadyStored: 0, alerts: [] };
  const batches: { path: string; batch: HistoryBatch; oldest: bigint }[] = [];
  for (const name of batchFiles(folder)) {
    const path = join(folder, name);
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // stored meanwhile by another run
      throw error;
    }
    const read = readBatch(text);
    if ('damage' in read) {
      await rename(path, `${path}.bad`);
      warn(`${path} is not a batch of snapshots tix can store (${read.damage}); set aside as ${path}.bad`);
      continue;
    }
    if ('newer' in read) {
      warn(`${path} was kept by a newer tix; left for it to store`);
      continue;
    }
    batches.push({ path, ...read });
  }
  batches.sort((a, b) => (a.oldest < b.oldest ? -1 : a.oldest > b.oldest ? 1 : a.path.localeCompare(b.path)));
  for (const { path, batch } of batches) {
    try {
      // Evaluated now, as the run that stores them: their snapshots are as new to the rules as the run's own.
      const result = await recordBatch(store, batch, alerts);
      total.stored += result.stored;
      total.alreadyStored += result.alreadyStored;
      total.alerts.push(...(result.alerts ?? []));
    } catch (error) {
      warn(`the pending snapshots in ${path} were not stored (${messageOf(error)}); left for the next run`);
      continue;
    }
    await rm(path, { force: true });
  }
  return total;
}

/** The batch of a pending file and its oldest API timestamp, or what is wrong with the file. */
function readBatch(text: string): { batch: HistoryBatch; oldest: bigint } | { newer: true } | { damage: string } {
  let file: PendingFile;
  try {
    file = JSON.parse(text) as PendingFile;
  } catch {
    return { damage: 'not JSON' };
  }
  if (typeof file !== 'object' || file === null || typeof file.tix_pending !== 'number') return { damage: 'no format version' };
  if (file.tix_pending > FORMAT) return { newer: true };
  const { batch } = file;
  if (typeof batch !== 'object' || batch === null || !Array.isArray(batch.snapshots) || !Array.isArray(batch.sales))
    return { damage: 'no snapshots and sales' };
  let oldest: bigint | undefined;
  for (const snapshot of batch.snapshots) {
    const micros = typeof snapshot?.apiTimestamp === 'string' ? isoToMicros(snapshot.apiTimestamp) : undefined;
    if (micros === undefined || !Array.isArray(snapshot.listings)) return { damage: 'a snapshot without an API timestamp or listings' };
    if (oldest === undefined || micros < oldest) oldest = micros;
  }
  // A batch of sales days alone goes by when it was kept.
  return { batch, oldest: oldest ?? isoToMicros(String(file.kept_at)) ?? 0n };
}

/** The folder's batch files, by name (a temporary file still being written, or one set aside, is not one). */
function batchFiles(folder: string): string[] {
  try {
    return readdirSync(folder)
      .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** The folder, made 0700 when tix makes it (a folder that exists keeps its owner's mode). */
function makePrivateFolder(folder: string): void {
  try {
    mkdirSync(folder, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
    throw error;
  }
  chmodSync(folder, 0o700);
}
