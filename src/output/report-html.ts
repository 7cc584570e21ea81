import { money } from './money.js';
import type { TimeChart } from './time-chart.js';
import { renderTimeChartSvg } from './time-chart-svg.js';

/**
 * `tix report --out report.html`: one self-contained page (inline CSS, inline SVG, one small inline script
 * that sorts the overview; no font, image or request of any kind), light and dark by the reader's
 * preference, readable 390 px wide (tables become cards), printable one event a page. It draws what it is
 * given: every figure is computed by the caller (the same functions as `tix history`), the charts are
 * described as time-chart.ts describes them and drawn by time-chart-svg.ts.
 */

export interface ReportPage {
  title: string;
  /** When the report was made, as shown (YYYY-MM-DD HH:MM zone). */
  madeAt: string;
  /** Where the history is, as messages show it (never a password). */
  store: string;
  /** The flags that chose the figures (`--since -30d --min-quantity 2`), '' for none. */
  flags: string;
  /** Paragraphs that say how the figures are made (ALL, zones, gone, the index). */
  method: readonly string[];
  overview: readonly OverviewRow[];
  /** Made as the page is written (each holds an event's charts: drawn, written and let go one at a time). */
  events: Iterable<EventSection>;
  across?: AcrossChart | undefined;
  /** Said in place of the overview when no event has snapshots. */
  empty?: string;
}

export interface OverviewRow {
  /** The id of the event's section in the page. */
  anchor: string;
  name: string;
  /** The evt_ id, or AGENT:ID. */
  target: string;
  date: string | null;
  venue: string | null;
  daysLeft: number | null;
  current: number | null;
  currentAgent: string | null;
  change24h: number | null;
  change7d: number | null;
  changeSale: number | null;
  lowest: number | null;
  lowestAt: string | null;
  listingsNow: number;
  listingsPeak: number;
  ticketsNow: number;
  ticketsPeak: number;
  lastSnapshot: string;
  /** Agents whose newest snapshot is older than twice their usual interval (history coverage's stale). */
  stale: readonly string[];
  gaps: number;
}

export interface EventSection {
  anchor: string;
  title: string;
  /** Facts under the title: date, venue, agents, tracking. */
  facts: readonly string[];
  charts: readonly ReportChart[];
  /** The cheapest sections now, with their zone. */
  sections: readonly { section: string; zone: string; now: number | null; lowest: number | null }[];
  notes: readonly string[];
}

export interface ReportChart {
  chart: TimeChart;
  /** The chart in words, for a reader who cannot see it (a screen reader, a text mail). */
  description: string;
}

/** Each event's floor as an index against days before the event, and the watch list's median path. */
export interface AcrossChart {
  title: string;
  description: string;
  lines: readonly { name: string; points: readonly { daysBefore: number; index: number }[]; median?: boolean }[];
}

/**
 * The page in parts, in order, to be written as they come: the head and overview, then each event's section
 * (its SVG drawn only when its turn comes), then the end. Joined, they are the whole page.
 */
