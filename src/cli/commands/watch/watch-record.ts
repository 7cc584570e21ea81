import type { EventRecord, SnapshotRecord } from '../../../store/store.js';
import { historyLocation, openHistoryStore, shownLocation, type HistoryStoreFlags } from '../../kit/history-store.js';
import type { Runtime } from '../../kit/runtime.js';

/**
 * `watch --db` / `--record`: each poll stored as `tix track` would store it. The store is checked once,
 * before the first poll (a file that is not a database, or a newer schema, ends the watch at once, exit 1),
 * then opened for each poll only, so a long watch never holds a DuckDB file that cron's `tix track` waits
 * for. A poll that cannot be stored (the lock, a server gone) is a warning, like a poll that cannot be
 * fetched, and the watch goes on.
 */
export async function pollRecorder(
  rt: Runtime,
  flags: HistoryStoreFlags,
): Promise<(snapshots: SnapshotRecord[], events: EventRecord[]) => Promise<void>> {
  const location = await historyLocation(rt);
  await (await openHistoryStore(rt, location, flags)).close();
  rt.note(`watch: recording every poll in ${shownLocation(location)}`);
  return async (snapshots, events) => {
    if (snapshots.length === 0) return;
    try {
      const store = await openHistoryStore(rt, location, flags);
      try {
        const result = await store.record(snapshots, [], { events });
        rt.trace(`watch: ${result.stored} snapshots stored, ${result.alreadyStored} already stored`);
      } finally {
        await store.close();
      }
    } catch (error) {
      if (rt.signal.aborted) throw error;
      rt.warn(`this poll was not recorded: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
}
