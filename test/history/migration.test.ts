/**
 * Issue 19 §1: a history written by the previous tix (schema version 1, test/fixtures/history-v1, made by
 * the tix of commit e7e1ac9) is read as it is by `history` (no migration by a reader), and migrated by the
 * first write, in one transaction, with every old snapshot kept, also with two writers at once.
 */
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../src/store/duckdb-schema.js';
import { FIXED_NOW } from '../helpers/sandbox.js';
import { runBuiltTix } from '../helpers/tix-binary.js';
import { sandboxEnv, tempDir } from '../helpers/tix-env.js';
import { describeStores, type StoreLocation, type StoreUnderTest } from './stores.js';
import { MINUTE, onSale, sql, tixAt, useClockedSandbox } from './support.js';

const clock = useClockedSandbox();
const tix = (args: readonly string[]) => tixAt(clock.sandbox(), args);

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'history-v1');
/** What the fixture's two runs tracked (see its README). */
const ENTRIES = ['evt_2wyvnt1amb', 'evt_c67q57k7rr', 'TMUSA:vv1AK0FdZsGiv7'];
const HISTORIES = [['evt_2wyvnt1amb'], ['evt_c67q57k7rr'], ['TMUSA', 'vv1AK0FdZsGiv7']];

/** A location holding the fixture: a copy of the DuckDB file, or the dump restored into a fresh schema. */
async function v1History(store: StoreUnderTest): Promise<StoreLocation> {
  if (store.name === 'DuckDB') {
    const file = join(tempDir('tix-v1-'), 'history.duckdb');
    copyFileSync(join(FIXTURES, 'v1-history.duckdb'), file);
    const at = store.fresh();
    return { ...at, args: ['--db', file], db: file, shown: file, sql: (text) => sql(file, text) };
  }
  const at = store.fresh();
  const schema = at.args[at.args.indexOf('--schema') + 1]!;
  const dump = readFileSync(join(FIXTURES, 'v1-history.pg.sql'), 'utf8')
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n')
    .replaceAll('tix_v1', schema);
  await at.sql(dump);
  return at;
}

const COUNTS = `SELECT (SELECT count(*) FROM snapshots)::INTEGER AS snapshots, (SELECT count(*) FROM listings)::INTEGER AS listings,
  (SELECT count(*) FROM sales_daily)::INTEGER AS sales_days`;

async function histories(at: StoreLocation): Promise<unknown[]> {
  const outputs: unknown[] = [];
  for (const entry of HISTORIES) {
    const result = await tix(['history', ...entry, ...at.args, '-o', 'json']);
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
    outputs.push(JSON.parse(result.stdout).snapshots);
  }
  return outputs;
}

const tables = (store: StoreUnderTest) =>
  store.name === 'DuckDB'
    ? "SELECT table_name AS name FROM duckdb_tables() WHERE schema_name = 'main' ORDER BY 1"
    : 'SELECT table_name::text AS name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY 1';

describeStores('a history of schema version 1', (store) => {
  it('is read by history before any write, unchanged; the first track migrates it and keeps every old snapshot', async () => {
    const at = await v1History(store);
    const before = await at.sql(COUNTS);
    expect(before).toEqual([{ snapshots: 30, listings: expect.any(Number), sales_days: 84 }]);

    // Read as it is (the evt_ ids through the API, as the file does not know them): nothing migrated.
    clock.setClock(Date.parse(FIXED_NOW) + 60 * MINUTE);
    const old = await histories(at);
    expect(old.map((rows) => (rows as unknown[]).length)).toEqual([14, 14, 2]);
    expect(await at.sql('SELECT schema_version FROM tix_meta')).toEqual([{ schema_version: 1 }]);
    expect((await at.sql(tables(store))).map((r) => r.name)).toEqual(['listings', 'sales_daily', 'snapshots', 'tix_meta']);

    const track = await tix(['track', ...ENTRIES, ...at.args]);
    expect({ code: track.code, stderr: track.stderr }).toEqual({
      code: 0,
      stderr: `track: 3 events: 15 snapshots stored, 0 already stored, 0 failed (${at.shown})\n`,
    });
    expect(await at.sql('SELECT schema_version FROM tix_meta')).toEqual([{ schema_version: SCHEMA_VERSION }]);
    expect((await at.sql(tables(store))).map((r) => r.name)).toEqual([
      'alert_deliveries',
      // DuckDB's counter of notification ids (PostgreSQL's is the table's identity sequence).
      ...(store.name === 'DuckDB' ? ['alert_notification_ids'] : []),
      'alert_notifications',
      'alert_rules',
      'event_agents',
      'events',
      'listings',
      'sales_daily',
      'snapshots',
      'tix_meta',
    ]);
    const after = await at.sql(COUNTS);
    expect(after[0]!.snapshots).toBe(45);
    expect(after[0]!.sales_days).toBe(84);
    // The fixture was made by a sandbox whose events moved with its clock; in the sandbox's one world its events
    // are over at this clock, so the new run's snapshots hold no listings (an event on sale adds some, below).
    expect(after[0]!.listings).toBe(before[0]!.listings);

    // Every old snapshot is still there, as it was: the old rows lead each history, the new run's follow.
    const now = await histories(at);
    now.forEach((rows, i) => {
      const previous = old[i] as unknown[];
      expect((rows as unknown[]).slice(0, previous.length)).toEqual(previous);
      expect((rows as unknown[]).length).toBe(previous.length + previous.length / 2);
    });
    expect((await at.sql('SELECT event_id FROM events ORDER BY event_id')).map((r) => r.event_id)).toEqual([
      'evt_2wyvnt1amb',
      'evt_c67q57k7rr',
      'evt_ffn6nramyk',
    ]);

    // The migrated listings table takes a new run's listings.
    const selling = onSale(clock.sandbox(), 'TMUSA')[0]!;
    expect((await tix(['track', `TMUSA:${selling.agentId}`, ...at.args])).code).toBe(0);
    expect((await at.sql(COUNTS))[0]!.listings as number).toBeGreaterThan(after[0]!.listings as number);
  });

  it('is migrated once when two tracks write at the same time, and both runs are stored', async () => {
    const at = await v1History(store);
    clock.setClock(Date.parse(FIXED_NOW) + 60 * MINUTE);
    // Two processes (the built tix): a DuckDB file's lock is between processes.
    const env = { HOME: tempDir('tix-home-'), ...sandboxEnv(clock.sandbox().url) };
    const [a, b] = await Promise.all([
      runBuiltTix(['track', ENTRIES[0]!, ...at.args], { env }),
      runBuiltTix(['track', ENTRIES[1]!, ...at.args], { env }),
    ]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    expect(await at.sql('SELECT schema_version FROM tix_meta')).toEqual([{ schema_version: SCHEMA_VERSION }]);
    expect(await at.sql(COUNTS)).toEqual([{ snapshots: 44, listings: expect.any(Number), sales_days: 84 }]);
    expect((await at.sql('SELECT event_id FROM events ORDER BY event_id')).map((r) => r.event_id)).toEqual([
      'evt_2wyvnt1amb',
      'evt_c67q57k7rr',
    ]);
  });
});
