/**
 * Histories for the chart tests: one event with several agents, tracked by `tix track` at sandbox clocks
 * unevenly apart (0, 2 and 57 hours after the start, while it is on sale, then once after its date, when
 * no agent lists anything), and the snapshots as `tix history -o json` gives them.
 */
import { expect } from 'vitest';
import { FIXED_NOW, type Sandbox } from '../helpers/sandbox.js';
import type { StoreLocation } from './stores.js';
import { type ClockedSandbox, tixAt } from './support.js';

const HOUR = 3_600_000;
const SLOT = 15 * 60_000;
/** Snapshot times, in hours after the start; the event is at hour EVENT_HOUR (give or take a slot). */
export const HOURS = [0, 2, 57, 63];
const EVENT_HOUR = 60;

export interface ChartedEvent {
  /** The evt_ id. */
  id: string;
  /** TMUSA's id for it, as `tix history TMUSA <id>` takes it. */
  tmusa: string;
  eventDate: string;
  /** The first snapshot's API timestamp (epoch ms): the start of a 15-minute slot. */
  start: number;
  agents: string[];
}

export interface Snapshot {
  agent?: string;
  api_timestamp: string;
  min_price: number | null;
}

/**
 * An event listed by TMUSA and at least two other agents, on public sale from at least 80 hours before its date,
 * whose chart title fits the 80 columns of a chart written to a file.
 */
export function chartedEvent(sandbox: Sandbox): ChartedEvent {
  const event = sandbox.events.find(
    (e) =>
      e.agentIds.TMUSA &&
      Object.keys(e.agentIds).length >= 3 &&
      Date.parse(e.publicSaleDate) < Date.parse(e.eventDate) - 80 * HOUR &&
      Date.parse(e.eventDate) > Date.parse(FIXED_NOW) + 100 * HOUR &&
      eventTitle(sandbox, e.id).length <= 80,
  )!;
  const start = Math.floor((Date.parse(event.eventDate) - EVENT_HOUR * HOUR) / SLOT) * SLOT;
  return { id: event.id, tmusa: event.agentIds.TMUSA!, eventDate: event.eventDate, start, agents: Object.keys(event.agentIds).sort() };
}

/** `tix track <evt_id>` into `at` at each of HOURS after the event's start. */
export async function trackEvent(clock: ClockedSandbox, event: ChartedEvent, at: StoreLocation): Promise<void> {
  for (const hour of HOURS) {
    clock.setClock(event.start + hour * HOUR);
    const track = await tixAt(clock.sandbox(), ['track', event.id, ...at.args]);
    expect(track.code, track.stderr).toBe(0);
  }
}

/** `tix history <event...> -o json`: the stored snapshots, as a script would read them. */
export async function storedSnapshots(sandbox: Sandbox, event: readonly string[], at: StoreLocation): Promise<Snapshot[]> {
  const result = await tixAt(sandbox, ['history', ...event, ...at.args, '-o', 'json']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout).snapshots;
}

/** The lowest and highest min_price among snapshots. */
export function priceRange(snapshots: readonly Snapshot[]): [number, number] {
  const prices = snapshots.flatMap((s) => (s.min_price === null ? [] : [s.min_price]));
  return [Math.min(...prices), Math.max(...prices)];
}

/** An amount as tix prints it in charts: thousands separators, two decimals. */
export const money = (value: number) => value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** `YYYY-MM-DD HH:MM` of an instant in UTC. */
export const utcMinute = (at: number | string) => new Date(at).toISOString().slice(0, 16).replace('T', ' ');

/** The chart's title for an event, as the sandbox describes it: `Name · YYYY-MM-DD HH:MM · Venue, City` (UTC). */
export function eventTitle(sandbox: Sandbox, eventId: string): string {
  const e = sandbox.events.find((x) => x.id === eventId)!;
  return `${e.name} · ${utcMinute(e.eventDate)} · ${e.venue}, ${e.city}`;
}

