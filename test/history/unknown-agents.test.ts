/**
 * The price-history commands where a run used to exit 0 (or 4, or 1) without doing what was asked: an
 * unknown agent (a usage error, exit 2), an empty --since window (an empty answer, exit 0), a --db folder
 * that does not exist (exit 2, nothing created), `history export --since/--until` (honoured) and the
 * history flags that do not apply to export (refused). The built tix against the sandbox, over DuckDB and
 * PostgreSQL where the store matters.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { TICKET_AGENTS } from '../../src/api/agents.js';
import { FIXED_NOW } from '../helpers/sandbox.js';
import { tempDir } from '../helpers/tix-env.js';
import { describeStores, duckdbStore, type StoreLocation } from './stores.js';
import { onSale, tixAt, useClockedSandbox } from './support.js';

const clock = useClockedSandbox();
const tix = (args: readonly string[], options: Parameters<typeof tixAt>[2] = {}) => tixAt(clock.sandbox(), args, options);
const AGENTS = TICKET_AGENTS.map((a) => `${a.code} (${a.name})`).join(', ');
const DAY = 86_400_000;
/** Two sandbox times two days apart: a snapshot is stored at each. */
const FIRST = FIXED_NOW;
const SECOND = new Date(Date.parse(FIXED_NOW) + 2 * DAY).toISOString();

/** Events on sale at FIRST that are still to come at SECOND, with a StubHub id (for --sales). */
function tracked(): { tmusa: string; stubhub: string } {
  clock.setClock(FIRST);
  const later = new Date(Date.parse(SECOND) + DAY).toISOString();
  const event = onSale(clock.sandbox(), 'STUBHUB')
    .map((e) => clock.sandbox().events.find((x) => x.id === e.id)!)
    .find((e) => e.eventDate > later && e.agentIds.TMUSA)!;
  return { tmusa: `TMUSA:${event.agentIds.TMUSA}`, stubhub: `STUBHUB:${event.agentIds.STUBHUB}` };
}

describe('an unknown ticket agent is a usage error', () => {
  it.each([
    [['history', 'FOO', '1'], '<event>'],
    [['history', 'FOO:1'], '<event>'],
    [['track', 'FOO:1'], '<entries>'],
  ])('%j: exit 2 naming the agents, nothing created', async (args, where) => {
    const db = duckdbStore.fresh();
    const result = await tix([...args, ...db.args]);
    expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 2, stdout: '' });
    expect(result.stderr).toBe(`tix: ${where}: 'FOO' is not a ticket agent; agents: ${AGENTS}\n`);
    expect(await db.exists()).toBe(false);
  });

  it('in a watch list file, names the line, and stores nothing of the list', async () => {
    const db = duckdbStore.fresh();
    const list = join(tempDir(), 'watchlist.txt');
    writeFileSync(list, `${tracked().tmusa}\n# next: a typo\nTMSUA:123\n`);
    const result = await tix(['track', '--from-file', list, ...db.args]);
    expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 2, stdout: '' });
    expect(result.stderr).toBe(`tix: --from-file ${list} line 3: 'TMSUA' is not a ticket agent; agents: ${AGENTS}\n`);
    expect(await db.exists()).toBe(false);
  });
});

