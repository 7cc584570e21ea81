import { openHistoryStore } from '../history-store.js';
import { LOCK_TIMEOUT_DEFAULT } from '../store-options.js';
import type { HistoryStore } from '../../store/store.js';
import type { Runtime } from '../runtime.js';
import type { HistoryExportOptions, StoreLocation } from './export.js';

export async function runHistoryExport(options: HistoryExportOptions, rt: Runtime): Promise<void> {
  const from = await openStore(options.from, rt, true);
  try {
    const to = await openStore(options.to, rt, false);
    try {
      const { copyHistory } = await import('../../store/transfer.js');
      const copied = await copyHistory(from, to, (soFar) => rt.trace(`export: ${soFar.snapshots} snapshots and ${soFar.salesDays} sales days copied so far`));
      rt.note(
        `tix: copied ${copied.snapshots} ${plural(copied.snapshots, 'snapshot')} (${copied.stored} new, ${copied.alreadyStored} already there) and ` +
          `${copied.salesDays} sales ${copied.salesDays === 1 ? 'day' : 'days'} (${copied.salesWritten} written) from ${from.location} to ${to.location}`,
      );
    } finally {
      await to.close();
    }
  } finally {
    await from.close();
  }
}

/** One side of the copy, opened as every history command opens its store (retries, timeout, --debug). */
function openStore(where: StoreLocation, rt: Runtime, readOnly: boolean): Promise<HistoryStore> {
  return openHistoryStore(rt, where.location, { readOnly, lockTimeoutSeconds: LOCK_TIMEOUT_DEFAULT, schema: where.schema, source: where.flag });
}

function plural(n: number, word: string): string {
  return n === 1 ? word : `${word}s`;
}
