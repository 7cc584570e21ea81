import { openHistoryStore } from '../../../recording/history-store.js';
import type { AlertTables, HistoryStore, CopyWindow } from '../../../store/store.js';
import { messageOf } from '../../../shared/message-of.js';
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
      await copyAlerts(from, to, rt);
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

/**
 * The alert rules, their notifications and pending deliveries, after the history (issue 28): ids kept where
 * the target never issued them, else new ones (said in the note). A source older than the alert tables has none.
 */
async function copyAlerts(from: HistoryStore, to: HistoryStore, rt: Runtime): Promise<void> {
  let tables: AlertTables;
  try {
    tables = await from.alertTables();
  } catch (error) {
    rt.trace(`export: no alert tables to copy in ${from.location}: ${messageOf(error)}`);
    return;
  }
  if (tables.rules.length === 0) return;
  const copied = await to.importAlertTables(tables);
  const pending = copied.deliveries.filter((d) => d.deliveredAt === null).length;
  const renumbered = copied.renumbered > 0 ? `; ${copied.renumbered} given new ids, taken in ${to.location}` : '';
  rt.note(
    `tix: copied ${copied.rules.length} alert ${plural(copied.rules.length, 'rule')}, ${copied.notifications.length} ${plural(copied.notifications.length, 'notification')} and ${copied.deliveries.length} ${plural(copied.deliveries.length, 'delivery', 'deliveries')} (${pending} pending)${renumbered}`,
  );
}

function plural(n: number, word: string, many = `${word}s`): string {
  return n === 1 ? word : many;
}
