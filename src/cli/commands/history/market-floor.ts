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
  const points: TimePoint[] = [];
  // The agents' points merged in time order (each series is in order already): no sort, no copies.
  const next = series.map(() => 0);
  const roundOf = series.map(() => -1);
  let rounds = -1;
  let start = 0;
  let last = 0;
  let value: number | null = null;
  for (;;) {
    let agent = -1;
    for (let k = 0; k < series.length; k++) {
      const at = series[k]!.points[next[k]!]?.at;
      if (at !== undefined && (agent < 0 || at < series[agent]!.points[next[agent]!]!.at)) agent = k;
    }
    if (agent < 0) break;
    const point = series[agent]!.points[next[agent]!++]!;
    if (rounds < 0 || point.at - start > within || roundOf[agent] === rounds) {
      if (rounds >= 0) points.push({ at: last, value });
      rounds++;
      [start, value] = [point.at, null];
    }
    roundOf[agent] = rounds;
    last = point.at;
    if (point.value !== null && (value === null || point.value < value)) value = point.value;
  }
  if (rounds >= 0) points.push({ at: last, value });
  return { name: ALL_AGENTS, points, floor: true };
}

function median(numbers: readonly number[]): number | undefined {
  if (numbers.length === 0) return undefined;
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
