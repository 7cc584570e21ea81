import { type Domain, evenSteps, linearScale, markerInRange, markerLegend, type TimeChart, timeDomain, valueDomain } from './time-chart.js';
import { seriesMarks, timeAxisLines } from './time-chart-axis.js';
import { brailleLine, brailleText, type DotCell } from './time-chart-braille.js';
import { displayWidth, wrapToWidth } from './text-width.js';

/** Rows of the plot: a multiple of 3 plus one, so the labels at a third and two thirds sit on exact rows. */
const HEIGHT = 13;
/** The narrowest plot drawn, however narrow the terminal. */
const MIN_PLOT = 8;
/** SGR foreground colours, one per series in turn: cyan, yellow, magenta, green, blue, red, then bright ones. */
const COLOURS = [36, 33, 35, 32, 34, 31, 96, 93, 95, 92];
const RULE = '┊';
/** Two series' marks in one cell. */
const SHARED = '*';

export interface TextChartOptions {
  /** Terminal columns; no line reaches the last one. */
  width: number;
  /** SGR colours for the series (at a terminal without NO_COLOR); marks are distinct letters either way. */
  color: boolean;
}

interface Cell extends DotCell {
  text: string;
  /** The series whose colour it takes; -1 for none. */
  series: number;
  mark: boolean;
}

/** Where a point falls on the plot, in cells: fractions for lines, rounded for marks. */
interface PlotScale {
  column(at: number): number;
  row(value: number): number;
  width: number;
}

/**
 * The chart as text: the y axis labelled with the lowest and highest value (and two between), one letter
 * per series at each point, braille lines between a series' consecutive points, the marker as a dotted
 * rule, the time axis labelled at its ends and, room permitting, between, and a legend naming each letter.
 */
export function renderTimeChartText(chart: TimeChart, options: TextChartOptions): string {
  const lines = wrapToWidth(chart.title, options.width - 1);
  const values = valueDomain(chart);
  if (!values) return [...lines, chart.nothingToPlot, ''].join('\n');
  const times = timeDomain(chart);
  const labels = valueLabels(chart, values);
  const labelWidth = Math.max(...labels.map(displayWidth));
  const width = Math.max(MIN_PLOT, options.width - labelWidth - 3);
  const scale: PlotScale = { column: linearScale(times, [0, width - 1]), row: linearScale(values, [HEIGHT - 1, 0]), width };
  const marker = markerInRange(chart, times);
  const { grid, marks, shared } = drawPlot(chart, scale, marker?.at);

  const paint = (text: string, series: number) =>
    options.color && series >= 0 ? `\u001b[${COLOURS[series % COLOURS.length]}m${text}\u001b[39m` : text;
  grid.forEach((cells, r) => {
    const label = labels[r] ?? '';
    lines.push(`${label.padStart(labelWidth)} ${label ? '┤' : '│'}${paintRuns(cells, paint)}`.trimEnd());
  });
  const column = (at: number) => Math.round(scale.column(at));
  lines.push(...timeAxisLines(chart, times, { indent: labelWidth + 2, plotWidth: width, width: options.width, column }));

  const legend = chart.series.map((s, index) => `${paint(marks[index]!, index)} ${s.name}`);
  const markerEntry = markerLegend(chart, times);
  if (markerEntry) legend.push(markerEntry.inRange ? `${RULE} ${markerEntry.text}` : markerEntry.text);
  if (shared) legend.push(`${SHARED} several at one point`);
  lines.push(...legendLines(legend, options.width - 1), '');
  return lines.join('\n');
}

/**
 * The plot's cells: the marker's rule first, then each series' lines in braille (around the rule, which
 * stays whole), then each point's letter in the cell it rounds to (`*` where two series' points meet).
 */
function drawPlot(chart: TimeChart, scale: PlotScale, markerAt: number | undefined): { grid: Cell[][]; marks: string[]; shared: boolean } {
  const grid: Cell[][] = Array.from({ length: HEIGHT }, () => Array.from({ length: scale.width }, () => blank()));
  if (markerAt !== undefined) for (const cells of grid) cells[Math.round(scale.column(markerAt))]!.text = RULE;
  const at = (p: { at: number; value: number }): [number, number] => [scale.column(p.at), scale.row(p.value)];
  const free = (x: number, y: number) => (grid[y]?.[x]?.text === ' ' ? grid[y]![x] : undefined);
  chart.series.forEach((series, index) => {
    forEachSegment(series.points, (a, b) => brailleLine(at(a), at(b), index, free));
  });
  for (const cells of grid) for (const cell of cells) if (cell.dots > 0) cell.text = brailleText(cell.dots);

  const marks = seriesMarks(chart.series.map((s) => s.name));
  let shared = false;
  chart.series.forEach((series, index) => {
    for (const point of series.points) {
      if (point.value === null) continue;
      const [x, y] = at({ at: point.at, value: point.value }).map(Math.round) as [number, number];
      const other = grid[y]![x]!.mark && grid[y]![x]!.series !== index;
      shared ||= other;
      grid[y]![x] = { text: other ? SHARED : marks[index]!, series: other ? -1 : index, mark: true, dots: 0 };
    }
  });
  return { grid, marks, shared };
}

function blank(): Cell {
  return { text: ' ', series: -1, mark: false, dots: 0 };
}

/** Each pair of consecutive points that both have a value: a gap breaks the line. */
function forEachSegment(
  points: readonly { at: number; value: number | null }[],
  draw: (a: { at: number; value: number }, b: { at: number; value: number }) => void,
): void {
  for (let i = 1; i < points.length; i++) {
    const [a, b] = [points[i - 1]!, points[i]!];
    if (a.value !== null && b.value !== null) draw({ at: a.at, value: a.value }, { at: b.at, value: b.value });
  }
}

/**
 * The y axis labels, top row first: the highest value, two between, the lowest (one label in the middle
 * when every value is the same). A label between that reads the same as its neighbour is left out.
 */
function valueLabels(chart: TimeChart, values: Domain): string[] {
  const labels: string[] = Array.from({ length: HEIGHT }, () => '');
  if (values[0] === values[1]) {
    labels[(HEIGHT - 1) / 2] = chart.formatValue(values[0]);
    return labels;
  }
  const steps = evenSteps(values, 3).reverse();
  steps.forEach((value, i) => {
    const text = chart.formatValue(value);
    const row = (i * (HEIGHT - 1)) / 3;
    const end = i === 0 || i === steps.length - 1;
    if (end || (text !== chart.formatValue(steps[i - 1]!) && text !== chart.formatValue(steps[i + 1]!))) labels[row] = text;
  });
  return labels;
}

/** Cells as text, one colour code per run of a series rather than per cell. */
function paintRuns(cells: readonly Cell[], paint: (text: string, series: number) => string): string {
  let out = '';
  let run = '';
  let series = -1;
  for (const cell of cells) {
    if (cell.series !== series && run !== '') {
      out += paint(run, series);
      run = '';
    }
    series = cell.series;
    run += cell.text;
  }
  return out + paint(run, series);
}

/** Legend entries three spaces apart, as many to a line as fit. */
function legendLines(entries: readonly string[], width: number): string[] {
  const lines: string[] = [];
  for (const entry of entries) {
    const last = lines.at(-1);
    if (last !== undefined && displayWidth(`${last}   ${entry}`) <= width) lines[lines.length - 1] = `${last}   ${entry}`;
    else lines.push(entry);
  }
  return lines;
}
