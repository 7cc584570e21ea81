/**
 * `tix history <evt> --by <period> --per section|zone` and `--supply`: the figures tix report computes (section and
 * zone floors, supply rounds), per period. Checked against what `tix report -o json` and `history --by --section
 * <name>` print for the same history, which `tix track` made at sandbox clocks, in DuckDB and in PostgreSQL.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { beforeAll, expect, it } from 'vitest';
import { DAY, eventOnSaleUntil, HOUR, lowestOf, T0, tixNow, trackAt } from './analysis-support.js';
import { describeStores, duckdbStore, type StoreLocation } from './stores.js';
import { useClockedSandbox } from './support.js';

const clock = useClockedSandbox();
const tix = tixNow(clock);
/** Tracked every 5 hours over two and a half days: four UTC days. */
const END = 2.5 * DAY;

type Row = Record<string, unknown>;
interface ReportEvent {
  target: string;
  zones: { zone: string; lowest_price: number | null; points: { at: string; price: number | null }[] }[];
  sections: { section: string; zone: string; lowest_price: number | null }[];
  supply: { at: string; listings: number; tickets: number; gone: number | null }[];
}

const dayOf = (at: string) => new Date(Date.parse(at)).toISOString().slice(0, 10);

describeStores('tix history --by --per and --supply', (store) => {
  let where: StoreLocation;
  let evt: string;
  let agents: string[];
  let report: ReportEvent;

  beforeAll(async () => {
    where = store.fresh();
    clock.setClock(T0);
    const event = eventOnSaleUntil(clock.sandbox(), END);
    evt = event.id;
    agents = Object.keys(event.agentIds).sort();
    const runs: { after: number; entries: string[] }[] = [];
    for (let t = 0; t <= END; t += 5 * HOUR) runs.push({ after: t, entries: [evt] });
    await trackAt(clock, where, runs);
    clock.setClock(T0 + END + 10 * 60_000);
    report = (await json(['report', evt])).events[0];
    expect(report.sections.length).toBeGreaterThan(1);
    expect(report.zones.length).toBeGreaterThan(1);
  }, 300_000);

  async function json(args: readonly string[]) {
    const result = await tix([...args, ...where.args, '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout);
  }
  const periods = async (args: readonly string[]): Promise<Row[]> => (await json(['history', evt, '--tz', 'UTC', ...args])).periods;

  it("--per zone: a row per day and zone, ALL the lowest the report's zone floor was that day", async () => {
    const rows = await periods(['--by', 'day', '--per', 'zone']);
    const days = [...new Set(rows.map((r) => r.day))];
    expect(days.length).toBeGreaterThanOrEqual(3);
    const zones = report.zones.map((z) => z.zone);
    // Days in order, each with every zone in the report's order.
    expect(rows.map((r) => [r.day, r.zone])).toEqual(days.flatMap((d) => zones.map((z) => [d, z])));
    for (const row of rows) expect(Object.keys(row)).toEqual(['day', 'zone', ...agents, 'ALL']);
    for (const zone of report.zones) {
      const mine = rows.filter((r) => r.zone === zone.zone);
      for (const row of mine)
        expect(row.ALL, `${zone.zone} ${row.day}`).toBe(lowestOf(zone.points.filter((p) => dayOf(p.at) === row.day).map((p) => p.price)));
      // The lowest any agent had there over the days is the zone's lowest in the report.
      expect(lowestOf(mine.flatMap((r) => agents.map((a) => r[a] as number | null)))).toBe(zone.lowest_price);
    }
  });

  it("--per section: each section's rows are those of --by --section <that section>; the lowest over the days is the report's", async () => {
    const rows = await periods(['--by', 'day', '--per', 'section']);
    expect([...new Set(rows.map((r) => r.section))]).toEqual(
      [...report.sections].sort((a, b) => cmp(a.zone, b.zone) || cmp(a.section, b.section)).map((s) => s.section),
    );
    for (const section of report.sections) {
      const mine = rows.filter((r) => r.section === section.section);
      expect(lowestOf(mine.map((r) => r.ALL as number | null))).toBe(section.lowest_price);
    }
    // A section's floor is ALL over its listings alone, what --section '<name>' computes (names without '*').
    const named = report.sections.filter((s) => s.section !== '' && !s.section.includes('*')).slice(0, 3);
    for (const section of named) {
      const filtered = await periods(['--by', 'day', '--section', section.section]);
      const mine = rows.filter((r) => r.section === section.section).map(({ section: _, ...rest }) => rest);
      expect(mine, section.section).toEqual(filtered);
    }
  });

  it("--supply: on offer at each day's last round and gone summed over the day, the report's supply rounds", async () => {
    const rows = await periods(['--by', 'day', '--supply']);
    const plain = await periods(['--by', 'day']);
    expect(rows.map(({ listings: _l, tickets: _t, gone: _g, ...prices }) => prices)).toEqual(plain);
    for (const row of rows) {
      expect(Object.keys(row)).toEqual(['day', ...agents, 'ALL', 'listings', 'tickets', 'gone']);
      const rounds = report.supply.filter((r) => dayOf(r.at) === row.day);
      expect(rounds.length).toBeGreaterThan(0);
      const gone = rounds.map((r) => r.gone).filter((g): g is number => g !== null);
      expect(row, String(row.day)).toMatchObject({
        listings: rounds.at(-1)!.listings,
        tickets: rounds.at(-1)!.tickets,
        gone: gone.length === 0 ? null : gone.reduce((a, b) => a + b, 0),
      });
    }
    expect(rows[0]!.listings).toBeGreaterThan(0);
    expect(rows.some((r) => (r.gone as number) > 0)).toBe(true);
  });

  it.runIf(store.name === 'PostgreSQL')('the same history in a DuckDB file (history export): the same rows', async () => {
    const file = duckdbStore.fresh();
    const copy = await tix(['history', 'export', ...where.args, '--to', file.db]);
    expect(copy.code, copy.stderr).toBe(0);
    for (const flags of [['--per', 'section'], ['--per', 'zone'], ['--supply']]) {
      const args = ['history', evt, '--tz', 'UTC', '--by', 'day', ...flags, '-o', 'json'];
      const inFile = await tix([...args, ...file.args]);
      expect(inFile.code, inFile.stderr).toBe(0);
      const inPostgres = await periods(['--by', 'day', ...flags]);
      expect(inPostgres.length).toBeGreaterThanOrEqual(3);
      expect(JSON.parse(inFile.stdout).periods, flags.join(' ')).toEqual(inPostgres);
    }
  });

  it('csv: the same rows, the section or zone and supply columns named', async () => {
    const csv = async (args: readonly string[]) => {
      const result = await tix(['history', evt, '--tz', 'UTC', ...args, ...where.args, '-o', 'csv']);
      expect(result.code, result.stderr).toBe(0);
      return parseCsv(result.stdout, { columns: true }) as Record<string, string>[];
    };
    const zones = await csv(['--by', 'day', '--per', 'zone']);
    const zoneRows = await periods(['--by', 'day', '--per', 'zone']);
    expect(Object.keys(zones[0]!)).toEqual(['day', 'zone', ...agents, 'ALL']);
    expect(zones.map((r) => [r.day, r.zone, r.ALL === '' ? null : Number(r.ALL)])).toEqual(zoneRows.map((r) => [r.day, r.zone, r.ALL]));
    const supply = await csv(['--by', 'day', '--supply']);
    const supplyRows = await periods(['--by', 'day', '--supply']);
    expect(Object.keys(supply[0]!)).toEqual(['day', ...agents, 'ALL', 'listings', 'tickets', 'gone']);
    expect(supply.map((r) => [r.day, Number(r.listings), Number(r.tickets)])).toEqual(
      supplyRows.map((r) => [r.day, r.listings, r.tickets]),
    );
  });

  it('refuses --per and --supply without --by, together, with an unknown value, and on history subcommands: one line, exit 2', async () => {
    const refusals: [string[], string][] = [
      [[evt, '--per', 'section'], 'tix: --per makes one row per period and section: give --by hour, day, week or days-to-event too'],
      [[evt, '--by', 'day', '--per', 'seat'], "tix: --per must be one of section, zone, not 'seat'"],
      [[evt, '--supply'], "tix: --supply adds supply columns to --by's rows: give --by hour, day, week or days-to-event too"],
      [
        [evt, '--by', 'day', '--per', 'zone', '--supply'],
        'tix: --supply counts the whole event (gone is counted per snapshot, not per section); it cannot be combined with --per',
      ],
      [['summary', evt, '--per', 'zone'], 'tix: --per does not apply to history summary'],
      [['coverage', '--supply'], 'tix: --supply does not apply to history coverage'],
    ];
    for (const [args, message] of refusals) {
      const result = await tix(['history', ...args, ...where.args]);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr.trim().split('\n'), result.stderr).toHaveLength(1);
      expect(result.stderr.trim().startsWith(message), result.stderr).toBe(true);
    }
  });
});

function cmp(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });
}
