/**
 * Histories for the analysis commands (history list, history summary, history --by): `track` run at
 * several sandbox clocks, each run with that clock as its own, and what `tix history -o json` then says.
 */
import { expect } from 'vitest';
import { FIXED_NOW, type Sandbox } from '../helpers/sandbox.js';
import type { InProcessOptions, TixRunOptions } from '../helpers/tix.js';
import type { StoreLocation } from './stores.js';
import { MINUTE, tixAt, type ClockedSandbox } from './support.js';

export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const T0 = Date.parse(FIXED_NOW);

/** A snapshot as `tix history -o json` prints it. */
export interface PrintedSnapshot {
  agent?: string;
  api_timestamp: string;
  listings: number;
  tickets: number;
  min_price: number | null;
  median_price: number | null;
  max_price: number | null;
}

/** tix at the sandbox's current clock, its own clock set to the same instant. */
export function tixNow(clock: ClockedSandbox) {
  // tixAt hands its options to runTix, which also takes a clock and a terminal.
  return (args: readonly string[], options: InProcessOptions = {}) =>
    tixAt(clock.sandbox(), args, { now: () => new Date(clock.now()), ...options } as TixRunOptions);
}

/** Runs `track <entries>` at each clock (milliseconds after T0), each entry list in turn. */
export async function trackAt(clock: ClockedSandbox, at: StoreLocation, runs: readonly { after: number; entries: readonly string[] }[]) {
  const tix = tixNow(clock);
  for (const run of runs) {
    clock.setClock(T0 + run.after);
    // A minute, not runTix's 25 s: under the whole suite's load one store write has been seen to take longer.
    const result = await tix(['track', ...run.entries, ...at.args], { timeoutMs: 60_000 });
    expect(result.code, result.stderr).toBe(0);
  }
}

/** An event with ids at several agents, on sale from T0 until after `until` (ms after T0). */
export function eventOnSaleUntil(sandbox: Sandbox, until: number, agents = 3): { id: string; agentIds: Record<string, string> } {
  const from = new Date(T0).toISOString();
  const to = new Date(T0 + until + DAY).toISOString();
  const event = sandbox.events.find(
    (e) => Object.keys(e.agentIds).length >= agents && e.publicSaleDate < from && e.eventDate > to && e.agentIds.TMUSA,
  );
  if (!event) throw new Error('no sandbox event on sale for the whole test');
  return event;
}

/** What `tix history <event> -o json` prints. */
export async function printedHistory(clock: ClockedSandbox, at: StoreLocation, event: readonly string[]): Promise<PrintedSnapshot[]> {
  const result = await tixNow(clock)(['history', ...event, ...at.args, '-o', 'json']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout).snapshots;
}

/** Snapshots by agent (one agent's event: under ''), oldest first. */
export function byAgent(snapshots: readonly PrintedSnapshot[]): Map<string, PrintedSnapshot[]> {
  const agents = new Map<string, PrintedSnapshot[]>();
  for (const s of snapshots) {
    const key = s.agent ?? '';
    agents.set(key, [...(agents.get(key) ?? []), s]);
  }
  return agents;
}

/** The lowest of the prices that are there; null when none is. */
export function lowestOf(prices: readonly (number | null | undefined)[]): number | null {
  const there = prices.filter((p): p is number => typeof p === 'number');
  return there.length === 0 ? null : Math.min(...there);
}

/** An agent's snapshot that counts at an instant, by the definition of docs/history.md#the-market-floor-all. */
export interface Counted {
  agent: string;
  snapshot: PrintedSnapshot;
}

/**
 * The market floor as docs/history.md defines it, computed here from what `tix history -o json` printed and
 * nothing of tix's: at an instant, each agent's latest snapshot at or before it counts unless it is older than
 * twice that agent's usual interval (the lower middle of its sorted gaps; with a single snapshot, the lower
 * middle of the other agents' intervals; with none at all, no bound).
 */
export function floorReference(agents: ReadonlyMap<string, readonly PrintedSnapshot[]>) {
  const time = (s: PrintedSnapshot) => Date.parse(s.api_timestamp);
  const lowerMiddle = (values: number[]) => (values.length === 0 ? null : values.sort((a, b) => a - b)[Math.ceil(values.length / 2) - 1]!);
  const own = new Map(
    [...agents].map(([agent, series]) => {
      const times = series.map(time).sort((a, b) => a - b);
      return [agent, lowerMiddle(times.slice(1).map((t, i) => t - times[i]!))] as const;
    }),
  );
  const shared = lowerMiddle([...own.values()].filter((u): u is number => u !== null));
  const counted = (instant: number) => {
    const current: Counted[] = [];
    const stale: string[] = [];
    for (const [agent, series] of agents) {
      const before = series.filter((s) => time(s) <= instant);
      if (before.length === 0) continue;
      const latest = before.reduce((a, b) => (time(b) > time(a) ? b : a));
      const usual = own.get(agent) ?? shared;
      if (usual !== null && instant - time(latest) > 2 * usual) stale.push(agent);
      else current.push({ agent, snapshot: latest });
    }
    return { current, stale: stale.sort() };
  };
  return {
    /** Every instant an agent has a snapshot at, oldest first. */
    instants: () => [...new Set([...agents.values()].flat().map(time))].sort((a, b) => a - b),
    counted,
    price: (instant: number) => lowestOf(counted(instant).current.map((c) => c.snapshot.min_price)),
    listings: (instant: number) => counted(instant).current.reduce((n, c) => n + c.snapshot.listings, 0),
    tickets: (instant: number) => counted(instant).current.reduce((n, c) => n + c.snapshot.tickets, 0),
    /** The agent with the floor's price (the first by code on a tie); null without one. */
    agent: (instant: number) => {
      const priced = counted(instant).current.filter((c) => c.snapshot.min_price !== null);
      const low = lowestOf(priced.map((c) => c.snapshot.min_price));
      return (
        priced
          .filter((c) => c.snapshot.min_price === low)
          .map((c) => c.agent)
          .sort()[0] ?? null
      );
    },
    agentPrice: (agent: string, instant: number) => counted(instant).current.find((c) => c.agent === agent)?.snapshot.min_price ?? null,
  };
}
