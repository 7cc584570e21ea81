/**
 * `tix watch`, the built binary against sandboxes: one whose clock runs 900 times as fast (the inventory
 * refreshes every second), and one whose clock moves one 15-minute refresh per inventory request, so what
 * each poll must print is known exactly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketFigures } from '../../../../src/market/figures.js';
import { REFRESH_MS, startSandbox, type Sandbox, type SandboxEvent } from '../../../../src/sandbox/index.js';
import { apiGet } from '../../../helpers/api.js';
import { FIXED_NOW } from '../../../helpers/sandbox.js';
import { runTix } from '../../../helpers/tix.js';
import { sandboxEnv } from '../../../helpers/tix-env.js';

const NOW = Date.parse(FIXED_NOW);
const DAY = 86_400_000;
const CHANGE_TYPES = ['added', 'removed', 'price', 'quantity'];

interface Line {
  type: string;
  agent: string;
  eventId: string;
  listingId?: string;
  section?: string;
  row?: string;
  quantity?: number;
  price?: number;
  old?: number;
  new?: number;
  listings?: number;
  tickets?: number;
  minPrice?: number | null;
  medianPrice?: number | null;
  maxPrice?: number | null;
  timestamp: string;
}

interface Held {
  listingId: string;
  section: string;
  row: string;
  quantity: number;
  price: number;
}

/** Every stdout line, parsed; fails unless each is a whole JSON object ending in a newline. */
function ndjson(stdout: string): Line[] {
  expect(stdout === '' || stdout.endsWith('\n'), 'stdout ends with a whole line').toBe(true);
  return stdout
    .split('\n')
    .slice(0, -1)
    .map((text) => JSON.parse(text) as Line);
}

/**
 * Applies the changes as a script would, checking each against the state it applies to and each snapshot
 * against the listings held at that point. Returns, per snapshot line, the listings held then.
 */
function replay(lines: Line[]): { snapshot: Line; held: Held[] }[] {
  const state = new Map<string, Map<string, Held>>();
  // Each event's listings as its last snapshot line left them: a change's `old` is the value at the previous
  // poll (a price line already carries the listing's new quantity when both changed).
  const polled = new Map<string, Map<string, Held>>();
  const snapshots: { snapshot: Line; held: Held[] }[] = [];
  for (const line of lines) {
    expect(['snapshot', ...CHANGE_TYPES]).toContain(line.type);
    expect(typeof line.timestamp).toBe('string');
    const key = `${line.agent} ${line.eventId}`;
    const listings = state.get(key) ?? new Map<string, Held>();
    state.set(key, listings);
    if (line.type === 'snapshot') {
      const held = [...listings.values()];
      const { type, agent, eventId, timestamp, ...figures } = line;
      expect(figures).toEqual(marketFigures(held));
      snapshots.push({ snapshot: line, held });
      polled.set(key, new Map(listings));
      continue;
    }
    const { listingId, section, row, quantity, price } = line as Held;
    const before = listings.get(listingId);
    const last = polled.get(key)?.get(listingId);
    switch (line.type) {
      case 'added':
        expect(before, `${listingId} added twice`).toBeUndefined();
        break;
      case 'removed':
        expect(before).toEqual({ listingId, section, row, quantity, price });
        listings.delete(listingId);
        continue;
      case 'price':
        expect(last?.price).toBe(line.old);
        expect(line.new).toBe(price);
        expect(line.old).not.toBe(line.new);
        break;
      case 'quantity':
        expect(last?.quantity).toBe(line.old);
        expect(line.new).toBe(quantity);
        expect(line.old).not.toBe(line.new);
        break;
    }
    listings.set(listingId, { listingId, section, row, quantity, price });
  }
  return snapshots;
}

const byId = (listings: readonly Held[]) =>
  [...listings]
    .map(({ listingId, section, row, quantity, price }) => ({ listingId, section, row, quantity, price }))
    .sort((a, b) => a.listingId.localeCompare(b.listingId));

