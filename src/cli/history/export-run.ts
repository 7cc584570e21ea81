import { UsageError } from '../../errors.js';
import { isPostgresUrl } from '../../store/postgres-url.js';
import type { HistoryStore } from '../../store/store.js';
import type { Runtime } from '../runtime.js';
import type { HistoryExportOptions, StoreLocation } from './export.js';

export async function runHistoryExport(options: HistoryExportOptions, rt: Runtime): Promise<void> {
  const from = await openStore(options.from, rt);
  try {
    const to = await openStore(options.to, rt);
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

/** The store at a location, as every history command opens it: retries, timeout and --debug from the settings. */
async function openStore(where: StoreLocation, rt: Runtime): Promise<HistoryStore> {
  if (!isPostgresUrl(where.location)) {
    // The DuckDB store joins this command when the history branches are merged (see the branch report).
    throw new UsageError(`${where.flag}: only postgres:// URLs are supported by this build, not '${where.location}'`);
  }
  const { openPostgresStore } = await import('../../store/postgres.js');
  return openPostgresStore(where.location, {
    source: where.flag,
    schema: where.schema,
    retries: rt.settings.values.retries,
    connectTimeoutMs: rt.settings.values.timeout * 1000,
    trace: (line) => rt.trace(line),
  });
}

function plural(n: number, word: string): string {
  return n === 1 ? word : `${word}s`;
}
