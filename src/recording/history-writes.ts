import { hasPending, keepPending, pendingFolderOf, storePending } from '../store/pending.js';
import {
  HistoryBusyError,
  recordBatch,
  type Alert,
  type AlertDelivery,
  type AlertEvaluation,
  type HistoryBatch,
  type HistoryStore,
  type RecordResult,
} from '../store/store.js';
import { TixError } from '../shared/errors.js';
import { messageOf } from '../shared/message-of.js';
import { openHistoryStore, type HistoryStoreFlags } from './history-store.js';
import { alertEvaluation, announceAlerts, DELIVERY_LEASE_SECONDS, deliverClaimed } from './notify.js';
import type { Runtime } from './runtime.js';

export interface BatchWritten {
  /** What was stored, with the alerts it fired (each already said on stderr). */
  result: RecordResult;
  /** The store was held past --lock-timeout: the batch waits in the pending folder (said on stderr). */
  kept: boolean;
  /** Alert deliveries that failed (each warned about, and pending for the next run): --strict-notify fails the run. */
  undelivered: number;
}

const NOTHING: RecordResult = { stored: 0, alreadyStored: 0, salesDays: 0 };

/**
 * How track and watch --record store what they fetched. The store first takes the batches earlier runs
 * kept pending (store/pending.ts), then this one. When another process holds the DuckDB file past
 * --lock-timeout (a notebook), the batch is kept in the pending folder instead, with one line on stderr,
 * so nothing fetched is lost. The store is opened only when there is something to write. The alert rules
 * are evaluated in the transaction that stores each batch (docs/alerts.md; pending batches are as new to
 * the rules as the run's own); after the store is closed each alert is said on stderr and the deliveries
 * waiting, this run's and earlier runs' failed ones, are sent.
 */
export async function storeOrKeep(rt: Runtime, location: string, flags: HistoryStoreFlags, batch: HistoryBatch): Promise<BatchWritten> {
  const { result, kept, claimed } = await write(rt, location, flags, batch, alertEvaluation(rt));
  announceAlerts(rt, result.alerts ?? []);
  const undelivered = await deliverClaimed(rt, claimed, (signal) => openHistoryStore(rt, location, { ...flags, signal }));
  return { result, kept, undelivered };
}

async function write(
  rt: Runtime,
  location: string,
  flags: HistoryStoreFlags,
  batch: HistoryBatch,
  alerts: AlertEvaluation,
): Promise<{ result: RecordResult; kept: boolean; claimed: AlertDelivery[] }> {
  const folder = pendingFolderOf(location);
  const empty = batch.snapshots.length === 0 && batch.sales.length === 0;
  if (empty && !hasPending(folder)) return { result: NOTHING, kept: false, claimed: [] };
  let store: HistoryStore;
  try {
    store = await openHistoryStore(rt, location, flags);
  } catch (error) {
    if (!(error instanceof HistoryBusyError) || folder === undefined) throw error;
    if (empty) return { result: NOTHING, kept: false, claimed: [] };
    await keep(rt, error, folder, batch);
    return { result: NOTHING, kept: true, claimed: [] };
  }
  try {
    // Looked at again now that the store is this run's: a run that gave up while this one waited may have kept a batch.
    let pendingAlerts: Alert[] = [];
    if (folder !== undefined && hasPending(folder)) {
      const pending = await storePending(store, folder, (message) => rt.warn(message), alerts);
      pendingAlerts = pending.alerts;
      if (pending.stored + pending.alreadyStored > 0) {
        const already = pending.alreadyStored > 0 ? ` (${pending.alreadyStored} already stored)` : '';
        rt.note(`tix: stored ${pending.stored} pending ${pending.stored === 1 ? 'snapshot' : 'snapshots'} from ${folder}/${already}`);
      }
    }
    const result = empty ? NOTHING : await recordBatch(store, batch, alerts);
    const claimed = await store.claimDeliveries(alerts.at, DELIVERY_LEASE_SECONDS);
    const fired = [...pendingAlerts, ...(result.alerts ?? [])];
    return { result: fired.length > 0 ? { ...result, alerts: fired } : result, kept: false, claimed };
  } finally {
    await store.close();
  }
}

async function keep(rt: Runtime, busy: HistoryBusyError, folder: string, batch: HistoryBatch): Promise<void> {
  const what = `${batch.snapshots.length} ${batch.snapshots.length === 1 ? 'snapshot' : 'snapshots'}${batch.sales.length > 0 ? ` and ${batch.sales.length} sales ${batch.sales.length === 1 ? 'day' : 'days'}` : ''}`;
  const holder = busy.holder ? `held by another process, PID ${busy.holder}` : 'held by another process';
  try {
    await keepPending(folder, batch, rt.io.now().toISOString());
  } catch (error) {
    throw new TixError(
      `the history in ${busy.file} is busy (${holder}), and the ${what} fetched could not be kept in ${folder}/: ${messageOf(error)}`,
    );
  }
  rt.note(`tix: the history in ${busy.file} is busy (${holder}); ${what} kept in ${folder}/ and stored by the next run`);
}
