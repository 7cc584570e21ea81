/**
 * Sales history on the one sales provider (StubHub). A day's sales are a pure function of (seed, event,
 * day), so the history does not depend on the clock: the clock only decides how much of it has happened
 * (sales after "now" are cut off). Daily figures are always computed from the individual sales, in whole
 * cents, so summary and details agree by construction.
 */
import type { DailySales } from '../../api/types.js';
import { Lru } from '../lru.js';
import { Rng, hash } from '../random.js';
import { DAY, dayString, isoMillis } from '../time.js';
import type { SandboxEvent } from './events.js';
import { type Section, formatPrice, pickRow, sectionsFor } from './seating.js';

export interface Sale {
  seat: Section;
  row: string;
  seatFirst: number;
  quantity: number;
  /** Price per ticket, in cents. */
  priceCents: number;
  /** Epoch milliseconds. */
  soldTime: number;
}

export interface SalesDay {
  /** Day number (UTC). */
  day: number;
  /** YYYY-MM-DD (UTC). */
  date: string;
  /** Sorted by soldTime. */
  sales: Sale[];
}

export interface DayTotals {
  tickets: number;
  totalCents: number;
  minCents: number;
  maxCents: number;
  first: number;
  last: number;
}

const SALE_QUANTITIES = [1, 2, 2, 2, 2, 3, 4, 4, 6];

/** Expected sales on a day: a trickle after the on-sale rush, rising as the event gets near. */
export function dailyMean(event: SandboxEvent, day: number): number {
  const from = Math.max(day * DAY, event.publicSaleTime);
  const to = Math.min((day + 1) * DAY, event.eventTime);
  if (to <= from) return 0;
  const daysToEvent = (event.eventTime - from) / DAY;
  const onSaleDay = Math.floor(event.publicSaleTime / DAY) === day;
  const mean = 0.3 + event.popularity * (2.5 + 12 * Math.exp(-daysToEvent / 14)) + (onSaleDay ? 12 * event.popularity : 0);
  return (mean * (to - from)) / DAY;
}

/** Generates `count` sales of the event on `day`, sorted by time. */
export function salesOfDay(event: SandboxEvent, day: number, count: number, rng: Rng): Sale[] {
  const from = Math.max(day * DAY, event.publicSaleTime);
  const to = Math.min((day + 1) * DAY, event.eventTime);
  if (to <= from || count <= 0) return [];
  const times = new Float64Array(count);
  for (let i = 0; i < count; i++) times[i] = from + Math.floor(rng.next() * (to - from));
  times.sort();
  const sections = sectionsFor(event.place.kind, event.categoryId);
  const sales = new Array<Sale>(count);
  for (let i = 0; i < count; i++) {
    const soldTime = times[i] as number;
    const seat = rng.pick(sections);
    const daysToEvent = (event.eventTime - soldTime) / DAY;
    // Popular events get dearer as the date nears; the rest get cheaper.
    const demand = 1 + (event.popularity - 0.4) * Math.exp(-daysToEvent / 20);
    const noise = Math.exp(0.22 * rng.normal());
    const priceCents = Math.max(500, Math.round(event.basePrice * seat.tier * demand * noise * 100));
    sales[i] = {
      seat,
      row: pickRow(rng, seat),
      seatFirst: rng.between(1, 24),
      quantity: rng.pick(SALE_QUANTITIES),
      priceCents,
      soldTime,
    };
  }
  return sales;
}

export function totalsOf(sales: readonly Sale[]): DayTotals {
  let tickets = 0;
  let totalCents = 0;
  let minCents = Infinity;
  let maxCents = -Infinity;
  for (const sale of sales) {
    tickets += sale.quantity;
    totalCents += sale.priceCents * sale.quantity;
    if (sale.priceCents < minCents) minCents = sale.priceCents;
    if (sale.priceCents > maxCents) maxCents = sale.priceCents;
  }
  return {
    tickets,
    totalCents,
    minCents,
    maxCents,
    first: sales[0]?.soldTime ?? 0,
    last: sales[sales.length - 1]?.soldTime ?? 0,
  };
}

/** The daily figures of seed 2.4, from whole cents: totalSales = sum of price x quantity, avg = total / tickets. */
export function dailyFigures(date: string, totals: DayTotals): DailySales {
  return {
    date,
    totalTickets: totals.tickets,
    totalSales: totals.totalCents / 100,
    minSoldPrice: totals.minCents / 100,
    maxSoldPrice: totals.maxCents / 100,
    avgSoldPrice: Math.round(totals.totalCents / totals.tickets) / 100,
  };
}

/** A sold ticket object of seed 2.5. */
export function soldTicket(sale: Sale, symbol: string): Record<string, unknown> {
  return {
    sectionName: sale.seat.name,
    row: sale.row,
    seats: `${sale.seatFirst} - ${sale.seatFirst + sale.quantity - 1}`,
    quantity: sale.quantity,
    price: sale.priceCents / 100,
    priceFormatted: formatPrice(sale.priceCents, symbol),
    soldDate: isoMillis(sale.soldTime),
  };
}

/** The same object as JSON text, written by hand for the million-sale body (byte-identical to JSON.stringify). */
export function soldTicketJson(sale: Sale, symbol: string, dayText: string): string {
  const last = sale.seatFirst + sale.quantity - 1;
  return (
    `{"sectionName":${sale.seat.json},"row":"${sale.row}","seats":"${sale.seatFirst} - ${last}","quantity":${sale.quantity},` +
    `"price":${sale.priceCents / 100},"priceFormatted":"${formatPrice(sale.priceCents, symbol)}","soldDate":"${isoMillis(sale.soldTime, dayText)}"}`
  );
}

export class SalesGenerator {
  private readonly cache = new Lru<string, SalesDay[]>(256);

  constructor(private readonly seed: number) {}

  /** Days with sales, from the public sale through `until` (sales after `until` have not happened yet). */
  history(event: SandboxEvent, until: number): SalesDay[] {
    const end = Math.min(until, event.eventTime - 1);
    if (end < event.publicSaleTime) return [];
    const firstDay = Math.floor(event.publicSaleTime / DAY);
    const lastDay = Math.floor(end / DAY);
    const key = `${event.index}|${lastDay}`;
    let days = this.cache.get(key);
    if (!days) {
      days = [];
      for (let day = firstDay; day <= lastDay; day++) {
        const rng = new Rng(hash(this.seed, 0x5a1e5, event.index, day));
        const sales = salesOfDay(event, day, rng.count(dailyMean(event, day)), rng);
        if (sales.length > 0) days.push({ day, date: dayString(day), sales });
      }
      this.cache.set(key, days);
    }
    // Only the last day can reach past `until`.
    const lastEntry = days[days.length - 1];
    if (lastEntry && lastEntry.day === lastDay && (lastEntry.sales[lastEntry.sales.length - 1] as Sale).soldTime > end) {
      const kept = lastEntry.sales.filter((sale) => sale.soldTime <= end);
      return kept.length > 0 ? [...days.slice(0, -1), { ...lastEntry, sales: kept }] : days.slice(0, -1);
    }
    return days;
  }
}
