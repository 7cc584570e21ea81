/** The generated data, without HTTP: determinism, invariants, id round trips, sales and inventory rules. */
import { describe, expect, it } from 'vitest';
import { TICKET_AGENTS } from '../../src/api/agents.js';
import { EventContext, type SandboxEvent, listing, listingJson } from '../../src/sandbox/data/events.js';
import { InventoryGenerator, REFRESH_MS } from '../../src/sandbox/data/inventory.js';
import { buildLargeSales, pickLargeSalesEvent } from '../../src/sandbox/data/large-sales.js';
import { SalesGenerator, soldTicket, soldTicketJson } from '../../src/sandbox/data/sales.js';
import { currencySymbol, formatPrice } from '../../src/sandbox/data/seating.js';
import { EventStore } from '../../src/sandbox/data/store.js';
import { seedKey } from '../../src/sandbox/index.js';
import { Permutation } from '../../src/sandbox/random.js';

const NOW = Date.parse('2026-03-15T03:00:00Z');
const DAY = 86_400_000;
const ISO_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const ISO_MILLIS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function store(count: number, seed = 42): EventStore {
  return new EventStore(new EventContext(seedKey(seed)), count);
}

const main = store(2000);

describe('determinism', () => {
  it('gives the same events for the same seed', () => {
    const again = store(2000);
    expect(JSON.stringify(again.events)).toBe(JSON.stringify(main.events));
  });

  it('gives different events for another seed', () => {
    const other = store(2000, 7);
    const same = other.events.filter((e, i) => e.name === main.events[i]!.name && e.eventTime === main.events[i]!.eventTime);
    expect(same.length).toBeLessThan(50);
    expect(other.events[0]!.id).not.toBe(main.events[0]!.id);
  });

  it('builds event i the same way whatever the number of events', () => {
    const small = store(50);
    expect(JSON.stringify(small.events)).toBe(JSON.stringify(main.events.slice(0, 50)));
  });
});

describe('event invariants (all 2,000 events)', () => {
  it('has well-formed, ordered dates spread evenly over the world (2022 to 2033), whatever the clock', () => {
    const first = Date.parse('2022-01-01T00:00:00Z');
    const end = Date.parse('2034-01-01T00:00:00Z');
    const byYear = new Map<number, number>();
    for (const e of main.events) {
      for (const field of ['eventDate', 'presaleDate', 'publicSaleDate', 'dateAdded'] as const) expect(e[field]).toMatch(ISO_SECONDS);
      expect(Date.parse(e.dateAdded)).toBeLessThan(Date.parse(e.presaleDate));
      expect(Date.parse(e.presaleDate)).toBeLessThan(Date.parse(e.publicSaleDate));
      expect(Date.parse(e.publicSaleDate)).toBeLessThan(Date.parse(e.eventDate));
      // Local times on a day of the span: at most a day's offset either side of it in UTC.
      expect(e.eventTime).toBeGreaterThan(first - DAY);
      expect(e.eventTime).toBeLessThan(end + DAY);
      const year = new Date(e.eventTime).getUTCFullYear();
      byYear.set(year, (byYear.get(year) ?? 0) + 1);
    }
    // Every year of the span has its share (2,000 / 12, about 167), so any clock in it has events either side.
    for (let year = 2022; year <= 2033; year++) {
      expect(byYear.get(year)).toBeGreaterThan(120);
      expect(byYear.get(year)).toBeLessThan(220);
    }
    const past = main.events.filter((e) => e.eventTime < NOW).length;
    expect(past).toBeGreaterThan(600);
    expect(past).toBeLessThan(800);
  });

  it('uses every category, country and a good spread of names and venues', () => {
    const categories = new Set(main.events.map((e) => e.category));
    expect([...categories].sort()).toEqual(['Arts', 'Concerts', 'Family', 'Misc', 'Sports']);
    expect(new Set(main.events.map((e) => e.country))).toEqual(new Set(['US', 'CA', 'GB']));
    expect(new Set(main.events.map((e) => e.name)).size).toBeGreaterThan(600);
    expect(new Set(main.events.map((e) => e.venue)).size).toBeGreaterThan(100);
    for (const e of main.events) {
      expect(e.name.length).toBeGreaterThan(2);
      expect(e.venue && e.city && e.state).toBeTruthy();
    }
  });

  it('has unique evt_ ids and unique StubHub ids; every event is on StubHub and on several agents', () => {
    expect(new Set(main.events.map((e) => e.id)).size).toBe(2000);
    expect(new Set(main.events.map((e) => e.stubhubId)).size).toBe(2000);
    let agentsTotal = 0;
    for (const e of main.events) {
      expect(e.id).toMatch(/^evt_[0-9a-z]{10}$/);
      const ids = e.agentIds;
      expect(ids.STUBHUB).toMatch(/^\d{9}$/);
      if (ids.TMUSA) expect(ids.TMUSA).toMatch(/^[0-9A-Za-z]{14}$/);
      if (ids.GAMETIME) expect(ids.GAMETIME).toMatch(/^[0-9a-f]{24}$/);
      for (const code of ['SKYBOX', 'TICKETEVOLUTION', 'SEATGEEK', 'VIVID', 'TICKPICK', 'TICKETNETWORK'])
        if (ids[code]) expect(ids[code]).toMatch(/^\d{7,9}$/);
      agentsTotal += Object.keys(ids).length;
    }
    expect(agentsTotal / 2000).toBeGreaterThan(4);
  });

  it('serialises a listing by hand exactly as JSON.stringify does', () => {
    for (const e of main.events.slice(0, 300)) expect(listingJson(e)).toBe(JSON.stringify(listing(e)));
    expect(JSON.parse(JSON.stringify(main.events[0]))).toEqual(listing(main.events[0]!));
  });
});

