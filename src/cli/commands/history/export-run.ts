import { openHistoryStore } from '../../kit/history-store.js';
import type { HistoryStore, CopyWindow } from '../../../store/store.js';
import type { Runtime } from '../../kit/runtime.js';

/** One side of a copy: a DuckDB file or a PostgreSQL URL, and the schema there (PostgreSQL only). */
export interface StoreLocation {
  /** The flag it was given with, for errors. */
  flag: string;
  location: string;
  schema: string;
}

export interface HistoryExportOptions {
  from: StoreLocation;
  to: StoreLocation;
  /** --since/--until: only snapshots and sales days inside them are copied. */
  window: CopyWindow;
  lockTimeoutSeconds: number;
}

export async function runHistoryExport(options: HistoryExportOptions, rt: Runtime): Promise<void> {
  const from = await openStore(options.from, options, rt, true);
  try {
    const to = await openStore(options.to, options, rt, false);
    try {
      const { copyHistory } = await import('../../../store/transfer.js');
      const copied = await copyHistory(from, to, options.window, (soFar) =>
        rt.trace(`export: ${soFar.snapshots} snapshots and ${soFar.salesDays} sales days copied so far`),
      );
      rt.note(
        `tix: copied ${copied.snapshots} ${plural(copied.snapshots, 'snapshot')} (${copied.stored} new, ${copied.alreadyStored} already there) and ` +
          `${copied.salesDays} sales ${copied.salesDays === 1 ? 'day' : 'days'} (${copied.salesWritten} written) from ${from.location} to ${to.location}`,
      );
      await sayAlertsLeft(from, rt);
    } finally {
      await to.close();
    }
  } finally {
    await from.close();
  }
}

/** One side of the copy, opened as every history command opens its store (retries, timeout, --debug, --lock-timeout). */
function openStore(where: StoreLocation, options: HistoryExportOptions, rt: Runtime, readOnly: boolean): Promise<HistoryStore> {
  // The source is this run's own store, found as every history command finds it (and named after where it came from).
  const source = where === options.to ? { source: where.flag } : {};
  return openHistoryStore(rt, where.location, {
    readOnly,
    lockTimeoutSeconds: options.lockTimeoutSeconds,
    schema: where.schema,
    ...source,
  });
}

/** Alert rules are not copied (their ids, notifications and pending deliveries belong to the store they were made in): said in one line, with how to copy them. */
async function sayAlertsLeft(from: HistoryStore, rt: Runtime): Promise<void> {
  const rules = await from.alertRules().catch(() => []);
  if (rules.length === 0) return;
  rt.note(
    `tix: note: ${rules.length} alert ${plural(rules.length, 'rule')} (with ${rules.length === 1 ? 'its' : 'their'} notifications and pending deliveries) not copied: add ${rules.length === 1 ? 'it' : 'them'} on the target with 'tix alert add --db <target>' ('tix alert list' shows each)`,
  );
}

function plural(n: number, word: string): string {
  return n === 1 ? word : `${word}s`;
}
