/**
 * `tix history --chart` in a terminal: the event named in the title, time to scale along x, prices from the
 * lowest charted to the highest along y (labelled at round values, the axis named with its currency), one
 * letter and one legend entry per agent, the market floor (ALL), lines broken over spans without
 * snapshots, the event's date and public sale ruled when the snapshots span them, the filters it was drawn
 * with under the title, colour only at a terminal without NO_COLOR, and the width of COLUMNS or of a real
 * terminal, with two time ticks or more at 40 columns. Histories made by `tix track`
 * at uneven sandbox clocks, over DuckDB and PostgreSQL. The chart is read back here cell by cell (every
 * character of it takes one cell), independently of src/output.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { runInWindow } from '../helpers/terminal-window.js';
import { sandboxEnv } from '../helpers/tix-env.js';
import { FIXED_NOW } from '../helpers/sandbox.js';
import {
  type ChartedEvent,
  chartedEvent,
  crowdedEvent,
  eventTitle,
  HOURS,
  onSaleSoonEvent,
  priceRange,
  type Snapshot,
  storedSnapshots,
  trackAroundSale,
  trackEvent,
  trackNineDays,
  utcMinute,
  valueAxisName,
} from './chart-support.js';
import { describeStores, duckdbStore, type StoreLocation } from './stores.js';
import { tixAt, useClockedSandbox } from './support.js';

const clock = useClockedSandbox();
const tix = (args: readonly string[], options: Parameters<typeof tixAt>[2] = {}) => tixAt(clock.sandbox(), args, options);
const ANSI = /\u001b\[[\d;]*m/g;
const HOUR = 3_600_000;

interface TextChart {
  /** The lines above the plot: title, subtitle, the value axis's name. */
  head: string[];
  /** The y axis label of each plot row, top first ('' where there is none). */
  labels: string[];
  /** Each plot row's cells, right of the axis line. */
  rows: string[];
  /** Cells of the plot (the baseline's length). */
  width: number;
  /** The time axis's line, its ticks (┬) included, from the axis corner (└) on. */
  baseline: string;
  /** The time labels under the baseline, one string per line. */
  axis: string[];
  /** The legend's lines. */
  legend: string[];
}

function parseChart(stdout: string): TextChart {
  const lines = stdout.replace(ANSI, '').trimEnd().split('\n');
  const first = lines.findIndex((line) => /^ *[\d,.]* [┤│]/.test(line));
  const baseline = lines.findIndex((line) => line.includes('└'));
  const axisAt = lines[baseline]!.indexOf('└');
  const plot = lines.slice(first, baseline);
  const after = lines.slice(baseline + 1);
  const legendAt = after.findIndex((line) => /[A-Z]/.test(line));
  return {
    head: lines.slice(0, first),
    labels: plot.map((line) => line.slice(0, axisAt).trim()),
    rows: plot.map((line) => line.slice(axisAt + 1).padEnd(lines[baseline]!.length - axisAt - 1)),
    width: lines[baseline]!.length - axisAt - 1,
    baseline: lines[baseline]!.slice(axisAt),
    axis: after.slice(0, legendAt),
    legend: after.slice(legendAt),
  };
}

/** Where a character appears in the plot: [column, row] pairs. */
function cellsOf(chart: TextChart, mark: string): [number, number][] {
  return chart.rows.flatMap((row, r) => [...row].flatMap((c, x) => (c === mark ? [[x, r] as [number, number]] : [])));
}

/** The legend's agent entries: mark letter -> agent. */
function legendEntries(chart: TextChart): Map<string, string> {
  return new Map([...chart.legend.join('   ').matchAll(/(?:^| {3})([A-Z]) ([A-Z]+)\b/g)].map((m) => [m[1]!, m[2]!]));
}

function expectWithin(stdout: string, columns: number): void {
  for (const line of stdout.replace(ANSI, '').split('\n')) expect([...line].length, line).toBeLessThan(columns);
}

