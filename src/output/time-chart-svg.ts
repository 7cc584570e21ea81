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
  type TimeSeries,
  TIME_STEPS,
  ticksEvery,
  tickLabel,
  timeDomain,
  valueDomain,
  valueTicks,
} from './time-chart.js';

/**
 * The picture's width in its own units (the viewBox), and its least height: 3 by 2, the shape of most
 * windows and report columns, so that it fills them. It scales to its window or column (width and height
 * 100%, the viewBox kept whole), so its units are pixels only at 720 px wide; every text is at least
 * MIN_FONT units high, which leaves it 11.7 px high in a window 600 px wide.
 */
const WIDTH = 720;
const MIN_HEIGHT = 480;
/** Font sizes in the picture's units: the title, and everything else. */
const TITLE_FONT = 18;
const FONT = 14;
/** Left and right margins, and the room for the value axis's name (rotated) left of its labels. */
const MARGIN = 16;
const AXIS_NAME = 34;
/** Baselines: the title's, and each subtitle line's distance below the one before. */
const TITLE_Y = 30;
const LINE = 22;
/** The plot is never lower than this: a longer legend makes the picture taller instead. */
const MIN_PLOT_HEIGHT = 240;
/** Below the plot: its ticks and time labels, then the first legend row's baseline at this distance. */
const LEGEND_OFFSET = 54;
const BOTTOM_MARGIN = 16;
/** Tableau's ten colours: told apart by most readers, including most with a colour-vision deficiency. */
const COLOURS = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];
/** The market floor (ALL): near black, heavier and dashed, over the agents' lines. */
const FLOOR = { colour: '#111111', width: 3, dash: '9 5' };
const MARKER_COLOUR = '#555555';
/** A dash pattern per marker, in the chart's order (the event, then the public sale). */
const MARKER_DASHES = ['5 4', '2 3', '9 3 2 3'];
/** Least average units between a series' points for each to get a dot. */
const DOT_SPACING = 4;
/** Legend layout: the swatch and the space after it, the space between entries. */
const SWATCH = 28;
const LEGEND_GAP = 24;
/** At most this many value labels and time labels (fewer time labels when they would touch). */
const VALUE_TICKS = 7;
const MAX_TIME_TICKS = 16;

interface Plot {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

interface LegendEntry {
  text: string;
  agent: string;
  swatch(x: number, y: number): string;
}

/** Where everything goes: the picture's height, the subtitle's lines, the plot area, the legend's rows. */
interface Layout {
  height: number;
  subtitle: string[];
  plot: Plot;
  legend: LegendEntry[][];
}

/**
 * The chart as a standalone SVG document (opens in any browser, pastes into a report): the event as its
 * title, what is charted, the filters and the time range under it, the value axis named with its unit and
 * labelled at round values, the time axis at round hours or days, one <path data-agent> per series (a new
 * stroke where the line is broken), the market floor dashed and heavier, each marker as a dashed rule
 * named at the top, a legend under the plot (the picture grows taller rather than cut it), and the axes'
 * ends written on the plot area as data attributes, so a program can map every point back to its time and
 * value. Colours are fill and stroke attributes; no style sheet, no script. It fills its window or column
 * (width and height 100%, the viewBox kept whole and centred).
 */
export function renderTimeChartSvg(chart: TimeChart): string {
  const times = timeDomain(chart);
  const values = valueDomain(chart);
  const series = chart.series.map((s, index) => ({ s, colour: s.floor ? FLOOR.colour : COLOURS[index % COLOURS.length]! }));
  const layout = arrange(
    chart,
    values,
    series.map(({ colour }) => colour),
  );
  const { plot, height } = layout;
  const x = linearScale(times, [plot.left, plot.right]);
  const y = linearScale(values ?? [0, 0], [plot.bottom, plot.top]);
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${height}" width="100%" height="100%" preserveAspectRatio="xMidYMid meet" font-family="system-ui, -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif" font-size="${FONT}">`,
    `<title>${xmlText(`${chart.title}: ${chart.subtitle.join(', ')}`)}</title>`,
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    fittedText(chart.title, { x: MARGIN, y: TITLE_Y, size: TITLE_FONT, weight: 600, fill: '#222222', className: 'title' }),
    ...layout.subtitle.map((line, i) =>
      fittedText(line, { x: MARGIN, y: TITLE_Y + LINE * (i + 1), size: FONT, weight: 400, fill: '#555555', className: 'subtitle' }),
    ),
    `<rect class="plot-area" x="${plot.left}" y="${plot.top}" width="${plot.right - plot.left}" height="${plot.bottom - plot.top}" fill="none" stroke="#cccccc"${axisData(times, values)}/>`,
    `<text class="value-axis-label" transform="translate(${MARGIN + 6} ${(plot.top + plot.bottom) / 2}) rotate(-90)" text-anchor="middle" font-size="${FONT}" fill="#444444">${xmlText(chart.valueLabel)}</text>`,
    ...(values ? valueAxis(chart, values, y, plot) : [nothingToPlot(chart, plot)]),
    ...timeAxis(chart, times, x, plot),
    ...markerRules(chart, times, x, plot),
    // The floor last, so that it lies over the agent whose line it follows.
    ...series.filter(({ s }) => !s.floor).flatMap(({ s, colour }) => seriesShapes(s, colour, x, y, plot)),
    ...series.filter(({ s }) => s.floor).flatMap(({ s, colour }) => seriesShapes(s, colour, x, y, plot)),
    ...legendShapes(layout),
    '</svg>',
    '',
  ];
  return parts.join('\n');
}

