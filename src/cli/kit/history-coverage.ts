import { STALE_INTERVALS } from '../../market/floor.js';
import type { CoverageRow } from '../../store/store.js';
import { outputInstant } from '../../store/timestamps.js';

export { STALE_INTERVALS };

/**
 * What "tracked as usual" means, for `history coverage` and the stale note of `history summary`
 * (docs/history.md). An agent's event's usual interval is the median gap between its consecutive snapshots
 * (the lower middle one of an even count): a cron job's period, whatever it is, and not moved by a few
 * pauses. A gap is a pause longer than GAP_INTERVALS of them; the history is stale when its newest
 * snapshot is older than STALE_INTERVALS of them at the run's clock: the rule by which the market floor
 * (src/market/floor.ts) leaves an agent out.
 */
export const GAP_INTERVALS = 3;

/** Whether tracking of this agent's event looks stopped at `now` (epoch ms); never with a single snapshot (no interval). */
export function isStale(row: Pick<CoverageRow, 'lastSnapshot' | 'usualIntervalSeconds'>, now: number): boolean {
  if (row.usualIntervalSeconds === null) return false;
  return now - Date.parse(row.lastSnapshot) > STALE_INTERVALS * row.usualIntervalSeconds * 1000;
}

/** A length of time for a sentence: `45s`, `15m`, `3h 05m`, `2d 4h`. */
export function spokenDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours}h ${String(minutes % 60).padStart(2, '0')}m`;
  return `${Math.floor(hours / 24)}d ${hours % 24}h`;
}

/** Minutes to the hundredth, the unit of coverage's interval and gap columns. */
export function minutesOf(ms: number): number {
  return Math.round(ms / 600) / 100;
}

/** An agent's event's coverage as `history coverage -o json` (and `report -o json`) give it, its gaps nested. */
export function coverageRecord(row: CoverageRow, now: number): Record<string, unknown> {
  return { ...coverageFigures(row, now), gaps: row.gaps.map(gapFigures) };
}

/** The figures of a coverage row but its gaps. */
export function coverageFigures(row: CoverageRow, now: number): Record<string, unknown> {
  return {
    event_id: row.eventId,
    name: row.name,
    agent: row.agent,
    agent_event_id: row.agentEventId,
    snapshots: row.snapshots,
    first_snapshot: outputInstant(row.firstSnapshot),
    last_snapshot: outputInstant(row.lastSnapshot),
    interval_minutes: row.usualIntervalSeconds === null ? null : minutesOf(row.usualIntervalSeconds * 1000),
    stale: isStale(row, now),
  };
}

/** A gap with its length in minutes. */
export function gapFigures(gap: { start: string; end: string }): { start: string; end: string; minutes: number } {
  return { start: outputInstant(gap.start), end: outputInstant(gap.end), minutes: minutesOf(Date.parse(gap.end) - Date.parse(gap.start)) };
}