const BRAILLE = /[\u2801-\u28ff]/;
const GAP_NOTE = 'line broken: no snapshot for over 3× the usual interval';

/** A label's number: `1,234.50` -> 1234.5. */
const amount = (label: string) => Number(label.replace(/,/g, ''));

/** Whether the values are consecutive multiples of one step of 1, 2 or 5 times a power of ten. */
function roundSteps(values: readonly number[]): boolean {
  if (values.length < 2) return false;
  const step = values[1]! - values[0]!;
  const mantissa = step / 10 ** Math.floor(Math.log10(step) + 1e-9);
  return (
    [1, 2, 5].some((m) => Math.abs(mantissa - m) < 1e-6) &&
    values.every((v, i) => Math.abs(v / step - Math.round(v / step)) < 1e-6 && (i === 0 || Math.abs(v - values[i - 1]! - step) < 1e-6))
  );
}

describeStores('history --chart', (store) => {
  let at: StoreLocation;
  let event: ChartedEvent;
  let tmusa: Snapshot[];
  let all: Snapshot[];

  beforeAll(async () => {
    at = store.fresh();
    event = chartedEvent(clock.sandbox());
    await trackEvent(clock, event, at);
    tmusa = await storedSnapshots(clock.sandbox(), ['TMUSA', event.tmusa], at);
    all = await storedSnapshots(clock.sandbox(), [event.id], at);
  }, 120_000);

  it('draws snapshots 2 h and 57 h apart at those distances, each price on its row, the value axis at round prices with its currency', async () => {
    const result = await tix(['history', 'TMUSA', event.tmusa, '--chart', ...at.args], { env: { COLUMNS: '120' } });
    expect(result.code, result.stderr).toBe(0);
    const chart = parseChart(result.stdout);
    const priced = tmusa.filter((s) => s.min_price !== null);
    expect(priced.map((s) => (Date.parse(s.api_timestamp) - event.start) / HOUR)).toEqual([0, 2, 57]);
    const marks = cellsOf(chart, 'T').sort((a, b) => a[0] - b[0]);
    expect(marks).toHaveLength(3);
    const [t0, t2, t57] = marks.map(([x]) => x) as [number, number, number];
    // The last snapshot (hour 63, after the event) has no listings, yet it ends the time axis.
    expect(t0).toBe(0);
    expect(Math.abs(t2 - t0 - ((chart.width - 1) * 2) / 63)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(t57 - t0 - ((chart.width - 1) * 57) / 63)).toBeLessThanOrEqual(0.5);
    expect((t57 - t0) / (t2 - t0)).toBeGreaterThan(20);

    // Round labels, each on the row nearest its value; the points on theirs between the lowest (bottom) and highest (top).
    const [low, high] = priceRange(tmusa);
    expect(low).toBeLessThan(high);
    const labelled = chart.labels.flatMap((label, row) => (label === '' ? [] : [{ row, value: amount(label) }]));
    expect(roundSteps(labelled.map((l) => l.value).reverse()), chart.labels.join('|')).toBe(true);
    const rowOf = (value: number) => Math.round(((high - value) / (high - low)) * (chart.rows.length - 1));
    for (const { row, value } of labelled) {
      expect(value).toBeGreaterThanOrEqual(low);
      expect(value).toBeLessThanOrEqual(high);
      expect(row).toBe(rowOf(value));
    }
    priced.forEach((snapshot, i) => {
      expect(marks[i]![1], `${snapshot.api_timestamp} ${snapshot.min_price}`).toBe(rowOf(snapshot.min_price!));
    });
    expect(chart.head).toEqual([
      eventTitle(clock.sandbox(), event.id),
      `Lowest price (min_price) at TMUSA, ${utcMinute(event.start)} to ${utcMinute(event.start + 63 * HOUR)} (UTC)`,
      valueAxisName(clock.sandbox(), event.id),
    ]);
    expect([...legendEntries(chart)]).toEqual([['T', 'TMUSA']]);
  });

  it('ticks the time axis on round hours or days of the zone', async () => {
    for (const [tz, offset] of [
      ['UTC', 0],
      ['Asia/Kolkata', 5.5 * HOUR],
    ] as const) {
      const result = await tix(['history', event.id, '--chart', '--tz', tz, ...at.args], { env: { COLUMNS: '120' } });
      expect(result.code, result.stderr).toBe(0);
      const chart = parseChart(result.stdout);
      expect(chart.axis).toHaveLength(1);
      const labels = chart.axis[0]!.trim().split(/ {2,}/);
      expect(labels.length, chart.axis[0]).toBeGreaterThanOrEqual(4);
      // Each label under its tick (┬), the tick at the label's time to a cell.
      const ticks = [...chart.baseline.slice(1)].flatMap((c, x) => (c === '┬' ? [x] : []));
      expect(ticks).toHaveLength(labels.length);
      const first = event.start + offset;
      let day = utcMinute(first).slice(5, 10);
      labels.forEach((label, i) => {
        const match = /^(?:(\d\d-\d\d) )?(\d\d):00$|^(\d\d-\d\d)$/.exec(label);
        expect(match, label).not.toBeNull();
        if (match![1] ?? match![3]) day = (match![1] ?? match![3])!;
        const hour = Number(match![2] ?? 0);
        expect([1, 2, 3, 6, 12, 24].some((step) => hour % step === 0)).toBe(true);
        // The labels leave out the year: the first's year, or the next one past New Year's Eve.
        const year = new Date(first).getUTCFullYear();
        const wallIn = (y: number) => Date.parse(`${y}-${day}T${String(hour).padStart(2, '0')}:00:00Z`);
        const wall = wallIn(year) < first - 24 * HOUR ? wallIn(year + 1) : wallIn(year);
        const x = ((wall - first) / (63 * HOUR)) * (chart.width - 1);
        expect(Math.abs(ticks[i]! - x), label).toBeLessThanOrEqual(0.5);
      });
    }
  });

  it('for an evt_ id: the event in the title, one letter per agent, the market floor (ALL), the event date ruled, the public sale named', async () => {
    const result = await tix(['history', event.id, '--chart', ...at.args], { env: { COLUMNS: '120' } });
    expect(result.code, result.stderr).toBe(0);
    const chart = parseChart(result.stdout);
    expect(chart.head[0]).toBe(eventTitle(clock.sandbox(), event.id));
    expect(chart.head[1]).toMatch(/^Lowest price \(min_price\) by agent, and the lowest across them \(ALL\), /);
    const entries = legendEntries(chart);
    expect([...entries.values()].sort()).toEqual(event.agents);
    expect(new Set(entries.keys()).size).toBe(event.agents.length);
    expect(chart.legend.join('   ')).toContain('⠒⠒ ALL');

    const rule = cellsOf(chart, '┊').map(([x]) => x);
    const column = new Set(rule).values().next().value!;
    expect(new Set(rule).size).toBe(1);
    const eventHour = (Date.parse(event.eventDate) - event.start) / HOUR;
    expect(Math.abs(column - ((chart.width - 1) * eventHour) / HOURS.at(-1)!)).toBeLessThanOrEqual(0.5);
    expect(chart.legend.join(' ')).toContain(`┊ event ${utcMinute(event.eventDate)}`);
    const sale = clock.sandbox().events.find((e) => e.id === event.id)!.publicSaleDate;
    expect(chart.legend.join(' ')).toContain(`public sale ${utcMinute(sale)} (before this range)`);
    // Every agent's cheapest snapshot sits on the bottom row or shares it (*), the dearest on the top row.
    const [low] = priceRange(all);
    const bottom = chart.rows.at(-1)!;
    const cheapest = all.find((s) => s.min_price === low)!;
    const mark = [...entries].find(([, agent]) => agent === cheapest.agent)![0];
    expect(bottom.includes(mark) || bottom.includes('*')).toBe(true);
  });

  it('breaks every line over the 55 h without a snapshot (more than 3× the usual 6 h), and says why', async () => {
    const result = await tix(['history', event.id, '--chart', ...at.args], { env: { COLUMNS: '120' } });
    expect(result.code, result.stderr).toBe(0);
    const chart = parseChart(result.stdout);
    const column = (hour: number) => Math.round(((chart.width - 1) * hour) / 63);
    // Nothing at all is drawn between the run at hour 2 and the one at hour 57...
    const between = chart.rows.map((row) => [...row].slice(column(2) + 1, column(57)).join(''));
    expect(between.join('').trim(), between.join('\n')).toBe('');
    // ...while the 2 h between the first two runs are drawn.
    expect(chart.rows.some((row) => BRAILLE.test([...row].slice(column(0), column(2) + 1).join('')))).toBe(true);
    expect(chart.legend.join(' ')).toContain(GAP_NOTE);
  });

  it('says the event date is after the range when the window ends before it, and draws no rule; no gap note without a gap', async () => {
    const until = new Date(event.start + 3 * HOUR).toISOString();
    const result = await tix(['history', event.id, '--chart', '--until', until, ...at.args], { env: { COLUMNS: '100' } });
    expect(result.code, result.stderr).toBe(0);
    const chart = parseChart(result.stdout);
    expect(cellsOf(chart, '┊')).toEqual([]);
    expect(chart.legend.join(' ')).toContain(`event ${utcMinute(event.eventDate)} (after this range)`);
    expect(chart.legend.join(' ')).not.toContain(GAP_NOTE);
  });

  it('says so in place of the plot when no snapshot in the window had listings (after the event)', async () => {
    const since = new Date(event.start + 62 * HOUR).toISOString();
    const result = await tix(['history', event.id, '--chart', '--since', since, ...at.args], { env: { COLUMNS: '120' } });
    expect(result.code, result.stderr).toBe(0);
    const last = utcMinute(event.start + 63 * HOUR);
    expect(result.stdout).toBe(
      `${eventTitle(clock.sandbox(), event.id)}\nLowest price (min_price) by agent, and the lowest across them (ALL), ${last} to ${last} (UTC)\nfiltered by --since '${utcMinute(since)}'\nNo prices to chart: no snapshot had listings.\n`,
    );
  });

  it('says under the title which filters drew it (--min-quantity, --section, --since, --until), as flags to type again', async () => {
    // --since a date (that day from 00:00 in --tz), --until an instant: the chart spells each as it could be typed again.
    const [day, until] = [utcMinute(event.start).slice(0, 10), new Date(event.start + 3 * HOUR).toISOString()];
    const filters = ['--min-quantity', '2', '--section', ' 1* ', '--since', day, '--until', until];
    const result = await tix(['history', event.id, '--chart', '--tz', 'UTC', ...filters, ...at.args], { env: { COLUMNS: '120' } });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.split('\n').slice(0, 3)).toEqual([
      eventTitle(clock.sandbox(), event.id),
      `Lowest price (min_price) by agent, and the lowest across them (ALL), ${utcMinute(event.start)} to ${utcMinute(event.start + 2 * HOUR)} (UTC)`,
      `filtered by --min-quantity 2 --section '1*' --since ${day} --until '${utcMinute(until)}'`,
    ]);
    // Typed again, those flags draw the same chart; --until a date is that whole day.
    const again = await tix(
      [
        'history',
        event.id,
        '--chart',
        '--tz',
        'UTC',
        '--min-quantity',
        '2',
        '--section',
        '1*',
        '--since',
        day,
        '--until',
        utcMinute(until),
        ...at.args,
      ],
      { env: { COLUMNS: '120' } },
    );
    expect(again.stdout).toBe(result.stdout);
    const whole = await tix(['history', 'TMUSA', event.tmusa, '--chart', '--tz', 'UTC', '--until', day, ...at.args], {
      env: { COLUMNS: '60' },
    });
    expect(whole.code, whole.stderr).toBe(0);
    const lines = whole.stdout.split('\n');
    expect(lines).toContain(`filtered by --until ${day}`);
    // The range charted ends on that day.
    expect(lines.find((line) => line.endsWith(' (UTC)'))).toMatch(new RegExp(` to ${day} \\d\\d:\\d\\d \\(UTC\\)$`));
  });

  it('labels times in --tz', async () => {
    const result = await tix(['history', event.id, '--chart', '--tz', 'Asia/Kolkata', ...at.args], { env: { COLUMNS: '100' } });
    expect(result.code, result.stderr).toBe(0);
    const chart = parseChart(result.stdout);
    // India is UTC+05:30 all year.
    const [from, to] = [utcMinute(event.start + 5.5 * HOUR), utcMinute(event.start + 68.5 * HOUR)];
    expect(chart.head.join(' ')).toContain(`${from} to ${to} (Asia/Kolkata)`);
    expect(chart.head[0]).toContain(utcMinute(Date.parse(event.eventDate) + 5.5 * HOUR));
    expect(chart.legend.join(' ')).toContain(`event ${utcMinute(Date.parse(event.eventDate) + 5.5 * HOUR)}`);
  });

  it.each([40, 60, 120])('fits COLUMNS=%i', async (columns) => {
    const result = await tix(['history', event.id, '--chart', ...at.args], { env: { COLUMNS: String(columns) } });
    expect(result.code, result.stderr).toBe(0);
    expectWithin(result.stdout, columns);
    const chart = parseChart(result.stdout);
    expect(chart.width).toBeGreaterThan(columns - 20);
    expect(legendEntries(chart).size).toBe(event.agents.length);
    expect(chart.axis.join('')).toMatch(/\d\d:00|\d\d-\d\d/);
  });

  it('colours the series at a terminal (the floor in bold), and not with NO_COLOR or through a pipe: the same chart either way', async () => {
    const args = ['history', event.id, '--chart', ...at.args];
    const coloured = await tix(args, { terminal: { columns: 100 } });
    const plain = await tix(args, { terminal: { columns: 100 }, env: { NO_COLOR: '1' } });
    const piped = await tix(args, { env: { COLUMNS: '100' } });
    expect([coloured.code, plain.code, piped.code]).toEqual([0, 0, 0]);
    expect(coloured.stdout).toMatch(/\u001b\[3\dm[A-Z]/);
    expect(coloured.stdout).toContain('\u001b[1m⠒⠒\u001b[22m ALL');
    expect(plain.stdout).not.toContain('\u001b');
    expect(piped.stdout).not.toContain('\u001b');
    expect(coloured.stdout.replace(ANSI, '')).toBe(plain.stdout);
    expect(piped.stdout).toBe(plain.stdout);
  });
});

