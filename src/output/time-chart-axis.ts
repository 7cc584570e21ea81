import { type Domain, evenSteps, type TimeChart } from './time-chart.js';

/**
 * One letter per series, to tell them apart without colour: its name's first letter when no earlier
 * series took it (GAMETIME G, SEATGEEK S, TMUSA T), else the next letter of its name not taken (STUBHUB U),
 * else the first free letter of the alphabet.
 */
export function seriesMarks(names: readonly string[]): string[] {
  const letters = names.map((name) => [...name.toUpperCase().replace(/[^A-Z]/g, '')]);
  const marks = letters.map(() => '');
  const taken = new Set<string>();
  letters.forEach((own, i) => {
    const first = own[0];
    if (first === undefined || taken.has(first)) return;
    marks[i] = first;
    taken.add(first);
  });
  letters.forEach((own, i) => {
    if (marks[i] !== '') return;
    marks[i] = [...own, ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].find((l) => !taken.has(l)) ?? '?';
    taken.add(marks[i]);
  });
  return marks;
}

export interface TimeAxisLayout {
  /** Cells left of the plot (the value labels and the axis line). */
  indent: number;
  plotWidth: number;
  /** Terminal columns; no line reaches the last one. */
  width: number;
  /** The plot column of an instant. */
  column(at: number): number;
}

/** Least blank cells between two labels. */
const GAP = 3;

/**
 * The time axis under the plot: a baseline with a tick under each label, then the labels: the first
 * instant in full at the left end, the last at the right end, and evenly spaced instants between in
 * short, as many as fit. When the two ends do not fit on one line they take a line each.
 */
export function timeAxisLines(chart: TimeChart, [t0, t1]: Domain, layout: TimeAxisLayout): string[] {
  const { indent, plotWidth, width, column } = layout;
  const ticks = new Set<number>();
  const baseline = () => {
    const cells = Array.from({ length: plotWidth }, (_, x) => (ticks.has(x) ? '┬' : '─'));
    return `${' '.repeat(indent - 1)}└${cells.join('')}`;
  };
  const first = chart.formatTime(t0);
  if (t0 === t1) {
    const x = column(t0);
    ticks.add(x);
    return [baseline(), placed(first, indent + x - Math.floor(first.length / 2), width)];
  }
  const last = chart.formatTime(t1);
  ticks.add(0).add(plotWidth - 1);
  if (first.length + GAP + last.length > plotWidth) {
    return [baseline(), placed(first, indent, width), placed(last, indent + plotWidth - last.length, width)];
  }
  const between = labelsBetween(chart, [t0, t1], layout, first.length, last.length);
  for (const label of between) ticks.add(label.tick);
  let line = first;
  for (const label of between) line += `${' '.repeat(label.left - line.length)}${label.text}`;
  line += `${' '.repeat(plotWidth - last.length - line.length)}${last}`;
  return [baseline(), `${' '.repeat(indent)}${line}`];
}

interface PlacedLabel {
  text: string;
  /** Plot column of its tick. */
  tick: number;
  /** Plot column of its first character. */
  left: number;
}

/** The most evenly spaced labels between the ends that all fit, centred under their ticks. */
function labelsBetween(chart: TimeChart, times: Domain, layout: TimeAxisLayout, firstWidth: number, lastWidth: number): PlacedLabel[] {
  const { plotWidth, column } = layout;
  const sample = chart.formatShortTime(times[0]).length;
  for (let parts = Math.floor(plotWidth / (sample + GAP)); parts >= 2; parts--) {
    const labels = evenSteps(times, parts)
      .slice(1, -1)
      .map((at) => {
        const text = chart.formatShortTime(at);
        const tick = column(at);
        return { text, tick, left: tick - Math.floor(text.length / 2) };
      });
    let end = firstWidth;
    const fits = labels.every((label) => {
      const ok = label.left >= end + GAP;
      end = label.left + label.text.length;
      return ok;
    });
    if (fits && end + GAP <= plotWidth - lastWidth) return labels;
  }
  return [];
}

/** Text starting at a column, moved left as far as the width needs. */
function placed(text: string, column: number, width: number): string {
  return `${' '.repeat(Math.max(0, Math.min(column, width - 1 - text.length)))}${text}`;
}
