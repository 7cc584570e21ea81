import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { marketFigures } from '../../src/market/figures.js';
import { FIXED_NOW } from '../helpers/sandbox.js';
import { tempDir } from '../helpers/tix-env.js';
import { SUPERUSER_PASSWORD, describePostgres, usePostgres } from '../helpers/postgres.js';
import { describeStores, postgresStore } from './stores.js';
import { MINUTE, onSale, sql, tixAt, useClockedSandbox } from './support.js';

const clock = useClockedSandbox();
const tix = (args: readonly string[], options: Parameters<typeof tixAt>[2] = {}) => tixAt(clock.sandbox(), args, options);
/** tix's spelling of an instant in history: UTC, whole seconds as the API's own timestamp, a fraction only when there is one. */
const iso = (text: string) => new Date(text).toISOString().replace('.000Z', 'Z');

let tm: { id: string; agentId: string }[];
beforeAll(() => {
  clock.setClock(FIXED_NOW);
  tm = onSale(clock.sandbox(), 'TMUSA');
  expect(tm.length).toBeGreaterThan(10);
});

describeStores('tix track', (store) => {
  it('records a snapshot per event at each sandbox time, with the figures tix inventory shows, and each one once', async () => {
    const at = store.fresh();
    const ids = tm.slice(0, 3).map((e) => e.agentId);
    const printed: {
      timestamp: string;
      data: { eventId: string; sections: { price: number; quantity: number; listingId: string }[] }[];
    }[] = [];
    for (const minutes of [0, 15, 30]) {
      clock.setClock(Date.parse(FIXED_NOW) + minutes * MINUTE);
      const inventory = await tix(['inventory', 'TMUSA', ...ids, '-o', 'json']);
      expect(inventory.code).toBe(0);
      printed.push(JSON.parse(inventory.stdout));
      const track = await tix(['track', ...ids.map((id) => `TMUSA:${id}`), ...at.args]);
      expect({ code: track.code, stdout: track.stdout }).toEqual({ code: 0, stdout: '' });
      expect(track.stderr.trim().split('\n')).toEqual([`track: 3 events: 3 snapshots stored, 0 already stored, 0 failed (${at.shown})`]);
    }
    expect(new Set(printed.map((p) => p.timestamp)).size).toBe(3);

    // The same time again stores nothing new.
    const again = await tix(['track', ...ids.map((id) => `tmusa:${id}`), ...at.args]);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('0 snapshots stored, 3 already stored, 0 failed');

    for (const id of ids) {
      const history = await tix(['history', 'TMUSA', id, ...at.args, '-o', 'json']);
      expect(history.code).toBe(0);
      const expected = printed.map((p) => {
        const figures = marketFigures(p.data.find((d) => d.eventId === id)!.sections);
        return {
          api_timestamp: iso(p.timestamp),
          listings: figures.listings,
          tickets: figures.tickets,
          min_price: figures.minPrice,
          median_price: figures.medianPrice,
          max_price: figures.maxPrice,
        };
      });
      expect(JSON.parse(history.stdout)).toEqual({ snapshots: expected });
      expect(expected[0]!.listings).toBeGreaterThan(0);
    }

    // Every listing is stored with its snapshot, the agent's own fields as JSON.
    expect(await at.sql('SELECT count(*)::INTEGER AS n FROM snapshots')).toEqual([{ n: 9 }]);
    const listingCounts = await at.sql(
      'SELECT s.listings AS listed, count(l.listing_id)::INTEGER AS stored FROM snapshots s LEFT JOIN listings l USING (agent, event_id, api_timestamp) GROUP BY s.agent, s.event_id, s.api_timestamp, s.listings',
    );
    for (const row of listingCounts) expect(row.stored).toBe(row.listed);
    const [sample] = await at.sql(`SELECT extra->>'offerType' AS offer_type, ${store.jsonType.of('extra')} AS type FROM listings LIMIT 1`);
    expect(sample).toMatchObject({ type: store.jsonType.name, offer_type: expect.stringMatching(/^(standard|resale)$/) });
  });

  it('tracks every agent of an evt_ id and, with --sales, its StubHub sales summary', async () => {
    clock.setClock(FIXED_NOW);
    const event = clock.sandbox().events.find((e) => e.id === tm[3]!.id)!;
    const agents = Object.keys(event.agentIds);
    expect(agents).toContain('STUBHUB');
    const at = store.fresh();
    const track = await tix(['track', event.id, '--sales', ...at.args]);
    expect(track.code).toBe(0);
    const summary = await tix(['sales', 'summary', event.agentIds.STUBHUB!, '-o', 'json']);
    const days = JSON.parse(summary.stdout).salesData as {
      date: string;
      totalTickets: number;
      totalSales: number;
      minSoldPrice: number;
      maxSoldPrice: number;
      avgSoldPrice: number;
    }[];
    expect(track.stderr).toContain(
      `track: 1 event: ${agents.length} snapshots stored, 0 already stored, 0 failed, ${days.length} sales days`,
    );

    const stored = await at.sql('SELECT agent, event_id FROM snapshots ORDER BY agent');
    expect(stored).toEqual(agents.sort().map((agent) => ({ agent, event_id: event.agentIds[agent] })));
    const sales = await at.sql(
      'SELECT provider, event_id, CAST(date AS VARCHAR) AS date, total_tickets, total_sales, min_price, max_price, avg_price FROM sales_daily ORDER BY date',
    );
    expect(sales).toEqual(
      days.map((d) => ({
        provider: 'stubhub',
        event_id: event.agentIds.STUBHUB,
        date: d.date,
        total_tickets: d.totalTickets,
        total_sales: d.totalSales,
        min_price: d.minSoldPrice,
        max_price: d.maxSoldPrice,
        avg_price: d.avgSoldPrice,
      })),
    );
    expect(days.length).toBeGreaterThan(0);
  });

  it('reads a watch list from a file and from stdin: comments, blank lines, agent names in any case', async () => {
    clock.setClock(FIXED_NOW);
    const at = store.fresh();
    const folder = tempDir('tix-watch-');
    const list = join(folder, 'watchlist.txt');
    writeFileSync(
      list,
      `# my watch list\n\nticketMaster:${tm[4]!.agentId}   # a comment\n  TMUSA:${tm[4]!.agentId}\r\nTmUsA:${tm[5]!.agentId}\n`,
    );
    const fromFile = await tix(['track', '--from-file', list, ...at.args]);
    expect(fromFile.code).toBe(0);
    expect(fromFile.stderr).toContain('track: 2 events: 2 snapshots stored');
    const fromStdin = await tix(['track', '-', ...at.args], { input: `TMUSA:${tm[5]!.agentId}\n# nothing\nTMUSA:${tm[6]!.agentId}\n` });
    expect(fromStdin.code).toBe(0);
    expect(fromStdin.stderr).toContain('track: 2 events: 1 snapshot stored, 1 already stored, 0 failed');
    expect(await at.sql('SELECT event_id FROM snapshots ORDER BY event_id')).toEqual(
      [tm[4]!, tm[5]!, tm[6]!]
        .map((e) => e.agentId)
        .sort()
        .map((event_id) => ({ event_id })),
    );
  });

  it('stores the entries that worked when others fail, names the failures and exits 1', async () => {
    clock.setClock(FIXED_NOW);
    const at = store.fresh();
    // An unknown agent is a usage error (exit 2, nothing stored): test/history/unknown-agents.test.ts.
    const result = await tix(['track', `TMUSA:${tm[7]!.agentId}`, 'evt_doesnotexist0', ...at.args]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^tix: warning: evt_doesnotexist0: .*not found/m);
    expect(result.stderr).toContain('track: 2 events: 1 snapshot stored, 0 already stored, 1 failed');
    expect(await at.sql('SELECT event_id FROM snapshots')).toEqual([{ event_id: tm[7]!.agentId }]);
  });

  it('exits with the reason when nothing could be fetched, and creates no database', async () => {
    const at = store.fresh();
    const result = await tix(['track', `TMUSA:${tm[0]!.agentId}`, ...at.args], { env: { TIX_API_KEY: 'wrong-key' } });
    expect(result.code).toBe(3);
    expect(await at.exists()).toBe(false);
  });

  it('prints the snapshot rows when an output format is given', async () => {
    clock.setClock(FIXED_NOW);
    const at = store.fresh();
    const ids = [tm[8]!.agentId, tm[9]!.agentId];
    const csv = await tix(['track', ...ids.map((id) => `TMUSA:${id}`), ...at.args, '-o', 'csv']);
    expect(csv.code).toBe(0);
    const rows = parseCsv(csv.stdout, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([
      'agent',
      'event_id',
      'api_timestamp',
      'fetched_at',
      'listings',
      'tickets',
      'min_price',
      'median_price',
      'max_price',
    ]);
    expect(rows.map((r) => r.event_id).sort()).toEqual([...ids].sort());
    const json = await tix(['track', ...ids.map((id) => `TMUSA:${id}`), ...at.args, '--json']);
    const history = await tix(['history', 'TMUSA', ids[0]!, ...at.args, '-o', 'json']);
    const [snapshot] = JSON.parse(history.stdout).snapshots;
    expect(JSON.parse(json.stdout).snapshots.find((s: { event_id: string }) => s.event_id === ids[0])).toMatchObject({
      ...snapshot,
      api_timestamp: expect.any(String),
    });
    expect(json.stderr).toContain('0 snapshots stored, 2 already stored');
  });
});

describe('where the price history is (DuckDB: a file by default)', () => {
  const entry = () => `TMUSA:${tm[0]!.agentId}`;

  it("defaults to history.duckdb in tix's data folder, created on first write", async () => {
    clock.setClock(FIXED_NOW);
    const home = tempDir('tix-home-');
    expect((await tix(['track', entry()], { env: { HOME: home } })).code).toBe(0);
    expect(existsSync(join(home, '.local', 'share', 'tix', 'history.duckdb'))).toBe(true);
    const data = tempDir('tix-xdg-');
    expect((await tix(['track', entry()], { env: { HOME: home, XDG_DATA_HOME: data } })).code).toBe(0);
    expect(existsSync(join(data, 'tix', 'history.duckdb'))).toBe(true);
  });

  it('is --db, else TIX_DB, else the db setting', async () => {
    clock.setClock(FIXED_NOW);
    const folder = tempDir('tix-where-');
    const config = join(folder, 'config');
    mkdirSync(config);
    const env = { TIX_CONFIG_DIR: config };
    const set = await tix(['config', 'set', 'db', join(folder, 'setting.duckdb')], { env });
    expect(set.code).toBe(0);
    expect((await tix(['config', 'get', 'db'], { env })).stdout).toBe(`${join(folder, 'setting.duckdb')}\n`);
    expect((await tix(['track', entry()], { env })).code).toBe(0);
    expect((await tix(['track', entry()], { env: { ...env, TIX_DB: join(folder, 'env.duckdb') } })).code).toBe(0);
    expect(
      (await tix(['track', entry(), '--db', join(folder, 'flag.duckdb')], { env: { ...env, TIX_DB: join(folder, 'env.duckdb') } })).code,
    ).toBe(0);
    for (const name of ['setting', 'env', 'flag']) {
      expect(await sql(join(folder, `${name}.duckdb`), 'SELECT count(*)::INTEGER AS n FROM snapshots')).toEqual([{ n: 1 }]);
    }
  });
});

describePostgres('where the price history is: a postgres:// URL', () => {
  const store = postgresStore(usePostgres());
  const entry = () => `TMUSA:${tm[0]!.agentId}`;

  it('in --db, TIX_DB or the db setting, with --schema or in public', async () => {
    clock.setClock(FIXED_NOW);
    const { db: url, args } = store.fresh();
    const schema = args.slice(-2);
    const config = join(tempDir('tix-where-'), 'config');
    mkdirSync(config);
    const env = { TIX_CONFIG_DIR: config };
    expect((await tix(['config', 'set', 'db', url], { env })).code).toBe(0);
    const track = await tix(['track', entry()], { env });
    expect(track.code, track.stderr).toBe(0);
    // The setting's URL, its password hidden, in the summary.
    expect(track.stderr).toContain(`(${url.replace(encodeURIComponent(SUPERUSER_PASSWORD), '***')})`);
    expect(track.stderr).not.toContain(SUPERUSER_PASSWORD);
    expect((await tix(['track', entry(), ...schema], { env: { ...env, TIX_DB: url } })).code).toBe(0);
    const other = `${schema[1]}_flag`;
    expect((await tix(['track', entry(), '--db', url, '--schema', other], { env: { ...env, TIX_DB: 'unused.duckdb' } })).code).toBe(0);
    const cluster = store.cluster();
    for (const where of ['public', schema[1], other]) {
      expect(await cluster.sql(`SELECT count(*)::int AS n FROM "${where}".snapshots`)).toEqual([{ n: 1 }]);
    }
  });
});
