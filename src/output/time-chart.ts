/**
 * A chart of values over time, drawn for a terminal (time-chart-text.ts) or as SVG (time-chart-svg.ts)
 * from the same description and the same scales, so the two never disagree about where a point lies.
 * Time is proportional along x (two snapshots 2 h apart sit 2/57 as far apart as two 57 h apart), and y
 * runs from the lowest value charted to the highest, not from 0, so small moves stay visible.
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
}

export interface TimeChart {
  title: string;
  series: readonly TimeSeries[];
  /** An instant marked with a vertical rule when it lies inside the time range (the event's date). */
  marker?: { at: number; label: string } | undefined;
  /** Said in place of the plot when every point is a gap. */
  nothingToPlot: string;
  /** A value as the axis shows it. */
  formatValue(value: number): string;
  /** An instant in full, for the ends of the time axis. */
  formatTime(at: number): string;
  /** An instant in short, for the labels between the ends. */
  formatShortTime(at: number): string;
}

export type Domain = readonly [number, number];

/** The first and last instant of any series. */
export function timeDomain(chart: TimeChart): Domain {
  return extent(chart.series.flatMap((s) => s.points.map((p) => p.at)))!;
}

/** The lowest and highest value of any series; undefined when every point is a gap. */
export function valueDomain(chart: TimeChart): Domain | undefined {
  return extent(chart.series.flatMap((s) => s.points.flatMap((p) => (p.value === null ? [] : [p.value]))));
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

/** `count` + 1 evenly spaced values from one end of the domain to the other, both ends included. */
export function evenSteps([d0, d1]: Domain, count: number): number[] {
  if (count < 1 || d1 === d0) return [d0];
  return Array.from({ length: count + 1 }, (_, i) => (i === count ? d1 : d0 + ((d1 - d0) * i) / count));
}

/** The marker when its instant is inside the time range (ends included). */
export function markerInRange(chart: TimeChart, [t0, t1]: Domain): TimeChart['marker'] {
  const marker = chart.marker;
  return marker && marker.at >= t0 && marker.at <= t1 ? marker : undefined;
}

/** The marker's legend entry: its label, saying which side of the range it lies on when outside it. */
export function markerLegend(chart: TimeChart, times: Domain): { text: string; inRange: boolean } | undefined {
  const marker = chart.marker;
  if (!marker) return undefined;
  if (markerInRange(chart, times)) return { text: marker.label, inRange: true };
  return { text: `${marker.label} (${marker.at < times[0] ? 'before' : 'after'} this range)`, inRange: false };
}
