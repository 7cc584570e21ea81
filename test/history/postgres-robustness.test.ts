/**
 * The price history in PostgreSQL when things go wrong or many write at once: the counterparts of
 * robustness.test.ts (whose file lock, corrupt file and folder tests are DuckDB's alone).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { SUPERUSER_PASSWORD, describePostgres, usePostgres } from '../helpers/postgres.js';
import { FIXED_NOW } from '../helpers/sandbox.js';
import { tempDir } from '../helpers/tix-env.js';
import { runTix } from '../helpers/tix.js';
import { startTix } from '../helpers/tix-binary.js';
import { sandboxEnv as apiEnv } from '../helpers/tix-env.js';
import { postgresStore, type StoreLocation } from './stores.js';
import { onSale } from './support.js';

const WRITERS = 8;

/** A sandbox of its own, so the kill test can see when tix has every answer (and is about to write). */
let sandbox: Sandbox;
let inventoryRequests = 0;
let entries: string[];

beforeAll(async () => {
  sandbox = await startSandbox({
    now: FIXED_NOW,
    // The world spans twelve years (docs/sandbox.md): 12,000 events put 156 on sale at once (the test tracks 120).
    events: 12000,
    hook: (request) => {
      if (request.path.startsWith('/inventory/')) inventoryRequests++;
    },
  });
  entries = onSale(sandbox, 'TMUSA')
    .slice(0, 300)
    .map((e) => `TMUSA:${e.agentId}`);
  expect(entries.length).toBeGreaterThan(100);
});
afterAll(() => sandbox.close());

const env = () => ({ ...apiEnv(sandbox.url), HOME: tempDir('tix-home-') });
const tix = (args: readonly string[]) => runTix(args, { env: env() });

/** Every snapshot has all its listings, stored once, none without its snapshot, and their count is one of `allowed`. */
async function expectWholeSnapshots(at: StoreLocation, allowed: number[]): Promise<void> {
  const [counts] = await at.sql(`
    SELECT (SELECT count(*)::int FROM snapshots) AS snapshots,
           (SELECT count(DISTINCT (agent, event_id, api_timestamp))::int FROM snapshots) AS distinct_snapshots,
           (SELECT count(*)::int FROM listings) AS listings,
           (SELECT count(DISTINCT (agent, event_id, api_timestamp, listing_id))::int FROM listings) AS distinct_listings`);
  expect(allowed).toContain(counts!.snapshots);
  expect(counts!.distinct_snapshots).toBe(counts!.snapshots);
  expect(counts!.distinct_listings).toBe(counts!.listings);
  const torn = await at.sql(`
    SELECT s.event_id FROM snapshots s LEFT JOIN listings l USING (agent, event_id, api_timestamp)
    GROUP BY s.agent, s.event_id, s.api_timestamp, s.listings HAVING count(l.listing_id) <> s.listings`);
  expect(torn).toEqual([]);
  const orphans = await at.sql(
    'SELECT count(*)::int AS n FROM listings l WHERE NOT EXISTS (SELECT 1 FROM snapshots s WHERE (s.agent, s.event_id, s.api_timestamp) = (l.agent, l.event_id, l.api_timestamp))',
  );
  expect(orphans).toEqual([{ n: 0 }]);
}

