import type { DailySales } from '../../../api/types.js';
import { addDays } from '../../kit/parse/dates.js';
import { money } from '../../../output/money.js';
import { wrapToWidth } from '../../../output/text-width.js';

/** Eighths of a block, so a bar's top can be drawn at 1/8 of a row. */
const LEVELS = [' ', '▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
const HEIGHT = 8;
const AXIS_WIDTH = 12;

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
 * column per calendar week (Monday to Sunday), or per run of weeks. Days without sales are drawn as zero
 * rather than left out, so gaps in trading are visible. Title and axis both name the range charted, the
 * requested days: the first and last week can be part weeks, clipped to that range.
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
  const room = barRoom(options.width, AXIS_WIDTH);
  let buckets = daily;
  let unit = 'day';
  if (daily.length > room) {
    const weeks = Math.ceil(byWeeks(daily, 1).length / room);
    buckets = byWeeks(daily, weeks);
    unit = weeks === 1 ? 'week' : `${weeks} weeks`;
  }
  const chart = { axisWidth: AXIS_WIDTH, from: first, to: last, width: options.width };
  return [
    ...columnChart(
      `Tickets sold per ${unit}, ${first} to ${last}`,
      buckets,
      (b) => b.tickets,
      (v) => Math.round(v).toLocaleString('en-US'),
      chart,
    ),
    '',
    ...columnChart(
      `Revenue per ${unit}, ${first} to ${last}`,
      buckets,
      (b) => b.revenue,
      (v) => money(Math.round(v)).replace(/\.00$/, ''),
      chart,
    ),
    '',
  ].join('\n');
}

/** Cells left for bars once the axis is drawn (one spare, so no line touches the terminal's last column). */
function barRoom(width: number, axisWidth: number): number {
  return Math.max(1, width - axisWidth - 1);
}

/** Days (consecutive) summed into runs of `weeks` calendar weeks, each starting on its first day charted. */
function byWeeks(days: readonly Bucket[], weeks: number): Bucket[] {
  const runs: Bucket[] = [];
  let runMonday = '';
  for (const day of days) {
    const weekday = (new Date(`${day.start}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
    const monday = addDays(day.start, -weekday);
    const current = runs.at(-1);
    if (current && monday < addDays(runMonday, 7 * weeks)) {
      current.tickets += day.tickets;
      current.revenue += day.revenue;
    } else {
      runMonday = monday;
      runs.push({ start: day.start, tickets: day.tickets, revenue: day.revenue });
    }
  }
  return runs;
}

interface ColumnChartLayout {
  /** Cells for the value labels left of the bars, the axis line included. */
  axisWidth: number;
  /** The range charted, for the labels under the first and the last column. */
  from: string;
  to: string;
  /** Terminal columns: the title wraps and the labels move to fit. */
  width: number;
}

/** One column chart: a column per bucket, scaled to the largest value, the axis labelled with that value and the range charted. */
function columnChart<B>(
  title: string,
  buckets: readonly B[],
  value: (b: B) => number,
  label: (v: number) => string,
  layout: ColumnChartLayout,
): string[] {
  const { axisWidth } = layout;
  const values = buckets.map(value);
  const max = Math.max(...values);
  const lines = wrapToWidth(title, layout.width);
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
  lines.push(`${'0'.padStart(axisWidth - 2)} └${'─'.repeat(buckets.length)}`);
  lines.push(...rangeLabels(layout, buckets.length));
  return lines;
}

/**
 * The range under the bars: the first label under the first column and the last ending under the last,
 * on one line when both fit there, else on two lines, each moved left as far as the terminal needs.
 */
function rangeLabels({ axisWidth, from, to, width }: ColumnChartLayout, bars: number): string[] {
  const indent = ' '.repeat(axisWidth);
  if (from === to) return [`${indent}${from}`];
  if (from.length + 1 + to.length <= bars) return [`${indent}${from}${' '.repeat(bars - from.length - to.length)}${to}`];
  const at = (text: string, column: number) => `${' '.repeat(Math.max(0, Math.min(column, width - 1 - text.length)))}${text}`;
  return [at(from, axisWidth), at(to, axisWidth + bars - to.length)];
}
