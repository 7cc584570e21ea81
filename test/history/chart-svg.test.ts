/**
 * `tix history --chart --out chart.svg`: a standalone SVG whose every path point maps back, through the
 * scale the picture itself states (the plot area's box and the data-* ends of its axes), to a price and a
 * time `tix history -o json` gives, within a pixel; the market floor (ALL) to the lowest of each track run,
 * as `history --by hour` gives it too; lines broken over spans without snapshots; the event in the title,
 * the axes at round values with the currency named. Over DuckDB and PostgreSQL; the file is written like
 * every --out file (whole, or not at all). The SVG is read with a small XML reader here, no dependency.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/tix-env.js';
import {
  type ChartedEvent,
  chartedEvent,
  eventTitle,
  floorByRun,
  money,
  priceRange,
  type Snapshot,
  storedSnapshots,
  trackEvent,
  valueAxisName,
} from './chart-support.js';
import { describeStores, type StoreLocation } from './stores.js';
import { tixAt, useClockedSandbox } from './support.js';

const clock = useClockedSandbox();
const tix = (args: readonly string[]) => tixAt(clock.sandbox(), args);

interface Element {
  name: string;
  attributes: Record<string, string>;
  /** The text directly inside it. */
  text: string;
}

/**
 * The elements of an XML document, in order. Throws unless it is well formed as far as this reader goes:
 * one root, every tag closed in order, attributes quoted, no stray `<` or `&`.
 */
function readXml(xml: string): Element[] {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const elements: Element[] = [];
  const open: Element[] = [];
  const token = /<(\/?)([\w:-]+)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let roots = 0;
  let at = 0;
  for (let match = token.exec(body); match; match = token.exec(body)) {
    at = token.lastIndex;
    const [, closing, name, attributes, selfClosing, text] = match;
    if (text !== undefined) {
      if (open.length === 0 && text.trim() !== '') throw new Error(`text outside the root: ${text}`);
      if (/&(?!amp;|lt;|gt;|quot;|apos;)/.test(text)) throw new Error(`a bare & in ${text}`);
      if (open.length > 0) open.at(-1)!.text += text;
      continue;
    }
    if (closing) {
      if (open.pop()?.name !== name) throw new Error(`</${name}> closes nothing open`);
      continue;
    }
    if (open.length === 0) roots++;
    const element: Element = {
      name: name!,
      attributes: Object.fromEntries([...attributes!.matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!])),
      text: '',
    };
    elements.push(element);
    if (!selfClosing) open.push(element);
  }
  if (at !== body.length || open.length > 0 || roots !== 1) throw new Error(`not well formed at ${at}`);
  return elements;
}

const xmlUnescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** The points of a path's `d`: M and L commands with absolute x,y pairs; a new M starts a new stroke. */
function pathPoints(d: string): { x: number; y: number }[] {
  expect(d).toMatch(/^M[\d.]+,[\d.]+( [ML][\d.]+,[\d.]+)*$/);
  return [...d.matchAll(/[ML]([\d.]+),([\d.]+)/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) }));
}

