import type { AlertDelivery, SnapshotRecord } from '../../../store/store.js';
import { alertEvaluation, announceAlerts, DELIVERY_LEASE_SECONDS, deliverClaimed } from '../../kit/notify.js';
import { historyLocation, openHistoryStore, shownLocation, type HistoryStoreFlags } from '../../kit/history-store.js';
import type { Runtime } from '../../kit/runtime.js';

/**
 * `watch --db` / `--record`: each poll stored as `tix track` would store it. The store is checked once,
 * before the first poll (a file that is not a database, or a newer schema, ends the watch at once, exit 1),
 * then opened for each poll only, so a long watch never holds a DuckDB file that cron's `tix track` waits
 * for. A poll that cannot be stored (the lock, a server gone) is a warning, like a poll that cannot be
 * fetched, and the watch goes on. Alerts are evaluated and delivered as by tix track (stderr lines, the
 * rules' webhooks and commands; a failed delivery is a warning and stays pending).
 */
export async function pollRecorder(rt: Runtime, flags: HistoryStoreFlags): Promise<(snapshots: SnapshotRecord[]) => Promise<void>> {
  const location = await historyLocation(rt);
  await (await openHistoryStore(rt, location, flags)).close();
  rt.note(`watch: recording every poll in ${shownLocation(location)}`);
  return async (snapshots) => {
    if (snapshots.length === 0) return;
    try {
      const store = await openHistoryStore(rt, location, flags);
      let claimed: AlertDelivery[];
      try {
        // Alert rules as tix track evaluates them (README "Alerts"): in the transaction that stores the poll.
        const result = await store.record(snapshots, [], { alerts: alertEvaluation(rt) });
        rt.trace(`watch: ${result.stored} snapshots stored, ${result.alreadyStored} already stored`);
        announceAlerts(rt, result.alerts ?? []);
        claimed = await store.claimDeliveries(rt.io.now().toISOString(), DELIVERY_LEASE_SECONDS);
      } finally {
        await store.close();
      }
      await deliverClaimed(rt, claimed, () => openHistoryStore(rt, location, flags));
    } catch (error) {
      if (rt.signal.aborted) throw error;
      rt.warn(`this poll was not recorded: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
}