describe('a --db folder that does not exist', () => {
  const missing = () => join(tempDir(), 'nonexistent', 'dir');

  it.each([
    ['--db', (folder: string) => ({ args: ['--db', join(folder, 'x.duckdb')], env: {} })],
    ['TIX_DB', (folder: string) => ({ args: [], env: { TIX_DB: join(folder, 'x.duckdb') } })],
  ])('from %s: track exits 2 naming it, before asking the API, and creates nothing; history too', async (source, given) => {
    const folder = missing();
    const { args, env } = given(folder);
    const requests = clock.sandbox().requests;
    const track = await tix(['track', tracked().tmusa, ...args], { env });
    expect(clock.sandbox().requests).toBe(requests);
    expect({ code: track.code, stdout: track.stdout }).toEqual({ code: 2, stdout: '' });
    expect(track.stderr).toBe(`tix: ${source}: folder ${folder} does not exist\n`);
    expect(existsSync(join(folder, '..'))).toBe(false);
    const history = await tix(['history', tracked().tmusa, ...args], { env });
    expect({ code: history.code, stderr: history.stderr }).toEqual({
      code: 2,
      stderr: `tix: ${source}: folder ${folder} does not exist\n`,
    });
  });

  it('from the db setting: the same, naming the setting', async () => {
    const folder = missing();
    const config = join(tempDir(), 'config');
    mkdirSync(config);
    const env = { TIX_CONFIG_DIR: config };
    expect((await tix(['config', 'set', 'db', join(folder, 'x.duckdb')], { env })).code).toBe(0);
    const track = await tix(['track', tracked().tmusa], { env });
    expect({ code: track.code, stderr: track.stderr }).toEqual({
      code: 2,
      stderr: `tix: the db setting: folder ${folder} does not exist\n`,
    });
    expect(existsSync(join(folder, '..'))).toBe(false);
  });

  it('history export --to: exit 2, nothing created', async () => {
    const source = duckdbStore.fresh();
    clock.setClock(FIRST);
    expect((await tix(['track', tracked().tmusa, ...source.args])).code).toBe(0);
    const folder = missing();
    const result = await tix(['history', 'export', ...source.args, '--to', join(folder, 'copy.duckdb')]);
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 2, stderr: `tix: --to: folder ${folder} does not exist\n` });
    expect(existsSync(join(folder, '..'))).toBe(false);
  });
});

describeStores('history and export windows', (store) => {
  let at: StoreLocation;
  let entries: { tmusa: string; stubhub: string };
  const count = async (where: StoreLocation, table: string, condition = 'true') =>
    Number((await where.sql(`SELECT count(*) AS n FROM ${table} WHERE ${condition}`))[0]!.n);

  beforeAll(async () => {
    at = store.fresh();
    entries = tracked();
    for (const time of [FIRST, SECOND]) {
      clock.setClock(time);
      const result = await tix(['track', entries.tmusa, entries.stubhub, '--sales', ...at.args]);
      expect(result.code, result.stderr).toBe(0);
    }
  }, 60_000);

  it('history: an empty --since window is an empty answer (exit 0, a note); an event never tracked is exit 4', async () => {
    const empty = await tix(['history', entries.tmusa, ...at.args, '--since', '2026-04-01', '-o', 'csv']);
    expect(empty.code, empty.stderr).toBe(0);
    expect(empty.stdout).toBe('api_timestamp,listings,tickets,min_price,median_price,max_price\r\n');
    expect(empty.stderr).toBe(
      `No snapshots of ${entries.tmusa} in that time window (--since 2026-04-01T00:00:00.000Z); there are some outside it.\n`,
    );

    const json = await tix(['history', entries.tmusa, ...at.args, '--until', '2026-03-01', '-o', 'json']);
    expect({ code: json.code, snapshots: JSON.parse(json.stdout).snapshots }).toEqual({ code: 0, snapshots: [] });

    const never = await tix(['history', 'TMUSA', 'never-tracked', ...at.args, '--since', '2026-03-01']);
    expect({ code: never.code, stdout: never.stdout }).toEqual({ code: 4, stdout: '' });
    expect(never.stderr).toMatch(/^tix: no snapshots of TMUSA:never-tracked in .*: record them with 'tix track TMUSA:never-tracked'/);
  });

  it('export --since copies only the snapshots and sales days from then on', async () => {
    const target = duckdbStore.fresh();
    const result = await tix(['history', 'export', ...at.args, '--since', '2026-03-16', '--to', target.db]);
    expect(result.code, result.stderr).toBe(0);
    const snapshots = await count(at, 'snapshots', "api_timestamp >= TIMESTAMPTZ '2026-03-16 00:00:00+00'");
    const salesDays = await count(at, 'sales_daily', "date >= DATE '2026-03-16'");
    expect(snapshots).toBe(2);
    expect(salesDays).toBeGreaterThan(0);
    expect(salesDays).toBeLessThan(await count(at, 'sales_daily'));
    expect(await count(target, 'snapshots')).toBe(snapshots);
    expect(await count(target, 'snapshots', "api_timestamp < TIMESTAMPTZ '2026-03-16 00:00:00+00'")).toBe(0);
    expect(await count(target, 'listings')).toBe(await count(at, 'listings', "api_timestamp >= TIMESTAMPTZ '2026-03-16 00:00:00+00'"));
    expect(await count(target, 'sales_daily')).toBe(salesDays);
    expect(await count(target, 'sales_daily', "date < DATE '2026-03-16'")).toBe(0);
    expect(result.stderr).toMatch(
      new RegExp(`^tix: copied ${snapshots} snapshots \\(${snapshots} new, 0 already there\\) and ${salesDays} sales days?\\b`),
    );
  });

  it('export --until copies only what came before, inclusive', async () => {
    const target = duckdbStore.fresh();
    const result = await tix(['history', 'export', ...at.args, '--until', '2026-03-15', '--to', target.db]);
    expect(result.code, result.stderr).toBe(0);
    expect(await count(target, 'snapshots')).toBe(2);
    expect(await count(target, 'snapshots', `api_timestamp <> TIMESTAMPTZ '${FIRST}'`)).toBe(0);
    expect(await count(target, 'sales_daily')).toBe(await count(at, 'sales_daily', "date <= DATE '2026-03-15'"));
    expect(await count(target, 'sales_daily', "date > DATE '2026-03-15'")).toBe(0);
  });
});

