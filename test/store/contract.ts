/**
 * What every HistoryStore must do, whatever database is behind it. An implementation's test file calls
 * `defineStoreContract` with a way to make an empty store and to open one:
 *
 *   defineStoreContract('duckdb', { fresh: async () => join(tempDir(), 'h.duckdb'), open: (at) => openStore(at, ...) });
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { HistoryStore, ListingRecord, SalesDayRecord, SnapshotRecord } from '../../src/store/store.js';
import { marketFigures } from '../../src/market/figures.js';

export interface StoreFactory {
  /** The location of a new, empty store (a file path, a database URL). */
  fresh(): Promise<string>;
  /** Opens the store at a location; tests close what they open. */
  open(location: string): Promise<HistoryStore>;
}

const T1 = '2026-03-15T03:00:00.000Z';
const T2 = '2026-03-15T03:15:00.000Z';
const T3 = '2026-03-15T03:30:00.000Z';
const FETCHED = '2026-03-15T03:20:01.250Z';

export function listing(listingId: string, price: number, quantity = 2, extra: Record<string, unknown> = {}): ListingRecord {
  return { listingId, section: `Section ${listingId.slice(0, 1)}`, row: '7', quantity, price, extra };
}

export function snapshot(
  agent: string,
  eventId: string,
  apiTimestamp: string,
  listings: ListingRecord[],
  fetchedAt = FETCHED,
): SnapshotRecord {
  return { agent, eventId, apiTimestamp, fetchedAt, figures: marketFigures(listings), listings };
}

function salesDay(date: string, totalTickets: number, fetchedAt: string): SalesDayRecord {
  return {
    provider: 'stubhub',
    eventId: '101459428',
    date,
    totalTickets,
    totalSales: totalTickets * 100,
    minPrice: 80,
    maxPrice: 120,
    avgPrice: 100,
    fetchedAt,
  };
}

const EVENT = { agent: 'TMUSA', eventId: 'G5v8HKyBKZbyJN' };

