import { type TimePoint, type TimeSeries, usualInterval } from '../../../output/time-chart.js';
import { ALL_AGENTS } from './history-pivot.js';

/**
 * The market floor (named ALL, as `history --by`'s column): the lowest price across agents at each snapshot round. One `tix track` run snapshots
 * every agent of an event within seconds, each at its own API timestamp; a round gathers such snapshots: in
 * time order, a snapshot joins the current round when it comes within half the usual interval (the median
 * of the agents' own usual intervals) of the round's first snapshot and its agent has none in the round
 * yet; otherwise it starts the next round. The round's floor is the lowest of its snapshots' lowest prices
 * (none when none of them had listings: a gap), at the time of its last snapshot, when all its prices are
 * known. An agent missing from a round is not carried forward: the floor is what was seen in the round.
 */
export function marketFloor(series: readonly TimeSeries[]): TimeSeries {
  const intervals = series.flatMap((s) => {
    const usual = usualInterval(s.points);
    return usual === undefined ? [] : [usual];
  });
  const within = (median(intervals) ?? 0) / 2;
  const all = series.flatMap((s, agent) => s.points.map((p) => ({ ...p, agent }))).sort((a, b) => a.at - b.at || a.agent - b.agent);
  const points: TimePoint[] = [];
  let round: { start: number; agents: Set<number>; last: number; value: number | null } | undefined;
  const close = () => {
    if (round) points.push({ at: round.last, value: round.value });
  };
  for (const p of all) {
    if (!round || p.at - round.start > within || round.agents.has(p.agent)) {
      close();
      round = { start: p.at, agents: new Set(), last: p.at, value: null };
    }
    round.agents.add(p.agent);
    round.last = p.at;
    if (p.value !== null && (round.value === null || p.value < round.value)) round.value = p.value;
  }
  close();
  return { name: ALL_AGENTS, points, floor: true };
}

function median(numbers: readonly number[]): number | undefined {
  if (numbers.length === 0) return undefined;
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
