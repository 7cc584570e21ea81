import {
  type Domain,
  GAP_NOTE,
  hasUnobservedSpans,
  lineRuns,
  linearScale,
  markerLegend,
  markersInRange,
  type TimeChart,
  type TimeSeries,
  tickLabel,
  timeDomain,
  timeTicks,
  valueDomain,
  valueTicks,
} from './time-chart.js';

const WIDTH = 900;
const HEIGHT = 500;
/** The plot area inside the picture: room above for the title, left for the value labels and the axis name, below for the time labels and the legend. */
const PLOT = { left: 96, right: 870, top: 72, bottom: 400 };
/** Tableau's ten colours: told apart by most readers, including most with a colour-vision deficiency. */
const COLOURS = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];
/** The market floor (ALL): near black, heavier and dashed, over the agents' lines. */
const FLOOR = { colour: '#111111', width: 3, dash: '9 5' };
const MARKER_COLOUR = '#555555';
/** A dash pattern per marker, in the chart's order (the event, then the public sale). */
const MARKER_DASHES = ['5 4', '2 3', '9 3 2 3'];
/** Least average pixels between a series' points for each to get a dot. */
const DOT_SPACING = 4;
/** Legend layout: the swatch and the space after it, a character's width at font-size 13 (a generous guess), the space between entries. */
const SWATCH = 28;
const CHAR_WIDTH = 8;
const LEGEND_GAP = 24;
/** At most this many value labels and time labels (fewer time labels when they would touch). */
const VALUE_TICKS = 7;
const MAX_TIME_TICKS = 16;

/**
 * The chart as a standalone SVG document (opens in any browser, pastes into a report): the event as its
 * title, what is charted and the time range under it, the value axis named with its unit and labelled at
 * round values, the time axis at round hours or days, one <path data-agent> per series (a new stroke where
 * the line is broken), the market floor dashed and heavier, each marker as a dashed rule named at the top,
 * and the axes' ends written on the plot area as data attributes, so a program can map every point back to
 * its time and value. Colours are fill and stroke attributes; no style sheet, no script. It keeps its
 * size (900 x 500) where there is room, and shrinks to a narrower window or column.
 */
export function renderTimeChartSvg(chart: TimeChart): string {
  const times = timeDomain(chart);
  const values = valueDomain(chart);
  const x = linearScale(times, [PLOT.left, PLOT.right]);
  const y = linearScale(values ?? [0, 0], [PLOT.bottom, PLOT.top]);
  const series = chart.series.map((s, index) => ({ s, colour: s.floor ? FLOOR.colour : COLOURS[index % COLOURS.length]! }));
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" style="max-width: 100%; height: auto" font-family="system-ui, -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif" font-size="13">`,
    `<title>${xmlText(`${chart.title}: ${chart.subtitle.join(', ')}`)}</title>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`,
    fittedText(chart.title, { x: 16, y: 28, size: 17, weight: 600, fill: '#222222', className: 'title' }),
    fittedText(chart.subtitle.join(', '), { x: 16, y: 50, size: 13, weight: 400, fill: '#555555', className: 'subtitle' }),
    `<rect class="plot-area" x="${PLOT.left}" y="${PLOT.top}" width="${PLOT.right - PLOT.left}" height="${PLOT.bottom - PLOT.top}" fill="none" stroke="#cccccc"${axisData(times, values)}/>`,
    `<text class="value-axis-label" transform="translate(20 ${(PLOT.top + PLOT.bottom) / 2}) rotate(-90)" text-anchor="middle" fill="#444444">${xmlText(chart.valueLabel)}</text>`,
    ...(values ? valueAxis(chart, values, y) : [nothingToPlot(chart)]),
    ...timeAxis(chart, times, x),
    ...markerRules(chart, times, x),
    // The floor last, so that it lies over the agent whose line it follows.
    ...series.filter(({ s }) => !s.floor).flatMap(({ s, colour }) => seriesShapes(s, colour, x, y)),
    ...series.filter(({ s }) => s.floor).flatMap(({ s, colour }) => seriesShapes(s, colour, x, y)),
    ...legend(
      chart,
      series.map(({ colour }) => colour),
    ),
    '</svg>',
    '',
  ];
  return parts.join('\n');
}