export function defineStoreContract(name: string, factory: StoreFactory): void {
  describe(`the ${name} history store`, () => {
    const opened: HistoryStore[] = [];
    afterEach(async () => {
      for (const store of opened.splice(0)) await store.close();
    });
    async function open(location?: string): Promise<HistoryStore> {
      const store = await factory.open(location ?? (await factory.fresh()));
      opened.push(store);
      return store;
    }

    it('stores snapshots with their figures and gives them back oldest first', async () => {
      const store = await open();
      const later = snapshot('TMUSA', 'G5v8HKyBKZbyJN', T2, [listing('A1', 150, 4), listing('B2', 99.5, 2)]);
      const earlier = snapshot('TMUSA', 'G5v8HKyBKZbyJN', T1, [listing('A1', 160, 4), listing('B2', 99.5, 2), listing('C3', 310.25, 1)]);
      expect(await store.record([later, earlier], [])).toEqual({ stored: 2, alreadyStored: 0, salesDays: 0 });
      expect(await store.snapshots({ events: [EVENT] })).toEqual([
        { ...EVENT, apiTimestamp: T1, fetchedAt: FETCHED, listings: 3, tickets: 7, minPrice: 99.5, medianPrice: 160, maxPrice: 310.25 },
        { ...EVENT, apiTimestamp: T2, fetchedAt: FETCHED, listings: 2, tickets: 6, minPrice: 99.5, medianPrice: 124.75, maxPrice: 150 },
      ]);
    });

    it('keeps a snapshot with no listings, with null prices', async () => {
      const store = await open();
      await store.record([snapshot('STUBHUB', '101459428', T1, [])], []);
      expect(await store.snapshots({ events: [{ agent: 'STUBHUB', eventId: '101459428' }] })).toEqual([
        {
          agent: 'STUBHUB',
          eventId: '101459428',
          apiTimestamp: T1,
          fetchedAt: FETCHED,
          listings: 0,
          tickets: 0,
          minPrice: null,
          medianPrice: null,
          maxPrice: null,
        },
      ]);
    });

    it('stores a snapshot once: the same agent, event and API timestamp again is left alone', async () => {
      const store = await open();
      const first = snapshot('TMUSA', 'G5v8HKyBKZbyJN', T1, [listing('A1', 100)]);
      await store.record([first], []);
      const again = snapshot('TMUSA', 'G5v8HKyBKZbyJN', T1, [listing('A1', 999), listing('Z9', 5)], '2026-03-15T03:29:00.000Z');
      const other = snapshot('TMUSA', 'vvG1PFHjdJRivP', T1, [listing('A1', 100)]);
      expect(await store.record([again, other, other], [])).toEqual({ stored: 1, alreadyStored: 2, salesDays: 0 });
      const rows = await store.snapshots({ events: [EVENT] });
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ fetchedAt: FETCHED, listings: 1, minPrice: 100 });
      expect((await store.listingLives({ events: [EVENT] })).map((l) => [l.listingId, l.lastPrice])).toEqual([['A1', 100]]);
    });

    it('treats two spellings of one instant as one timestamp and keeps microseconds', async () => {
      const store = await open();
      await store.record([snapshot('TMUSA', 'G5v8HKyBKZbyJN', '2026-03-15T03:00:00Z', [])], []);
      const result = await store.record(
        [
          snapshot('TMUSA', 'G5v8HKyBKZbyJN', '2026-03-15T04:00:00+01:00', []),
          snapshot('TMUSA', 'G5v8HKyBKZbyJN', '2026-03-15T03:15:00.1234567Z', []),
        ],
        [],
      );
      expect(result).toMatchObject({ stored: 1, alreadyStored: 1 });
      expect((await store.snapshots({ events: [EVENT] })).map((s) => s.apiTimestamp)).toEqual([T1, '2026-03-15T03:15:00.123456Z']);
    });

    it('stores nothing of a record that fails', async () => {
      const store = await open();
      const good = snapshot('TMUSA', 'G5v8HKyBKZbyJN', T1, [listing('A1', 100)]);
      const bad = snapshot('TMUSA', 'vvG1PFHjdJRivP', 'not a timestamp', [listing('A1', 100)]);
      await expect(store.record([good, bad], [salesDay('2026-03-01', 4, FETCHED)])).rejects.toThrow();
      expect(await store.snapshots({ events: [EVENT] })).toEqual([]);
      expect(await collect(store)).toEqual({ snapshots: [], sales: [] });
    });

    it('picks events and an inclusive time window', async () => {
      const store = await open();
      await store.record(
        [
          snapshot('TMUSA', 'G5v8HKyBKZbyJN', T1, [listing('A1', 100)]),
          snapshot('TMUSA', 'G5v8HKyBKZbyJN', T2, [listing('A1', 101)]),
          snapshot('TMUSA', 'G5v8HKyBKZbyJN', T3, [listing('A1', 102)]),
          snapshot('STUBHUB', '101459428', T2, [listing('S1', 90)]),
          snapshot('STUBHUB', '999', T2, [listing('S1', 90)]),
        ],
        [],
      );
      const both = [EVENT, { agent: 'STUBHUB', eventId: '101459428' }];
      expect((await store.snapshots({ events: both })).map((s) => `${s.agent} ${s.apiTimestamp}`)).toEqual([
        `TMUSA ${T1}`,
        `STUBHUB ${T2}`,
        `TMUSA ${T2}`,
        `TMUSA ${T3}`,
      ]);
      expect((await store.snapshots({ events: both, since: T2, until: T2 })).map((s) => s.agent)).toEqual(['STUBHUB', 'TMUSA']);
      expect((await store.snapshots({ events: [EVENT], since: T2 })).map((s) => s.minPrice)).toEqual([101, 102]);
      expect((await store.snapshots({ events: [EVENT], until: T2 })).map((s) => s.minPrice)).toEqual([100, 101]);
      expect(await store.snapshots({ events: [] })).toEqual([]);
      expect(await store.snapshots({ events: [{ agent: 'TMUSA', eventId: 'nope' }] })).toEqual([]);
    });

    it('follows each listing over its life and marks those gone from the latest snapshot', async () => {
      const store = await open();
      await store.record(
        [
          snapshot('TMUSA', 'G5v8HKyBKZbyJN', T1, [listing('A1', 100, 4), listing('B2', 200, 2)]),
          snapshot('TMUSA', 'G5v8HKyBKZbyJN', T2, [listing('A1', 90, 2), listing('B2', 210, 2), listing('C3', 50, 1)]),
          snapshot('TMUSA', 'G5v8HKyBKZbyJN', T3, [listing('A1', 95, 2), listing('C3', 55, 1)]),
        ],
        [],
      );
      const lives = await store.listingLives({ events: [EVENT] });
      expect(lives).toEqual([
        {
          ...EVENT,
          listingId: 'A1',
          section: 'Section A',
          row: '7',
          quantity: 2,
          firstSeen: T1,
          lastSeen: T3,
          firstPrice: 100,
          lastPrice: 95,
          lowestPrice: 90,
          gone: false,
        },
        {
          ...EVENT,
          listingId: 'B2',
          section: 'Section B',
          row: '7',
          quantity: 2,
          firstSeen: T1,
          lastSeen: T2,
          firstPrice: 200,
          lastPrice: 210,
          lowestPrice: 200,
          gone: true,
        },
        {
          ...EVENT,
          listingId: 'C3',
          section: 'Section C',
          row: '7',
          quantity: 1,
          firstSeen: T2,
          lastSeen: T3,
          firstPrice: 50,
          lastPrice: 55,
          lowestPrice: 50,
          gone: false,
        },
      ]);
      // Within a window, "gone" is judged against the window's latest snapshot.
      expect((await store.listingLives({ events: [EVENT], until: T2 })).map((l) => [l.listingId, l.gone])).toEqual([
        ['A1', false],
        ['B2', false],
        ['C3', false],
      ]);
    });

    it('keeps the latest fetch of each sales day', async () => {
      const store = await open();
      expect(
        await store.record(
          [],
          [salesDay('2026-03-01', 4, '2026-03-02T00:00:00.000Z'), salesDay('2026-03-02', 6, '2026-03-02T00:00:00.000Z')],
        ),
      ).toEqual({
        stored: 0,
        alreadyStored: 0,
        salesDays: 2,
      });
      // A newer fetch replaces a day; an older one (a slow run finishing late) does not, nor does the same
      // fetch again (a second copy of a history): the count is of the days written.
      expect(
        await store.record(
          [],
          [salesDay('2026-03-01', 5, '2026-03-03T00:00:00.000Z'), salesDay('2026-03-02', 1, '2026-03-01T00:00:00.000Z')],
        ),
      ).toMatchObject({ salesDays: 1 });
      expect(
        await store.record(
          [],
          [salesDay('2026-03-01', 5, '2026-03-03T00:00:00.000Z'), salesDay('2026-03-02', 6, '2026-03-02T00:00:00.000Z')],
        ),
      ).toMatchObject({ salesDays: 0 });
      const { sales } = await collect(store);
      expect(sales.map((d) => [d.date, d.totalTickets, d.fetchedAt])).toEqual([
        ['2026-03-01', 5, '2026-03-03T00:00:00.000Z'],
        ['2026-03-02', 6, '2026-03-02T00:00:00.000Z'],
      ]);
      expect(sales[0]).toEqual(salesDay('2026-03-01', 5, '2026-03-03T00:00:00.000Z'));
    });

    it('reads everything back in batches, and a copy into another store is the same history', async () => {
      const source = await open();
      const snapshots = [
        snapshot('TMUSA', 'G5v8HKyBKZbyJN', T1, [
          listing('A1', 100, 4, { offerType: 'resale', nested: { a: [1, 2] } }),
          listing('B2', 200),
        ]),
        snapshot('TMUSA', 'G5v8HKyBKZbyJN', T2, []),
        snapshot('STUBHUB', '101459428', T1, [listing('S1', 90, 2, { deliveryMethod: 'Mobile Transfer' })]),
        snapshot('VIVID', 'x-1', T3, [listing('V1', 10), listing('V2', 20), listing('V3', 30)]),
      ];
      const sales = [salesDay('2026-03-01', 4, FETCHED), salesDay('2026-03-02', 6, FETCHED), salesDay('2026-03-03', 8, FETCHED)];
      await source.record(snapshots, sales);

      const batches = [];
      for await (const batch of source.readAll(2)) batches.push(batch);
      expect(batches.every((b) => b.snapshots.length <= 2 && b.sales.length <= 2)).toBe(true);
      const all = { snapshots: batches.flatMap((b) => b.snapshots), sales: batches.flatMap((b) => b.sales) };
      const byKey = (s: SnapshotRecord) => `${s.agent} ${s.eventId} ${s.apiTimestamp}`;
      expect(sortBy(all.snapshots, byKey)).toEqual(sortBy(snapshots.map(withSortedListings), byKey).map(withSortedListings));
      expect(sortBy(all.sales, (d) => d.date)).toEqual(sales);

      const copy = await open();
      for (const batch of batches) await copy.record(batch.snapshots, batch.sales);
      for (const batch of batches)
        expect(await copy.record(batch.snapshots, batch.sales)).toMatchObject({ stored: 0, alreadyStored: batch.snapshots.length });
      const events = snapshots.map(({ agent, eventId }) => ({ agent, eventId }));
      expect(await copy.snapshots({ events })).toEqual(await source.snapshots({ events }));
      expect(await copy.listingLives({ events })).toEqual(await source.listingLives({ events }));
    });

    it("runs one read-only query of the user's, and refuses writes, several statements and bad SQL with exit 2", async () => {
      const store = await open();
      await store.record(
        [
          snapshot('TMUSA', 'G5v8HKyBKZbyJN', T1, [listing('A1', 160, 4), listing('B2', 99.5, 2)]),
          snapshot('TMUSA', 'G5v8HKyBKZbyJN', T2, [listing('A1', 150, 4)]),
        ],
        [],
      );
      const result = await queryAll(
        store,
        `SELECT api_timestamp, min_price, listings, count(*) OVER () AS n, CAST(9007199254740993 AS BIGINT) AS big, event_id, NULL AS nothing
         FROM snapshots ORDER BY api_timestamp`,
      );
      expect(result.columns).toEqual(['api_timestamp', 'min_price', 'listings', 'n', 'big', 'event_id', 'nothing']);
      expect(result.rows).toEqual([
        {
          api_timestamp: '2026-03-15T03:00:00Z',
          min_price: 99.5,
          listings: 2,
          n: 2,
          big: '9007199254740993',
          event_id: 'G5v8HKyBKZbyJN',
          nothing: null,
        },
        {
          api_timestamp: '2026-03-15T03:15:00Z',
          min_price: 150,
          listings: 1,
          n: 2,
          big: '9007199254740993',
          event_id: 'G5v8HKyBKZbyJN',
          nothing: null,
        },
      ]);
      for (const sql of [
        "INSERT INTO snapshots (agent, event_id, api_timestamp, fetched_at, listings, tickets) VALUES ('X', 'Y', now(), now(), 0, 0)",
        'DELETE FROM listings',
        'UPDATE snapshots SET listings = 0',
        'CREATE TABLE mine (a integer)',
        'DROP TABLE listings',
        'SELECT 1; DELETE FROM listings',
      ]) {
        await expect(queryAll(store, sql), sql).rejects.toMatchObject({ exitCode: 2, message: expect.stringMatching(/^history sql: /) });
      }
      await expect(queryAll(store, 'SELEC * FROM snapshots')).rejects.toMatchObject({
        exitCode: 2,
        message: expect.stringMatching(/^history sql: .*syntax error.*SELEC.*\(at .*1\)$/),
      });
      expect(await store.snapshots({ events: [EVENT] })).toHaveLength(2);
      expect((await queryAll(store, 'SELECT count(*) AS n FROM listings')).rows).toEqual([{ n: 3 }]);
    });

    it("history summary: each agent, and ALL as the market of each agent's latest snapshot at any moment", async () => {
      const store = await open();
      // TMUSA at T1 and T3, STUBHUB at T2 only: the agents' snapshots are not at the same API timestamps.
      await store.record(
        [
          snapshot('TMUSA', 'G5v8HKyBKZbyJN', T1, [listing('A1', 100), listing('B2', 100), listing('C3', 300)]),
          snapshot('TMUSA', 'G5v8HKyBKZbyJN', T3, [listing('A1', 120), listing('C3', 280)]),
          snapshot('STUBHUB', '101459428', T2, [listing('S1', 110), listing('S2', 111), listing('S3', 112), listing('S4', 400)]),
        ],
        [],
      );
      const events = [EVENT, { agent: 'STUBHUB', eventId: '101459428' }];
      // What depends on which agents counted at an instant (ALL's current price, every change over a window) is
      // the market floor's (test/market/floor.test.ts), not the store's.
      const [rows] = await store.priceSummary([events]);
      const seat = { lowestSection: 'Section A', lowestRow: '7' };
      expect(rows).toEqual([
        {
          agent: 'STUBHUB',
          snapshots: 1,
          latestAt: T2,
          currentPrice: 110,
          previousPrice: null,
          lowestPrice: 110,
          lowestAt: T2,
          lowestSection: 'Section S',
          lowestRow: '7',
          highestPrice: 400,
          listingsNow: 4,
          listingsPeak: 4,
          agentEventId: '101459428',
          usualIntervalSeconds: null,
        },
        {
          agent: 'TMUSA',
          snapshots: 2,
          latestAt: T3,
          currentPrice: 120,
          previousPrice: 100,
          lowestPrice: 100,
          lowestAt: T1,
          ...seat,
          highestPrice: 300,
          listingsNow: 2,
          listingsPeak: 3,
          agentEventId: 'G5v8HKyBKZbyJN',
          usualIntervalSeconds: 1800,
        },
        {
          agent: null,
          snapshots: 3,
          latestAt: T3,
          currentPrice: null,
          previousPrice: null,
          lowestPrice: 100,
          lowestAt: T1,
          ...seat,
          highestPrice: 400,
          listingsNow: null,
          listingsPeak: null,
          agentEventId: null,
          usualIntervalSeconds: null,
        },
      ]);
      expect(await store.priceSummary([[{ agent: 'TMUSA', eventId: 'nosuchevent' }]])).toEqual([[]]);
      // Several events in one query (tix report): each group's rows as when it is asked alone.
      const [alone] = await store.priceSummary([[EVENT]]);
      expect(alone!.map((r) => r.agent)).toEqual(['TMUSA', null]);
      expect(await store.priceSummary([events, [{ agent: 'TMUSA', eventId: 'nosuchevent' }], [EVENT]])).toEqual([rows, [], alone]);
    });

    it('coverage, listing filters, summary ranges and days to the event: the shared analysis SQL on this store', async () => {
      const store = await open();
      const at = (minutes: number) => new Date(Date.parse(T1) + minutes * 60_000).toISOString();
      // Every 15 minutes, then a pause of 2 hours (more than 3 intervals), then 15 minutes again.
      const times = [0, 15, 30, 45, 165, 180].map(at);
      await store.record(
        times.map((t, i) =>
          snapshot('TMUSA', 'G5v8HKyBKZbyJN', t, [listing('A1', 100 + i, 1), listing('B2', 150 + i, 4), listing('B3', 170, 6)]),
        ),
        [],
      );
      expect(await store.coverage([EVENT], 3)).toEqual([
        {
          agent: 'TMUSA',
          agentEventId: 'G5v8HKyBKZbyJN',
          eventId: null,
          name: null,
          eventDate: null,
          snapshots: 6,
          firstSnapshot: times[0],
          lastSnapshot: times[5],
          usualIntervalSeconds: 900,
          gaps: [{ start: times[3], end: times[4] }],
        },
      ]);
      expect(await store.coverage([{ agent: 'TMUSA', eventId: 'nosuchevent' }], 3)).toEqual([]);

      // At least 4 tickets, in sections 'section b*': B2 and B3 only (the median of two, their mean).
      const filtered = await store.snapshots({ events: [EVENT], listings: { minQuantity: 4, section: 'section b*' } });
      expect(filtered.map((r) => [r.listings, r.tickets, r.minPrice, r.medianPrice, r.maxPrice])).toEqual(
        times.map((_, i) => [2, 10, 150 + i, (150 + i + 170) / 2, 170]),
      );
      // LIKE's own wildcards are taken literally: '_' is not any character.
      const none = await store.snapshots({ events: [EVENT], listings: { section: 'section _' } });
      expect(none.map((r) => [r.listings, r.minPrice])).toEqual(times.map(() => [0, null]));

      const [row] = (await store.priceSummary([[EVENT]], { minQuantity: 4 }))[0]!;
      expect([row!.currentPrice, row!.previousPrice, row!.lowestPrice, row!.lowestSection]).toEqual([155, 154, 150, 'Section B']);

      // Days before an event 52 hours after the first snapshot (49 after the last): all of them 2 whole days before.
      const eventDate = new Date(Date.parse(T1) + 52 * 3_600_000).toISOString();
      const countdown = await store.periodSnapshots({ events: [EVENT], listings: { minQuantity: 4 } }, 'days-to-event', 'UTC', eventDate);
      expect(countdown.map((r) => [r.period, r.agent, r.apiTimestamp, r.minPrice])).toEqual(
        times.map((t, i) => ['2', 'TMUSA', t, 150 + i]),
      );
    });

    it('history list: one row per event (by evt_ id where known), ties to the earliest then the agent, filters', async () => {
      const store = await open();
      const show = {
        eventId: 'evt_show',
        name: 'A Summer Show',
        category: 'Concerts',
        venue: null,
        city: null,
        state: null,
        country: null,
        eventDate: '2026-06-01T19:30:00.000Z',
        presaleDate: null,
        publicSaleDate: null,
        agents: [
          { agent: 'TMUSA', agentEventId: 'G5v8HKyBKZbyJN' },
          { agent: 'STUBHUB', agentEventId: '101459428' },
        ],
        seenAt: T1,
      };
      await store.record(
        [
          snapshot('TMUSA', 'G5v8HKyBKZbyJN', T1, [listing('A1', 90)]),
          snapshot('STUBHUB', '101459428', T1, [listing('S1', 90)]),
          snapshot('TMUSA', 'G5v8HKyBKZbyJN', T2, [listing('A1', 95)]),
          snapshot('STUBHUB', '101459428', T3, [listing('S1', 90)]),
          snapshot('TMUSA', 'vvG1PFHjdJRivP', T1, []),
        ],
        [],
        { events: [show] },
      );
      const known = {
        eventId: 'evt_show',
        name: 'A Summer Show',
        eventDate: show.eventDate,
        agents: ['STUBHUB', 'TMUSA'],
        agentEventId: null,
        snapshots: 4,
        firstSnapshot: T1,
        lastSnapshot: T3,
        currentPrice: 90,
        lowestPrice: 90,
        lowestAt: T1,
        lowestAgent: 'STUBHUB',
        staleAgents: [],
      };
      const unknown = {
        eventId: null,
        name: null,
        eventDate: null,
        agents: ['TMUSA'],
        agentEventId: 'vvG1PFHjdJRivP',
        snapshots: 1,
        firstSnapshot: T1,
        lastSnapshot: T1,
        currentPrice: null,
        lowestPrice: null,
        lowestAt: null,
        lowestAgent: null,
        staleAgents: [],
      };
      expect(await store.trackedEvents({})).toEqual([known, unknown]);
      expect(await store.trackedEvents({ nameContains: 'summer' })).toEqual([known]);
      expect(await store.trackedEvents({ eventAfter: '2026-06-01T19:30:00.000Z' })).toEqual([]);
      expect(await store.trackedEvents({ eventAfter: T1 })).toEqual([known]);
      expect(await store.trackedEvents({ lastSnapshotSince: T2 })).toEqual([known]);
    });

    it('history --by: each snapshot in its local hour and day', async () => {
      const store = await open();
      await store.record(
        [
          snapshot('TMUSA', 'G5v8HKyBKZbyJN', T1, [listing('A1', 100)]),
          snapshot('TMUSA', 'G5v8HKyBKZbyJN', T3, [listing('A1', 90)]),
          snapshot('STUBHUB', '101459428', T2, [listing('S1', 95)]),
          snapshot('STUBHUB', '101459428', '2026-03-15T19:00:00.000Z', [listing('S1', 97)]),
        ],
        [],
      );
      const events = [EVENT, { agent: 'STUBHUB', eventId: '101459428' }];
      // Kolkata is UTC+05:30: 03:00Z is 08:30 there, in the hour that starts at 02:30Z; 19:00Z is 00:30 on the 16th.
      const hours = await store.periodSnapshots({ events }, 'hour', 'Asia/Kolkata');
      expect(hours.map((h) => [new Date(h.period).toISOString(), h.agent, h.apiTimestamp, h.minPrice])).toEqual([
        ['2026-03-15T02:30:00.000Z', 'TMUSA', T1, 100],
        ['2026-03-15T02:30:00.000Z', 'STUBHUB', T2, 95],
        ['2026-03-15T03:30:00.000Z', 'TMUSA', T3, 90],
        ['2026-03-15T18:30:00.000Z', 'STUBHUB', '2026-03-15T19:00:00.000Z', 97],
      ]);
      const days = await store.periodSnapshots({ events, since: T2 }, 'day', 'Asia/Kolkata');
      expect(days.map((h) => [h.period, h.agent, h.minPrice])).toEqual([
        ['2026-03-15', 'STUBHUB', 95],
        ['2026-03-15', 'TMUSA', 90],
        ['2026-03-16', 'STUBHUB', 97],
      ]);
    });

    it('report: the lowest price per section per snapshot, listings gone since the previous snapshot, sales days', async () => {
      const store = await open();
      const other = { agent: 'STUBHUB', eventId: '101459428' };
      await store.record(
        [
          snapshot('TMUSA', EVENT.eventId, T1, [listing('A1', 100, 4), listing('A2', 90, 1), listing('B1', 150, 2)]),
          // A2 and B1 gone, B3 new.
          snapshot('TMUSA', EVENT.eventId, T2, [listing('A1', 95, 4), listing('B3', 140, 2)]),
          // Nothing listed: A1 and B3 gone.
          snapshot('TMUSA', EVENT.eventId, T3, []),
          snapshot('STUBHUB', other.eventId, T2, [listing('S1', 80, 2)]),
          snapshot('STUBHUB', other.eventId, T3, [listing('S1', 80, 2)]),
        ],
        [salesDay('2026-03-01', 4, FETCHED), salesDay('2026-03-02', 6, FETCHED)],
      );
      const sections = await store.sectionSnapshots({ events: [EVENT, other] });
      expect(sortBy(sections, (r) => `${r.apiTimestamp} ${r.agent} ${r.section}`)).toEqual([
        { ...EVENT, apiTimestamp: T1, section: 'Section A', minPrice: 90, listings: 2, tickets: 5 },
        { ...EVENT, apiTimestamp: T1, section: 'Section B', minPrice: 150, listings: 1, tickets: 2 },
        { ...other, apiTimestamp: T2, section: 'Section S', minPrice: 80, listings: 1, tickets: 2 },
        { ...EVENT, apiTimestamp: T2, section: 'Section A', minPrice: 95, listings: 1, tickets: 4 },
        { ...EVENT, apiTimestamp: T2, section: 'Section B', minPrice: 140, listings: 1, tickets: 2 },
        { ...other, apiTimestamp: T3, section: 'Section S', minPrice: 80, listings: 1, tickets: 2 },
      ]);
      const filtered = await store.sectionSnapshots({ events: [EVENT], listings: { minQuantity: 2, section: '*a' }, since: T2 });
      expect(filtered).toEqual([{ ...EVENT, apiTimestamp: T2, section: 'Section A', minPrice: 95, listings: 1, tickets: 4 }]);
      const gone = await store.goneListings({ events: [EVENT, other] });
      expect(gone.map((g) => [g.agent, g.apiTimestamp, g.gone])).toEqual([
        ['TMUSA', T1, null],
        ['STUBHUB', T2, null],
        ['TMUSA', T2, 2],
        ['STUBHUB', T3, 0],
        ['TMUSA', T3, 2],
      ]);
      // The previous snapshot may lie before the window; a filter counts only the listings it keeps.
      expect((await store.goneListings({ events: [EVENT], since: T2, listings: { minQuantity: 2 } })).map((g) => g.gone)).toEqual([1, 2]);
      expect(await store.salesDays('stubhub', ['101459428', 'nothing'])).toEqual([
        {
          provider: 'stubhub',
          eventId: '101459428',
          date: '2026-03-01',
          totalTickets: 4,
          totalSales: 400,
          minPrice: 80,
          maxPrice: 120,
          avgPrice: 100,
        },
        {
          provider: 'stubhub',
          eventId: '101459428',
          date: '2026-03-02',
          totalTickets: 6,
          totalSales: 600,
          minPrice: 80,
          maxPrice: 120,
          avgPrice: 100,
        },
      ]);
    });

    it('keeps what it stored after closing', async () => {
      const location = await factory.fresh();
      const first = await factory.open(location);
      await first.record([snapshot('TMUSA', 'G5v8HKyBKZbyJN', T1, [listing('A1', 100)])], []);
      await first.close();
      const again = await open(location);
      expect(await again.snapshots({ events: [EVENT] })).toHaveLength(1);
    });
  });
}

async function collect(store: HistoryStore): Promise<{ snapshots: SnapshotRecord[]; sales: SalesDayRecord[] }> {
  const result = { snapshots: [] as SnapshotRecord[], sales: [] as SalesDayRecord[] };
  for await (const batch of store.readAll()) {
    result.snapshots.push(...batch.snapshots);
    result.sales.push(...batch.sales);
  }
  return result;
}

function sortBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  return [...items].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

function withSortedListings(s: SnapshotRecord): SnapshotRecord {
  return { ...s, listings: sortBy(s.listings, (l) => l.listingId) };
}

/** A `history sql` query's whole result, its batches gathered (the store streams them). */
async function queryAll(store: HistoryStore, sql: string): Promise<{ columns: string[]; rows: Record<string, unknown>[] }> {
  let columns: string[] = [];
  const rows: Record<string, unknown>[] = [];
  await store.query({ sql, timeZone: 'UTC' }, async (result) => {
    columns = result.columns;
    for await (const batch of result.batches) rows.push(...batch);
  });
  return { columns, rows };
}