export function* reportHtmlParts(page: ReportPage): Generator<string> {
  yield [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    `<title>${text(page.title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<header>',
    `<h1>${text(page.title)}</h1>`,
    `<p class="made">Made ${text(page.madeAt)} from the history in <code>${text(page.store)}</code>${page.flags ? ` with <code>${text(page.flags)}</code>` : ''}.</p>`,
    '</header>',
    '<main>',
    overview(page),
    page.across ? acrossSection(page.across) : '',
    '',
  ].join('\n');
  for (const event of page.events) yield `${eventSection(event)}\n`;
  yield [
    '<section class="method" id="how">',
    '<h2>How the figures are made</h2>',
    ...page.method.map((p) => `<p>${text(p)}</p>`),
    '</section>',
    '</main>',
    `<script>${SORT_SCRIPT}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

interface Column {
  key: string;
  label: string;
  cell: (row: OverviewRow) => { shown: string; sort: string | number | null; title?: string };
}

const price = (value: number | null) => ({ shown: value === null ? '–' : money(value), sort: value });
const signed = (value: number | null) => ({
  shown: value === null ? '–' : `${value > 0 ? '+' : value < 0 ? '−' : '±'}${money(Math.abs(value))}`,
  sort: value,
});

const COLUMNS: readonly Column[] = [
  {
    key: 'event',
    label: 'Event',
    cell: (r) => ({ shown: r.name, sort: r.name.toLowerCase(), title: r.target }),
  },
  { key: 'date', label: 'Date', cell: (r) => ({ shown: r.date ?? '–', sort: r.date }) },
  { key: 'venue', label: 'Venue', cell: (r) => ({ shown: r.venue ?? '–', sort: r.venue?.toLowerCase() ?? null }) },
  { key: 'days_left', label: 'Days left', cell: (r) => ({ shown: r.daysLeft === null ? '–' : String(r.daysLeft), sort: r.daysLeft }) },
  {
    key: 'current_price',
    label: 'Floor now',
    cell: (r) => ({ ...price(r.current), shown: r.current === null ? '–' : `${money(r.current)} ${r.currentAgent ?? ''}`.trim() }),
  },
  { key: 'change_24h', label: '24 h', cell: (r) => signed(r.change24h) },
  { key: 'change_7d', label: '7 d', cell: (r) => signed(r.change7d) },
  { key: 'change_sale', label: 'Since public sale', cell: (r) => signed(r.changeSale) },
  {
    key: 'lowest_price',
    label: 'Lowest ever',
    cell: (r) => ({ ...price(r.lowest), shown: r.lowest === null ? '–' : `${money(r.lowest)} ${r.lowestAt ?? ''}`.trim() }),
  },
  {
    key: 'tickets_now',
    label: 'Tickets (peak)',
    cell: (r) => ({ shown: `${r.ticketsNow} (${r.ticketsPeak})`, sort: r.ticketsNow }),
  },
  {
    key: 'listings_now',
    label: 'Listings (peak)',
    cell: (r) => ({ shown: `${r.listingsNow} (${r.listingsPeak})`, sort: r.listingsNow }),
  },
  {
    key: 'health',
    label: 'Tracking',
    cell: (r) => ({
      shown: `${r.lastSnapshot}${r.stale.length ? ` · stale: ${r.stale.join(', ')}` : ''}${r.gaps ? ` · ${r.gaps} gap${r.gaps === 1 ? '' : 's'}` : ''}`,
      sort: r.lastSnapshot,
    }),
  },
];

/** The figures of a row as data attributes, exact, for a program reading the page back. */
function rowData(r: OverviewRow): string {
  const values: Record<string, string | number | null> = {
    target: r.target,
    'days-left': r.daysLeft,
    'current-price': r.current,
    'current-agent': r.currentAgent,
    'change-24h': r.change24h,
    'change-7d': r.change7d,
    'change-sale': r.changeSale,
    'lowest-price': r.lowest,
    'lowest-at': r.lowestAt,
    'listings-now': r.listingsNow,
    'listings-peak': r.listingsPeak,
    'tickets-now': r.ticketsNow,
    'tickets-peak': r.ticketsPeak,
    'last-snapshot': r.lastSnapshot,
    stale: r.stale.join(','),
    gaps: r.gaps,
  };
  return Object.entries(values)
    .map(([key, value]) => ` data-${key}="${value === null ? '' : attr(String(value))}"`)
    .join('');
}

function overview(page: ReportPage): string {
  if (page.overview.length === 0) return `<section id="overview"><h2>Overview</h2><p>${text(page.empty ?? 'No events.')}</p></section>`;
  const head = COLUMNS.map(
    (c) =>
      `<th scope="col" data-key="${c.key}"><button type="button" class="sort" aria-label="Sort by ${attr(c.label)}">${text(c.label)}</button></th>`,
  ).join('');
  const rows = page.overview.map((r) => {
    const cells = COLUMNS.map((c, i) => {
      const cell = c.cell(r);
      const sort = cell.sort === null ? '' : attr(String(cell.sort));
      const shown = i === 0 ? `<a href="#${attr(r.anchor)}">${text(cell.shown)}</a>` : text(cell.shown);
      const title = cell.title ? ` title="${attr(cell.title)}"` : '';
      const stale = c.key === 'health' && r.stale.length > 0 ? ' class="warn"' : '';
      return `<td data-label="${attr(c.label)}" data-sort="${sort}"${title}${stale}>${shown}</td>`;
    });
    return `<tr${rowData(r)}>${cells.join('')}</tr>`;
  });
  return [
    '<section id="overview">',
    '<h2>Overview</h2>',
    `<p class="hint">One row per event; the floor is ALL, the lowest price across the agents that count (below). Select a column's name to sort by it.</p>`,
    '<table class="overview">',
    `<caption class="visually-hidden">The watch list: each event's floor now, its changes, its lowest, what is on offer and how it is tracked</caption>`,
    `<thead><tr>${head}</tr></thead>`,
    `<tbody>${rows.join('\n')}</tbody>`,
    '</table>',
    '</section>',
  ].join('\n');
}

function eventSection(event: EventSection): string {
  const sections =
    event.sections.length === 0
      ? ''
      : [
          '<table class="sections">',
          `<caption>The cheapest sections now (the floor per section, as ALL)</caption>`,
          '<thead><tr><th scope="col">Section</th><th scope="col">Zone</th><th scope="col">Floor now</th><th scope="col">Lowest</th></tr></thead>',
          '<tbody>',
          ...event.sections.map(
            (s) =>
              `<tr><td data-label="Section">${text(s.section || '(none)')}</td><td data-label="Zone">${text(s.zone)}</td><td data-label="Floor now">${s.now === null ? '–' : money(s.now)}</td><td data-label="Lowest">${s.lowest === null ? '–' : money(s.lowest)}</td></tr>`,
          ),
          '</tbody></table>',
        ].join('\n');
  return [
    `<section class="event" id="${attr(event.anchor)}">`,
    `<h2>${text(event.title)}</h2>`,
    `<ul class="facts">${event.facts.map((f) => `<li>${text(f)}</li>`).join('')}</ul>`,
    ...event.charts.map((c, i) => figure(c, `${event.anchor}-chart-${i}`)),
    sections,
    ...event.notes.map((n) => `<p class="note">${text(n)}</p>`),
    '<p class="top"><a href="#overview">Back to the overview</a></p>',
    '</section>',
  ].join('\n');
}

/** A chart drawn by time-chart-svg.ts, inline (without its XML declaration), with its description for screen readers. */
function figure(chart: ReportChart, id: string): string {
  const svg = renderTimeChartSvg(chart.chart).replace(/^<\?xml[^>]*>\n/, '');
  const labelled = svg
    .replace('<svg ', `<svg role="img" aria-labelledby="${id}-title" aria-describedby="${id}-desc" `)
    .replace('<title>', `<title id="${id}-title">`);
  return `<figure>${labelled}<figcaption id="${id}-desc" class="visually-hidden">${text(chart.description)}</figcaption></figure>`;
}

const ACROSS = { width: 900, height: 420, left: 70, right: 870, top: 60, bottom: 340 };

/** Index against days before the event: x from the farthest day (left) to the event (right), one line per event. */
function acrossSection(across: AcrossChart): string {
  const points = across.lines.flatMap((l) => l.points);
  if (points.length === 0) return '';
  const far = Math.max(...points.map((p) => p.daysBefore), 1);
  const near = Math.min(...points.map((p) => p.daysBefore), 0);
  const values = points.map((p) => p.index);
  const low = Math.floor(Math.min(...values, 100) / 10) * 10;
  const high = Math.ceil(Math.max(...values, 100) / 10) * 10;
  const x = (d: number) => ACROSS.left + ((far - d) / (far - near || 1)) * (ACROSS.right - ACROSS.left);
  const y = (v: number) => ACROSS.bottom - ((v - low) / (high - low || 1)) * (ACROSS.bottom - ACROSS.top);
  const step = niceStep(high - low, 6);
  const grid: string[] = [];
  for (let v = Math.ceil(low / step) * step; v <= high; v += step) {
    grid.push(`<line x1="${ACROSS.left}" x2="${ACROSS.right}" y1="${r2(y(v))}" y2="${r2(y(v))}" stroke="#eeeeee"/>`);
    grid.push(`<text x="${ACROSS.left - 8}" y="${r2(y(v) + 4)}" text-anchor="end" fill="#444444">${v}</text>`);
  }
  const dayStep = niceStep(far - near, 8);
  for (let d = Math.ceil(near / dayStep) * dayStep; d <= far; d += dayStep) {
    grid.push(`<line x1="${r2(x(d))}" x2="${r2(x(d))}" y1="${ACROSS.top}" y2="${ACROSS.bottom}" stroke="#f3f3f3"/>`);
    grid.push(`<text x="${r2(x(d))}" y="${ACROSS.bottom + 20}" text-anchor="middle" fill="#444444">${d}</text>`);
  }
  const lines = across.lines.map((line, i) => {
    const d = line.points.map((p, j) => `${j === 0 ? 'M' : 'L'}${r2(x(p.daysBefore))},${r2(y(p.index))}`).join(' ');
    const style = line.median
      ? 'stroke="#111111" stroke-width="3" stroke-dasharray="9 5"'
      : `stroke="${PALETTE[i % PALETTE.length]}" stroke-width="1.5" stroke-opacity="0.8"`;
    return `<path data-event="${attr(line.name)}"${line.median ? ' class="median"' : ''} d="${d}" fill="none" ${style}/>`;
  });
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-labelledby="across-title" aria-describedby="across-desc" viewBox="0 0 ${ACROSS.width} ${ACROSS.height}" width="${ACROSS.width}" height="${ACROSS.height}" style="max-width: 100%; height: auto" font-family="system-ui, -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif" font-size="13">`,
    `<title id="across-title">${text(across.title)}</title>`,
    `<rect width="${ACROSS.width}" height="${ACROSS.height}" fill="#ffffff"/>`,
    `<text x="16" y="28" font-size="17" font-weight="600" fill="#222222">${text(across.title)}</text>`,
    `<rect x="${ACROSS.left}" y="${ACROSS.top}" width="${ACROSS.right - ACROSS.left}" height="${ACROSS.bottom - ACROSS.top}" fill="none" stroke="#cccccc"/>`,
    ...grid,
    `<line x1="${ACROSS.left}" x2="${ACROSS.right}" y1="${r2(y(100))}" y2="${r2(y(100))}" stroke="#999999" stroke-dasharray="3 3"/>`,
    ...lines,
    `<text x="${(ACROSS.left + ACROSS.right) / 2}" y="${ACROSS.bottom + 44}" text-anchor="middle" fill="#444444">Days before the event</text>`,
    `<text transform="translate(20 ${(ACROSS.top + ACROSS.bottom) / 2}) rotate(-90)" text-anchor="middle" fill="#444444">Floor index (first floor = 100)</text>`,
    `<g class="legend"><line x1="${ACROSS.left}" x2="${ACROSS.left + 22}" y1="${ACROSS.bottom + 66}" y2="${ACROSS.bottom + 66}" stroke="#111111" stroke-width="3" stroke-dasharray="7 3"/><text x="${ACROSS.left + 28}" y="${ACROSS.bottom + 70}" fill="#222222">median of the watch list</text></g>`,
    '</svg>',
  ].join('\n');
  return [
    '<section id="across">',
    `<h2>${text(across.title)}</h2>`,
    `<figure>${svg}<figcaption id="across-desc">${text(across.description)}</figcaption></figure>`,
    '</section>',
  ].join('\n');
}

const PALETTE = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];

/** A step of 1, 2 or 5 times a power of ten that cuts a span into at most `count` parts. */
function niceStep(span: number, count: number): number {
  const raw = Math.max(span, 1) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
}

function r2(value: number): number {
  return Math.round(value * 100) / 100;
}

function text(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function attr(value: string): string {
  return text(value).replace(/"/g, '&quot;');
}

/** Sorts the overview by the column whose name was clicked; again, the other way. Numbers as numbers, empty cells last. */
const SORT_SCRIPT = `
document.querySelectorAll('table.overview th button.sort').forEach(function (button) {
  button.addEventListener('click', function () {
    var th = button.parentElement;
    var table = th.closest('table');
    var index = Array.prototype.indexOf.call(th.parentElement.children, th);
    var ascending = th.getAttribute('aria-sort') !== 'ascending';
    table.querySelectorAll('th').forEach(function (h) { h.removeAttribute('aria-sort'); });
    th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = a.cells[index].getAttribute('data-sort');
      var y = b.cells[index].getAttribute('data-sort');
      if (x === '' || y === '') return x === y ? 0 : x === '' ? 1 : -1;
      var nx = Number(x), ny = Number(y);
      var order = !isNaN(nx) && !isNaN(ny) ? nx - ny : x < y ? -1 : x > y ? 1 : 0;
      return ascending ? order : -order;
    });
    rows.forEach(function (row) { body.appendChild(row); });
  });
});
`;

const STYLE = `
:root { color-scheme: light dark; --bg: #ffffff; --fg: #1d1d1f; --muted: #5a5a60; --line: #d9d9de; --card: #f6f6f8; --link: #0b57d0; --warn: #a4261b; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #17171a; --fg: #ececf0; --muted: #a8a8b0; --line: #3a3a40; --card: #222227; --link: #8ab4f8; --warn: #ff8a7a; }
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; overflow-wrap: anywhere; }
header, main { max-width: 1200px; margin: 0 auto; padding: 0 16px; }
h1 { font-size: 1.6rem; margin: 24px 0 4px; }
h2 { font-size: 1.25rem; margin: 32px 0 8px; }
a { color: var(--link); }
code { font-size: 0.9em; }
.made, .hint, .note, .facts, .method p { color: var(--muted); }
.facts { list-style: none; padding: 0; margin: 0 0 8px; display: flex; flex-wrap: wrap; gap: 4px 16px; }
.warn { color: var(--warn); }
table { border-collapse: collapse; width: 100%; margin: 8px 0 16px; font-variant-numeric: tabular-nums; }
caption { text-align: left; color: var(--muted); padding: 4px 0; }
th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-weight: 600; white-space: nowrap; }
table.overview td:nth-child(2), table.overview td:nth-child(5), table.overview td:nth-child(9) { min-width: 7.5em; }
th button.sort { all: unset; cursor: pointer; }
th button.sort:focus-visible { outline: 2px solid var(--link); }
th[aria-sort=ascending] button::after { content: " ▲"; }
th[aria-sort=descending] button::after { content: " ▼"; }
figure { margin: 12px 0; }
figure svg { display: block; width: 100%; height: auto; border-radius: 6px; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; }
.event { border-top: 1px solid var(--line); }
@media (max-width: 760px) {
  table, thead, tbody, tr, td { display: block; width: 100%; }
  thead tr { display: flex; flex-wrap: wrap; gap: 4px 12px; }
  thead th { border: 0; padding: 2px 0; white-space: normal; }
  tbody tr { background: var(--card); border-radius: 8px; margin: 0 0 10px; padding: 6px 10px; }
  td { border: 0; padding: 2px 0; display: flex; gap: 8px; }
  td::before { content: attr(data-label); flex: 0 0 42%; color: var(--muted); }
}
@media print {
  body { font-size: 11pt; background: #ffffff; color: #000000; }
  .hint, .top, th button.sort::after { display: none; }
  th button.sort { all: unset; }
  .event { break-before: page; border: 0; }
  figure, table { break-inside: avoid; }
  a { color: inherit; text-decoration: none; }
}
`;
