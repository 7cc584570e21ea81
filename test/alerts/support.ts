/**
 * Alert tests: what the sandbox lists at each clock (the oracle a rule's firings are checked against),
 * and what tix printed about alerts.
 */
import { expect } from 'vitest';
import type { TixResult } from '../helpers/tix-env.js';

export interface Listing {
  listingId: string;
  section: string;
  row: string;
  quantity: number;
  price: number;
}

/** The listings of one agent's event as `tix inventory -o json` shows them now. */
export function listingsIn(result: TixResult, agentEventId: string): Listing[] {
  expect(result.code).toBe(0);
  const body = JSON.parse(result.stdout) as { data: { eventId: string; sections: Listing[] }[] };
  return body.data.find((d) => d.eventId === agentEventId)?.sections ?? [];
}

/** The cheapest listing that passes `keep`, or undefined. */
export function cheapest(listings: readonly Listing[], keep: (l: Listing) => boolean = () => true): Listing | undefined {
  return listings.filter(keep).reduce<Listing | undefined>((best, l) => (!best || l.price < best.price ? l : best), undefined);
}

/** The alerts a run printed with -o ndjson (objects with type "alert"), in order. */
export function ndjsonAlerts(stdout: string): Record<string, unknown>[] {
  return stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((o) => o.type === 'alert');
}

/** The `tix: alert: ...` lines of a run's stderr. */
export function alertLines(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line.startsWith('tix: alert: '));
}
