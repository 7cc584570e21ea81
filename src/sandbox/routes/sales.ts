/**
 * GET /events/{provider}/{eventId}/sales-summary and .../sales-details (seed 4.6, 4.7).
 *
 * Decisions where the contract is silent:
 * - The provider is `stubhub`, any case; the event id is the event's StubHub id (digits).
 * - Without startDate/endDate the whole history is returned (public sale through now or the event).
 *   startDate/endDate are inclusive UTC days; `_request` echoes the range actually used.
 * - Days without sales are left out. Header minimumSalesDataDate/maximumSalesDataDate are the first and
 *   last sale of the whole history (not only of the range); with no sales yet, both are the public sale
 *   instant, where the sales data starts.
 * - `_request` comes last in the body, after salesData/salesDetails (JSON key order carries no meaning;
 *   it lets the million-sale body be served from one pre-rendered buffer).
 * - Prices are in the venue's currency: "$" in the US and Canada, "£" in the UK.
 */
import { SALES_PROVIDERS } from '../../api/agents.js';
import type { SandboxEvent } from '../data/events.js';
import type { LargeSales } from '../data/large-sales.js';
import { STUBHUB_AGENT } from '../data/agent-ids.js';
import { type DayTotals, type SalesDay, dailyFigures, soldTicket, totalsOf } from '../data/sales.js';
import { currencySymbol } from '../data/seating.js';
import { badRequest, notFound, quote } from '../errors.js';
import { DAY, dayString, isoMillis, isoSeconds, isoWithOffset, preciseTimestamp } from '../time.js';
import { type App, type Reply, type RouteRequest, ok } from './context.js';
import { gzip } from 'node:zlib';

export const SALES_SUMMARY = 'sales-summary';
export const SALES_DETAILS = 'sales-details';

const MARKETPLACE = SALES_PROVIDERS[0]?.platform ?? 'StubHub';

function salesEvent(request: RouteRequest, provider: string, eventId: string): SandboxEvent {
  const known = SALES_PROVIDERS.find((p) => p.code === provider.toLowerCase());
  if (!known)
    throw notFound(
      `provider ${quote(provider)} not supported; the sales provider is ${SALES_PROVIDERS.map((p) => `'${p.code}'`).join(', ')}`,
    );
  if (!/^\d{1,12}$/.test(eventId)) throw badRequest(`eventId must be the event's StubHub id, digits only (got ${quote(eventId)})`);
  const event = request.app.store.byAgentId(STUBHUB_AGENT, eventId);
  if (!event) throw notFound(`event ${eventId} not found at ${known.code}`);
  return event;
}

interface Window {
  startDay: number | undefined;
  endDay: number | undefined;
}

function dateWindow(request: RouteRequest): Window {
  const startDay = request.query.date('startDate');
  const endDay = request.query.date('endDate');
  if (startDay !== undefined && endDay !== undefined && startDay > endDay) throw badRequest('startDate must not be after endDate');
  return { startDay, endDay };
}

function inWindow(day: number, window: Window): boolean {
  return (window.startDay === undefined || day >= window.startDay) && (window.endDay === undefined || day <= window.endDay);
}

/** Header fields of seed 2.3, in the contract's order (without `_request`, which goes last). */
function header(event: SandboxEvent, first: number | undefined, last: number | undefined): Record<string, unknown> {
  return {
    marketplaceId: event.stubhubId,
    marketplace: MARKETPLACE,
    name: event.name,
    venue: event.place.name,
    eventDate: isoSeconds(event.eventTime),
    date: isoWithOffset(event.eventTime, event.place.timeZone),
    city: event.place.city,
    state: event.place.state,
    country: event.place.country,
    minimumSalesDataDate: isoMillis(first ?? event.publicSaleTime),
    maximumSalesDataDate: isoMillis(last ?? event.publicSaleTime),
  };
}