describe('lookups', () => {
  it('finds every event by evt_ id and by each of its agent ids', () => {
    for (const e of main.events) {
      expect(main.byServiceId(e.id)).toBe(e);
      TICKET_AGENTS.forEach((agent, index) => {
        const id = e.agentIds[agent.code];
        if (id) expect(main.byAgentId(index, id)).toBe(e);
      });
    }
  });

  it('finds nothing for altered ids, other agents ids, or ids of events beyond the count', () => {
    const e = main.events[5]!;
    const stubhub = TICKET_AGENTS.findIndex((a) => a.code === 'STUBHUB');
    expect(main.byAgentId(stubhub, String(Number(e.stubhubId) + 1))?.id ?? null).not.toBe(e.id);
    expect(main.byServiceId(`${e.id.slice(0, -1)}${e.id.endsWith('0') ? '1' : '0'}`)).toBeUndefined();
    expect(main.byServiceId('evt_zzzzzzzzzz')).toBeUndefined();
    const vivid = TICKET_AGENTS.findIndex((a) => a.code === 'VIVID');
    const seatgeek = TICKET_AGENTS.findIndex((a) => a.code === 'SEATGEEK');
    const withBoth = main.events.find((x) => x.agentIds.VIVID && x.agentIds.SEATGEEK)!;
    expect(main.byAgentId(vivid, withBoth.agentIds.SEATGEEK!)?.index).not.toBe(withBoth.index);
    expect(main.byAgentId(seatgeek, withBoth.agentIds.SEATGEEK!)).toBe(withBoth);
    const bigger = store(3000);
    expect(main.byServiceId(bigger.events[2500]!.id)).toBeUndefined();
    expect(main.byAgentId(stubhub, bigger.events[2500]!.stubhubId)).toBeUndefined();
  });

  it('uses a bijective permutation for ids', () => {
    const p = new Permutation(1234);
    const seen = new Set<number>();
    let bad = 0;
    for (let i = 0; i < 100_000; i++) {
      const f = p.forward(i);
      if (f < 0 || f >= 2 ** 24 || p.backward(f) !== i) bad++;
      seen.add(f);
    }
    expect(bad).toBe(0);
    expect(seen.size).toBe(100_000);
  });
});

