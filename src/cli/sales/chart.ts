import type { DailySales } from '../../api/types.js';
import { addDays } from '../parse/dates.js';
import { money } from '../money.js';

/** Eighths of a block, so a bar's top can be drawn at 1/8 of a row. */
const LEVELS = [' ', '▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
const HEIGHT = 8;

interface Bucket {
  /** First day of the bucket, YYYY-MM-DD. */
  start: string;
  tickets: number;
  revenue: number;
}

export interface ChartOptions {
  /** Terminal columns. */
  width: number;
  /** The requested range, so days without sales at either end still show as empty. */
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * Two column charts, tickets and revenue, one column per day; when the days do not fit the terminal, one
 * column per week (Monday to Sunday). Days without sales are drawn as zero rather than left out, so gaps
 * in trading are visible.
 */
export function renderSalesChart(days: readonly DailySales[], options: ChartOptions): string {
  if (days.length === 0) return 'No sales to chart.\n';
  const sorted = [...days].sort((a, b) => (a.date < b.date ? -1 : 1));
  const first = options.from ?? sorted[0]!.date;
  const last = options.to ?? sorted.at(-1)!.date;
  const byDate = new Map(sorted.map((d) => [d.date, d]));

  const daily: Bucket[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) {
    const day = byDate.get(date);
    daily.push({ start: date, tickets: day?.totalTickets ?? 0, revenue: day?.totalSales ?? 0 });
  }
  const axisWidth = 12;
  const room = Math.max(10, options.width - axisWidth - 1);
  const weekly = daily.length > room;
  const buckets = weekly ? byWeek(daily) : daily;
  const unit = weekly ? 'week' : 'day';

  return [
    ...columnChart(`Tickets sold per ${unit}, ${first} to ${last}`, buckets, (b) => b.tickets, (v) => Math.round(v).toLocaleString('en-US'), axisWidth),
    '',
    ...columnChart(`Revenue per ${unit}, ${first} to ${last}`, buckets, (b) => b.revenue, (v) => money(Math.round(v)).replace(/\.00$/, ''), axisWidth),
    '',
  ].join('\n');
}

function byWeek(days: Bucket[]): Bucket[] {
  const weeks: Bucket[] = [];
  for (const day of days) {
    const weekday = (new Date(`${day.start}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
    const monday = addDays(day.start, -weekday);
    const current = weeks.at(-1);
    if (current && current.start === monday) {
      current.tickets += day.tickets;
      current.revenue += day.revenue;
    } else {
      weeks.push({ start: monday, tickets: day.tickets, revenue: day.revenue });
    }
  }
  return weeks;
}

/**
 * One column chart: a column per bucket, scaled to the largest value, the axis labelled with that value
 * and the first and last bucket's `start`. `tix history --chart` draws its price and ticket charts with it.
 */
export function columnChart<B extends { start: string }>(title: string, buckets: readonly B[], value: (b: B) => number, label: (v: number) => string, axisWidth: number): string[] {
  const values = buckets.map(value);
  const max = Math.max(...values);
  const lines = [title];
  for (let row = HEIGHT - 1; row >= 0; row--) {
    const axis = row === HEIGHT - 1 ? label(max) : '';
    const bars = values
      .map((v) => {
        const eighths = max > 0 ? Math.round((v / max) * HEIGHT * 8) : 0;
        return LEVELS[Math.max(0, Math.min(8, eighths - row * 8))];
      })
      .join('');
    lines.push(`${axis.padStart(axisWidth - 2)} ┤${bars}`);
  }
  const startLabel = buckets[0]!.start;
  const endLabel = buckets.at(-1)!.start;
  const gap = Math.max(1, buckets.length - startLabel.length - endLabel.length);
  lines.push(`${'0'.padStart(axisWidth - 2)} └${'─'.repeat(buckets.length)}`);
  lines.push(`${' '.repeat(axisWidth)}${buckets.length > startLabel.length + endLabel.length ? `${startLabel}${' '.repeat(gap)}${endLabel}` : startLabel}`);
  return lines;
}