/**
 * The layout: the subtitle's parts on as few lines as fit; the plot left of the widest
 * value label; the legend in rows as wide as the picture; the plot as tall as MIN_HEIGHT leaves, or
 * MIN_PLOT_HEIGHT and the picture taller, so that the legend always lies inside the picture.
 */
function arrange(chart: TimeChart, values: Domain | undefined, colours: readonly string[]): Layout {
  const room = WIDTH - 2 * MARGIN;
  const subtitle = subtitleLines(chart.subtitle, (line) => textWidth(line, FONT) <= room);
  const labels = values ? valueTicks(values, VALUE_TICKS).map((v) => textWidth(chart.formatValue(v), FONT)) : [];
  const left = Math.round(MARGIN + AXIS_NAME + Math.max(40, ...labels));
  const top = TITLE_Y + LINE * subtitle.length + 22;
  const legend = legendRows(legendEntries(chart, colours), room);
  const below = LEGEND_OFFSET + LINE * (legend.length - 1) + BOTTOM_MARGIN;
  const height = Math.max(MIN_HEIGHT, top + MIN_PLOT_HEIGHT + below);
  return { height, subtitle, plot: { left, right: WIDTH - MARGIN - 4, top, bottom: height - below }, legend };
}

/**
 * An estimate of a text's width at a font size: the viewer's font decides the real one, so it is generous
 * (capitals and wide letters at 0.7 of the size, digits and most lower case at 0.56, narrow ones at 0.3,
 * anything beyond ASCII at a whole size, CJK being square).
 */
