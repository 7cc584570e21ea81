/**
 * Listings that sell part of their tickets (issue 19 §6), tracked at several sandbox clocks: the store holds
 * each lowered quantity under the same listing id, and `tix history --listings` gives a listing's latest
 * quantity (within the window), over both stores.
 */
import { beforeAll, expect, it } from 'vitest';
import { FIXED_NOW } from '../helpers/sandbox.js';
import { describeStores, type StoreLocation } from './stores.js';
import { listingLife, MINUTE, onSale, tixAt, useClockedSandbox, type PrintedListing } from './support.js';

const clock = useClockedSandbox();
const tix = (args: readonly string[]) => tixAt(clock.sandbox(), args);
const iso = (text: string) => new Date(text).toISOString().replace('.000Z', 'Z');
const TIMES = [0, 15, 30, 45, 60, 75].map((m) => iso(new Date(Date.parse(FIXED_NOW) + m * MINUTE).toISOString()));

/** A listing as `tix inventory` printed it at one API timestamp. */
interface Sighting {
  at: string;
  listing: PrintedListing;
}

describeStores('listings whose quantity goes down', (store) => {
  let at: StoreLocation;
  let ids: string[];
  /** Per event id, per listing id: every sighting, oldest first. */
  const lives = new Map<string, Map<string, Sighting[]>>();

  beforeAll(async () => {
    at = store.fresh();
    clock.setClock(FIXED_NOW);
    ids = onSale(clock.sandbox(), 'TMUSA')
      .slice(0, 5)
      .map((e) => e.agentId);
    for (const time of TIMES) {
      clock.setClock(time);
      const inventory = JSON.parse((await tix(['inventory', 'TMUSA', ...ids, '-o', 'json'])).stdout);
      for (const event of inventory.data as { eventId: string; sections: PrintedListing[] }[]) {
        const byId = lives.get(event.eventId) ?? new Map<string, Sighting[]>();
        lives.set(event.eventId, byId);
        for (const listing of event.sections)
          byId.set(listing.listingId, [...(byId.get(listing.listingId) ?? []), { at: iso(inventory.timestamp), listing }]);
      }
      const track = await tix(['track', ...ids.map((id) => `TMUSA:${id}`), ...at.args]);
      expect(track.code, track.stderr).toBe(0);
    }
  }, 120_000);

  /** `event listing` of each listing whose quantity went down from one snapshot to the next, as the API gave them. */
  const lowered = () =>
    [...lives].flatMap(([eventId, byId]) =>
      [...byId]
        .filter(([, life]) => life.some((s, i) => i > 0 && s.listing.quantity < life[i - 1]!.listing.quantity))
        .map(([listingId]) => `${eventId} ${listingId}`),
    );

  it('SQL over the store finds the listings that sold part of their tickets', async () => {
    const expected = lowered().sort();
    expect(expected.length).toBeGreaterThan(0);
    const rows = await at.sql(
      `SELECT DISTINCT event_id, listing_id FROM (
         SELECT event_id, listing_id, quantity,
           lag(quantity) OVER (PARTITION BY agent, event_id, listing_id ORDER BY api_timestamp) AS before
         FROM listings) changes
       WHERE quantity < before`,
    );
    expect(rows.map((r) => `${r.event_id} ${r.listing_id}`).sort()).toEqual(expected);
  });

  it('history --listings gives such a listing its latest quantity, within the window too', async () => {
    const [eventId, listingId] = lowered()[0]!.split(' ') as [string, string];
    const life = lives.get(eventId)!.get(listingId)!;
    const listingsUntil = async (until?: string) => {
      const result = await tix(['history', 'TMUSA', eventId, ...at.args, '--listings', '-o', 'json', ...(until ? ['--until', until] : [])]);
      expect(result.code, result.stderr).toBe(0);
      return (JSON.parse(result.stdout).listings as Record<string, unknown>[]).find((r) => r.listing_id === listingId)!;
    };
    const latestTime = TIMES.at(-1)!;
    const stillListed = [...lives.get(eventId)!].filter(([, l]) => l.at(-1)!.at === latestTime).map(([id]) => id);
    const last = life.at(-1)!;
    expect(await listingsUntil()).toEqual(listingLife(life, !stillListed.includes(listingId)));
    expect(last.listing.quantity).toBeLessThan(life[0]!.listing.quantity);

    // Up to each sighting, the quantity is the one seen then.
    for (const [i, sighting] of life.entries()) {
      const row = await listingsUntil(sighting.at);
      expect(row.quantity).toBe(sighting.listing.quantity);
      expect(row.last_seen).toBe(sighting.at);
      expect(row.lowest_price).toBe(Math.min(...life.slice(0, i + 1).map((s) => s.listing.price)));
    }
  });
});
