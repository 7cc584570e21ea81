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
    const result = await tix(['track', ...run.entries, ...at.args]);
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