describe('sort orders', () => {
  it('orders by event date, ties by id', () => {
    const { indexes } = main.order(2);
    const sorted = [...indexes].map((i) => main.events[i]!);
    for (let i = 1; i < sorted.length; i++) {
      const a = sorted[i - 1]!;
      const b = sorted[i]!;
      expect(a.eventTime < b.eventTime || (a.eventTime === b.eventTime && a.id < b.id)).toBe(true);
    }
  });

  it('orders by name case-insensitively', () => {
    const names = [...main.order(3).indexes].map((i) => main.events[i]!.name);
    const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
    for (let i = 1; i < names.length; i++) expect(collator.compare(names[i - 1]!, names[i]!)).toBeLessThanOrEqual(0);
  });
});

/** Recomputes the daily figures from the sales, in cents, independently of the implementation. */
function checkDay(day: { date: string; sales: ReturnType<SalesGenerator['history']>[number]['sales'] }): void {
  let prev = 0;
  for (const sale of day.sales) {
    expect(sale.soldTime).toBeGreaterThanOrEqual(prev);
    prev = sale.soldTime;
    expect(new Date(sale.soldTime).toISOString().slice(0, 10)).toBe(day.date);
    expect(sale.quantity).toBeGreaterThanOrEqual(1);
    expect(Number.isInteger(sale.priceCents)).toBe(true);
  }
}