describeStores('history --chart around the public sale', (store) => {
  it('rules the public sale at its time, from the sale date track stored; the title names the event for AGENT:ID too', async () => {
    const at = store.fresh();
    const event = onSaleSoonEvent(clock.sandbox());
    const hours = [-3, -1, 1, 2, 3, 4, 5];
    await trackAroundSale(clock, event, hours, at);
    const result = await tix(['history', event.id, '--chart', ...at.args], { env: { COLUMNS: '100' } });
    expect(result.code, result.stderr).toBe(0);
    const chart = parseChart(result.stdout);
    const rule = new Set(cellsOf(chart, '╎').map(([x]) => x));
    expect(rule.size).toBe(1);
    const span = hours.at(-1)! - hours[0]!;
    const [column] = [...rule];
    expect(Math.abs(column! - ((chart.width - 1) * (0 - hours[0]!)) / span)).toBeLessThanOrEqual(0.5);
    expect(chart.legend.join(' ')).toContain(`╎ public sale ${utcMinute(event.publicSale)}`);
    expect(chart.head[0]).toBe(eventTitle(clock.sandbox(), event.id));

    const tmusaId = clock.sandbox().events.find((e) => e.id === event.id)!.agentIds.TMUSA!;
    const agent = await tix(['history', `TMUSA:${tmusaId}`, '--chart', ...at.args], { env: { COLUMNS: '100' } });
    expect(agent.code, agent.stderr).toBe(0);
    expect(parseChart(agent.stdout).head[0]).toBe(eventTitle(clock.sandbox(), event.id));
    expect(agent.stdout).toContain(`╎ public sale ${utcMinute(event.publicSale)}`);
  }, 120_000);
});