/** Events some agent has on sale around NOW for a good while, with plenty of listings. */
function onSale(sandbox: Sandbox, agent: string, count: number): SandboxEvent[] {
  const events = sandbox.events.filter(
    (e) =>
      e.agentIds[agent] && e.publicSaleTime < NOW - DAY && e.presaleTime < NOW - DAY && e.eventTime > NOW + 30 * DAY && e.popularity > 0.4,
  );
  expect(events.length).toBeGreaterThanOrEqual(count);
  return events.slice(0, count);
}

describe('against a sandbox running 900 times as fast (a refresh every second)', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ now: FIXED_NOW, timeScale: 900, events: 2400, seed: 5 });
  });
  afterAll(() => sandbox.close());

  it('prints NDJSON changes that, applied in order, always give the snapshot figures', async () => {
    const ids = onSale(sandbox, 'STUBHUB', 3).map((e) => e.agentIds.STUBHUB!);
    const result = await runTix(['watch', 'stubhub', ...ids, '--count', '3', '--interval', '1s'], { env: sandboxEnv(sandbox.url) });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('Watching 3 events at STUBHUB every 1s; Ctrl-C to stop.\n');
    const lines = ndjson(result.stdout);
    for (const line of lines) {
      expect(line.agent).toBe('STUBHUB');
      expect(ids).toContain(line.eventId);
      if (line.type !== 'snapshot')
        expect(Object.keys(line).slice(0, 8)).toEqual(['type', 'agent', 'eventId', 'listingId', 'section', 'row', 'quantity', 'price']);
    }
    const snapshots = replay(lines);
    // Three polls, one snapshot per event each, events in the order given.
    expect(snapshots.map((s) => s.snapshot.eventId)).toEqual([...ids, ...ids, ...ids]);
    expect(snapshots.every((s) => s.snapshot.listings! > 0)).toBe(true);
    // The first poll reports every listing as added; later ones only what changed.
    const firstPoll = lines.slice(0, lines.findIndex((l) => l.type === 'snapshot' && l.eventId === ids[2]) + 1);
    expect(new Set(firstPoll.map((l) => l.type))).toEqual(new Set(['added', 'snapshot']));
    const timestamps = snapshots.map((s) => Date.parse(s.snapshot.timestamp));
    expect(timestamps).toEqual([...timestamps].sort((a, b) => a - b));
    expect(timestamps[8]! - timestamps[0]!).toBeGreaterThanOrEqual(REFRESH_MS);
    expect(lines.slice(firstPoll.length).some((l) => l.type !== 'snapshot')).toBe(true);
  });
});

