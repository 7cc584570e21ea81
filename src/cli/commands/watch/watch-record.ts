import { HistoryBusyError, type AgentEvent, type EventRecord, type SnapshotRecord } from '../../../store/store.js';
import { outputInstant } from '../../../store/timestamps.js';
import { agentIdEvents, eventsToRecord, type AgentIdEvents } from '../../../recording/agent-id-events.js';
import { sightingTime } from '../../../recording/event-records.js';
import { historyLocation, openHistoryStore, shownLocation, type HistoryStoreFlags } from '../../../recording/history-store.js';
import { storeOrKeep } from '../../../recording/history-writes.js';
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
 *
 * The service events of a watch of one agent's ids (`agentIds`) are found as track finds them
 * (recording/agent-id-events.ts): the store's, else looked up once, while the first poll is fetched; each poll
 * then stores them with its snapshots. A lookup that failed or found nothing is said once, and the
 * snapshots are stored all the same.
 */
export async function pollRecorder(
  rt: Runtime,
  flags: HistoryStoreFlags,
  agentIds: readonly AgentEvent[],
): Promise<(snapshots: SnapshotRecord[], events: EventRecord[]) => Promise<void>> {
  const location = await historyLocation(rt);
  try {
    await (await openHistoryStore(rt, location, flags)).close();
  } catch (error) {
    // Held by another process: the polls wait in the pending folder until it lets go.
    if (!(error instanceof HistoryBusyError)) throw error;
  }
  rt.note(`watch: recording every poll in ${shownLocation(location)}`);
  const lookup = agentIdsLookup(rt, location, flags, agentIds);
  let firstPoll = true;
  return async (snapshots, events) => {
    if (snapshots.length === 0) return;
    const seenAt = sightingTime(snapshots, outputInstant(rt.io.now().toISOString()));
    // What the lookup could not place is said at the first poll only: every later poll would say it again.
    const warn = firstPoll ? (line: string) => rt.warn(line) : () => {};
    firstPoll = false;
    const agentEvents = eventsToRecord([], await lookup(), snapshots, seenAt, warn);
    try {
      const { result, kept } = await storeOrKeep(rt, location, flags, { snapshots, sales: [], events: [...events, ...agentEvents] });
      if (!kept) rt.trace(`watch: ${result.stored} snapshots stored, ${result.alreadyStored} already stored`);
    } catch (error) {
      if (rt.signal.aborted) throw error;
      rt.warn(`this poll was not recorded: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
}

/**
 * Starts finding the agent ids' events now, so the first poll's fetch and the lookup overlap; the answer is
 * kept for every poll. A lookup that throws (Ctrl-C) is the first poll's to report, not an unhandled rejection.
 */
function agentIdsLookup(
  rt: Runtime,
  location: string,
  flags: HistoryStoreFlags,
  wanted: readonly AgentEvent[],
): () => Promise<AgentIdEvents> {
  const answer = rt.client().then((client) => agentIdEvents(rt, client, location, flags, wanted));
  answer.catch(() => {});
  return () => answer;
}
