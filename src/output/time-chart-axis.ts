import { type Domain, TIME_STEPS, type TimeChart, ticksEvery, tickLabel } from './time-chart.js';

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
 * days of the chart's zone, TIME_STEPS), as many as fit at least GAP cells apart, each label centred under
 * its tick as far as the plot's ends allow; at least two where the width allows (endLabels). When no time
 * can be labelled (one instant), its first instant is labelled in full at its place.
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

/**
 * The round-time labels of the least step (TIME_STEPS) whose labels fit the plot's width without touching,
 * among those with at least two labels; a single label only when no step gives two that fit.
 */
function fittingLabels(chart: TimeChart, times: Domain, plotWidth: number, column: (at: number) => number): PlacedLabel[] {
  let single: PlacedLabel[] | undefined;
  // More ticks than this are too many to label (a label and its gap take at least four cells).
  const most = Math.max(1, Math.floor(plotWidth / 4));
  for (const step of TIME_STEPS) {
    // Counted before they are made: a year in 15-minute ticks would be 35,000 of them.
    if ((times[1] - times[0]) / step > most) continue;
    const ticks = ticksEvery(times, step, chart.timeZone);
    if (ticks.length > most) continue;
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
    if (!fits) continue;
    if (labels.length >= 2) return labels;
    if (labels.length === 1) single ??= labels;
  }
  return endLabels(chart, times, plotWidth) ?? single ?? [];
}

/**
 * When no two round times can be labelled (a few hours from an awkward start in a narrow window, where the
 * first label and midnight's carry the date), the range's ends are: the first and last instant, at the
 * plot's ends (`08-03 13:17` ... `23:17`, the date again when it changed), if both fit.
 */
function endLabels(chart: TimeChart, [t0, t1]: Domain, plotWidth: number): PlacedLabel[] | undefined {
  if (t1 === t0) return undefined;
  const [from, to] = [chart.formatTime(t0), chart.formatTime(t1)];
  const first = from.slice(5);
  const last = to.slice(0, 10) === from.slice(0, 10) ? to.slice(11) : to.slice(5);
  if (first.length + GAP + last.length > plotWidth) return undefined;
  return [
    { text: first, tick: 0, left: 0 },
    { text: last, tick: plotWidth - 1, left: plotWidth - last.length },
  ];
}

/** Text starting at a column, moved left as far as the width needs. */
function placed(text: string, column: number, width: number): string {
  return `${' '.repeat(Math.max(0, Math.min(column, width - 1 - text.length)))}${text}`;
}
