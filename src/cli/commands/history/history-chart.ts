import { money } from '../../kit/money.js';
import { barRoom, columnChart } from '../../kit/chart.js';

/** The market at one API timestamp: the lowest price and the tickets on offer (across agents for an evt_ id). */
export interface MarketPoint {
  apiTimestamp: string;
  minPrice: number | null;
  tickets: number;
}

interface Bucket {
  minPrice: number;
  tickets: number;
}

const AXIS_WIDTH = 12;

/**
 * Two column charts over time, lowest price and tickets available, one column per snapshot; when there
 * are more snapshots than columns, each column takes a run of consecutive snapshots (the lowest price
 * among them, the tickets of the last). A snapshot without listings draws as an empty column.
 */
export function renderHistoryChart(points: readonly MarketPoint[], options: { width: number; timeZone: string }): string {
  if (points.length === 0) return 'No snapshots to chart.\n';
  const room = barRoom(options.width, AXIS_WIDTH);
  const per = Math.ceil(points.length / room);
  const label = wallClock(options.timeZone);
  const buckets: Bucket[] = [];
  for (let i = 0; i < points.length; i += per) {
    const run = points.slice(i, i + per);
    const prices = run.flatMap((p) => (p.minPrice === null ? [] : [p.minPrice]));
    buckets.push({ minPrice: prices.length > 0 ? Math.min(...prices) : 0, tickets: run.at(-1)!.tickets });
  }
  const from = label(points[0]!.apiTimestamp);
  const to = label(points.at(-1)!.apiTimestamp);
  const span = `${from} to ${to} (${options.timeZone})`;
  const unit = per === 1 ? 'snapshot' : `${per} snapshots`;
  const layout = { axisWidth: AXIS_WIDTH, from, to, width: options.width };
  return [
    ...columnChart(
      `Lowest price per ${unit}, ${span}`,
      buckets,
      (b) => b.minPrice,
      (v) => money(v),
      layout,
    ),
    '',
    ...columnChart(
      `Tickets available per ${unit}, ${span}`,
      buckets,
      (b) => b.tickets,
      (v) => Math.round(v).toLocaleString('en-US'),
      layout,
    ),
    '',
  ].join('\n');
}

/** `YYYY-MM-DD HH:MM` in the time zone. */
function wallClock(timeZone: string): (iso: string) => string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (iso) => {
    const parts = Object.fromEntries(format.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
  };
}
