/**
 * The sandbox's listings sell part of their tickets over time (issue 19 §6): a listing keeps its id while
 * its quantity goes down a few tickets at a time, never below 1, the same from any sandbox with the same
 * seed and clock; and `tix watch` reports it as `quantity` lines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_MS, startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { FIXED_NOW, getJson, useSandbox } from '../helpers/sandbox.js';
import { runTix } from '../helpers/tix.js';
import { sandboxEnv } from '../helpers/tix-env.js';

const NOW = Date.parse(FIXED_NOW);
const DAY = 86_400_000;
const SLOTS = 12;

interface Listing {
  listingId: string;
  quantity: number;
  price: number;
  splits?: number[];
}

let clock = NOW;
const sandbox = useSandbox({ now: () => new Date(clock), events: 1600, seed: 11 });

/** Ids of up to ten events `agent` has on sale for the whole test window. */
function onSale(s: Sandbox, agent: string): string[] {
  return s.events
    .filter((e) => e.agentIds[agent] && e.publicSaleTime < NOW && e.presaleTime < NOW && e.eventTime > NOW + 10 * DAY)
    .slice(0, 10)
    .map((e) => e.agentIds[agent]!);
}

/** Every listing of the events at the sandbox's current clock, keyed by event and listing id. */
async function listingsAt(s: Sandbox, at: number, agent: string, ids: string[]): Promise<Map<string, Listing>> {
  clock = at;
  const body = await getJson(s, `/inventory/${agent}/${ids.join(',')}`);
  const listings = new Map<string, Listing>();
  for (const event of body.data as { eventId: string; sections: Listing[] }[])
    for (const listing of event.sections) listings.set(`${event.eventId} ${listing.listingId}`, listing);
  return listings;
}

describe('a listing selling part of its tickets', () => {
  it('keeps its id while its quantity goes down, never below 1 and never up', async () => {
    const ids = onSale(sandbox(), 'VIVID');
    expect(ids).toHaveLength(10);
    const slots: Map<string, Listing>[] = [];
    for (let slot = 0; slot < SLOTS; slot++) slots.push(await listingsAt(sandbox(), NOW + slot * REFRESH_MS, 'VIVID', ids));

    let lowered = 0;
    for (let slot = 1; slot < SLOTS; slot++) {
      for (const [key, now] of slots[slot]!) {
        expect(Number.isInteger(now.quantity) && now.quantity >= 1, `${key}: quantity ${now.quantity}`).toBe(true);
        // VIVID's splits (how the listing may be bought) follow the quantity left.
        expect(now.splits?.at(-1)).toBe(now.quantity);
        expect(now.splits!.every((n) => n >= 1 && n <= now.quantity)).toBe(true);
        const before = slots[slot - 1]!.get(key);
        if (!before) continue;
        expect(now.quantity, `${key} went up`).toBeLessThanOrEqual(before.quantity);
        if (now.quantity < before.quantity) lowered++;
      }
    }
    // Some listings sell in parts, not all of them, and not at every refresh.
    const listed = slots.slice(1).reduce((n, s) => n + s.size, 0);
    expect(lowered).toBeGreaterThan(10);
    expect(lowered).toBeLessThan(listed / 2);
  });

  it('gives the same lowered quantities from another sandbox with the same seed and clock', async () => {
    const at = NOW + 9 * REFRESH_MS;
    const ids = onSale(sandbox(), 'TMUSA');
    const first = await listingsAt(sandbox(), at, 'TMUSA', ids);
    const earlier = await listingsAt(sandbox(), NOW, 'TMUSA', ids);
    expect([...first].filter(([key, l]) => (earlier.get(key)?.quantity ?? 0) > l.quantity).length).toBeGreaterThan(0);
    const other = await startSandbox({ now: new Date(at), events: 1600, seed: 11 });
    try {
      expect(await listingsAt(other, at, 'TMUSA', ids)).toEqual(first);
    } finally {
      await other.close();
    }
  });
});

describe('tix watch against a sandbox running 900 times as fast', () => {
  let fast: Sandbox;
  beforeAll(async () => {
    fast = await startSandbox({ now: FIXED_NOW, timeScale: 900, events: 1600, seed: 11 });
  });
  afterAll(() => fast.close());

  it('prints quantity lines for listings that sold part of their tickets', async () => {
    const ids = onSale(fast, 'STUBHUB').slice(0, 5);
    const result = await runTix(['watch', 'stubhub', ...ids, '--count', '4', '--interval', '1s'], { env: sandboxEnv(fast.url) });
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; eventId: string; listingId: string; quantity: number; old?: number; new?: number });
    const added = new Set(lines.filter((l) => l.type === 'added').map((l) => `${l.eventId} ${l.listingId}`));
    const quantities = lines.filter((l) => l.type === 'quantity');
    expect(quantities.length).toBeGreaterThan(0);
    for (const line of quantities) {
      // The same listing (its id was added before), fewer tickets, and the line carries the quantity left.
      expect(added.has(`${line.eventId} ${line.listingId}`)).toBe(true);
      expect(line.new).toBe(line.quantity);
      expect(line.new).toBeGreaterThanOrEqual(1);
      expect(line.new!).toBeLessThan(line.old!);
    }
  });
});