describe('sales', () => {
  const sales = new SalesGenerator(seedKey(42));

  it('runs from the public sale to min(now, event) on many events, sorted, one UTC day per entry', () => {
    let withSales = 0;
    for (const e of main.events.slice(0, 300)) {
      const history = sales.history(e, NOW);
      const end = Math.min(NOW, e.eventTime);
      if (e.publicSaleTime > NOW) expect(history).toEqual([]);
      for (const day of history) {
        expect(day.sales.length).toBeGreaterThan(0);
        checkDay(day);
        for (const sale of day.sales) {
          expect(sale.soldTime).toBeGreaterThanOrEqual(e.publicSaleTime);
          expect(sale.soldTime).toBeLessThanOrEqual(end);
        }
      }
      if (history.length > 0) withSales++;
    }
    expect(withSales).toBeGreaterThan(100);
  });

  it('does not change the past when the clock moves on', () => {
    const e = main.events.find((x) => x.publicSaleTime < NOW - 60 * DAY && x.eventTime > NOW + 30 * DAY)!;
    const early = sales.history(e, NOW - 10 * DAY - 3_600_000);
    const later = sales.history(e, NOW);
    const earlyTimes = early.flatMap((d) => d.sales.map((s) => s.soldTime));
    const laterTimes = later.flatMap((d) => d.sales.map((s) => s.soldTime));
    expect(laterTimes.length).toBeGreaterThan(earlyTimes.length);
    expect(laterTimes.slice(0, earlyTimes.length)).toEqual(earlyTimes);
  });

  it('formats seats, prices and dates as the contract shows', () => {
    const e = main.events.find((x) => x.country === 'US' && sales.history(x, NOW).length > 5)!;
    for (const day of sales.history(e, NOW)) {
      for (const sale of day.sales) {
        const ticket = soldTicket(sale, '$');
        const [first, last] = String(ticket.seats).split(' - ').map(Number);
        expect(ticket.seats).toMatch(/^\d+ - \d+$/);
        expect(last! - first! + 1).toBe(ticket.quantity);
        expect(ticket.priceFormatted).toBe(
          `$${(sale.priceCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
        );
        expect(ticket.soldDate).toMatch(ISO_MILLIS);
        expect(soldTicketJson(sale, '$', day.date)).toBe(JSON.stringify(ticket));
      }
    }
  });

  it('formats prices with thousands separators and the venue currency', () => {
    expect(formatPrice(123450, '$')).toBe('$1,234.50');
    expect(formatPrice(5, '$')).toBe('$0.05');
    expect(formatPrice(123456789, '£')).toBe('£1,234,567.89');
    expect(currencySymbol('GB')).toBe('£');
    expect(currencySymbol('CA')).toBe('$');
  });
});

describe('large sales event', () => {
  it('spreads exactly N sales over the days of a past event, with consistent totals and valid JSON', () => {
    const event = pickLargeSalesEvent(main.events, NOW)!;
    expect(event.eventTime).toBeLessThan(NOW);
    const large = buildLargeSales(seedKey(42), event, 20_000);
    const days = JSON.parse(`[${large.body.toString('utf8')}]`) as {
      date: string;
      soldTickets: { quantity: number; price: number }[];
      totalTickets: number;
      totalSales: number;
    }[];
    expect(days.reduce((n, d) => n + d.soldTickets.length, 0)).toBe(20_000);
    expect(days.length).toBe(large.days.length);
    for (const [i, day] of days.entries()) {
      expect(day.date).toBe(large.days[i]!.date);
      expect(day.totalTickets).toBe(day.soldTickets.reduce((n, s) => n + s.quantity, 0));
      const cents = day.soldTickets.reduce((n, s) => n + Math.round(s.price * 100) * s.quantity, 0);
      expect(Math.round(day.totalSales * 100)).toBe(cents);
      // Each day's byte range holds exactly that day's object.
      expect(JSON.parse(large.body.subarray(large.days[i]!.start, large.days[i]!.end).toString('utf8')).date).toBe(day.date);
    }
  });
});

describe('inventory', () => {
  const inventory = new InventoryGenerator(seedKey(42));
  const agentIndex = (code: string) => TICKET_AGENTS.findIndex((a) => a.code === code);
  const onSale = (code: string): SandboxEvent =>
    main.events.find((e) => e.agentIds[code] && e.publicSaleTime < NOW && e.eventTime > NOW + 10 * DAY && e.popularity > 0.3)!;

  it('is stable within a 15-minute slot, changes between slots, and keeps some listings across slots', () => {
    const e = onSale('VIVID');
    const slot = Math.floor(NOW / REFRESH_MS);
    const a = inventory.listings(e, agentIndex('VIVID'), e.agentIds.VIVID!, slot);
    const again = new InventoryGenerator(seedKey(42)).listings(e, agentIndex('VIVID'), e.agentIds.VIVID!, slot);
    expect(again).toEqual(a);
    const b = inventory.listings(e, agentIndex('VIVID'), e.agentIds.VIVID!, slot + 1);
    expect(b).not.toEqual(a);
    const idsA = new Set(a.map((l) => l.listingId));
    expect(b.some((l) => idsA.has(l.listingId))).toBe(true);
    expect(a.length).toBeGreaterThan(3);
  });

  it('adds agent-specific fields', () => {
    const slot = Math.floor(NOW / REFRESH_MS);
    const fields: Record<string, string> = {
      SKYBOX: 'inHandDate',
      VIVID: 'splits',
      TICKETEVOLUTION: 'wholesalePrice',
      SEATGEEK: 'dealScore',
      TICKPICK: 'allInPrice',
    };
    for (const [code, field] of Object.entries(fields)) {
      const e = onSale(code);
      const listings = inventory.listings(e, agentIndex(code), e.agentIds[code]!, slot);
      expect(listings.length).toBeGreaterThan(0);
      for (const l of listings) {
        expect(l).toHaveProperty(field);
        expect(l.quantity).toBeGreaterThan(0);
        expect(typeof l.price).toBe('number');
        expect(l.listingId).toMatch(/^[0-9A-Za-z]+$/);
      }
    }
  });

  it('lists nothing for an event that is over', () => {
    const e = main.events.find((x) => x.eventTime < NOW - DAY && x.agentIds.VIVID)!;
    expect(inventory.listings(e, agentIndex('VIVID'), e.agentIds.VIVID!, Math.floor(NOW / REFRESH_MS))).toEqual([]);
  });
});
