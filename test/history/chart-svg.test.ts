/**
 * `tix history --chart --out chart.svg`: a standalone SVG whose every path point maps back, through the
 * scale the picture itself states (the plot area's box and the data-* ends of its axes), to a price and a
 * time `tix history -o json` gives, within a pixel; the market floor (ALL) to the lowest of each track run,
 * as `history --by hour` gives it too; lines broken over spans without snapshots; the event in the title,
 * the axes at round values with the currency named. Over DuckDB and PostgreSQL; the file is written like
 * every --out file (whole, or not at all); the filters it was drawn with under the title. Nine days of six
 * agents or more, the event and its public sale outside them: the picture scales to its window (viewBox,
 * width and height 100%), its legend and every other element inside it, its text 11 px or more at 600x400,
 * as measured by headless Chromium too (skipped without it, except under CI=true). The SVG is read with a
 * small XML reader here, no dependency.
 */
import { execFile, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/tix-env.js';
import {
  type ChartedEvent,
  chartedEvent,
  crowdedEvent,
  eventTitle,
  floorByRun,
  money,
  priceRange,
  type Snapshot,
  storedSnapshots,
  trackEvent,
  trackNineDays,
  utcMinute,
  valueAxisName,
} from './chart-support.js';
import { describeStores, duckdbStore, type StoreLocation } from './stores.js';
import { tixAt, useClockedSandbox } from './support.js';

const clock = useClockedSandbox();
const HOUR = 3_600_000;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
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
    const subtitle = elements.filter((e) => e.attributes.class === 'subtitle').map((e) => xmlUnescape(e.text));
    expect(subtitle.join(', ')).toMatch(
      /^Lowest price \(min_price\) by agent, and the lowest across them \(ALL\), \S+ \S+ to \S+ \S+ \(UTC\)$/,
    );
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

  it('says under the title, and in its <title>, which filters drew it (--min-quantity, --section, --until)', async () => {
    const out = join(tempDir(), 'filtered.svg');
    const until = new Date(event.start + 3 * HOUR).toISOString();
    const filters = ['--min-quantity', '2', '--section', '1*', '--until', until];
    const result = await tix(['history', event.id, '--chart', '--tz', 'UTC', '--out', out, ...filters, ...at.args]);
    expect(result.code, result.stderr).toBe(0);
    const filtered = readXml(readFileSync(out, 'utf8'));
    const words = `filtered by --min-quantity 2 --section '1*' --until '${utcMinute(until)}'`;
    const subtitle = filtered.filter((e) => e.attributes.class === 'subtitle').map((e) => xmlUnescape(e.text));
    expect(subtitle.join(', ')).toMatch(new RegExp(`^Lowest price \\(min_price\\) by agent, .* \\(UTC\\), ${escapeRegExp(words)}$`));
    expect(xmlUnescape(filtered.find((e) => e.name === 'title')!.text).endsWith(`, ${words}`)).toBe(true);
    // Without filters, no such line.
    expect(
      elements
        .filter((e) => e.attributes.class === 'subtitle')
        .map((e) => e.text)
        .join(' '),
    ).not.toContain('filtered');
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

/** A number attribute of an element (0 when absent). */
const num = (e: Element, name: string) => Number(e.attributes[name] ?? 0);

/** Where a text element is placed: x and y, or a transform's translation. */
function textAt(e: Element): { x: number; y: number } {
  const moved = /translate\(([\d.]+)[ ,]([\d.]+)\)/.exec(e.attributes.transform ?? '');
  return moved ? { x: Number(moved[1]), y: Number(moved[2]) } : { x: num(e, 'x'), y: num(e, 'y') };
}

/** Headless Chromium's command (Debian's `chromium`), or undefined when it is not installed. */
const CHROMIUM = ['chromium', 'chromium-browser'].find((command) => spawnSync(command, ['--version'], { stdio: 'ignore' }).status === 0);

/**
 * The SVG file in Chromium, in two windows, 600x400 and 1200x800 (iframes of a page beside it): each text's
 * box and its font size in screen pixels (its computed size times the scale it is drawn at), the picture's
 * box (its first <rect>, the white background) and the plot area's.
 */
async function renderInChromium(svgFile: string): Promise<Record<'small' | 'large', Rendered>> {
  const dir = dirname(svgFile);
  const page = join(dir, 'windows.html');
  writeFileSync(
    page,
    `<!doctype html><html><body style="margin:0">
<iframe id="small" src="${basename(svgFile)}" width="600" height="400" style="border:0;display:block"></iframe>
<iframe id="large" src="${basename(svgFile)}" width="1200" height="800" style="border:0;display:block"></iframe>
<pre id="out">not measured</pre>
<script>
const box = (el) => { const r = el.getBoundingClientRect(); return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; };
function measure(frame) {
  const doc = frame.contentDocument;
  const texts = [...doc.querySelectorAll('text')].map((t) => {
    const m = t.getScreenCTM();
    return { text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b), ...box(t) };
  });
  return { picture: box(doc.querySelector('rect')), plot: box(doc.querySelector('.plot-area')), texts };
}
// The window's load, not each frame's: a frame may have loaded before this script ran (a race under load).
window.addEventListener('load', () => {
  try { out.textContent = JSON.stringify({ small: measure(small), large: measure(large) }); } catch (error) { out.textContent = 'error: ' + error; }
});
</script></body></html>`,
  );
  const { stdout } = await promisify(execFile)(
    CHROMIUM!,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      `--user-data-dir=${join(dir, 'chromium')}`,
      '--allow-file-access-from-files',
      '--window-size=1300,1300',
      '--virtual-time-budget=10000',
      '--dump-dom',
      pathToFileURL(page).href,
    ],
    { timeout: 60_000, maxBuffer: 20_000_000 },
  );
  const measured = /<pre id="out">([^<]*)<\/pre>/.exec(stdout)?.[1] ?? '(no page)';
  if (!measured.startsWith('{')) throw new Error(`Chromium did not measure the picture: ${measured}`);
  return JSON.parse(xmlUnescape(measured));
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

interface Rendered {
  picture: Box;
  plot: Box;
  texts: (Box & { text: string; px: number })[];
}

describe('history --chart --out chart.svg: nine days of six agents or more, the event and its public sale outside them', () => {
  let out: string;
  let svg: string;
  let elements: Element[];
  let event: ReturnType<typeof crowdedEvent>;

  beforeAll(async () => {
    const at = duckdbStore.fresh();
    event = crowdedEvent(clock.sandbox());
    await trackNineDays(clock, event.id, at);
    out = join(tempDir(), 'chart.svg');
    const result = await tix(['history', event.id, '--chart', '--tz', 'UTC', '--out', out, ...at.args]);
    expect(result.code, result.stderr).toBe(0);
    svg = readFileSync(out, 'utf8');
    elements = readXml(svg);
  }, 120_000);

  it('scales to its window: a viewBox, width and height 100% (no fixed size), the aspect ratio kept', () => {
    const root = elements[0]!.attributes;
    expect(root.viewBox).toMatch(/^0 0 \d+(\.\d+)? \d+(\.\d+)?$/);
    expect({ width: root.width, height: root.height }).toEqual({ width: '100%', height: '100%' });
    expect(root.preserveAspectRatio ?? 'xMidYMid meet').toMatch(/^x\w+Y\w+ meet$/);
    expect(root.style ?? '').not.toMatch(/\d\s*px/);
  });

  it('draws every element inside the picture, the whole legend too (both markers outside the range, a broken line)', () => {
    const [, , width, height] = elements[0]!.attributes.viewBox!.split(' ').map(Number) as [number, number, number, number];
    const legend = elements.filter((e) => e.name === 'text' && elements[elements.indexOf(e) - 2]?.attributes.class === 'legend-entry');
    const words = legend.map((e) => xmlUnescape(e.text));
    expect(words).toContain('line broken: no snapshot for over 3× the usual interval');
    expect(words).toContain(`event ${utcMinute(event.eventDate)} (after this range)`);
    expect(words).toContain(`public sale ${utcMinute(event.publicSale)} (before this range)`);
    expect(words).toEqual(expect.arrayContaining([...event.agents, 'ALL']));
    expect(elements.filter((e) => e.attributes.class === 'marker')).toEqual([]);

    const texts = elements.filter((e) => e.name === 'text');
    for (const text of texts) {
      const { x, y } = textAt(text);
      // Its own size, else the picture's.
      const size = Number(text.attributes['font-size'] ?? elements[0]!.attributes['font-size']);
      expect(size, text.text).toBeGreaterThan(0);
      expect(x >= 0 && x <= width, `x=${x} of ${text.text}`).toBe(true);
      expect(y - size >= 0 && y <= height, `y=${y} of ${text.text} in a picture ${height} high`).toBe(true);
    }
    const inside = (x: number, y: number) => x >= 0 && x <= width && y >= 0 && y <= height;
    for (const e of elements) {
      const where = `<${e.name} ${JSON.stringify(e.attributes).slice(0, 200)}>`;
      if (e.name === 'line') expect(inside(num(e, 'x1'), num(e, 'y1')) && inside(num(e, 'x2'), num(e, 'y2')), where).toBe(true);
      if (e.name === 'rect')
        expect(inside(num(e, 'x'), num(e, 'y')) && inside(num(e, 'x') + num(e, 'width'), num(e, 'y') + num(e, 'height')), where).toBe(true);
      if (e.name === 'circle') expect(inside(num(e, 'cx'), num(e, 'cy')), where).toBe(true);
      if (e.name === 'path')
        for (const [, x, y] of e.attributes.d!.matchAll(/[ML]([\d.]+),([\d.]+)/g)) expect(inside(Number(x), Number(y)), where).toBe(true);
    }
  });

  it('keeps its text legible in a window 600x400: every font at least 11 px once the picture is scaled to fit', () => {
    const [, , width, height] = elements[0]!.attributes.viewBox!.split(' ').map(Number) as [number, number, number, number];
    const scale = Math.min(600 / width, 400 / height);
    for (const text of elements.filter((e) => e.name === 'text')) {
      expect(
        Number(text.attributes['font-size']) * scale,
        `${text.text}: font-size ${text.attributes['font-size']}`,
      ).toBeGreaterThanOrEqual(11);
    }
  });

  (CHROMIUM || process.env.CI ? it : it.skip)(
    `in Chromium${CHROMIUM ? '' : ' (skipped: chromium is not installed)'}: fills a 1200x800 window; at 600x400 every text is 11 px or more and inside the window`,
    async () => {
      if (!CHROMIUM) throw new Error('chromium is not installed: the SVG cannot be checked in a browser');
      const { small, large } = await renderInChromium(out);
      // Scaled to the window, its aspect ratio kept: as wide or as high as the window.
      for (const [rendered, w, h] of [
        [large, 1200, 800],
        [small, 600, 400],
      ] as const) {
        const { picture } = rendered;
        expect(Math.max((picture.right - picture.left) / w, (picture.bottom - picture.top) / h), JSON.stringify(picture)).toBeGreaterThan(
          0.99,
        );
        expect(picture.left >= -0.5 && picture.top >= -0.5 && picture.right <= w + 0.5 && picture.bottom <= h + 0.5).toBe(true);
      }
      expect(large.plot.right - large.plot.left).toBeGreaterThan(800);
      expect(small.texts.length).toBe(elements.filter((e) => e.name === 'text').length);
      for (const text of small.texts) {
        expect(text.px, text.text).toBeGreaterThanOrEqual(11);
        const inWindow = text.left >= 0 && text.top >= 0 && text.right <= 600 && text.bottom <= 400;
        expect(inWindow, `${text.text}: ${JSON.stringify(text)}`).toBe(true);
      }
    },
    90_000,
  );
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