describe('against a sandbox that refreshes once per inventory request', () => {
  let sandbox: Sandbox;
  let clock = NOW;
  let advancing = false;
  beforeAll(async () => {
    sandbox = await startSandbox({
      now: () => new Date(clock),
      events: 2400,
      seed: 8,
      // Called before the request is served: each poll sees the next 15-minute slot.
      hook: ({ path }) => {
        if (advancing && path.startsWith('/inventory/')) clock += REFRESH_MS;
      },
    });
  });
  afterAll(() => sandbox.close());

  async function watch(args: string[]) {
    advancing = true;
    clock = NOW;
    try {
      return await runTix(['watch', ...args], { env: sandboxEnv(sandbox.url) });
    } finally {
      advancing = false;
    }
  }

  /** What `tix inventory` prints at the instant given: the listings of each event. */
  async function inventoryAt(instant: number, agent: string, ids: string[]): Promise<Map<string, Held[]>> {
    clock = instant;
    const result = await runTix(['inventory', agent, ...ids, '-o', 'json'], { env: sandboxEnv(sandbox.url) });
    expect(result.code, result.stderr).toBe(0);
    return new Map(JSON.parse(result.stdout).data.map((d: { eventId: string; sections: Held[] }) => [d.eventId, d.sections]));
  }

  it('after each poll, the listings the changes add up to are those `tix inventory` lists then (filters applied)', async () => {
    const ids = onSale(sandbox, 'TMUSA', 2).map((e) => e.agentIds.TMUSA!);
    const result = await watch(['TMUSA', ids.join(','), '--count', '4', '--interval', '1s', '--min-quantity', '2', '--max-price', '400']);
    expect(result.code, result.stderr).toBe(0);
    const lines = ndjson(result.stdout);
    for (const line of lines.filter((l) => l.type !== 'snapshot')) {
      expect(line.quantity).toBeGreaterThanOrEqual(2);
      expect(line.price).toBeLessThanOrEqual(400);
    }
    const snapshots = replay(lines);
    expect(snapshots).toHaveLength(8);
    let filteredOut = 0;
    for (const [poll, pair] of [snapshots.slice(0, 2), snapshots.slice(2, 4), snapshots.slice(4, 6), snapshots.slice(6, 8)].entries()) {
      // Poll n was served at the n-th slot after NOW.
      expect(pair.map((s) => s.snapshot.timestamp)).toEqual(
        [1, 1].map(() => new Date(NOW + (poll + 1) * REFRESH_MS).toISOString().replace('.000Z', 'Z')),
      );
      const listed = await inventoryAt(NOW + (poll + 1) * REFRESH_MS, 'TMUSA', ids);
      for (const { snapshot, held } of pair) {
        const all = listed.get(snapshot.eventId)!;
        const matching = all.filter((l) => l.quantity >= 2 && l.price <= 400);
        filteredOut += all.length - matching.length;
        expect(byId(held)).toEqual(byId(matching));
      }
    }
    expect(filteredOut).toBeGreaterThan(0);
  });

  it('--until-price exits 0 after the poll in which a matching listing first reaches the price', async () => {
    // Find an event whose cheapest listing (2+ tickets) gets cheaper at a later refresh, and wait for that price.
    let target: { id: string; price: number; poll: number } | undefined;
    for (const event of onSale(sandbox, 'SEATGEEK', 5)) {
      const id = event.agentIds.SEATGEEK!;
      const mins: number[] = [];
      for (let poll = 1; poll <= 4; poll++) {
        clock = NOW + poll * REFRESH_MS;
        const listed: Held[] = (await apiGet(sandbox.url, `/inventory/SEATGEEK/${id}`)).body.data[0].sections;
        mins.push(Math.min(...listed.filter((l) => l.quantity >= 2).map((l) => l.price)));
      }
      const later = mins.findIndex((m, i) => i > 0 && m < Math.min(...mins.slice(0, i)));
      if (later > 0) {
        target = { id, price: mins[later]!, poll: later + 1 };
        break;
      }
    }
    expect(target, 'an event whose price drops within 4 refreshes').toBeDefined();
    const { id, price, poll } = target!;
    const result = await watch(['seatgeek', id, '--until-price', String(price), '--min-quantity', '2', '--interval', '1s']);
    expect(result.code, result.stderr).toBe(0);
    const snapshots = replay(ndjson(result.stdout));
    expect(snapshots).toHaveLength(poll);
    expect(snapshots.at(-1)!.snapshot.minPrice).toBe(price);
    expect(snapshots.slice(0, -1).every((s) => s.snapshot.minPrice! > price)).toBe(true);
    expect(result.stderr).toMatch(new RegExp(`SEATGEEK ${id}: listing \\S+ at ${price.toFixed(2)} is at or below ${price.toFixed(2)}\\n$`));
  });

  it('--until-price at the current lowest price stops after the first poll', async () => {
    const id = onSale(sandbox, 'VIVID', 1)[0]!.agentIds.VIVID!;
    const listed = (await inventoryAt(NOW + REFRESH_MS, 'VIVID', [id])).get(id)!;
    const lowest = Math.min(...listed.map((l) => l.price));
    const result = await watch(['VIVID', id, '--until-price', String(lowest), '--interval', '1h']);
    expect(result.code, result.stderr).toBe(0);
    const lines = ndjson(result.stdout);
    expect(lines.filter((l) => l.type === 'added')).toHaveLength(listed.length);
    expect(lines.at(-1)).toMatchObject({ type: 'snapshot', minPrice: lowest });
  });
});
