/**
 * The market floor across agents, `ALL` (docs/history.md#the-market-floor-all): the one definition that the
 * chart, `history --by`, `history summary`, `history list` and the alert rules on a whole event all use.
 *
 * At an instant, each agent's price is that of its most recent snapshot at or before the instant, while that
 * snapshot is current: not older than STALE_INTERVALS of the agent's usual interval (the median gap between
 * its consecutive snapshots, the lower middle one of an even count, as `history coverage` reports it). An
 * agent with a single snapshot has no interval of its own and is judged by the usual interval of the agents
 * tracked with it (the lower middle of theirs); when no agent has one, nothing says a snapshot is old, and it
 * stays current. ALL is the lowest price of the current agents; an agent whose latest snapshot is too old is
 * left out and named; with no current agent, or none with listings, there is no ALL.
 */

/** The market floor's name wherever it stands beside the agents (a column, a chart's line, a summary's row). */
export const ALL_AGENTS = 'ALL';

/** A snapshot older than this many usual intervals is stale (the rule `history coverage` and its notes use). */
export const STALE_INTERVALS = 2;

export interface FloorSnapshot {
  /** The API timestamp, epoch ms. */
  at: number;
  /** The lowest price in it; null without listings (or none kept by a listing filter). */
  price: number | null;
  listings: number;
  /** The tickets in it, where the caller has them (supply figures); else counted as 0. */
  tickets?: number;
}

export interface AgentTimeline {
  agent: string;
  /** Oldest first. */
  snapshots: readonly FloorSnapshot[];
  /**
   * The usual interval in ms when the caller knows it (a store that read only the latest snapshot); else it is
   * the median gap of `snapshots`. null: a single snapshot.
   */
  usualMs?: number | null;
}

export interface FloorPoint {
  at: number;
  /** The lowest price across the current agents; null when none is current, or none current had listings. */
  price: number | null;
  /** The agent with that price (the first by code on a tie). */
  agent: string | null;
  /** The listings the current agents offered together. */
  listings: number;
  /** The tickets the current agents offered together. */
  tickets: number;
  /** The agents whose snapshot counts at this instant, by code. */
  current: string[];
  /** The agents seen before this instant whose latest snapshot is too old to count, by code. */
  stale: string[];
}

/** The median gap between consecutive instants (sorted), the lower middle one of an even count; null for fewer than two. */
export function usualIntervalMs(times: readonly number[]): number | null {
  if (times.length < 2) return null;
  const gaps = times
    .slice(1)
    .map((at, i) => at - times[i]!)
    .sort((a, b) => a - b);
  return gaps[Math.floor((gaps.length - 1) / 2)]!;
}

/** Whether a snapshot taken at `at` still counts at `instant`, for an agent whose usual interval is `usualMs` (null: no bound). */
export function isCurrent(at: number, instant: number, usualMs: number | null): boolean {
  return at <= instant && (usualMs === null || instant - at <= STALE_INTERVALS * usualMs);
}

/** One event's agents, read at any instant by the one definition of ALL. */
export class MarketFloor {
  private readonly agents: { agent: string; snapshots: readonly FloorSnapshot[]; bound: number | null }[];

  constructor(timelines: readonly AgentTimeline[]) {
    const own = timelines.map((t) => (t.usualMs !== undefined ? t.usualMs : usualIntervalMs(t.snapshots.map((s) => s.at))));
    const known = own.filter((u): u is number => u !== null).sort((a, b) => a - b);
    const shared = known.length === 0 ? null : known[Math.floor((known.length - 1) / 2)]!;
    this.agents = timelines
      .map((t, i) => ({ agent: t.agent, snapshots: t.snapshots, bound: own[i] ?? shared }))
      .sort((a, b) => (a.agent < b.agent ? -1 : a.agent > b.agent ? 1 : 0));
  }

  /** Every instant some agent has a snapshot at, oldest first, within the bounds when given (inclusive). */
  instants(since = Number.NEGATIVE_INFINITY, until = Number.POSITIVE_INFINITY): number[] {
    const all = new Set<number>();
    for (const a of this.agents) for (const s of a.snapshots) if (s.at >= since && s.at <= until) all.add(s.at);
    return [...all].sort((a, b) => a - b);
  }

  /** ALL at one instant. */
  at(instant: number): FloorPoint {
    const point: FloorPoint = { at: instant, price: null, agent: null, listings: 0, tickets: 0, current: [], stale: [] };
    for (const a of this.agents) {
      const latest = latestAtOrBefore(a.snapshots, instant);
      if (!latest) continue;
      if (!isCurrent(latest.at, instant, a.bound)) {
        point.stale.push(a.agent);
        continue;
      }
      point.current.push(a.agent);
      point.listings += latest.listings;
      point.tickets += latest.tickets ?? 0;
      if (latest.price !== null && (point.price === null || latest.price < point.price)) {
        point.price = latest.price;
        point.agent = a.agent;
      }
    }
    return point;
  }

  /** One agent's snapshot that counts at the instant (its latest then, unless too old), if any. */
  agentAt(agent: string, instant: number): FloorSnapshot | undefined {
    const a = this.agents.find((x) => x.agent === agent);
    const latest = a && latestAtOrBefore(a.snapshots, instant);
    return latest && isCurrent(latest.at, instant, a.bound) ? latest : undefined;
  }

  /** ALL at each instant some agent has a snapshot at (within the bounds, inclusive), oldest first. */
  series(since?: number, until?: number): FloorPoint[] {
    return this.instants(since, until).map((instant) => this.at(instant));
  }
}

/** The last snapshot at or before the instant (snapshots oldest first), by binary search. */
function latestAtOrBefore(snapshots: readonly FloorSnapshot[], instant: number): FloorSnapshot | undefined {
  let low = 0;
  let high = snapshots.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (snapshots[middle]!.at <= instant) low = middle + 1;
    else high = middle;
  }
  return low === 0 ? undefined : snapshots[low - 1];
}

/** An event's snapshot rows (any order) as the agents' timelines. */
export function timelinesOf(
  rows: readonly { agent: string; at: number; price: number | null; listings: number; tickets?: number }[],
): AgentTimeline[] {
  const byAgent = new Map<string, FloorSnapshot[]>();
  for (const r of rows) {
    const list = byAgent.get(r.agent);
    const snapshot: FloorSnapshot = { at: r.at, price: r.price, listings: r.listings };
    if (r.tickets !== undefined) snapshot.tickets = r.tickets;
    if (list) list.push(snapshot);
    else byAgent.set(r.agent, [snapshot]);
  }
  return [...byAgent].map(([agent, snapshots]) => ({ agent, snapshots: snapshots.sort((a, b) => a.at - b.at) }));
}