describe('history export refuses the history flags that do not apply', () => {
  it.each([
    [['--chart'], '--chart'],
    [['--listings'], '--listings'],
    [['-o', 'csv'], '--output'],
    [['--json'], '--json'],
    [['--out', 'copy.csv'], '--out'],
    [['--fields', 'agent'], '--fields'],
  ])('%j: exit 2 naming it, nothing copied', async (flags, flag) => {
    const source = duckdbStore.fresh();
    clock.setClock(FIRST);
    expect((await tix(['track', tracked().tmusa, ...source.args])).code).toBe(0);
    const target = duckdbStore.fresh();
    const result = await tix(['history', 'export', ...source.args, '--to', target.db, ...flags]);
    expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 2, stdout: '' });
    // (-o json and --json add the error as JSON on a second line, as for every command.)
    expect(result.stderr.split('\n')[0]).toBe(
      `tix: ${flag} does not apply to history export (it copies the history; the flags it takes are --to, --to-schema, --db, --schema, --since, --until, --tz and --lock-timeout)`,
    );
    expect(await target.exists()).toBe(false);
  });

  it('history --chart --out h.csv is refused like -o csv, the file untouched', async () => {
    const out = join(tempDir(), 'h.csv');
    writeFileSync(out, 'yesterday');
    const result = await tix(['history', tracked().tmusa, '--chart', '--out', out, ...duckdbStore.fresh().args]);
    expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 2, stdout: '' });
    expect(result.stderr).toBe(
      `tix: --chart draws for people; it cannot be combined with --out ${out}, which names csv data (give another extension, such as .txt)\n`,
    );
    expect(readFileSync(out, 'utf8')).toBe('yesterday');
  });
});

describe('track -o with --out on a failed run', () => {
  const yesterdays = () => {
    const out = join(tempDir(), 'snapshots.csv');
    writeFileSync(out, 'yesterday');
    return out;
  };

  it('leaves the file as it was when nothing could be fetched (exit 3)', async () => {
    const out = yesterdays();
    const result = await tix(['track', tracked().tmusa, '--out', out, ...duckdbStore.fresh().args], { env: { TIX_API_KEY: 'wrong-key' } });
    expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 3, stdout: '' });
    // A refused key is the run's failure: one error line (docs/exit-codes.md), and the file is left as it was.
    expect(result.stderr).toMatch(/^tix: the API key was not accepted \(HTTP 401/m);
    expect(readFileSync(out, 'utf8')).toBe('yesterday');
  });

  it('leaves the file as it was when some entries failed (exit 1), while the others are stored', async () => {
    const out = yesterdays();
    const db = duckdbStore.fresh();
    clock.setClock(FIRST);
    const result = await tix(['track', tracked().tmusa, 'evt_doesnotexist0', '--out', out, ...db.args]);
    expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 1, stdout: '' });
    expect(result.stderr).toMatch(/^tix: warning: evt_doesnotexist0: .*not found/m);
    expect(result.stderr).toContain(`tix: warning: ${out} was not written: 1 entry failed\n`);
    expect(readFileSync(out, 'utf8')).toBe('yesterday');
    expect(Number((await db.sql('SELECT count(*) AS n FROM snapshots'))[0]!.n)).toBe(1);
  });
});
