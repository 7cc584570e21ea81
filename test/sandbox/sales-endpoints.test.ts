/** GET /events/{provider}/{eventId}/sales-summary and /sales-details (seed 4.6, 4.7, 2.3-2.6). */
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { SandboxEvent } from '../../src/sandbox/index.js';
import { FIXED_NOW, getJson, request, useSandbox } from '../helpers/sandbox.js';

const DAY = 86_400_000;
const NOW = Date.parse(FIXED_NOW);
const sandbox = useSandbox({ now: FIXED_NOW });
const ISO_MILLIS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const cents = (n: number) => Math.round(n * 100);

interface Sold {
  sectionName: string;
  row: string;
  seats: string;
  quantity: number;
  price: number;
  priceFormatted: string;
  soldDate: string;
}
interface Daily {
  date: string;
  totalTickets: number;
  totalSales: number;
  minSoldPrice: number;
  maxSoldPrice: number;
  avgSoldPrice: number;
}
interface DetailsDay extends Daily {
  soldTickets: Sold[];
  minimumSalesDataDate: string;
  maximumSalesDataDate: string;
}

const DAY_KEYS =
  'date,soldTickets,totalTickets,totalSales,minSoldPrice,maxSoldPrice,avgSoldPrice,minimumSalesDataDate,maximumSalesDataDate';
const SALE_KEYS = 'sectionName,row,seats,quantity,price,priceFormatted,soldDate';

/**
 * Checks one details day against its own sales, recomputing everything in cents. Returns the problems
 * found (plain comparisons, not expect() per sale: the large event has tens of thousands of sales).
 */