describeStores('history --chart --out chart.svg', (store) => {
  let at: StoreLocation;
  let event: ChartedEvent;
  let snapshots: Snapshot[];
  let svg: string;
  let elements: Element[];

  beforeAll(async () => {
    at = store.fresh();
    event = chartedEvent(clock.sandbox());
    await trackEvent(clock, event, at);
    snapshots = await storedSnapshots(clock.sandbox(), [event.id], at);
    const out = join(tempDir(), 'chart.svg');
    const result = await tix(['history', event.id, '--chart', '--out', out, ...at.args]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    svg = readFileSync(out, 'utf8');
    elements = readXml(svg);
  }, 120_000);

  it('is a standalone SVG document: the SVG namespace, a viewBox, a title, no colour escapes', () => {
    const root = elements[0]!;
    expect(root.name).toBe('svg');
    expect(root.attributes.xmlns).toBe('http://www.w3.org/2000/svg');
    expect(root.attributes.viewBox).toMatch(/^0 0 \d+ \d+$/);
    const title = xmlUnescape(elements.find((e) => e.name === 'title')!.text);
    expect(title).toMatch(/: Lowest price \(min_price\) by agent, and the lowest across them \(ALL\), /);
    expect(title.startsWith(eventTitle(clock.sandbox(), event.id))).toBe(true);
    expect(svg).not.toContain('\u001b');
    expect(svg).not.toMatch(/<(script|style|image|foreignObject)\b/);
  });

  it("maps each path's points back to the stored prices and times, one path per agent", () => {
    const area = elements.find((e) => e.attributes.class === 'plot-area')!.attributes;
    const [left, top, width, height] = [area.x, area.y, area.width, area.height].map(Number) as [number, number, number, number];
    const [t0, t1] = [Date.parse(area['data-time-min']!), Date.parse(area['data-time-max']!)];
    const [v0, v1] = [Number(area['data-value-min']), Number(area['data-value-max'])];
    const times = snapshots.map((s) => Date.parse(s.api_timestamp));
    expect([t0, t1]).toEqual([Math.min(...times), Math.max(...times)]);
    expect([v0, v1]).toEqual(priceRange(snapshots));

    const paths = elements.filter((e) => e.name === 'path' && e.attributes['data-agent'] && e.attributes['data-agent'] !== 'ALL');
    expect(paths.map((p) => p.attributes['data-agent']).sort()).toEqual(event.agents);
    for (const path of paths) {
      const agent = path.attributes['data-agent']!;
      const stored = snapshots.filter((s) => s.agent === agent && s.min_price !== null);
      const points = pathPoints(path.attributes.d!);
      expect(points.length, agent).toBe(stored.length);
      points.forEach(({ x, y }, i) => {
        const time = t0 + ((x - left) / width) * (t1 - t0);
        const price = v1 - ((y - top) / height) * (v1 - v0);
        // Within one pixel either way.
        expect(Math.abs(time - Date.parse(stored[i]!.api_timestamp)), `${agent} ${stored[i]!.api_timestamp}`).toBeLessThanOrEqual(
          (t1 - t0) / width,
        );
        expect(Math.abs(price - stored[i]!.min_price!), `${agent} ${stored[i]!.min_price}`).toBeLessThanOrEqual((v1 - v0) / height);
      });
      expect(path.attributes.stroke).toMatch(/^#[0-9a-f]{6}$/);
      expect(path.attributes.fill).toBe('none');
    }
    expect(new Set(paths.map((p) => p.attributes.stroke)).size).toBe(paths.length);
  });

  it('titles the picture with the event, names the value axis with its currency, labels it at round prices and the time axis at round hours', () => {
    const text = (className: string) => xmlUnescape(elements.find((e) => e.attributes.class === className)!.text);
    expect(text('title')).toBe(eventTitle(clock.sandbox(), event.id));
    expect(text('subtitle')).toMatch(/^Lowest price \(min_price\) by agent, and the lowest across them \(ALL\), /);
    expect(text('value-axis-label')).toBe(valueAxisName(clock.sandbox(), event.id));

    const [low, high] = priceRange(snapshots);
    const values = elements.filter((e) => e.attributes.class === 'value-label').map((e) => Number(e.attributes['data-value']));
    expect(values.length).toBeGreaterThanOrEqual(3);
    const step = values[1]! - values[0]!;
    const mantissa = step / 10 ** Math.floor(Math.log10(step) + 1e-9);
    expect(
      [1, 2, 5].some((m) => Math.abs(mantissa - m) < 1e-6),
      String(values),
    ).toBe(true);
    values.forEach((v, i) => {
      expect(Math.abs(v / step - Math.round(v / step))).toBeLessThan(1e-6);
      if (i > 0) expect(v - values[i - 1]!).toBeCloseTo(step, 6);
      expect(v >= low && v <= high).toBe(true);
    });
    expect(elements.filter((e) => e.attributes.class === 'value-label').map((e) => e.text)).toEqual(values.map(money));

    const times = elements.filter((e) => e.attributes.class === 'time-label').map((e) => Date.parse(e.attributes['data-time']!));
    expect(times.length).toBeGreaterThanOrEqual(4);
    const hour = 3_600_000;
    const timeStep = times[1]! - times[0]!;
    expect([1, 2, 3, 6, 12, 24].map((h) => h * hour)).toContain(timeStep);
    for (const t of times) expect(t % timeStep).toBe(0);
    const legend = elements.filter((e) => e.attributes.class === 'legend-entry' && e.attributes['data-agent']);
    expect(legend.map((e) => e.attributes['data-agent']).sort()).toEqual([...event.agents, 'ALL'].sort());
  });

  it('draws the market floor (ALL), dashed and heavier, at the lowest price of each track run, as history --by hour has it', async () => {
    const area = elements.find((e) => e.attributes.class === 'plot-area')!.attributes;
    const [left, top, width, height] = [area.x, area.y, area.width, area.height].map(Number) as [number, number, number, number];
    const [t0, t1] = [Date.parse(area['data-time-min']!), Date.parse(area['data-time-max']!)];
    const [v0, v1] = [Number(area['data-value-min']), Number(area['data-value-max'])];
    const floor = elements.find((e) => e.name === 'path' && e.attributes['data-agent'] === 'ALL')!;
    expect(floor.attributes.class).toBe('floor');
    expect(floor.attributes['stroke-dasharray']).toMatch(/^\d+ \d+$/);
    const agentWidth = Number(
      elements.find((e) => e.name === 'path' && e.attributes['data-agent'] === event.agents[0])!.attributes['stroke-width'],
    );
    expect(Number(floor.attributes['stroke-width'])).toBeGreaterThan(agentWidth);
    const expected = floorByRun(snapshots).filter((r) => r.value !== null);
    expect(expected).toHaveLength(3);
    const points = pathPoints(floor.attributes.d!);
    expect(points).toHaveLength(expected.length);
    points.forEach(({ x, y }, i) => {
      expect(Math.abs(t0 + ((x - left) / width) * (t1 - t0) - expected[i]!.at)).toBeLessThanOrEqual((t1 - t0) / width);
      expect(Math.abs(v1 - ((y - top) / height) * (v1 - v0) - expected[i]!.value!)).toBeLessThanOrEqual((v1 - v0) / height);
    });
    // The same floor in --by hour's ALL column (each run in an hour of its own).
    const by = await tix(['history', event.id, '--by', 'hour', '-o', 'json', ...at.args]);
    expect(by.code, by.stderr).toBe(0);
    const hours = (JSON.parse(by.stdout).periods as Record<string, unknown>[]).filter((p) => p.ALL !== null);
    expect(hours.map((p) => p.ALL)).toEqual(expected.map((r) => r.value));
  });

  it('breaks each line where no snapshot was taken for over 3× the usual interval (55 h against 6 h), and says so in the legend', () => {
    for (const agent of [...event.agents, 'ALL']) {
      const path = elements.find((e) => e.name === 'path' && e.attributes['data-agent'] === agent)!;
      const priced = agent === 'ALL' ? 3 : snapshots.filter((s) => s.agent === agent && s.min_price !== null).length;
      if (priced < 3) continue;
      // Hours 0 and 2 in one stroke, hour 57 in another.
      expect(path.attributes.d!.match(/M/g), `${agent}: ${path.attributes.d}`).toHaveLength(2);
    }
    const notes = elements
      .filter((e) => e.attributes.class === 'legend-entry')
      .flatMap((g) => elements.slice(elements.indexOf(g) + 1, elements.indexOf(g) + 3));
    expect(notes.some((e) => e.name === 'text' && xmlUnescape(e.text) === 'line broken: no snapshot for over 3× the usual interval')).toBe(
      true,
    );
  });

  it("rules the event's date at its time, and names it", () => {
    const area = elements.find((e) => e.attributes.class === 'plot-area')!.attributes;
    const [t0, t1] = [Date.parse(area['data-time-min']!), Date.parse(area['data-time-max']!)];
    const rule = elements.find((e) => e.attributes.class === 'marker')!.attributes;
    expect(elements.filter((e) => e.attributes.class === 'marker')).toHaveLength(1);
    expect(Date.parse(rule['data-time']!)).toBe(Date.parse(event.eventDate));
    const x = Number(rule.x1);
    const time = t0 + ((x - Number(area.x)) / Number(area.width)) * (t1 - t0);
    expect(Math.abs(time - Date.parse(event.eventDate))).toBeLessThanOrEqual((t1 - t0) / Number(area.width));
    const label = elements.find((e) => e.attributes.class === 'marker-label')!;
    expect(xmlUnescape(label.text)).toBe(`event ${new Date(event.eventDate).toISOString().slice(0, 16).replace('T', ' ')}`);
  });

  it('replaces an existing file whole, leaving nothing beside it; a failed run leaves it untouched', async () => {
    const dir = tempDir();
    const out = join(dir, 'Chart.SVG');
    writeFileSync(out, 'yesterday');
    const replaced = await tix(['history', event.id, '--chart', '--out', out, ...at.args]);
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(svg);
    expect(readdirSync(dir)).toEqual(['Chart.SVG']);

    writeFileSync(out, 'yesterday');
    const failed = await tix(['history', 'TMUSA', 'never-tracked', '--chart', '--out', out, ...at.args]);
    expect(failed.code).toBe(4);
    expect(failed.stderr.trim().split('\n')).toHaveLength(1);
    expect(readFileSync(out, 'utf8')).toBe('yesterday');
    expect(readdirSync(dir)).toEqual(['Chart.SVG']);
  });

  it('--out chart.txt still gets the text chart', async () => {
    const out = join(tempDir(), 'chart.txt');
    const result = await tix(['history', event.id, '--chart', '--out', out, ...at.args]);
    expect(result.code, result.stderr).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text.split('\n').slice(0, 2)).toEqual([
      eventTitle(clock.sandbox(), event.id),
      // 80 columns in a file: the range goes on a line of its own.
      'Lowest price (min_price) by agent, and the lowest across them (ALL)',
    ]);
    expect(text).toContain('└');
    expect(text).not.toContain('<svg');
  });
});

describe('sales summary --chart --out chart.svg', () => {
  it('is refused (exit 2, one line): that chart is text only, and the file is left alone', async () => {
    const event = clock.sandbox().events.find((e) => e.agentIds.STUBHUB)!;
    const out = join(tempDir(), 'sales.svg');
    writeFileSync(out, 'yesterday');
    const result = await tix(['sales', 'summary', event.agentIds.STUBHUB!, '--chart', '--out', out]);
    expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 2, stdout: '' });
    expect(result.stderr).toBe('tix: --chart draws text here, not SVG: give --out another extension than .svg, such as .txt\n');
    expect(readFileSync(out, 'utf8')).toBe('yesterday');
  });
});
