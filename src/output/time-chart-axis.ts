import { type Domain, type TimeChart, tickLabel, timeTicks } from './time-chart.js';

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
const GAP = 2;

/**
 * The time axis under the plot: a baseline with a tick (┬) at each round time labelled under it (hours or
 * days of the chart's zone, timeTicks), as many as fit at least GAP cells apart, each label centred under
 * its tick as far as the plot's ends allow. When no round time falls in the range (a range of minutes, or
 * one instant), its first instant is labelled in full at its place.
 */
export function timeAxisLines(chart: TimeChart, times: Domain, layout: TimeAxisLayout): string[] {
  const { indent, plotWidth, width, column } = layout;
  const labels = fittingLabels(chart, times, plotWidth, column);
  const ticks = new Set(labels.map((l) => l.tick));
  const cells = Array.from({ length: plotWidth }, (_, x) => (ticks.has(x) ? '┬' : '─'));
  const baseline = `${' '.repeat(indent - 1)}└${cells.join('')}`;
  if (labels.length === 0) {
    const first = chart.formatTime(times[0]);
    return [baseline, placed(first, indent + column(times[0]) - Math.floor(first.length / 2), width)];
  }
  let line = '';
  for (const label of labels) line += `${' '.repeat(label.left - line.length)}${label.text}`;
  return [baseline, `${' '.repeat(indent)}${line}`];
}

interface PlacedLabel {
  text: string;
  /** Plot column of its tick. */
  tick: number;
  /** Plot column of its first character. */
  left: number;
}

/** The round-time labels of the most ticks that fit the plot's width without touching. */
function fittingLabels(chart: TimeChart, times: Domain, plotWidth: number, column: (at: number) => number): PlacedLabel[] {
  let tried: number | undefined;
  for (let count = Math.max(1, Math.floor(plotWidth / 4)); count >= 1; count--) {
    const { step, ticks } = timeTicks(times, count, chart.timeZone);
    // Fewer allowed often means the same step: its labels did not fit before and will not now.
    if (step === tried || ticks.length > count) continue;
    tried = step;
    const labels = ticks.map((at, i) => {
      const text = tickLabel(chart, at, step, i === 0);
      const tick = column(at);
      return { text, tick, left: Math.max(0, Math.min(tick - Math.floor(text.length / 2), plotWidth - text.length)) };
    });
    let end = -GAP;
    const fits = labels.every((label) => {
      const ok = label.left >= end + GAP && label.left + label.text.length <= plotWidth;
      end = label.left + label.text.length;
      return ok;
    });
    if (fits && (labels.length > 0 || count === 1)) return labels;
  }
  return [];
}

/** Text starting at a column, moved left as far as the width needs. */
function placed(text: string, column: number, width: number): string {
  return `${' '.repeat(Math.max(0, Math.min(column, width - 1 - text.length)))}${text}`;
}
