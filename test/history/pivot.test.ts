import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { beforeAll, expect, it } from 'vitest';
import { tempDir } from '../helpers/tix-env.js';
import {
  byAgent,
  eventOnSaleUntil,
  HOUR,
  lowestOf,
  printedHistory,
  T0,
  tixNow,
  trackAt,
  type PrintedSnapshot,
} from './analysis-support.js';
import { describeStores, type StoreLocation } from './stores.js';
import { MINUTE, onSale, useClockedSandbox } from './support.js';
import { differencesFromCsv, readParquet } from '../helpers/parquet.js';

const clock = useClockedSandbox();
const tix = tixNow(clock);
const ZONE = 'America/New_York';
/** T0 is 23:00 on Saturday 14 March in New York: these runs fall on the 14th, 15th, 16th and 18th there (none on the 17th). */
const RUNS = [0, 15 * MINUTE, 2 * HOUR, 26 * HOUR, 74 * HOUR];

/** The local date of an instant in ZONE, and the local start of its hour with the offset (as an ISO 8601 text). */
function localDay(iso: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}
function localHour(at: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      timeZoneName: 'longOffset',
    })
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:00:00${(parts.timeZoneName as string).replace('GMT', '')}`;
}
function mondayOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

/** The pivot as it should be, from what `tix history -o json` printed: one row per period of `periodOf` from first to last. */
function expectedPivot(
  snapshots: readonly PrintedSnapshot[],
  column: string,
  periods: readonly string[],
  periodOf: (iso: string) => string,
  withAll: boolean,
): Record<string, unknown>[] {
  const agents = byAgent(snapshots);
  return periods.map((period) => {
    const row: Record<string, unknown> = { [column]: period };
    const inPeriod = snapshots.filter((s) => periodOf(s.api_timestamp) === period);
    for (const [agent, series] of [...agents].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const mine = series.filter((s) => periodOf(s.api_timestamp) === period);
      row[agent] = mine.length === 0 ? null : lowestOf(mine.map((s) => s.min_price));
    }
    if (withAll) row.ALL = inPeriod.length === 0 ? null : lowestOf(inPeriod.map((s) => s.min_price));
    return row;
  });
}

function days(from: string, to: string, step = 1): string[] {
  const out: string[] = [];
  for (let d = new Date(`${from}T00:00:00Z`); d.toISOString().slice(0, 10) <= to; d.setUTCDate(d.getUTCDate() + step))
    out.push(d.toISOString().slice(0, 10));
  return out;
}

describeStores('tix history --by', (store) => {
  let at: StoreLocation;
  let evt: string;
  let tmusa: string;
  let everyAgent: PrintedSnapshot[];
  let oneAgent: PrintedSnapshot[];

  beforeAll(async () => {
    at = store.fresh();
    clock.setClock(T0);
    const event = eventOnSaleUntil(clock.sandbox(), RUNS.at(-1)!);
    evt = event.id;
    tmusa = onSale(clock.sandbox(), 'TMUSA').find((e) => e.id !== evt)!.agentId;
    await trackAt(
      clock,
      at,
      RUNS.map((after) => ({ after, entries: [evt, `TMUSA:${tmusa}`] })),
    );
    everyAgent = await printedHistory(clock, at, [evt]);
    oneAgent = await printedHistory(clock, at, ['TMUSA', tmusa]);
    expect(new Set(everyAgent.map((s) => s.agent)).size).toBeGreaterThan(1);
  }, 120_000);

  const pivot = async (args: readonly string[]) => {
    const result = await tix(['history', ...args, ...at.args, '--tz', ZONE, '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout).periods as Record<string, unknown>[];
  };

  it('--by day: one row per local day from the first to the last, a column per agent and ALL, a day without snapshots empty', async () => {
    const rows = await pivot([evt, '--by', 'day']);
    const expected = expectedPivot(everyAgent, 'day', days('2026-03-14', '2026-03-18'), localDay, true);
    expect(rows).toEqual(expected);
    // Not carried forward: the 17th, when nothing was tracked, is a row of empty cells.
    expect(Object.values(rows.find((r) => r.day === '2026-03-17')!).filter((v) => v !== null)).toEqual(['2026-03-17']);
    expect(Object.keys(rows[0]!)).toEqual(['day', ...[...byAgent(everyAgent).keys()].sort(), 'ALL']);
  });

  it('--by hour: every local hour with its offset; --by week: from Monday', async () => {
    const first = Math.floor(T0 / HOUR) * HOUR;
    const hours = Array.from({ length: RUNS.at(-1)! / HOUR + 1 }, (_, i) => first + i * HOUR);
    const hourOf = (iso: string) => localHour(Date.parse(iso));
    expect(await pivot([evt, '--by', 'hour'])).toEqual(expectedPivot(everyAgent, 'hour', hours.map(localHour), hourOf, true));
    const weekOf = (iso: string) => mondayOf(localDay(iso));
    expect(await pivot([evt, '--by', 'week'])).toEqual(expectedPivot(everyAgent, 'week', ['2026-03-09', '2026-03-16'], weekOf, true));
  });

  it("one agent's event: its one column, no ALL; --since and --until bound the snapshots", async () => {
    expect(await pivot(['TMUSA', tmusa, '--by', 'day'])).toEqual(
      expectedPivot(oneAgent, 'day', days('2026-03-14', '2026-03-18'), localDay, false).map(({ '': price, ...row }) => ({
        ...row,
        TMUSA: price,
      })),
    );
    const since = new Date(T0 + 26 * HOUR).toISOString();
    const until = new Date(T0 + 26 * HOUR + MINUTE).toISOString();
    const windowed = await pivot([`TMUSA:${tmusa}`, '--by', 'day', '--since', since, '--until', until]);
    expect(windowed).toEqual([
      { day: localDay(since), TMUSA: oneAgent.find((s) => Date.parse(s.api_timestamp) === T0 + 26 * HOUR)!.min_price },
    ]);
  });

  it('csv, tsv, ndjson and parquet hold the same rows; a table at a terminal', async () => {
    const expected = await pivot([evt, '--by', 'day']);
    for (const [format, delimiter] of [
      ['csv', ','],
      ['tsv', '\t'],
    ] as const) {
      const result = await tix(['history', evt, '--by', 'day', ...at.args, '--tz', ZONE, '-o', format]);
      expect(result.code).toBe(0);
      const rows = parseCsv(result.stdout, {
        columns: true,
        delimiter,
        cast: (v, c) => (c.header || c.column === 'day' ? v : v === '' ? null : Number(v)),
      });
      expect(rows).toEqual(expected);
    }
    const ndjson = await tix(['history', evt, '--by', 'day', ...at.args, '--tz', ZONE, '-o', 'ndjson']);
    expect(
      ndjson.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual(expected);

    const out = join(tempDir('tix-pivot-'), 'pivot.parquet');
    const parquet = await tix(['history', evt, '--by', 'day', ...at.args, '--tz', ZONE, '--out', out]);
    expect(parquet.code, parquet.stderr).toBe(0);
    const csv = await tix(['history', evt, '--by', 'day', ...at.args, '--tz', ZONE, '-o', 'csv']);
    expect(differencesFromCsv(await readParquet(out), csv.stdout)).toEqual([]);
    expect((await readParquet(out)).types).toMatchObject({ day: 'DATE', ALL: 'DOUBLE' });

    const table = await tix(['history', evt, '--by', 'day', ...at.args, '--tz', ZONE], { terminal: { columns: 200 } });
    expect(table.code).toBe(0);
    const line = table.stdout.split('\n').find((l) => l.includes('2026-03-15'))!;
    expect(line).toContain((expected.find((r) => r.day === '2026-03-15')!.ALL as number).toFixed(2));
    expect(table.stdout).toMatch(/day.*ALL/);
  });

  it('refuses an unknown --by, --by with --chart or --listings, and an event never tracked', async () => {
    const month = await tix(['history', evt, '--by', 'month', ...at.args]);
    expect(month.code).toBe(2);
    expect(month.stderr.trim()).toBe("tix: --by must be one of hour, day, week, days-to-event, not 'month'");
    for (const other of ['--chart', '--listings']) {
      const both = await tix(['history', evt, '--by', 'day', other, ...at.args]);
      expect(both.code).toBe(2);
      expect(both.stderr).toContain(`cannot be combined with ${other}`);
    }
    const never = await tix(['history', 'TMUSA', 'nosuchevent', '--by', 'day', ...at.args]);
    expect(never.code).toBe(4);
    expect(never.stderr).toContain('no snapshots of TMUSA:nosuchevent');
  });
});