/** The value axis's name: the venue's currency by its country. */
export function valueAxisName(sandbox: Sandbox, eventId: string): string {
  const country = sandbox.events.find((x) => x.id === eventId)!.country;
  return `Lowest price (${({ US: 'USD', CA: 'CAD', GB: 'GBP' } as Record<string, string>)[country] ?? "the venue's currency"})`;
}

/**
 * The market floor a person would compute from `history -o json`: per track run (the snapshots of all
 * agents within a few minutes), the lowest min_price, at the run's last snapshot; null when no agent had listings.
 */
export function floorByRun(snapshots: readonly Snapshot[]): { at: number; value: number | null }[] {
  const runs = new Map<number, Snapshot[]>();
  for (const s of snapshots) {
    const run = Math.round(Date.parse(s.api_timestamp) / (10 * 60_000));
    runs.set(run, [...(runs.get(run) ?? []), s]);
  }
  return [...runs.values()].map((run) => {
    const prices = run.flatMap((s) => (s.min_price === null ? [] : [s.min_price]));
    return { at: Math.max(...run.map((s) => Date.parse(s.api_timestamp))), value: prices.length > 0 ? Math.min(...prices) : null };
  });
}

/** An event with TMUSA and two other agents whose public sale starts at least a day after the fixed clock. */
export function onSaleSoonEvent(sandbox: Sandbox): { id: string; publicSale: number; agents: string[] } {
  const event = sandbox.events.find(
    (e) =>
      e.agentIds.TMUSA &&
      Object.keys(e.agentIds).length >= 3 &&
      Date.parse(e.publicSaleDate) > Date.parse(FIXED_NOW) + 24 * HOUR &&
      Date.parse(e.eventDate) > Date.parse(e.publicSaleDate) + 7 * 24 * HOUR,
  )!;
  return { id: event.id, publicSale: Date.parse(event.publicSaleDate), agents: Object.keys(event.agentIds).sort() };
}

/** `tix track <evt_id>` into `at` at each of `hours` after (before, when negative) its public sale. */
export async function trackAroundSale(
  clock: ClockedSandbox,
  event: { id: string; publicSale: number },
  hours: readonly number[],
  at: StoreLocation,
): Promise<void> {
  for (const hour of hours) {
    clock.setClock(event.publicSale + hour * HOUR);
    const track = await tixAt(clock.sandbox(), ['track', event.id, ...at.args]);
    expect(track.code, track.stderr).toBe(0);
  }
}

/**
 * Nine days of a cron job every 12 hours that stopped for three and a half days (hours after the fixed
 * clock): its line is broken over the stop (84 h against the usual 12 h).
 */
export const NINE_DAYS = [0, 12, 24, 36, 48, 60, 144, 156, 168, 180, 192, 204, 216];

/**
 * An event listed by TMUSA and at least five other agents (a legend of two rows or more), on public sale
 * at the fixed clock and at least 12 days before its date: tracked for NINE_DAYS from the fixed clock, both
 * its public sale (before) and its date (after) lie outside the range charted.
 */
export function crowdedEvent(sandbox: Sandbox): { id: string; publicSale: number; eventDate: number; agents: string[] } {
  const now = Date.parse(FIXED_NOW);
  const event = sandbox.events.find(
    (e) =>
      e.agentIds.TMUSA &&
      Object.keys(e.agentIds).length >= 6 &&
      Date.parse(e.publicSaleDate) < now - 24 * HOUR &&
      Date.parse(e.eventDate) > now + 12 * 24 * HOUR,
  )!;
  return {
    id: event.id,
    publicSale: Date.parse(event.publicSaleDate),
    eventDate: Date.parse(event.eventDate),
    agents: Object.keys(event.agentIds).sort(),
  };
}

/** `tix track <evt_id>` into `at` at each of NINE_DAYS after the fixed clock. */
export async function trackNineDays(clock: ClockedSandbox, eventId: string, at: StoreLocation): Promise<void> {
  for (const hour of NINE_DAYS) {
    clock.setClock(Date.parse(FIXED_NOW) + hour * HOUR);
    const track = await tixAt(clock.sandbox(), ['track', eventId, ...at.args]);
    expect(track.code, track.stderr).toBe(0);
  }
}
