import { type Domain, evenSteps, linearScale, markerInRange, markerLegend, type TimeChart, timeDomain, valueDomain } from './time-chart.js';

const WIDTH = 900;
const HEIGHT = 500;
/** The plot area inside the picture: room left for the value labels, below for the time labels and the legend. */
const PLOT = { left: 90, right: 870, top: 60, bottom: 400 };
/** Tableau's ten colours: told apart by most readers, including most with a colour-vision deficiency. */
const COLOURS = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];
const MARKER_COLOUR = '#555555';
/** Least average pixels between a series' points for each to get a dot. */
const DOT_SPACING = 4;
/** Legend layout: the swatch and the space after it, a character's width at font-size 13 (a generous guess), the space between entries. */
const SWATCH = 28;
const CHAR_WIDTH = 8;
const LEGEND_GAP = 24;

/**
 * The chart as a standalone SVG document (opens in any browser, pastes into a report): the same scales
 * as the terminal chart, one <path data-agent> per series, the marker as a dashed rule, and the axes'
 * ends written on the plot area as data attributes, so a program can map every point back to its time
 * and value. Colours are fill and stroke attributes; no style sheet, no script.
 */
export function renderTimeChartSvg(chart: TimeChart): string {
  const times = timeDomain(chart);
  const values = valueDomain(chart);
  const x = linearScale(times, [PLOT.left, PLOT.right]);
  const y = linearScale(values ?? [0, 0], [PLOT.bottom, PLOT.top]);
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" font-family="system-ui, -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif" font-size="13">`,
    `<title>${xmlText(chart.title)}</title>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`,
    `<text x="${PLOT.left}" y="28" font-size="15" font-weight="600" fill="#222222">${xmlText(chart.title)}</text>`,
    `<rect class="plot-area" x="${PLOT.left}" y="${PLOT.top}" width="${PLOT.right - PLOT.left}" height="${PLOT.bottom - PLOT.top}" fill="none" stroke="#cccccc"${axisData(times, values)}/>`,
    ...(values ? valueAxis(chart, values, y) : [nothingToPlot(chart)]),
    ...timeAxis(chart, times, x),
    ...markerRule(chart, times, x),
    ...chart.series.flatMap((series, index) => seriesShapes(series, COLOURS[index % COLOURS.length]!, x, y)),
    ...legend(chart),
    '</svg>',
    '',
  ];
  return parts.join('\n');
}

/** In the middle of the plot area when every point is a gap. */
function nothingToPlot(chart: TimeChart): string {
  const [cx, cy] = [(PLOT.left + PLOT.right) / 2, (PLOT.top + PLOT.bottom) / 2];
  return `<text x="${cx}" y="${cy}" text-anchor="middle" fill="#444444">${xmlText(chart.nothingToPlot)}</text>`;
}

/** The scales' ends, exact, for programs reading the picture back. */
function axisData([t0, t1]: Domain, values: Domain | undefined): string {
  const time = ` data-time-min="${iso(t0)}" data-time-max="${iso(t1)}"`;
  return values ? `${time} data-value-min="${values[0]}" data-value-max="${values[1]}"` : time;
}

/** Gridlines and labels at the lowest value, the highest, and three between (one line when all are equal). */
function valueAxis(chart: TimeChart, values: Domain, y: (v: number) => number): string[] {
  return evenSteps(values, 4).flatMap((value) => [
    `<line class="grid" x1="${PLOT.left}" x2="${PLOT.right}" y1="${px(y(value))}" y2="${px(y(value))}" stroke="#eeeeee"/>`,
    `<text class="value-label" x="${PLOT.left - 8}" y="${px(y(value) + 4)}" text-anchor="end" fill="#444444" data-value="${value}">${xmlText(chart.formatValue(value))}</text>`,
  ]);
}