/** A line of text, squeezed to the picture's width (textLength) when a long event name would not fit. */
function fittedText(text: string, o: { x: number; y: number; size: number; weight: number; fill: string; className: string }): string {
  const room = WIDTH - o.x - 16;
  const estimate = text.length * o.size * 0.58;
  const squeeze = estimate > room ? ` textLength="${room}" lengthAdjust="spacingAndGlyphs"` : '';
  return `<text class="${o.className}" x="${o.x}" y="${o.y}" font-size="${o.size}" font-weight="${o.weight}" fill="${o.fill}"${squeeze}>${xmlText(text)}</text>`;
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

/** Gridlines and labels at round values (valueTicks). */
function valueAxis(chart: TimeChart, values: Domain, y: (v: number) => number): string[] {
  return valueTicks(values, VALUE_TICKS).flatMap((value) => [
    `<line class="grid" x1="${PLOT.left}" x2="${PLOT.right}" y1="${px(y(value))}" y2="${px(y(value))}" stroke="#eeeeee"/>`,
    `<text class="value-label" x="${PLOT.left - 8}" y="${px(y(value) + 4)}" text-anchor="end" fill="#444444" data-value="${value}">${xmlText(chart.formatValue(value))}</text>`,
  ]);
}

/**
 * Ticks, light gridlines and labels at round hours or days (timeTicks): the most labels whose estimated
 * widths leave 12 px between them; the first instant in full when no round time falls in the range.
 */
function timeAxis(chart: TimeChart, times: Domain, x: (at: number) => number): string[] {
  let labelled: { at: number; text: string }[] = [{ at: times[0], text: chart.formatTime(times[0]) }];
  for (let count = MAX_TIME_TICKS; count >= 1; count--) {
    const { step, ticks } = timeTicks(times, count, chart.timeZone);
    const labels = ticks.map((at, i) => ({ at, text: tickLabel(chart, at, step, i === 0) }));
    const apart = labels.every(
      (l, i) => i === 0 || x(l.at) - x(labels[i - 1]!.at) >= ((l.text.length + labels[i - 1]!.text.length) * CHAR_WIDTH) / 2 + 12,
    );
    if (ticks.length > 0 && ticks.length <= count && apart) {
      labelled = labels;
      break;
    }
  }
  return labelled.flatMap(({ at, text }) => {
    const where = px(x(at));
    const anchor = where < PLOT.left + 40 ? 'start' : where > PLOT.right - 40 ? 'end' : 'middle';
    return [
      `<line class="grid" x1="${where}" x2="${where}" y1="${PLOT.top}" y2="${PLOT.bottom}" stroke="#f3f3f3"/>`,
      `<line class="tick" x1="${where}" x2="${where}" y1="${PLOT.bottom}" y2="${PLOT.bottom + 6}" stroke="#888888"/>`,
      `<text class="time-label" x="${where}" y="${PLOT.bottom + 22}" text-anchor="${anchor}" fill="#444444" data-time="${iso(at)}">${xmlText(text)}</text>`,
    ];
  });
}

/** Each marker in range: a dashed rule across the plot and its name at the top, one row down per marker, on a white halo. */
function markerRules(chart: TimeChart, times: Domain, x: (at: number) => number): string[] {
  return chart.markers.flatMap((marker, i) => {
    if (!markersInRange(chart, times).includes(marker)) return [];
    const at = px(x(marker.at));
    // Beside the rule, on the side with room.
    const [anchor, dx] = at > PLOT.right - 200 ? ['end', -5] : ['start', 5];
    const dash = MARKER_DASHES[i % MARKER_DASHES.length];
    return [
      `<line class="marker" data-time="${iso(marker.at)}" x1="${at}" x2="${at}" y1="${PLOT.top}" y2="${PLOT.bottom}" stroke="${MARKER_COLOUR}" stroke-width="1.5" stroke-dasharray="${dash}"/>`,
      `<text class="marker-label" x="${at + dx}" y="${PLOT.top + 16 + 16 * i}" text-anchor="${anchor}" fill="${MARKER_COLOUR}" stroke="#ffffff" stroke-width="4" paint-order="stroke">${xmlText(marker.label)}</text>`,
    ];
  });
}

/**
 * A path through the series' points, a new stroke (M) for each run (lineRuns: broken at a gap and where no
 * snapshot was taken for a while), and a dot at each point while they are few enough to tell apart (4 px
 * apart on average): a long history's thousands of dots would only merge into a thick line and weigh
 * megabytes. The floor has no dots: its points are some agent's.
 */
function seriesShapes(series: TimeSeries, colour: string, x: (at: number) => number, y: (v: number) => number): string[] {
  const dotted = !series.floor && series.points.length <= (PLOT.right - PLOT.left) / DOT_SPACING;
  const runs = lineRuns(series.points);
  const d = runs.map((run) => run.map((p, i) => `${i === 0 ? 'M' : 'L'}${px(x(p.at))},${px(y(p.value))}`).join(' ')).join(' ');
  const dots = dotted ? runs.flat().map((p) => `<circle cx="${px(x(p.at))}" cy="${px(y(p.value))}" r="3" fill="${colour}"/>`) : [];
  const name = xmlText(series.name);
  const stroke = series.floor ? `stroke-width="${FLOOR.width}" stroke-dasharray="${FLOOR.dash}"` : 'stroke-width="2"';
  return [
    `<path data-agent="${name}"${series.floor ? ' class="floor"' : ''} d="${d}" fill="none" stroke="${colour}" ${stroke} stroke-linejoin="round"/>`,
    `<g class="points" data-agent="${name}">${dots.join('')}</g>`,
  ];
}

/**
 * A swatch and a name per series, left to right in rows under the time labels, then the markers, then
 * the rule of broken lines when a line is broken. Entries are spaced by an estimate of their text's width
 * (the viewer's font decides the real one).
 */
function legend(chart: TimeChart, colours: readonly string[]): string[] {
  const times = timeDomain(chart);
  const entries = chart.series.map((series, i) => ({
    text: series.name,
    agent: series.name,
    swatch: (x: number, y: number) =>
      `<line x1="${x}" x2="${x + 22}" y1="${y}" y2="${y}" stroke="${colours[i]}" ${series.floor ? `stroke-width="${FLOOR.width}" stroke-dasharray="7 3"` : 'stroke-width="3"'}/>`,
  }));
  chart.markers.forEach((marker, i) => {
    const dash = MARKER_DASHES[i % MARKER_DASHES.length];
    entries.push({
      text: markerLegend(marker, times).text,
      agent: '',
      swatch: (x, y) =>
        `<line x1="${x}" x2="${x + 22}" y1="${y}" y2="${y}" stroke="${MARKER_COLOUR}" stroke-width="1.5" stroke-dasharray="${dash}"/>`,
    });
  });
  if (hasUnobservedSpans(chart)) {
    entries.push({
      text: GAP_NOTE,
      agent: '',
      swatch: (x, y) => `<path d="M${x},${y} L${x + 8},${y} M${x + 14},${y} L${x + 22},${y}" stroke="#888888" stroke-width="2"/>`,
    });
  }
  let x = PLOT.left;
  let y = PLOT.bottom + 52;
  return entries.map((entry) => {
    const width = SWATCH + entry.text.length * CHAR_WIDTH + LEGEND_GAP;
    if (x > PLOT.left && x + width - LEGEND_GAP > PLOT.right) [x, y] = [PLOT.left, y + 20];
    const agent = entry.agent ? ` data-agent="${xmlText(entry.agent)}"` : '';
    const shape = `<g class="legend-entry"${agent}>${entry.swatch(x, y - 4)}<text x="${x + SWATCH}" y="${y}" fill="#222222">${xmlText(entry.text)}</text></g>`;
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
