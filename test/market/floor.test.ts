/**
 * The market floor's rules at their edges (docs/history.md#the-market-floor-all): what counts at an instant,
 * the interval of an agent with one snapshot, ties, and an instant no agent counts at. The commands that read
 * it are checked end to end in test/history/market-floor.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { isCurrent, MarketFloor, timelinesOf, usualIntervalMs } from '../../src/market/floor.js';

const H = 3_600_000;
const snap = (agent: string, hour: number, price: number | null, listings = 1) => ({ agent, at: hour * H, price, listings });

describe('the market floor', () => {
  it("an agent's usual interval is the lower middle of its sorted gaps", () => {
    expect(usualIntervalMs([0, 3 * H, 6 * H, 30 * H])).toBe(3 * H);
    expect(usualIntervalMs([0, 1 * H, 4 * H, 10 * H, 11 * H])).toBe(H);
    expect(usualIntervalMs([5])).toBeNull();
    expect(isCurrent(0, 6 * H, 3 * H)).toBe(true);
    expect(isCurrent(0, 6 * H + 1, 3 * H)).toBe(false);
    expect(isCurrent(H, 0, null)).toBe(false);
  });

  it('counts an agent while its latest snapshot is within twice its usual interval, and names it once it is not', () => {
    // A every 3 h; B every 6 h until 6 h, then nothing.
    const market = new MarketFloor(
      timelinesOf([0, 3, 6, 9, 12, 15, 18].map((h) => snap('A', h, 90 - h)).concat([0, 6].map((h) => snap('B', h, 50)))),
    );
    expect(market.at(9 * H)).toMatchObject({ price: 50, agent: 'B', current: ['A', 'B'], stale: [], listings: 2 });
    // B's 06:00 snapshot is 12 h old at 18:00: exactly twice its interval, still current; an instant later, not.
    expect(market.at(18 * H).price).toBe(50);
    expect(market.at(18 * H + 1)).toMatchObject({ price: 72, agent: 'A', current: ['A'], stale: ['B'] });
    expect(market.agentAt('B', 18 * H + 1)).toBeUndefined();
    expect(market.series().map((p) => p.price)).toEqual([50, 50, 50, 50, 50, 50, 50]);
  });

  it('judges an agent with one snapshot by the others’ usual interval, and leaves nothing out when none has one', () => {
    const market = new MarketFloor(timelinesOf([snap('A', 0, 80), snap('A', 3, 81), snap('A', 6, 82), snap('A', 9, 83), snap('B', 0, 10)]));
    expect(market.at(6 * H).price).toBe(10);
    expect(market.at(9 * H)).toMatchObject({ price: 83, stale: ['B'] });
    const single = new MarketFloor(timelinesOf([snap('A', 0, 80), snap('B', 100, 90)]));
    expect(single.at(100 * H)).toMatchObject({ price: 80, current: ['A', 'B'] });
  });

  it('has no price where no agent counts, or none that counts had listings; ties go to the first agent by code', () => {
    const market = new MarketFloor(timelinesOf([snap('B', 0, 40), snap('A', 0, 40), snap('A', 1, null, 0), snap('B', 1, null, 0)]));
    expect(market.at(0)).toMatchObject({ price: 40, agent: 'A' });
    expect(market.at(H)).toMatchObject({ price: null, agent: null, current: ['A', 'B'] });
    expect(market.at(-1)).toMatchObject({ price: null, current: [], stale: [] });
  });

  it('takes a usual interval the caller read elsewhere (a store that gave only the latest snapshot)', () => {
    const market = new MarketFloor([
      { agent: 'A', usualMs: H, snapshots: [{ at: 0, price: 10, listings: 1 }] },
      { agent: 'B', usualMs: 10 * H, snapshots: [{ at: 0, price: 20, listings: 1 }] },
    ]);
    expect(market.at(3 * H)).toMatchObject({ price: 20, stale: ['A'] });
  });
});