/** Ticks and labels at the first and last instant (in full) and three evenly spaced between (in short). */
function timeAxis(chart: TimeChart, times: Domain, x: (at: number) => number): string[] {
  const steps = evenSteps(times, 4);
  return steps.flatMap((at, i) => {
    const end = i === 0 || i === steps.length - 1;
    const anchor = steps.length === 1 ? 'middle' : i === 0 ? 'start' : i === steps.length - 1 ? 'end' : 'middle';
    const text = end ? chart.formatTime(at) : chart.formatShortTime(at);
    return [
      `<line class="tick" x1="${px(x(at))}" x2="${px(x(at))}" y1="${PLOT.bottom}" y2="${PLOT.bottom + 6}" stroke="#888888"/>`,
      `<text class="time-label" x="${px(x(at))}" y="${PLOT.bottom + 22}" text-anchor="${anchor}" fill="#444444" data-time="${iso(at)}">${xmlText(text)}</text>`,
    ];
  });
}

function markerRule(chart: TimeChart, times: Domain, x: (at: number) => number): string[] {
  const marker = markerInRange(chart, times);
  if (!marker) return [];
  const at = px(x(marker.at));
  // Centred on the rule, unless that would push it off the picture.
  const anchor = at < PLOT.left + 90 ? 'start' : at > PLOT.right - 90 ? 'end' : 'middle';
  return [
    `<line class="marker" data-time="${iso(marker.at)}" x1="${at}" x2="${at}" y1="${PLOT.top - 6}" y2="${PLOT.bottom}" stroke="${MARKER_COLOUR}" stroke-width="1.5" stroke-dasharray="5 4"/>`,
    `<text class="marker-label" x="${at}" y="${PLOT.top - 10}" text-anchor="${anchor}" fill="${MARKER_COLOUR}">${xmlText(marker.label)}</text>`,
  ];
}

/**
 * A path through the series' points (a gap starts a new stroke), and a dot at each point while they are
 * few enough to tell apart (4 px apart on average): a long history's thousands of dots would only merge
 * into a thick line and weigh megabytes.
 */
function seriesShapes(series: TimeChart['series'][number], colour: string, x: (at: number) => number, y: (v: number) => number): string[] {
  let d = '';
  let drawing = false;
  const dots: string[] = [];
  const dotted = series.points.length <= (PLOT.right - PLOT.left) / DOT_SPACING;
  for (const point of series.points) {
    if (point.value === null) {
      drawing = false;
      continue;
    }
    const [px0, py0] = [px(x(point.at)), px(y(point.value))];
    d += `${drawing ? ' L' : d === '' ? 'M' : ' M'}${px0},${py0}`;
    drawing = true;
    if (dotted) dots.push(`<circle cx="${px0}" cy="${py0}" r="3" fill="${colour}"/>`);
  }
  const name = xmlText(series.name);
  return [
    `<path data-agent="${name}" d="${d}" fill="none" stroke="${colour}" stroke-width="2" stroke-linejoin="round"/>`,
    `<g class="points" data-agent="${name}">${dots.join('')}</g>`,
  ];
}

/**
 * A swatch and a name per series, left to right in rows under the time labels, then the marker when there
 * is one. Entries are spaced by an estimate of their text's width (the viewer's font decides the real one).
 */
function legend(chart: TimeChart): string[] {
  const entries = chart.series.map((series, i) => ({
    text: series.name,
    agent: series.name,
    stroke: `stroke="${COLOURS[i % COLOURS.length]}" stroke-width="3"`,
  }));
  const marker = markerLegend(chart, timeDomain(chart));
  if (marker) entries.push({ text: marker.text, agent: '', stroke: `stroke="${MARKER_COLOUR}" stroke-width="1.5" stroke-dasharray="5 4"` });
  let x = PLOT.left;
  let y = PLOT.bottom + 52;
  return entries.map((entry) => {
    const width = SWATCH + entry.text.length * CHAR_WIDTH + LEGEND_GAP;
    if (x > PLOT.left && x + width - LEGEND_GAP > PLOT.right) [x, y] = [PLOT.left, y + 20];
    const agent = entry.agent ? ` data-agent="${xmlText(entry.agent)}"` : '';
    const shape = `<g class="legend-entry"${agent}><line x1="${x}" x2="${x + 22}" y1="${y - 4}" y2="${y - 4}" ${entry.stroke}/><text x="${x + SWATCH}" y="${y}" fill="#222222">${xmlText(entry.text)}</text></g>`;
    x += width;
    return shape;
  });
}

/** Pixels to two decimals: exact enough to read back, short enough to read. */
function px(value: number): number {
  return Math.round(value * 100) / 100;
}

function iso(at: number): string {
  return new Date(at).toISOString();
}

function xmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
