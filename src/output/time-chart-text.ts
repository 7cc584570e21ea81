import {
  type Domain,
  GAP_NOTE,
  hasUnobservedSpans,
  lineRuns,
  linearScale,
  markerLegend,
  markersInRange,
  subtitleLines,
  type TimeChart,
  type TimeMarker,
  timeDomain,
  valueDomain,
  valueTicks,
} from './time-chart.js';
import { seriesMarks, timeAxisLines } from './time-chart-axis.js';
import { brailleLine, brailleText, type DotCell } from './time-chart-braille.js';
import { displayWidth, wrapToWidth } from './text-width.js';

/** Rows of the plot. */
const HEIGHT = 13;
/** At most this many value labels (one row in three). */
const VALUE_TICKS = 5;
/** The narrowest plot drawn, however narrow the terminal. */
const MIN_PLOT = 8;
/** SGR foreground colours, one per series in turn: cyan, yellow, magenta, green, blue, red, then bright ones. */
const COLOURS = [36, 33, 35, 32, 34, 31, 96, 93, 95, 92];
/** The market floor (ALL): bold in the terminal's own colour. */
const FLOOR_SGR = ['\u001b[1m', '\u001b[22m'] as const;
/** A rule per marker, in the chart's order (the event, then the public sale). */
const RULES = ['┊', '╎', '┆'];
/** Two series' marks in one cell. */
const SHARED = '*';
/** The floor's sample in the legend: a line of braille, as it is drawn. */
const FLOOR_SAMPLE = '⠒⠒';

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
 * The chart as text: the title and subtitle, the value axis's name and unit, the y axis labelled at round
 * values, one letter per agent at each point, braille lines between a series' consecutive points (broken
 * where the chart says no snapshot was taken), the market floor as a bold braille line, each marker as a
 * dotted rule, the time axis labelled at round hours or days as room permits, and a legend naming each
 * letter, line and rule. Every line stays within the width.
 */
export function renderTimeChartText(chart: TimeChart, options: TextChartOptions): string {
  const room = options.width - 1;
  // A subtitle too wide breaks between its parts (what is charted, the range, the filters) rather than inside a date.
  const subtitle = subtitleLines(chart.subtitle, (line) => displayWidth(line) <= room);
  const lines = [...wrapToWidth(chart.title, room), ...subtitle.flatMap((part) => wrapToWidth(part, room))];
  const values = valueDomain(chart);
  if (!values) return [...lines, ...wrapToWidth(chart.nothingToPlot, room), ''].join('\n');
  const times = timeDomain(chart);
  const scale0 = linearScale(values, [HEIGHT - 1, 0]);
  const labels = valueLabels(chart, values, scale0);
  const labelWidth = Math.max(...labels.map(displayWidth));
  const width = Math.max(MIN_PLOT, options.width - labelWidth - 3);
  const scale: PlotScale = { column: linearScale(times, [0, width - 1]), row: scale0, width };
  const markers = chart.markers.map((marker, i) => ({ marker, rule: RULES[i % RULES.length]! }));
  const ruled = markers.filter(({ marker }) => markersInRange(chart, times).includes(marker));
  const { grid, marks, shared } = drawPlot(chart, scale, ruled);

  const paint = (text: string, series: number) => {
    if (!options.color || series < 0) return text;
    if (chart.series[series]?.floor) return `${FLOOR_SGR[0]}${text}${FLOOR_SGR[1]}`;
    return `\u001b[${COLOURS[series % COLOURS.length]}m${text}\u001b[39m`;
  };
  lines.push(...wrapToWidth(chart.valueLabel, room));
  grid.forEach((cells, r) => {
    const label = labels[r] ?? '';
    lines.push(`${label.padStart(labelWidth)} ${label ? '┤' : '│'}${paintRuns(cells, paint)}`.trimEnd());
  });
  const column = (at: number) => Math.round(scale.column(at));
  lines.push(...timeAxisLines(chart, times, { indent: labelWidth + 2, plotWidth: width, width: options.width, column }));

  const legend = chart.series.map((s, index) => `${paint(s.floor ? FLOOR_SAMPLE : marks[index]!, index)} ${s.name}`);
  for (const { marker, rule } of markers) {
    const entry = markerLegend(marker, times);
    legend.push(entry.inRange ? `${rule} ${entry.text}` : entry.text);
  }
  if (shared) legend.push(`${SHARED} several at one point`);
  if (hasUnobservedSpans(chart)) legend.push(GAP_NOTE);
  lines.push(...legendLines(legend, room), '');
  return lines.join('\n');
}

/**
 * The plot's cells: the markers' rules first, then each series' lines in braille (around the rules, which
 * stay whole; the floor last, so its colour shows where it runs along an agent's line), then each agent's
 * point as its letter in the cell it rounds to (`*` where two agents' points meet).
 */
function drawPlot(
  chart: TimeChart,
  scale: PlotScale,
  rules: readonly { marker: TimeMarker; rule: string }[],
): { grid: Cell[][]; marks: string[]; shared: boolean } {
  const grid: Cell[][] = Array.from({ length: HEIGHT }, () => Array.from({ length: scale.width }, () => blank()));
  for (const { marker, rule } of rules) for (const cells of grid) cells[Math.round(scale.column(marker.at))]!.text = rule;
  const at = (p: { at: number; value: number }): [number, number] => [scale.column(p.at), scale.row(p.value)];
  const free = (x: number, y: number) => (grid[y]?.[x]?.text === ' ' ? grid[y]![x] : undefined);
  const order = chart.series
    .map((series, index) => ({ series, index }))
    .sort((a, b) => Number(a.series.floor ?? false) - Number(b.series.floor ?? false));
  for (const { series, index } of order) {
    for (const run of lineRuns(series.points)) {
      if (run.length === 1) brailleLine(at(run[0]!), at(run[0]!), index, free);
      for (let i = 1; i < run.length; i++) brailleLine(at(run[i - 1]!), at(run[i]!), index, free);
    }
  }
  for (const cells of grid) for (const cell of cells) if (cell.dots > 0) cell.text = brailleText(cell.dots);

  const marks = seriesMarks(chart.series.map((s) => s.name));
  let shared = false;
  chart.series.forEach((series, index) => {
    if (series.floor) return;
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

/**
 * The y axis labels, top row first: round values (valueTicks), each on the row nearest to it; a value
 * whose row another took is left out. One value alone is labelled in the middle.
 */
function valueLabels(chart: TimeChart, values: Domain, row: (value: number) => number): string[] {
  const labels: string[] = Array.from({ length: HEIGHT }, () => '');
  for (const value of valueTicks(values, VALUE_TICKS)) {
    const r = Math.round(row(value));
    if (labels[r] === '') labels[r] = chart.formatValue(value);
  }
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

/** Legend entries three spaces apart, as many to a line as fit; an entry wider than a line is wrapped. */
function legendLines(entries: readonly string[], width: number): string[] {
  const lines: string[] = [];
  for (const entry of entries) {
    const pieces = wrapToWidth(entry, width);
    if (pieces.length > 1) {
      lines.push(...pieces);
      continue;
    }
    const last = lines.at(-1);
    if (last !== undefined && displayWidth(`${last}   ${entry}`) <= width) lines[lines.length - 1] = `${last}   ${entry}`;
    else lines.push(entry);
  }
  return lines;
}