export function textWidth(text: string, size: number): number {
  let em = 0;
  for (const c of text) {
    if (/[A-Z@%&mwMW]/.test(c)) em += 0.7;
    else if (/[ il.,:;|!'()[\]tfjr]/.test(c)) em += 0.34;
    else if (c.charCodeAt(0) < 128) em += 0.58;
    else em += 1;
  }
  return em * size;
}

/** A line of text, squeezed to the picture's width (textLength) when a long event name would not fit. */
function fittedText(text: string, o: { x: number; y: number; size: number; weight: number; fill: string; className: string }): string {
  const room = WIDTH - o.x - MARGIN;
  const squeeze = textWidth(text, o.size) > room ? ` textLength="${room}" lengthAdjust="spacingAndGlyphs"` : '';
  return `<text class="${o.className}" x="${o.x}" y="${o.y}" font-size="${o.size}" font-weight="${o.weight}" fill="${o.fill}"${squeeze}>${xmlText(text)}</text>`;
}

/** In the middle of the plot area when every point is a gap. */
function nothingToPlot(chart: TimeChart, plot: Plot): string {
  const [cx, cy] = [(plot.left + plot.right) / 2, (plot.top + plot.bottom) / 2];
  return `<text x="${cx}" y="${cy}" text-anchor="middle" font-size="${FONT}" fill="#444444">${xmlText(chart.nothingToPlot)}</text>`;
}

/** The scales' ends, exact, for programs reading the picture back. */
function axisData([t0, t1]: Domain, values: Domain | undefined): string {
  const time = ` data-time-min="${iso(t0)}" data-time-max="${iso(t1)}"`;
  return values ? `${time} data-value-min="${values[0]}" data-value-max="${values[1]}"` : time;
}

/** Gridlines and labels at round values (valueTicks). */
function valueAxis(chart: TimeChart, values: Domain, y: (v: number) => number, plot: Plot): string[] {
  return valueTicks(values, VALUE_TICKS).flatMap((value) => [
    `<line class="grid" x1="${plot.left}" x2="${plot.right}" y1="${px(y(value))}" y2="${px(y(value))}" stroke="#eeeeee"/>`,
    `<text class="value-label" x="${plot.left - 8}" y="${px(y(value) + 5)}" text-anchor="end" font-size="${FONT}" fill="#444444" data-value="${value}">${xmlText(chart.formatValue(value))}</text>`,
  ]);
}

/**
 * Ticks, light gridlines and labels at round hours or days (TIME_STEPS): the most labels whose estimated
 * widths leave 12 units between them; the first instant in full when no round time falls in the range.
 */
function timeAxis(chart: TimeChart, times: Domain, x: (at: number) => number, plot: Plot): string[] {
  let labelled: { at: number; text: string }[] = [{ at: times[0], text: chart.formatTime(times[0]) }];
  for (const step of TIME_STEPS) {
    // Counted before they are made: a year in 15-minute ticks would be 35,000 of them.
    if ((times[1] - times[0]) / step > MAX_TIME_TICKS) continue;
    const ticks = ticksEvery(times, step, chart.timeZone);
    const labels = ticks.map((at, i) => ({ at, text: tickLabel(chart, at, step, i === 0) }));
    const apart = labels.every(
      (l, i) => i === 0 || x(l.at) - x(labels[i - 1]!.at) >= (textWidth(l.text, FONT) + textWidth(labels[i - 1]!.text, FONT)) / 2 + 12,
    );
    if (ticks.length > 0 && ticks.length <= MAX_TIME_TICKS && apart) {
      labelled = labels;
      break;
    }
  }
  return labelled.flatMap(({ at, text }) => {
    const where = px(x(at));
    const half = textWidth(text, FONT) / 2;
    const anchor = where - half < plot.left - 8 ? 'start' : where + half > WIDTH - MARGIN ? 'end' : 'middle';
    return [
      `<line class="grid" x1="${where}" x2="${where}" y1="${plot.top}" y2="${plot.bottom}" stroke="#f3f3f3"/>`,
      `<line class="tick" x1="${where}" x2="${where}" y1="${plot.bottom}" y2="${plot.bottom + 6}" stroke="#888888"/>`,
      `<text class="time-label" x="${where}" y="${plot.bottom + 24}" text-anchor="${anchor}" font-size="${FONT}" fill="#444444" data-time="${iso(at)}">${xmlText(text)}</text>`,
    ];
  });
}

/** Each marker in range: a dashed rule across the plot and its name at the top, one row down per marker, on a white halo. */
function markerRules(chart: TimeChart, times: Domain, x: (at: number) => number, plot: Plot): string[] {
  return chart.markers.flatMap((marker, i) => {
    if (!markersInRange(chart, times).includes(marker)) return [];
    const at = px(x(marker.at));
    // Beside the rule, on the side with room for it.
    const fitsRight = at + 5 + textWidth(marker.label, FONT) <= WIDTH - MARGIN;
    const [anchor, dx] = fitsRight ? ['start', 5] : ['end', -5];
    const dash = MARKER_DASHES[i % MARKER_DASHES.length];
    return [
      `<line class="marker" data-time="${iso(marker.at)}" x1="${at}" x2="${at}" y1="${plot.top}" y2="${plot.bottom}" stroke="${MARKER_COLOUR}" stroke-width="1.5" stroke-dasharray="${dash}"/>`,
      `<text class="marker-label" x="${at + dx}" y="${plot.top + 18 + 18 * i}" text-anchor="${anchor}" font-size="${FONT}" fill="${MARKER_COLOUR}" stroke="#ffffff" stroke-width="4" paint-order="stroke">${xmlText(marker.label)}</text>`,
    ];
  });
}

/**
 * A path through the series' points, a new stroke (M) for each run (lineRuns: broken at a gap and where no
 * snapshot was taken for a while), and a dot at each point while they are few enough to tell apart (4 units
 * apart on average): a long history's thousands of dots would only merge into a thick line and weigh
 * megabytes. The floor has no dots: its points are some agent's.
 */
function seriesShapes(series: TimeSeries, colour: string, x: (at: number) => number, y: (v: number) => number, plot: Plot): string[] {
  const dotted = !series.floor && series.points.length <= (plot.right - plot.left) / DOT_SPACING;
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

/** A swatch and a name per series, then the markers, then the rule of broken lines when a line is broken. */
function legendEntries(chart: TimeChart, colours: readonly string[]): LegendEntry[] {
  const times = timeDomain(chart);
  const entries: LegendEntry[] = chart.series.map((series, i) => ({
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
  return entries;
}

/** The entries left to right in rows `room` wide (by an estimate of their text's width), a new row where the next would not fit. */
function legendRows(entries: readonly LegendEntry[], room: number): LegendEntry[][] {
  const rows: LegendEntry[][] = [];
  let used = room;
  for (const entry of entries) {
    const width = SWATCH + textWidth(entry.text, FONT);
    if (used + LEGEND_GAP + width > room) {
      rows.push([]);
      used = -LEGEND_GAP;
    }
    rows.at(-1)!.push(entry);
    used += LEGEND_GAP + width;
  }
  return rows;
}

/** The legend's rows under the time labels, from the left margin; an entry wider than a row is squeezed into it. */
function legendShapes({ legend, plot }: Layout): string[] {
  return legend.flatMap((row, r) => {
    const y = plot.bottom + LEGEND_OFFSET + LINE * r;
    let x = MARGIN;
    return row.map((entry) => {
      const width = textWidth(entry.text, FONT);
      const room = WIDTH - MARGIN - x - SWATCH;
      const squeeze = width > room ? ` textLength="${px(room)}" lengthAdjust="spacingAndGlyphs"` : '';
      const agent = entry.agent ? ` data-agent="${xmlText(entry.agent)}"` : '';
      const shape = `<g class="legend-entry"${agent}>${entry.swatch(x, y - 5)}<text x="${px(x + SWATCH)}" y="${y}" font-size="${FONT}" fill="#222222"${squeeze}>${xmlText(entry.text)}</text></g>`;
      x += SWATCH + Math.min(width, room) + LEGEND_GAP;
      return shape;
    });
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
