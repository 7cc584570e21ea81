import { timeZoneOffsetMs } from '../shared/time-zone-offset.js';

/**
 * A chart of values over time, drawn for a terminal (time-chart-text.ts) or as SVG (time-chart-svg.ts)
 * from the same description and the same scales, so the two never disagree about where a point lies.
 * Time is proportional along x (two snapshots 2 h apart sit 2/57 as far apart as two 57 h apart). The
 * value axis runs from a round value at or below the lowest point to one at or above the highest (ticks
 * on 1, 2 and 5 steps), not from 0, so small moves stay visible; the time axis is ticked on round hours
 * or days of the chart's time zone.
 */

/** One observation: `at` in epoch milliseconds; a null value is a gap (nothing to plot then). */
export interface TimePoint {
  at: number;
  value: number | null;
}

export interface TimeSeries {
  name: string;
  /** In time order. */
  points: readonly TimePoint[];
  /** The market floor across the other series (ALL): drawn over them, heavier and dashed, without point marks. */
  floor?: boolean;
}

/** An instant marked with a vertical rule when it lies inside the time range (the public sale, the event). */
export interface TimeMarker {
  at: number;
  label: string;
}

export interface TimeChart {
  /** What is charted, for a report: the event's name, date and place. */
  title: string;
  /** What the lines are, the time range, and the filters when there are any: `, ` between those that fit on a line (subtitleLines). */
  subtitle: readonly string[];
  /** The value axis's name with its unit: `Lowest price (USD)`. */
  valueLabel: string;
  series: readonly TimeSeries[];
  markers: readonly TimeMarker[];
  /** Said in place of the plot when every point is a gap. */
  nothingToPlot: string;
  /** IANA zone the time ticks are round in. */
  timeZone: string;
  /** A value as the axis shows it. */
  formatValue(value: number): string;
  /** An instant in full (YYYY-MM-DD HH:MM), for markers. */
  formatTime(at: number): string;
  /** The time range to draw, when it is not the series' own: charts that share one time axis (`tix report`). */
  domain?: Domain;
}

export type Domain = readonly [number, number];

/**
 * A line is broken between two snapshots further apart than GAP_FACTOR times its series' usual interval
 * (the median of the intervals between its consecutive snapshots): nothing was observed in such a span, so
 * it is not drawn like a measured one. Three times leaves room for a late or skipped run (cron every
 * 15 minutes and one run missed: 30 minutes, drawn) while a stop of an hour or more is a visible break.
 */
export const GAP_FACTOR = 3;

/** The subtitle's parts in lines, `, ` between the parts of a line, as many to a line as `fits` allows (a part too wide alone is a line of its own). */
export function subtitleLines(parts: readonly string[], fits: (line: string) => boolean): string[] {
  const lines: string[] = [];
  for (const part of parts) {
    const last = lines.at(-1);
    if (last !== undefined && fits(`${last}, ${part}`)) lines[lines.length - 1] = `${last}, ${part}`;
    else lines.push(part);
  }
  return lines;
}

/** The first and last instant of any series (each in time order). */
export function timeDomain(chart: TimeChart): Domain {
  if (chart.domain) return chart.domain;
  return extent(chart.series.flatMap((s) => (s.points.length === 0 ? [] : [s.points[0]!.at, s.points.at(-1)!.at])))!;
}

/** The lowest and highest value of any series; undefined when every point is a gap. A loop: histories run to 100,000 points. */
export function valueDomain(chart: TimeChart): Domain | undefined {
  let domain: [number, number] | undefined;
  for (const series of chart.series) {
    for (const { value } of series.points) {
      if (value === null) continue;
      if (!domain) domain = [value, value];
      else if (value < domain[0]) domain[0] = value;
      else if (value > domain[1]) domain[1] = value;
    }
  }
  return domain;
}