describe('history --chart in a real terminal', () => {
  let args: string[];
  let event: ChartedEvent;

  beforeAll(async () => {
    const at = duckdbStore.fresh();
    event = chartedEvent(clock.sandbox());
    await trackEvent(clock, event, at);
    args = ['history', event.id, '--chart', ...at.args];
  }, 60_000);

  it('fits a 40-column window when a legend entry is wider than a line (the event after the range): it wraps inside the width', async () => {
    const until = new Date(event.start + 3 * HOUR).toISOString();
    const window = await runInWindow([...args, '--until', until], { columns: 40, env: sandboxEnv(clock.sandbox().url) });
    expect(window.code, window.stderr).toBe(0);
    expect(window.lines).toEqual(window.rows);
    expect(window.rows.join(' ')).toMatch(/event \S+ \S+ \(after this\s+range\)/);
  });

  it.each([40, 72, 130])('fits a %i-column window, in colour: nothing wraps', async (columns) => {
    const window = await runInWindow(args, { columns, env: sandboxEnv(clock.sandbox().url), escapes: true });
    expect(window.code, window.stderr).toBe(0);
    expect(window.lines).toEqual(window.rows);
    expect(window.rows.some((row) => row.includes('└'))).toBe(true);
    expect(window.rows.join('\n')).toMatch(/[\u2801-\u28ff]/);
    expect(window.rows.join('\n')).toContain('ALL');
    expect(window.styled.join('\n')).toMatch(/\u001b\[3\dm/);
  });
});

describe('history --chart over nine days', () => {
  let args: string[];

  beforeAll(async () => {
    const at = duckdbStore.fresh();
    const event = crowdedEvent(clock.sandbox());
    await trackNineDays(clock, event.id, at);
    args = ['history', event.id, '--chart', '--tz', 'UTC', ...at.args];
  }, 120_000);

  it.each([40, 60])('ticks the time axis at least twice at COLUMNS=%i: round days, each label under its tick', async (columns) => {
    const result = await tix(args, { env: { COLUMNS: String(columns) } });
    expect(result.code, result.stderr).toBe(0);
    expectWithin(result.stdout, columns);
    const chart = parseChart(result.stdout);
    expect(chart.axis).toHaveLength(1);
    const labels = chart.axis[0]!.trim().split(/ {2,}/);
    const ticks = [...chart.baseline.slice(1)].flatMap((c, x) => (c === '┬' ? [x] : []));
    expect(labels.length, `${chart.baseline}\n${chart.axis[0]}`).toBeGreaterThanOrEqual(2);
    expect(ticks).toHaveLength(labels.length);
    labels.forEach((label, i) => {
      expect(label).toMatch(/^\d\d-\d\d$/);
      const x = ((Date.parse(`2026-${label}T00:00:00Z`) - Date.parse(FIXED_NOW)) / (216 * HOUR)) * (chart.width - 1);
      expect(Math.abs(ticks[i]! - x), label).toBeLessThanOrEqual(0.5);
    });
  });
});
