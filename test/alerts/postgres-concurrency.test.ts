/**
 * Eight `tix track` runs at once on one PostgreSQL history, one rule: each new low is notified exactly once
 * (the rule's row is locked in the transaction that stores the snapshot), and its webhook is posted once
 * (the delivery is claimed by one run).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describePostgres, usePostgres } from '../helpers/postgres.js';
import { FIXED_NOW } from '../helpers/sandbox.js';
import { postgresStore } from '../history/stores.js';
import { MINUTE, onSale, tixAt, useClockedSandbox } from '../history/support.js';
import { cheapest, listingsIn, ndjsonAlerts } from './support.js';

const clock = useClockedSandbox();
const RUNS = 8;
const CLOCKS = [0, 15, 30, 45, 60, 75].map((m) => Date.parse(FIXED_NOW) + m * MINUTE);

const posted: string[] = [];
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => {
    body += c.toString('utf8');
  });
  req.on('end', () => {
    posted.push(body);
    res.statusCode = 204;
    res.end();
  });
});
beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describePostgres('alerts with eight tix track runs at once on PostgreSQL', () => {
  const store = postgresStore(usePostgres());

  it('notifies each new low exactly once, and posts it once', async () => {
    const at = store.fresh();
    const tix = (args: readonly string[]) => tixAt(clock.sandbox(), args, { now: () => new Date(clock.now()) });
    const event = await eventWithNewLows(tix);
    const entry = `TMUSA:${event.agentId}`;
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    expect((await tix(['alert', 'add', entry, '--notify-url', url, ...at.args])).code).toBe(0);

    const perClock: number[][] = [];
    for (const time of CLOCKS) {
      clock.setClock(time);
      const runs = await Promise.all(Array.from({ length: RUNS }, () => tix(['track', entry, ...at.args, '-o', 'ndjson'])));
      for (const run of runs) expect(run.code, run.stderr).toBe(0);
      perClock.push(runs.flatMap((run) => ndjsonAlerts(run.stdout).map((a) => a.price as number)));
    }

    // The new lows, from the listings stored at each clock.
    const lows = await at.sql(
      `SELECT api_timestamp, min(price) AS low FROM listings WHERE agent = 'TMUSA' AND event_id = '${event.agentId}' GROUP BY api_timestamp ORDER BY api_timestamp`,
    );
    expect(lows).toHaveLength(CLOCKS.length);
    let last = Number.POSITIVE_INFINITY;
    const expected = lows.map((row) => {
      const low = Number(row.low);
      if (!(low < last)) return [];
      last = low;
      return [low];
    });
    expect(perClock).toEqual(expected);
    expect(expected.flat().length).toBeGreaterThan(1);

    const notified = await at.sql('SELECT price FROM alert_notifications ORDER BY id');
    expect(notified.map((n) => Number(n.price))).toEqual(expected.flat());
    // Each alert posted once: no two runs claimed the same delivery.
    expect(posted.map((p) => JSON.parse(p).price).sort()).toEqual(expected.flat().sort());
    expect(await at.sql('SELECT count(*)::int AS n FROM alert_deliveries WHERE delivered_at IS NULL')).toEqual([{ n: 0 }]);
  }, 120_000);

  it('an evt_ rule evaluated by eight runs storing different agents at once: each notification below the one before it', async () => {
    posted.length = 0;
    const at = store.fresh();
    const tix = (args: readonly string[]) => tixAt(clock.sandbox(), args, { now: () => new Date(clock.now()) });
    clock.setClock(FIXED_NOW);
    const event = clock.sandbox().events.find((e) => e.id === onSale(clock.sandbox(), 'TMUSA')[12]!.id)!;
    const entries = Object.entries(event.agentIds).map(([agent, id]) => `${agent}:${id}`);
    expect(entries.length).toBeGreaterThan(3);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    expect((await tix(['alert', 'add', event.id, '--notify-url', url, ...at.args])).code).toBe(0);

    for (const time of CLOCKS.slice(0, 3)) {
      clock.setClock(time);
      // Each run stores its own agent's snapshot, and all of them evaluate the one rule at once.
      const runs = await Promise.all(Array.from({ length: RUNS }, (_, i) => tix(['track', entries[i % entries.length]!, ...at.args])));
      for (const run of runs) expect(run.code, run.stderr).toBe(0);
    }

    const notified = await at.sql('SELECT price, previous_price FROM alert_notifications ORDER BY id');
    expect(notified.length).toBeGreaterThan(0);
    notified.forEach((n, i) => {
      const before = i === 0 ? null : Number(notified[i - 1]!.price);
      expect(n.previous_price === null ? null : Number(n.previous_price)).toBe(before);
      if (before !== null) expect(Number(n.price)).toBeLessThan(before);
    });
    const [lowest] = await at.sql(
      `SELECT min(l.price) AS low FROM listings l JOIN event_agents ea ON ea.agent = l.agent AND ea.agent_event_id = l.event_id WHERE ea.event_id = '${event.id}'`,
    );
    expect(Number(notified[notified.length - 1]!.price)).toBe(Number(lowest!.low));
    expect(posted).toHaveLength(notified.length);
  }, 120_000);
});

/** Of ten events on sale, the one whose lowest price makes the most new lows over CLOCKS (so the test has several to count). */
async function eventWithNewLows(tix: (args: readonly string[]) => ReturnType<typeof tixAt>): Promise<{ id: string; agentId: string }> {
  clock.setClock(FIXED_NOW);
  const candidates = onSale(clock.sandbox(), 'TMUSA').slice(0, 10);
  const lows = candidates.map(() => [] as number[]);
  for (const time of CLOCKS) {
    clock.setClock(time);
    const inventory = await tix(['inventory', 'TMUSA', candidates.map((c) => c.agentId).join(','), '-o', 'json']);
    candidates.forEach((c, i) => lows[i]!.push(cheapest(listingsIn(inventory, c.agentId))?.price ?? Number.POSITIVE_INFINITY));
  }
  const newLows = lows.map((series) => series.filter((low, i) => series.slice(0, i).every((before) => low < before)).length);
  return candidates[newLows.indexOf(Math.max(...newLows))]!;
}