function dayProblems(day: DetailsDay, event: SandboxEvent, until: number): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, what: string) => {
    if (!ok && problems.length < 20) problems.push(`${day.date}: ${what}`);
  };
  check(Object.keys(day).join() === DAY_KEYS, `day keys ${Object.keys(day).join()}`);
  check(day.soldTickets.length > 0, 'no sales');
  const symbol = event.country === 'GB' ? '£' : '$';
  let tickets = 0;
  let total = 0;
  let previous = '';
  for (const sale of day.soldTickets) {
    check(Object.keys(sale).join() === SALE_KEYS, `sale keys ${Object.keys(sale).join()}`);
    check(ISO_MILLIS.test(sale.soldDate) && sale.soldDate.slice(0, 10) === day.date, `soldDate ${sale.soldDate}`);
    check(sale.soldDate >= previous, `not sorted at ${sale.soldDate}`);
    previous = sale.soldDate;
    const sold = Date.parse(sale.soldDate);
    check(sold >= event.publicSaleTime && sold <= Math.min(until, event.eventTime), `sold outside the sales window: ${sale.soldDate}`);
    const match = /^(\d+) - (\d+)$/.exec(sale.seats);
    check(match !== null && Number(match[2]) - Number(match[1]) + 1 === sale.quantity, `seats ${sale.seats} for quantity ${sale.quantity}`);
    check(Number.isInteger(sale.quantity) && sale.quantity > 0, `quantity ${sale.quantity}`);
    const formatted = `${symbol}${sale.price.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    check(sale.priceFormatted === formatted, `priceFormatted ${sale.priceFormatted} for ${sale.price}`);
    check(sale.sectionName.length > 0 && sale.row.length > 0, 'empty section or row');
    tickets += sale.quantity;
    total += cents(sale.price) * sale.quantity;
  }
  const prices = day.soldTickets.map((s) => s.price);
  check(day.totalTickets === tickets, `totalTickets ${day.totalTickets}, sum of quantities ${tickets}`);
  check(cents(day.totalSales) === total, `totalSales ${day.totalSales}, sum ${total / 100}`);
  check(day.minSoldPrice === Math.min(...prices), `minSoldPrice ${day.minSoldPrice}`);
  check(day.maxSoldPrice === Math.max(...prices), `maxSoldPrice ${day.maxSoldPrice}`);
  check(cents(day.avgSoldPrice) === Math.round(total / tickets), `avgSoldPrice ${day.avgSoldPrice}`);
  check(day.minimumSalesDataDate === day.soldTickets[0]?.soldDate, `minimumSalesDataDate ${day.minimumSalesDataDate}`);
  check(
    day.maximumSalesDataDate === day.soldTickets[day.soldTickets.length - 1]?.soldDate,
    `maximumSalesDataDate ${day.maximumSalesDataDate}`,
  );
  return problems;
}

function checkDays(days: DetailsDay[], event: SandboxEvent, until: number): void {
  expect(days.flatMap((day) => dayProblems(day, event, until))).toEqual([]);
}

function summaryOf(day: DetailsDay): Daily {
  const { date, totalTickets, totalSales, minSoldPrice, maxSoldPrice, avgSoldPrice } = day;
  return { date, totalTickets, totalSales, minSoldPrice, maxSoldPrice, avgSoldPrice };
}

describe('sales of many events', () => {
  it('holds the invariants on 60 events: days add up, summary equals details, header is right', async () => {
    const events = sandbox()
      .events.filter((e) => e.publicSaleTime < NOW)
      .slice(0, 60);
    let days = 0;
    for (const event of events) {
      const id = event.agentIds.STUBHUB!;
      const details = await getJson(sandbox(), `/events/stubhub/${id}/sales-details`);
      const summary = await getJson(sandbox(), `/events/stubhub/${id}/sales-summary`);
      expect(Object.keys(details)).toEqual([
        'marketplaceId',
        'marketplace',
        'name',
        'venue',
        'eventDate',
        'date',
        'city',
        'state',
        'country',
        'minimumSalesDataDate',
        'maximumSalesDataDate',
        'salesDetails',
        '_request',
      ]);
      expect(details).toMatchObject({
        marketplaceId: id,
        marketplace: 'StubHub',
        name: event.name,
        venue: event.venue,
        eventDate: event.eventDate,
        city: event.city,
        state: event.state,
        country: event.country,
      });
      expect(details.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
      expect(Date.parse(details.date)).toBe(event.eventTime);
      const salesDays = details.salesDetails as DetailsDay[];
      checkDays(salesDays, event, NOW);
      expect(salesDays.map((d) => d.date)).toEqual([...new Set(salesDays.map((d) => d.date))].sort());
      expect(summary.salesData).toEqual(salesDays.map(summaryOf));
      const { salesData: _s, _request: r1, ...summaryHeader } = summary;
      const { salesDetails: _d, _request: r2, ...detailsHeader } = details;
      expect(summaryHeader).toEqual(detailsHeader);
      if (salesDays.length > 0) {
        expect(details.minimumSalesDataDate).toBe(salesDays[0]!.minimumSalesDataDate);
        expect(details.maximumSalesDataDate).toBe(salesDays[salesDays.length - 1]!.maximumSalesDataDate);
      }
      expect(r1.requestedStartDate).toBe(`${new Date(event.publicSaleTime).toISOString().slice(0, 10)}T00:00:00`);
      expect(r2.requestedEndDate).toBe(`${new Date(Math.min(NOW, event.eventTime)).toISOString().slice(0, 10)}T00:00:00`);
      expect(r1.requestTimestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{7}Z$/);
      days += salesDays.length;
    }
    expect(days).toBeGreaterThan(1000);
  });

  it('uses the venue offset in `date` (New York in summer is -04:00, London in winter +00:00)', async () => {
    const ny = sandbox().events.find(
      (e) => e.place.timeZone === 'America/New_York' && [6, 7].includes(new Date(e.eventTime).getUTCMonth()),
    )!;
    expect((await getJson(sandbox(), `/events/stubhub/${ny.stubhubId}/sales-summary`)).date).toMatch(/-04:00$/);
    const london = sandbox().events.find(
      (e) => e.place.timeZone === 'Europe/London' && [0, 1].includes(new Date(e.eventTime).getUTCMonth()),
    )!;
    const body = await getJson(sandbox(), `/events/stubhub/${london.stubhubId}/sales-summary`);
    expect(body.date).toMatch(/\+00:00$/);
    expect(body.date.slice(0, 19)).toBe(london.eventDate.slice(0, 19));
  });

  it('has empty arrays for an event whose sales have not started', async () => {
    const e = sandbox().events.find((x) => x.publicSaleTime > NOW)!;
    const details = await getJson(sandbox(), `/events/stubhub/${e.stubhubId}/sales-details`);
    const summary = await getJson(sandbox(), `/events/stubhub/${e.stubhubId}/sales-summary`);
    expect(details.salesDetails).toEqual([]);
    expect(summary.salesData).toEqual([]);
    expect(details.minimumSalesDataDate).toBe(`${e.publicSaleDate.slice(0, 19)}.000Z`);
  });
});

describe('startDate and endDate', () => {
  const event = () => sandbox().events.find((e) => e.publicSaleTime < NOW - 90 * DAY && e.eventTime < NOW && e.popularity > 0.3)!;

  it('keep the days from startDate through endDate (inclusive) and echo them in _request', async () => {
    const id = event().stubhubId;
    const all = (await getJson(sandbox(), `/events/stubhub/${id}/sales-details`)).salesDetails as DetailsDay[];
    expect(all.length).toBeGreaterThan(10);
    const start = all[3]!.date;
    const end = all[8]!.date;
    const details = await getJson(sandbox(), `/events/stubhub/${id}/sales-details?startDate=${start}&endDate=${end}`);
    expect(details.salesDetails).toEqual(all.filter((d) => d.date >= start && d.date <= end));
    expect(details._request.requestedStartDate).toBe(`${start}T00:00:00`);
    expect(details._request.requestedEndDate).toBe(`${end}T00:00:00`);
    const summary = await getJson(sandbox(), `/events/stubhub/${id}/sales-summary?startDate=${start}`);
    expect(summary.salesData).toEqual(all.filter((d) => d.date >= start).map(summaryOf));
    const onlyEnd = await getJson(sandbox(), `/events/stubhub/${id}/sales-summary?endDate=${start}`);
    expect(onlyEnd.salesData).toEqual(all.filter((d) => d.date <= start).map(summaryOf));
  });

  it('reject malformed dates and a start after the end (400)', async () => {
    const id = event().stubhubId;
    for (const [query, message] of [
      ['startDate=2026-1-5', "startDate must be a date in the form YYYY-MM-DD (got '2026-1-5')"],
      ['endDate=2026-02-30', "endDate must be a date in the form YYYY-MM-DD (got '2026-02-30')"],
      ['startDate=2026-03-02&endDate=2026-03-01', 'startDate must not be after endDate'],
    ]) {
      for (const kind of ['sales-summary', 'sales-details']) {
        const response = await request(sandbox(), `/events/stubhub/${id}/${kind}?${query}`);
        expect(response.status, query).toBe(400);
        expect(response.json).toEqual({ status: 400, error: 'Bad Request', message });
      }
    }
  });
});

describe('provider and event id', () => {
  it('matches the provider in any case; other providers and unknown events are 404; a non-numeric id is 400', async () => {
    const e = sandbox().events[0]!;
    for (const provider of ['stubhub', 'StubHub', 'STUBHUB']) {
      expect((await getJson(sandbox(), `/events/${provider}/${e.stubhubId}/sales-summary`)).marketplaceId).toBe(e.stubhubId);
    }
    const other = await request(sandbox(), `/events/vivid/${e.stubhubId}/sales-summary`);
    expect(other.status).toBe(404);
    expect(other.json.message).toBe("provider 'vivid' not supported; the sales provider is 'stubhub'");
    const unknown = await request(sandbox(), '/events/stubhub/1/sales-details');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ status: 404, error: 'Not Found', message: 'event 1 not found at stubhub' });
    const tm = await request(sandbox(), `/events/stubhub/${e.agentIds.TMUSA ?? 'vvG1abcdefghij'}/sales-summary`);
    expect(tm.status).toBe(400);
    expect(tm.json.message).toMatch(/^eventId must be the event's StubHub id, digits only \(got '.+'\)$/);
  });
});

describe('sales follow the clock', () => {
  let clock = NOW;
  const moving = useSandbox({ now: () => new Date(clock), events: 300 });

  it('never shows a sale after now, and later requests only add sales', async () => {
    const e = moving().events.find((x) => x.publicSaleTime < NOW - 30 * DAY && x.eventTime > NOW + 30 * DAY && x.popularity > 0.3)!;
    clock = NOW;
    const before = (await getJson(moving(), `/events/stubhub/${e.stubhubId}/sales-details`)).salesDetails as DetailsDay[];
    clock = NOW + 5 * DAY;
    const after = (await getJson(moving(), `/events/stubhub/${e.stubhubId}/sales-details`)).salesDetails as DetailsDay[];
    const soldBefore = before.flatMap((d) => d.soldTickets);
    const soldAfter = after.flatMap((d) => d.soldTickets);
    expect(soldBefore.every((s) => Date.parse(s.soldDate) <= NOW)).toBe(true);
    expect(soldAfter.length).toBeGreaterThan(soldBefore.length);
    expect(soldAfter.slice(0, soldBefore.length)).toEqual(soldBefore);
  });
});

describe('large sales event', () => {
  const large = useSandbox({ now: FIXED_NOW, events: 300, largeSalesEvent: 30_000 });

  it('serves all N sales, consistent day by day with the summary, identity and gzip alike', async () => {
    const id = large().largeSalesEventId!;
    expect(id).toMatch(/^\d{9}$/);
    const event = large().events.find((e) => e.stubhubId === id)!;
    const plain = await request(large(), `/events/stubhub/${id}/sales-details`);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const days = plain.json.salesDetails as DetailsDay[];
    expect(days.reduce((n, d) => n + d.soldTickets.length, 0)).toBe(30_000);
    checkDays(days, event, NOW);
    const summary = await getJson(large(), `/events/stubhub/${id}/sales-summary`);
    expect(summary.salesData).toEqual(days.map(summaryOf));
    expect(plain.json.minimumSalesDataDate).toBe(days[0]!.minimumSalesDataDate);
    expect(plain.json.name).toBe(event.name);

    for (let i = 0; i < 2; i++) {
      const gz = await request(large(), `/events/stubhub/${id}/sales-details`, { headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.raw).toString('utf8')).toBe(gz.text);
      const { _request: a, ...restA } = gz.json;
      const { _request: b, ...restB } = plain.json;
      expect(restA).toEqual(restB);
      expect(a.requestTimestamp).toMatch(/\.\d{7}Z$/);
    }
    const br = await request(large(), `/events/stubhub/${id}/sales-details`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.json.salesDetails).toEqual(days);
  });

  it('slices the pre-rendered body for a date range', async () => {
    const id = large().largeSalesEventId!;
    const days = (await getJson(large(), `/events/stubhub/${id}/sales-details`)).salesDetails as DetailsDay[];
    const start = days[2]!.date;
    const end = days[4]!.date;
    const body = await getJson(large(), `/events/stubhub/${id}/sales-details?startDate=${start}&endDate=${end}`, 200, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(body.salesDetails).toEqual(days.slice(2, 5));
    const empty = await getJson(large(), `/events/stubhub/${id}/sales-details?startDate=2000-01-01&endDate=2000-01-02`);
    expect(empty.salesDetails).toEqual([]);
  });
});
