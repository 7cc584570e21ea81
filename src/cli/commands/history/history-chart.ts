import type { SnapshotRow } from '../../../store/store.js';
import { extent, type TimeChart, type TimeSeries } from '../../../output/time-chart.js';
import { money } from '../../../output/money.js';

export interface HistoryChartOptions {
  /** IANA zone of the time labels (--tz, the timezone setting). */
  timeZone: string;
  /** The event's date (ISO 8601), ruled on the chart when the snapshots span it. */
  eventDate?: string | undefined;
}

/**
 * `tix history --chart`: the lowest price (min_price) of each snapshot, one series per agent, at the
 * snapshot's API timestamp. A snapshot without listings has no lowest price: a gap in its agent's line.
 */
export function historyChart(rows: readonly SnapshotRow[], options: HistoryChartOptions): TimeChart {
  const byAgent = new Map<string, { at: number; value: number | null }[]>();
  for (const row of rows) {
    const points = byAgent.get(row.agent) ?? [];
    points.push({ at: Date.parse(row.apiTimestamp), value: row.minPrice });
    byAgent.set(row.agent, points);
  }
  const series: TimeSeries[] = [...byAgent].map(([name, points]) => ({ name, points: points.sort((a, b) => a.at - b.at) }));
  const label = wallClock(options.timeZone);
  const [first, last] = extent(rows.map((r) => Date.parse(r.apiTimestamp))) ?? [Number.NaN, Number.NaN];
  const span = `${label(first)} to ${label(last)} (${options.timeZone})`;
  const eventAt = options.eventDate === undefined ? Number.NaN : Date.parse(options.eventDate);
  return {
    title: `Lowest price (min_price) by agent, ${span}`,
    series,
    marker: Number.isNaN(eventAt) ? undefined : { at: eventAt, label: `event ${label(eventAt)}` },
    nothingToPlot: 'No prices to chart: no snapshot had listings.',
    formatValue: money,
    formatTime: label,
    // Between the ends the year is the title's: MM-DD HH:MM.
    formatShortTime: (at) => label(at).slice(5),
  };
}

/** `YYYY-MM-DD HH:MM` in the time zone. */
function wallClock(timeZone: string): (at: number) => string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (at) => {
    const parts = Object.fromEntries(format.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
  };
}
