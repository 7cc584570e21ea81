import { HistoryBusyError, type EventRecord, type SnapshotRecord } from '../../../store/store.js';
import { historyLocation, openHistoryStore, shownLocation, type HistoryStoreFlags } from '../../kit/history-store.js';
import { storeOrKeep } from '../../kit/history-writes.js';
import type { Runtime } from '../../kit/runtime.js';

/**
 * `watch --db` / `--record`: each poll stored as `tix track` would store it. The store is checked once,
 * before the first poll (a file that is not a database, or a newer schema, ends the watch at once, exit 1),
 * then opened for each poll only, so a long watch never holds a DuckDB file that cron's `tix track` waits
 * for. A poll that finds the file held past --lock-timeout is kept in the pending folder, as track keeps
 * its batch, and stored by the next poll (or run) that gets the file. A poll that cannot be stored
 * otherwise (a server gone) is a warning, like a poll that cannot be fetched, and the watch goes on. Alerts are
 * evaluated and delivered as by tix track (stderr lines, the rules' webhooks and commands; a failed
 * delivery is a warning and stays pending).
 */
export async function pollRecorder(
  rt: Runtime,
  flags: HistoryStoreFlags,
): Promise<(snapshots: SnapshotRecord[], events: EventRecord[]) => Promise<void>> {
  const location = await historyLocation(rt);
  try {
    await (await openHistoryStore(rt, location, flags)).close();
  } catch (error) {
    // Held by another process: the polls wait in the pending folder until it lets go.
    if (!(error instanceof HistoryBusyError)) throw error;
  }
  rt.note(`watch: recording every poll in ${shownLocation(location)}`);
  return async (snapshots, events) => {
    if (snapshots.length === 0) return;
    try {
      const { result, kept } = await storeOrKeep(rt, location, flags, { snapshots, sales: [], events });
      if (!kept) rt.trace(`watch: ${result.stored} snapshots stored, ${result.alreadyStored} already stored`);
    } catch (error) {
      if (rt.signal.aborted) throw error;
      rt.warn(`this poll was not recorded: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
}