function requestEcho(event: SandboxEvent, window: Window, now: number): Record<string, string> {
  const startDay = window.startDay ?? Math.floor(event.publicSaleTime / DAY);
  const endDay = window.endDay ?? Math.floor(Math.min(now, event.eventTime) / DAY);
  return {
    requestedStartDate: `${dayString(startDay)}T00:00:00`,
    requestedEndDate: `${dayString(endDay)}T00:00:00`,
    requestTimestamp: preciseTimestamp(now),
  };
}

function detailsDay(day: SalesDay, totals: DayTotals, symbol: string): Record<string, unknown> {
  const figures = dailyFigures(day.date, totals);
  return {
    date: day.date,
    soldTickets: day.sales.map((sale) => soldTicket(sale, symbol)),
    totalTickets: figures.totalTickets,
    totalSales: figures.totalSales,
    minSoldPrice: figures.minSoldPrice,
    maxSoldPrice: figures.maxSoldPrice,
    avgSoldPrice: figures.avgSoldPrice,
    minimumSalesDataDate: isoMillis(totals.first),
    maximumSalesDataDate: isoMillis(totals.last),
  };
}

export function sales(request: RouteRequest, provider: string, eventId: string, kind: string): Reply {
  const event = salesEvent(request, provider, eventId);
  const window = dateWindow(request);
  const large = request.app.large;
  if (large && large.event === event) return largeSales(request, large, window, kind);

  const history = request.app.sales.history(event, request.now);
  const first = history[0]?.sales[0]?.soldTime;
  const lastDay = history[history.length - 1];
  const last = lastDay?.sales[lastDay.sales.length - 1]?.soldTime;
  const days = history.filter((day) => inWindow(day.day, window));
  const body = header(event, first, last);
  if (kind === SALES_SUMMARY) {
    body.salesData = days.map((day) => dailyFigures(day.date, totalsOf(day.sales)));
  } else {
    const symbol = currencySymbol(event.place.country);
    body.salesDetails = days.map((day) => detailsDay(day, totalsOf(day.sales), symbol));
  }
  body._request = requestEcho(event, window, request.now);
  return ok(body, kind === SALES_SUMMARY ? 'sales-summary' : 'sales-details');
}

/** The large-sales event: figures from the stored day totals, details from slices of the pre-rendered body. */
function largeSales(request: RouteRequest, large: LargeSales, window: Window, kind: string): Reply {
  const { event } = large;
  const days = large.days.filter((day) => inWindow(day.day, window));
  const echo = requestEcho(event, window, request.now);
  if (kind === SALES_SUMMARY) {
    const body = header(event, large.first, large.last);
    body.salesData = days.map((day) => dailyFigures(day.date, day.totals));
    body._request = echo;
    return ok(body, 'sales-summary');
  }
  const head = Buffer.from(`${JSON.stringify(header(event, large.first, large.last)).slice(0, -1)},"salesDetails":[`);
  const tail = Buffer.from(`],"_request":${JSON.stringify(echo)}}`);
  const firstDay = days[0];
  const lastDay = days[days.length - 1];
  if (!firstDay || !lastDay) return { status: 200, shape: 'sales-details', chunks: [head, tail] };
  const slice = large.body.subarray(firstDay.start, lastDay.end);
  const whole = days.length === large.days.length;
  return {
    status: 200,
    shape: 'sales-details',
    chunks: [head, slice, tail],
    // The full body's gzip (head + every day) is made once and reused; a date range is compressed per request.
    ...(whole ? { gzipHead: () => largeGzip(request.app, head, slice) } : {}),
  };
}

function largeGzip(app: App, head: Buffer, slice: Buffer): Promise<Buffer> {
  app.largeGzip ??= new Promise<Buffer>((resolve, reject) => {
    gzip(Buffer.concat([head, slice]), { level: 1 }, (error, result) => (error ? reject(error) : resolve(result)));
  });
  return app.largeGzip;
}