describePostgres('the price history in PostgreSQL', () => {
  const store = postgresStore(usePostgres());

  it(`${WRITERS} tix track runs at once over one watch list: every snapshot stored once, the counts adding up`, async () => {
    // An empty schema: the runs also race to create the tables.
    const at = store.fresh();
    const watched = entries.slice(0, 120);
    const runs = await Promise.all(
      Array.from({ length: WRITERS }, () => startTix(['track', ...watched, ...at.args], { env: env(), timeoutMs: 120_000 }).done),
    );
    let stored = 0;
    let already = 0;
    for (const run of runs) {
      expect({ code: run.code, stdout: run.stdout }, run.stderr).toEqual({ code: 0, stdout: '' });
      const [, n, m] = /^track: 120 events: (\d+) snapshots stored, (\d+) already stored, 0 failed \(/m.exec(run.stderr) ?? [];
      expect(Number(n) + Number(m)).toBe(120);
      stored += Number(n);
      already += Number(m);
    }
    expect({ stored, already }).toEqual({ stored: 120, already: 120 * (WRITERS - 1) });
    await expectWholeSnapshots(at, [120]);
    const [{ listings }] = (await at.sql('SELECT sum(listings)::int AS listings FROM snapshots')) as [{ listings: number }];
    expect(await at.sql('SELECT count(*)::int AS n FROM listings')).toEqual([{ n: listings }]);
    expect(listings).toBeGreaterThan(120);
  }, 180_000);

  it('a tix track killed with SIGKILL leaves each snapshot whole or absent, and tix history works after it', async () => {
    // Killed at several moments after the last answer arrived: connecting, writing, committing.
    const outcomes: string[] = [];
    for (const delayMs of [0, 20, 40, 80, 160, 320]) {
      const at = store.fresh();
      const target = inventoryRequests + Math.ceil(entries.length / 10);
      const run = startTix(['track', ...entries, ...at.args], { env: env() });
      while (inventoryRequests < target && run.child.exitCode === null) await sleep(2);
      await sleep(delayMs);
      run.child.kill('SIGKILL');
      const outcome = await run.done;
      outcomes.push(outcome.signal ?? `exit ${outcome.code}`);

      const history = await tix(['history', entries[0]!, ...at.args, '-o', 'json']);
      // Stored (0) or not (4: no history yet); never a broken store.
      expect([0, 4], history.stderr).toContain(history.code);
      if (await tablesExist(at)) await expectWholeSnapshots(at, [0, entries.length]);
      const again = await tix(['track', ...entries, ...at.args]);
      expect(again.code, again.stderr).toBe(0);
      await expectWholeSnapshots(at, [entries.length]);
      expect((await tix(['history', entries[0]!, ...at.args, '-o', 'json'])).code).toBe(0);
    }
    // The test is about kills: most runs must really have been killed mid-way.
    expect(outcomes.filter((o) => o === 'SIGKILL').length).toBeGreaterThanOrEqual(3);
  }, 180_000);

  it('a server that is down: one line and exit 5, after the retries, for track and history', async () => {
    const at = store.fresh();
    const { port } = new URL(at.db);
    const down = `postgres://tix_admin:${encodeURIComponent(SUPERUSER_PASSWORD)}@127.0.0.1:${Number(port) === 65535 ? 65534 : Number(port) + 1}/tix`;
    const shown = down.replace(encodeURIComponent(SUPERUSER_PASSWORD), '***');
    for (const args of [
      ['track', entries[0]!],
      ['history', entries[0]!],
    ]) {
      const result = await tix([...args, '--db', down, '--retries', '1']);
      expect(result).toMatchObject({ code: 5, stdout: '' });
      expect(result.stderr).toBe(
        `tix: cannot open the price history at ${shown}: the server is unavailable: connection refused (is it running, on this host and port?) (after 1 retry)\n`,
      );
    }
  });

  it('a wrong password: one line and exit 1, the password never printed, nothing written', async () => {
    const at = store.fresh();
    const secret = 'wrong-s3cret';
    const wrong = at.db.replace(encodeURIComponent(SUPERUSER_PASSWORD), secret);
    expect(wrong).not.toBe(at.db);
    const schema = at.args.slice(-2);
    for (const args of [
      ['track', entries[0]!],
      ['history', entries[0]!],
      ['track', entries[0]!, '--debug'],
    ]) {
      const result = await tix([...args, '--db', wrong, ...schema]);
      expect(result).toMatchObject({ code: 1, stdout: '' });
      expect(result.stderr).not.toContain(secret);
      const lines = result.stderr
        .trim()
        .split('\n')
        .filter((line) => !line.startsWith('tix debug:'));
      expect(lines).toEqual([
        `tix: cannot open the price history at ${wrong.replace(secret, '***')}: password authentication failed for user "tix_admin" (check the password in the URL, PGPASSWORD or ~/.pgpass)`,
      ]);
    }
    expect(await at.exists()).toBe(false);
  });
});

async function tablesExist(at: StoreLocation): Promise<boolean> {
  return (await at.sql("SELECT 1 FROM pg_tables WHERE schemaname = current_schema() AND tablename = 'snapshots'")).length > 0;
}
