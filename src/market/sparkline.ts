/** The eight bar heights of a sparkline, lowest first. */
const BARS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

export interface Sparkline {
  /** One character per bucket: a space for zero, otherwise a bar of height proportional to the maximum. */
  line: string;
  /** Values summed into each character: 1 unless there were more values than `width`. */
  perMark: number;
  /** The largest bucket, which the full bar stands for. */
  max: number;
}

/**
 * A one-line chart of a series (tickets sold per day). Zero is a blank, so a day without sales is
 * visibly different from a slow one; any positive value gets at least the lowest bar. When the series is
 * wider than `width`, consecutive values are summed so the line fits.
 */
export function sparkline(values: readonly number[], width: number): Sparkline {
  const perMark = Math.max(1, Math.ceil(values.length / Math.max(1, width)));
  const buckets: number[] = [];
  for (let i = 0; i < values.length; i += perMark) buckets.push(values.slice(i, i + perMark).reduce((sum, v) => sum + v, 0));
  const max = buckets.reduce((m, v) => Math.max(m, v), 0);
  const line = buckets
    .map((v) => (v <= 0 || max <= 0 ? ' ' : BARS[Math.min(BARS.length - 1, Math.ceil((v / max) * BARS.length) - 1)]))
    .join('');
  return { line, perMark, max };
}

/** The value of every day from `from` to `to` (YYYY-MM-DD, inclusive), zero for days the data leaves out. */
export function dailySeries<T extends { date: string }>(days: readonly T[], from: string, to: string, value: (day: T) => number): number[] {
  const byDate = new Map(days.map((d) => [d.date, value(d)]));
  const series: number[] = [];
  for (let day = new Date(`${from}T00:00:00Z`); day.toISOString().slice(0, 10) <= to; day.setUTCDate(day.getUTCDate() + 1)) {
    series.push(byDate.get(day.toISOString().slice(0, 10)) ?? 0);
  }
  return series;
}
