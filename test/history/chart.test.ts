/**
 * `tix history --chart` in a terminal: time to scale along x, prices from the lowest charted to the highest
 * along y (both labelled), one letter and one legend entry per agent, the event's date ruled when the
 * snapshots span it, colour only at a terminal without NO_COLOR, and the width of COLUMNS or of a real
 * terminal. Histories made by `tix track` at uneven sandbox clocks, over DuckDB and PostgreSQL. The chart
 * is read back here cell by cell (every character of it takes one cell), independently of src/output.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { runInWindow } from '../helpers/terminal-window.js';
import { sandboxEnv } from '../helpers/tix-env.js';
import {
  type ChartedEvent,
  chartedEvent,
  HOURS,
  money,
  priceRange,
  type Snapshot,
  storedSnapshots,
  trackEvent,
  utcMinute,
} from './chart-support.js';
import { describeStores, duckdbStore, type StoreLocation } from './stores.js';
import { tixAt, useClockedSandbox } from './support.js';

const clock = useClockedSandbox();
const tix = (args: readonly string[], options: Parameters<typeof tixAt>[2] = {}) => tixAt(clock.sandbox(), args, options);
const ANSI = /\u001b\[[\d;]*m/g;
const HOUR = 3_600_000;

interface TextChart {
  title: string;
  /** The y axis label of each plot row, top first ('' where there is none). */
  labels: string[];
  /** Each plot row's cells, right of the axis line. */
  rows: string[];
  /** Cells of the plot (the baseline's length). */
  width: number;
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
    title: lines.slice(0, first).join(' '),
    labels: plot.map((line) => line.slice(0, axisAt).trim()),
    rows: plot.map((line) => line.slice(axisAt + 1).padEnd(lines[baseline]!.length - axisAt - 1)),
    width: lines[baseline]!.length - axisAt - 1,
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

  it('draws snapshots 2 h and 57 h apart at those distances, each price on its row between the labelled lowest and highest', async () => {
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

    const [low, high] = priceRange(tmusa);
    expect(low).toBeLessThan(high);
    expect(chart.labels[0]).toBe(money(high));
    expect(chart.labels.at(-1)).toBe(money(low));
    priced.forEach((snapshot, i) => {
      const row = Math.round(((high - snapshot.min_price!) / (high - low)) * (chart.rows.length - 1));
      expect(marks[i]![1], `${snapshot.api_timestamp} ${snapshot.min_price}`).toBe(row);
    });
    expect(chart.title).toBe(`Lowest price (min_price) by agent, ${utcMinute(event.start)} to ${utcMinute(event.start + 63 * HOUR)} (UTC)`);
    expect(chart.axis[0]!.trim().startsWith(utcMinute(event.start))).toBe(true);
    expect(chart.axis[0]!.trim().endsWith(utcMinute(event.start + 63 * HOUR))).toBe(true);
    expect([...legendEntries(chart)]).toEqual([['T', 'TMUSA']]);
  });

  it('for an evt_ id: one letter and one legend entry per agent, the event date ruled at its place in time', async () => {
    const result = await tix(['history', event.id, '--chart', ...at.args], { env: { COLUMNS: '120' } });
    expect(result.code, result.stderr).toBe(0);
    const chart = parseChart(result.stdout);
    const entries = legendEntries(chart);
    expect([...entries.values()].sort()).toEqual(event.agents);
    expect(new Set(entries.keys()).size).toBe(event.agents.length);
    const [low, high] = priceRange(all);
    expect([chart.labels[0], chart.labels.at(-1)]).toEqual([money(high), money(low)]);

    const rule = cellsOf(chart, '┊').map(([x]) => x);
    const column = new Set(rule).values().next().value!;
    expect(new Set(rule).size).toBe(1);
    const eventHour = (Date.parse(event.eventDate) - event.start) / HOUR;
    expect(Math.abs(column - ((chart.width - 1) * eventHour) / HOURS.at(-1)!)).toBeLessThanOrEqual(0.5);
    expect(chart.legend.join(' ')).toContain(`┊ event ${utcMinute(event.eventDate)}`);
    // Every agent's cheapest snapshot sits on the bottom row or shares it (*), the dearest on the top row.
    const bottom = chart.rows.at(-1)!;
    const cheapest = all.find((s) => s.min_price === low)!;
    const mark = [...entries].find(([, agent]) => agent === cheapest.agent)![0];
    expect(bottom.includes(mark) || bottom.includes('*')).toBe(true);
  });

  it('says the event date is after the range when the window ends before it, and draws no rule', async () => {
    const until = new Date(event.start + 3 * HOUR).toISOString();
    const result = await tix(['history', event.id, '--chart', '--until', until, ...at.args], { env: { COLUMNS: '100' } });
    expect(result.code, result.stderr).toBe(0);
    const chart = parseChart(result.stdout);
    expect(cellsOf(chart, '┊')).toEqual([]);
    expect(chart.legend.join(' ')).toContain(`event ${utcMinute(event.eventDate)} (after this range)`);
  });

  it('says so in place of the plot when no snapshot in the window had listings (after the event)', async () => {
    const since = new Date(event.start + 62 * HOUR).toISOString();
    const result = await tix(['history', event.id, '--chart', '--since', since, ...at.args], { env: { COLUMNS: '100' } });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(
      `Lowest price (min_price) by agent, ${utcMinute(event.start + 63 * HOUR)} to ${utcMinute(event.start + 63 * HOUR)} (UTC)\nNo prices to chart: no snapshot had listings.\n`,
    );
  });

  it('labels times in --tz', async () => {
    const result = await tix(['history', event.id, '--chart', '--tz', 'Asia/Kolkata', ...at.args], { env: { COLUMNS: '100' } });
    expect(result.code, result.stderr).toBe(0);
    const chart = parseChart(result.stdout);
    // India is UTC+05:30 all year.
    const [from, to] = [utcMinute(event.start + 5.5 * HOUR), utcMinute(event.start + 68.5 * HOUR)];
    expect(chart.title).toContain(`${from} to ${to} (Asia/Kolkata)`);
    expect(chart.axis[0]!.trim().startsWith(from)).toBe(true);
    expect(chart.legend.join(' ')).toContain(`event ${utcMinute(Date.parse(event.eventDate) + 5.5 * HOUR)}`);
  });

  it.each([60, 120])('fits COLUMNS=%i', async (columns) => {
    const result = await tix(['history', event.id, '--chart', ...at.args], { env: { COLUMNS: String(columns) } });
    expect(result.code, result.stderr).toBe(0);
    expectWithin(result.stdout, columns);
    const chart = parseChart(result.stdout);
    expect(chart.width).toBeGreaterThan(columns - 20);
    expect(legendEntries(chart).size).toBe(event.agents.length);
  });

  it('colours the series at a terminal, and not with NO_COLOR or through a pipe: the same chart either way', async () => {
    const args = ['history', event.id, '--chart', ...at.args];
    const coloured = await tix(args, { terminal: { columns: 100 } });
    const plain = await tix(args, { terminal: { columns: 100 }, env: { NO_COLOR: '1' } });
    const piped = await tix(args, { env: { COLUMNS: '100' } });
    expect([coloured.code, plain.code, piped.code]).toEqual([0, 0, 0]);
    expect(coloured.stdout).toMatch(/\u001b\[3\dm[A-Z]/);
    expect(plain.stdout).not.toContain('\u001b');
    expect(piped.stdout).not.toContain('\u001b');
    expect(coloured.stdout.replace(ANSI, '')).toBe(plain.stdout);
    expect(piped.stdout).toBe(plain.stdout);
  });
});

describe('history --chart in a real terminal', () => {
  let args: string[];

  beforeAll(async () => {
    const at = duckdbStore.fresh();
    const event = chartedEvent(clock.sandbox());
    await trackEvent(clock, event, at);
    args = ['history', event.id, '--chart', ...at.args];
  }, 60_000);

  it.each([72, 130])('fits a %i-column window, in colour: nothing wraps', async (columns) => {
    const window = await runInWindow(args, { columns, env: sandboxEnv(clock.sandbox().url), escapes: true });
    expect(window.code, window.stderr).toBe(0);
    expect(window.lines).toEqual(window.rows);
    expect(window.rows.some((row) => row.includes('└'))).toBe(true);
    expect(window.rows.join('\n')).toMatch(/[\u2801-\u28ff]/);
    expect(window.styled.join('\n')).toMatch(/\u001b\[3\dm/);
  });
});
