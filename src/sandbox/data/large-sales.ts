/**
 * The "large sales" event: one past event given N individual sales (say 1,000,000) to benchmark clients.
 * Its sales-details body is rendered once, at start-up, into one Buffer: day after day of JSON text,
 * separated by commas. A request without dates is served as [that buffer, a small per-request tail]; a
 * date range is a contiguous slice of it. Nothing is re-serialised per request, and the gzip form is made
 * once and reused (gzip members may be concatenated, so the per-request tail is a second member).
 */
import { Rng, hash } from '../random.js';
import { DAY, dayString, isoMillis } from '../time.js';
import type { SandboxEvent } from './events.js';
import { currencySymbol } from './seating.js';
import { type DayTotals, dailyFigures, dailyMean, salesOfDay, soldTicketJson, totalsOf } from './sales.js';

export interface LargeDay {
  day: number;
  date: string;
  totals: DayTotals;
  /** Byte range of this day's JSON object in `LargeSales.body`. */
  start: number;
  end: number;
}

export interface LargeSales {
  event: SandboxEvent;
  count: number;
  days: LargeDay[];
  /** Earliest and latest sale. */
  first: number;
  last: number;
  /** The day objects, comma-separated, without the enclosing brackets. */
  body: Buffer;
}

/** Picks the event: the first one that is over and had at least 60 days of sales, else the longest past one. */
export function pickLargeSalesEvent(events: readonly SandboxEvent[], now: number): SandboxEvent | undefined {
  let best: SandboxEvent | undefined;
  for (const event of events) {
    if (event.eventTime >= now - DAY) continue;
    const window = event.eventTime - event.publicSaleTime;
    if (window >= 60 * DAY) return event;
    if (!best || window > best.eventTime - best.publicSaleTime) best = event;
  }
  return best;
}

/** Splits `count` sales over the event's days in proportion to their expected sales (largest remainders). */
function allocate(event: SandboxEvent, count: number): { day: number; count: number }[] {
  const firstDay = Math.floor(event.publicSaleTime / DAY);
  const lastDay = Math.floor((event.eventTime - 1) / DAY);
  const weights: { day: number; weight: number }[] = [];
  let sum = 0;
  for (let day = firstDay; day <= lastDay; day++) {
    const weight = dailyMean(event, day);
    if (weight > 0) {
      weights.push({ day, weight });
      sum += weight;
    }
  }
  const shares = weights.map(({ day, weight }) => {
    const exact = (count * weight) / sum;
    return { day, count: Math.floor(exact), rest: exact - Math.floor(exact) };
  });
  if (shares.length === 0) return [];
  let left = count - shares.reduce((n, share) => n + share.count, 0);
  const byRest = [...shares].sort((a, b) => b.rest - a.rest || a.day - b.day);
  for (let i = 0; left > 0; i = (i + 1) % byRest.length, left--) (byRest[i] as { count: number }).count++;
  return shares.filter((share) => share.count > 0);
}

/** A growing byte buffer written with strings: the body is built in place, not from per-day copies. */
class ByteWriter {
  private buffer: Buffer;
  length = 0;

  /** `latin1` when every character is known to be ASCII (dollar prices): a plain copy, no UTF-8 scan. */
  constructor(
    capacity: number,
    private readonly encoding: 'utf8' | 'latin1',
  ) {
    this.buffer = Buffer.allocUnsafe(capacity);
  }

  write(text: string): void {
    // UTF-8 needs at most 3 bytes per UTF-16 unit; grow before writing so a write is never cut short.
    const worst = this.length + text.length * 3;
    if (worst > this.buffer.length) {
      const bigger = Buffer.allocUnsafe(Math.max(worst, this.buffer.length * 2));
      this.buffer.copy(bigger, 0, 0, this.length);
      this.buffer = bigger;
    }
    this.length += this.buffer.write(text, this.length, this.encoding);
  }

  /** The bytes written (a view: copying 150 MB again would cost more than the slack it frees). */
  finish(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}

const BATCH = 2_000;

export function buildLargeSales(seed: number, event: SandboxEvent, count: number): LargeSales {
  const symbol = currencySymbol(event.country);
  // About 150 bytes per sale; the writer grows if the guess is short.
  // Sold tickets are ASCII but for the pound sign of UK prices.
  const out = new ByteWriter(count * 150 + 65_536, symbol === '$' ? 'latin1' : 'utf8');
  const days: LargeDay[] = [];
  let first = 0;
  let last = 0;
  const parts: string[] = [];
  for (const { day, count: dayCount } of allocate(event, count)) {
    const rng = new Rng(hash(seed, 0x1a26e, event.index, day));
    const sales = salesOfDay(event, day, dayCount, rng);
    if (sales.length === 0) continue;
    const date = dayString(day);
    const totals = totalsOf(sales);
    const figures = dailyFigures(date, totals);
    if (days.length > 0) out.write(',');
    const start = out.length;
    out.write(`{"date":"${date}","soldTickets":[`);
    for (let i = 0; i < sales.length; i += BATCH) {
      parts.length = 0;
      const end = Math.min(sales.length, i + BATCH);
      for (let j = i; j < end; j++) parts.push(soldTicketJson(sales[j]!, symbol, date));
      out.write(i === 0 ? parts.join(',') : `,${parts.join(',')}`);
    }
    out.write(
      `],"totalTickets":${figures.totalTickets},"totalSales":${figures.totalSales},"minSoldPrice":${figures.minSoldPrice},` +
        `"maxSoldPrice":${figures.maxSoldPrice},"avgSoldPrice":${figures.avgSoldPrice},` +
        `"minimumSalesDataDate":"${isoMillis(totals.first, date)}","maximumSalesDataDate":"${isoMillis(totals.last, date)}"}`,
    );
    days.push({ day, date, totals, start, end: out.length });
    if (first === 0) first = totals.first;
    last = totals.last;
  }
  return { event, count, days, first, last, body: out.finish() };
}