/** The least and greatest of numbers (a loop: Math.min(...list) fails on a history of a few hundred thousand). */
export function extent(numbers: readonly number[]): Domain | undefined {
  if (numbers.length === 0) return undefined;
  let [low, high] = [numbers[0]!, numbers[0]!];
  for (const n of numbers) {
    if (n < low) low = n;
    if (n > high) high = n;
  }
  return [low, high];
}

/** A linear map from a domain onto a range; a domain of one value maps to the middle of the range. */
export function linearScale([d0, d1]: Domain, [r0, r1]: Domain): (x: number) => number {
  if (d1 === d0) return () => (r0 + r1) / 2;
  return (x) => r0 + ((x - d0) / (d1 - d0)) * (r1 - r0);
}

/** The median of the intervals between a series' consecutive points; undefined with fewer than two points. */
export function usualInterval(points: readonly TimePoint[]): number | undefined {
  const intervals = points
    .slice(1)
    .map((p, i) => p.at - points[i]!.at)
    .sort((a, b) => a - b);
  if (intervals.length === 0) return undefined;
  const middle = Math.floor(intervals.length / 2);
  return intervals.length % 2 === 1 ? intervals[middle]! : (intervals[middle - 1]! + intervals[middle]!) / 2;
}

/**
 * The runs of a series drawn as one line each: consecutive points with values, split at a gap (a point
 * without value) and where two points lie more than GAP_FACTOR usual intervals apart.
 */
export function lineRuns(points: readonly TimePoint[]): { at: number; value: number }[][] {
  const longest = GAP_FACTOR * (usualInterval(points) ?? 0);
  const runs: { at: number; value: number }[][] = [];
  let run: { at: number; value: number }[] = [];
  points.forEach((point, i) => {
    const broken = point.value === null || (i > 0 && point.at - points[i - 1]!.at > longest);
    if (broken) {
      if (run.length > 0) runs.push(run);
      run = [];
    }
    if (point.value !== null) run.push({ at: point.at, value: point.value });
  });
  if (run.length > 0) runs.push(run);
  return runs;
}

/** Whether some line of the chart is broken for a span without snapshots (the legend then says the rule). */
export function hasUnobservedSpans(chart: TimeChart): boolean {
  return chart.series.some((series) => {
    const longest = GAP_FACTOR * (usualInterval(series.points) ?? 0);
    return series.points.some((p, i) => i > 0 && p.at - series.points[i - 1]!.at > longest);
  });
}

/** The legend's words for a broken line. */
export const GAP_NOTE = `line broken: no snapshot for over ${GAP_FACTOR}× the usual interval`;

/**
 * Round values inside the domain to label the value axis at: multiples of a step of 1, 2 or 5 times a
 * power of ten (at least a cent), the least step that gives at most `count` of them. A domain too narrow
 * for two round values within it is labelled at its ends as well, so that the axis always has a scale.
 */
