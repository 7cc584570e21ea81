/**
 * `tix history export` between a DuckDB file and PostgreSQL, both ways, through the built tix, over a
 * history that `tix track` recorded from the sandbox (test/store/postgres-export.test.ts has PostgreSQL to
 * PostgreSQL).
 */
import { beforeAll, expect, it } from 'vitest';
import { describePostgres, usePostgres } from '../helpers/postgres.js';
import { FIXED_NOW } from '../helpers/sandbox.js';
import { duckdbStore, postgresStore, type StoreLocation } from './stores.js';
import { MINUTE, onSale, tixAt, useClockedSandbox } from './support.js';

const clock = useClockedSandbox();
const tix = (args: readonly string[]) => tixAt(clock.sandbox(), args);

describePostgres('tix history export between DuckDB and PostgreSQL', () => {
  const postgres = postgresStore(usePostgres());
  const source = duckdbStore.fresh();
  /** Agent entries and evt_ ids tracked into `source`. */
  let tracked: string[];
  let snapshots: number;
  let salesDays: number;

  beforeAll(async () => {
    clock.setClock(FIXED_NOW);
    const tm = onSale(clock.sandbox(), 'TMUSA');
    const withStubhub = clock.sandbox().events.find((e) => e.id === tm[3]!.id)!;
    expect(withStubhub.agentIds.STUBHUB).toBeDefined();
    tracked = [...tm.slice(0, 3).map((e) => `TMUSA:${e.agentId}`), withStubhub.id];
    for (const minutes of [0, 15, 30]) {
      clock.setClock(Date.parse(FIXED_NOW) + minutes * MINUTE);
      const track = await tix(['track', ...tracked, '--sales', ...source.args]);
      expect(track.code, track.stderr).toBe(0);
    }
    snapshots = await count(source, 'snapshots');
    salesDays = await count(source, 'sales_daily');
    expect(snapshots).toBe(3 * (3 + Object.keys(withStubhub.agentIds).length));
    expect(salesDays).toBeGreaterThan(0);
  }, 60_000);

  it('copies a DuckDB file into PostgreSQL (--to-schema), and a second run copies nothing new', async () => {
    const target = postgres.fresh();
    const to = ['--to', target.db, '--to-schema', schemaOf(target)];
    const first = await tix(['history', 'export', ...source.args, ...to]);
    expect({ code: first.code, stdout: first.stdout }).toEqual({ code: 0, stdout: '' });
    expect(first.stderr).toBe(
      `tix: copied ${snapshots} snapshots (${snapshots} new, 0 already there) and ${salesDays} sales days (${salesDays} written) from ${source.shown} to ${target.shown}\n`,
    );
    await expectSameHistory(source, target);

    const again = await tix(['history', 'export', ...source.args, ...to]);
    expect({ code: again.code, stdout: again.stdout }).toEqual({ code: 0, stdout: '' });
    expect(again.stderr).toBe(
      `tix: copied ${snapshots} snapshots (0 new, ${snapshots} already there) and ${salesDays} sales days (0 written) from ${source.shown} to ${target.shown}\n`,
    );
    await expectSameHistory(source, target);
  });

  it('copies PostgreSQL (--schema) into a new DuckDB file, and a second run copies nothing new', async () => {
    const middle = postgres.fresh();
    expect((await tix(['history', 'export', ...source.args, '--to', middle.db, '--to-schema', schemaOf(middle)])).code).toBe(0);
    const target = duckdbStore.fresh();
    const first = await tix(['history', 'export', ...middle.args, '--to', target.db]);
    expect({ code: first.code, stdout: first.stdout }).toEqual({ code: 0, stdout: '' });
    expect(first.stderr).toBe(
      `tix: copied ${snapshots} snapshots (${snapshots} new, 0 already there) and ${salesDays} sales days (${salesDays} written) from ${middle.shown} to ${target.shown}\n`,
    );
    await expectSameHistory(middle, target);
    await expectSameHistory(source, target);

    const again = await tix(['history', 'export', ...middle.args, '--to', target.db]);
    expect(again.stderr).toBe(
      `tix: copied ${snapshots} snapshots (0 new, ${snapshots} already there) and ${salesDays} sales days (0 written) from ${middle.shown} to ${target.shown}\n`,
    );
    await expectSameHistory(middle, target);
  });

  it('adds only what is new: a file tracked further, exported again into the same PostgreSQL schema', async () => {
    const file = duckdbStore.fresh();
    const target = postgres.fresh();
    const to = ['--to', target.db, '--to-schema', schemaOf(target)];
    clock.setClock(FIXED_NOW);
    expect((await tix(['track', ...tracked, ...file.args])).code).toBe(0);
    const before = await count(file, 'snapshots');
    expect((await tix(['history', 'export', ...file.args, ...to])).code).toBe(0);
    clock.setClock(Date.parse(FIXED_NOW) + 15 * MINUTE);
    expect((await tix(['track', ...tracked, ...file.args])).code).toBe(0);
    const after = await count(file, 'snapshots');
    const second = await tix(['history', 'export', ...file.args, ...to]);
    expect(second.stderr).toContain(`copied ${after} snapshots (${after - before} new, ${before} already there)`);
    await expectSameHistory(file, target);
  });

  /** `tix history` (json, snapshots and listings) of every tracked entry, and the sales days, are the same in both stores. */
  async function expectSameHistory(a: StoreLocation, b: StoreLocation): Promise<void> {
    for (const entry of tracked) {
      for (const flags of [[], ['--listings']]) {
        const [left, right] = await Promise.all([a, b].map((at) => tix(['history', entry, ...flags, ...at.args, '-o', 'json'])));
        expect(left!.code, left!.stderr).toBe(0);
        expect(right!.stdout).toBe(left!.stdout);
      }
    }
    // What tix history does not show: every listing's own fields, and the sales days.
    const extras = (at: StoreLocation) =>
      at.sql('SELECT agent, event_id, listing_id, CAST(api_timestamp AS VARCHAR) AS at, CAST(extra AS VARCHAR) AS extra FROM listings');
    const byKey = (rows: Record<string, unknown>[]) =>
      rows
        .map((r) => ({ key: `${r.agent}/${r.event_id}/${r.listing_id}/${Date.parse(String(r.at))}`, extra: JSON.parse(String(r.extra)) }))
        .sort((x, y) => x.key.localeCompare(y.key));
    const [left, right] = await Promise.all([extras(a), extras(b)]);
    expect(byKey(right)).toEqual(byKey(left));
    expect(left.length).toBeGreaterThan(snapshots);
    const sales = (at: StoreLocation) =>
      at.sql(
        'SELECT provider, event_id, CAST(date AS VARCHAR) AS date, total_tickets, total_sales, min_price, max_price, avg_price FROM sales_daily ORDER BY provider, event_id, date',
      );
    expect(await sales(b)).toEqual(await sales(a));
  }
});

async function count(at: StoreLocation, table: string): Promise<number> {
  const [row] = await at.sql(`SELECT count(*)::INTEGER AS n FROM ${table}`);
  return row!.n as number;
}

/** The --schema a PostgreSQL location was given. */
function schemaOf(at: StoreLocation): string {
  return at.args[at.args.indexOf('--schema') + 1]!;
}
