import type { CopyWindow, HistoryStore } from './store.js';

export interface CopyResult {
  /** Snapshots read from the source. */
  snapshots: number;
  /** Of those, newly stored in the target. */
  stored: number;
  /** Of those, already in the target (left as they were). */
  alreadyStored: number;
  /** Sales days read from the source. */
  salesDays: number;
  /** Of those, written to the target (new, or a later fetch than the target had). */
  salesWritten: number;
}

/**
 * Copies every snapshot (with its listings) and sales day from one store to another, or those inside
 * `window`, and every event with its agents, a batch per transaction. Idempotent as record() is: a second copy stores nothing new, and an interrupted copy
 * run again picks up what is missing.
 */
export async function copyHistory(
  from: HistoryStore,
  to: HistoryStore,
  window: CopyWindow = {},
  onBatch?: (soFar: CopyResult) => void,
): Promise<CopyResult> {
  const total: CopyResult = { snapshots: 0, stored: 0, alreadyStored: 0, salesDays: 0, salesWritten: 0 };
  for await (const batch of from.readAll(undefined, window)) {
    const result = await to.record(batch.snapshots, batch.sales, batch.events ? { events: batch.events } : {});
    total.snapshots += batch.snapshots.length;
    total.stored += result.stored;
    total.alreadyStored += result.alreadyStored;
    total.salesDays += batch.sales.length;
    total.salesWritten += result.salesDays;
    onBatch?.(total);
  }
  return total;
}