export function valueTicks([low, high]: Domain, count: number): number[] {
  if (low === high) return [low];
  for (let power = Math.max(-2, Math.floor(Math.log10((high - low) / count))); ; power++) {
    for (const multiple of [1, 2, 5]) {
      const step = multiple * 10 ** power;
      // Integer multiples of the step, so that 0.1 + 0.2 never shows as 0.30000000000000004.
      const [first, last] = [Math.ceil(low / step - 1e-9), Math.floor(high / step + 1e-9)];
      if (last - first + 1 > count) continue;
      const ticks = Array.from({ length: Math.max(0, last - first + 1) }, (_, i) =>
        Number(((first + i) * step).toFixed(Math.max(0, -power))),
      );
      return ticks.length >= 2 ? ticks : [...new Set([low, ...ticks, high])];
    }
  }
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/**
 * Time steps, least first: round minutes, hours (dividing a day) and days. No step is more than twice the
 * one before it (4 days between 2 and 7), so when one step's labels are too many for a narrow axis, the next
 * still has about half as many: a 9-day range 31 cells wide gets two or three ticks 4 days apart, not one a week.
 */
export const TIME_STEPS = [
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  4 * DAY,
  7 * DAY,
  14 * DAY,
  28 * DAY,
];

/**
 * Ticks on round times of the zone inside the domain, every `step` (one of TIME_STEPS) from the first
 * multiple of it at or after the start (hours counted from local midnight, days from a local midnight).
 */
export function ticksEvery([t0, t1]: Domain, step: number, timeZone: string): number[] {
  const ticks: number[] = [];
  // Wall-clock time as if it were UTC: round there, then back to the instant by the zone's offset then.
  const wall = (at: number) => at + timeZoneOffsetMs(timeZone, at);
  const instant = (local: number) => local - timeZoneOffsetMs(timeZone, local - timeZoneOffsetMs(timeZone, local));
  for (let local = Math.ceil(wall(t0) / step) * step; ; local += step) {
    const at = instant(local);
    if (at > t1) break;
    if (at >= t0 && ticks.at(-1) !== at) ticks.push(at);
  }
  return ticks;
}

/** A time tick's label: `MM-DD` for day steps; `HH:MM` for hour steps, `MM-DD HH:MM` at the first and at each new day. */
export function tickLabel(chart: TimeChart, at: number, step: number, first: boolean): string {
  const full = chart.formatTime(at);
  if (step >= DAY) return full.slice(5, 10);
  return first || full.endsWith(' 00:00') ? full.slice(5) : full.slice(11);
}

/** The markers inside the time range (ends included). */
export function markersInRange(chart: TimeChart, [t0, t1]: Domain): TimeMarker[] {
  return chart.markers.filter((m) => m.at >= t0 && m.at <= t1);
}

/** A marker's legend entry: its label, saying which side of the range it lies on when outside it. */
export function markerLegend(marker: TimeMarker, [t0, t1]: Domain): { text: string; inRange: boolean } {
  if (marker.at >= t0 && marker.at <= t1) return { text: marker.label, inRange: true };
  return { text: `${marker.label} (${marker.at < t0 ? 'before' : 'after'} this range)`, inRange: false };
}

/**
 * A series thinned for a picture `buckets` wide across the domain, when it has more than twice as many points:
 * in each bucket (a column of pixels or so) the first and the last point, the lowest and the highest, and a
 * gap (a point without value) if there is one; points so close would overlap anyway. The lowest point of
 * every bucket is kept, so the series' lowest is never dropped. Points outside the domain are kept as they are.
 */
export function thinPoints(points: readonly TimePoint[], [t0, t1]: Domain, buckets: number): readonly TimePoint[] {
  if (points.length <= 2 * buckets || t1 <= t0) return points;
  const kept: TimePoint[] = [];
  let bucket = Number.NaN;
  let chosen: TimePoint[] = [];
  const flush = () => {
    const unique = [...new Set(chosen)].sort((a, b) => a.at - b.at);
    kept.push(...unique);
    chosen = [];
  };
  let first: TimePoint | undefined;
  let last: TimePoint | undefined;
  let low: TimePoint | undefined;
  let high: TimePoint | undefined;
  let gap: TimePoint | undefined;
  const close = () => {
    chosen = [first, last, low, high, gap].filter((p): p is TimePoint => p !== undefined);
    flush();
    first = last = low = high = gap = undefined;
  };
  for (const point of points) {
    const b = point.at < t0 || point.at > t1 ? Number.NaN : Math.min(buckets - 1, Math.floor(((point.at - t0) / (t1 - t0)) * buckets));
    if (Number.isNaN(b)) {
      if (first) close();
      kept.push(point);
      bucket = Number.NaN;
      continue;
    }
    if (b !== bucket && first) close();
    bucket = b;
    first ??= point;
    last = point;
    if (point.value === null) gap ??= point;
    else {
      if (!low || low.value === null || point.value < low.value) low = point;
      if (!high || high.value === null || point.value > high.value) high = point;
    }
  }
  if (first) close();
  return kept;
}
