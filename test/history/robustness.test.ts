import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../src/store/duckdb-schema.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { FIXED_NOW } from '../helpers/sandbox.js';
import { tempDir } from '../helpers/tix-env.js';
import { runTix } from '../helpers/tix.js';
import { runBuiltTix, startTix } from '../helpers/tix-binary.js';
import { sandboxEnv as apiEnv } from '../helpers/tix-env.js';
import { freshDb, onSale, sql } from './support.js';

/*
 * DuckDB only: a DuckDB file's lock, a file killed mid-write, a file that is not a database, a folder that
 * cannot be made. postgres-robustness.test.ts has PostgreSQL's counterparts (many writers at once, a kill,
 * a server that is down, a wrong password).
 */

/** A sandbox of its own, so the kill test can see when tix has every answer (and is about to write). */
let sandbox: Sandbox;
let inventoryRequests = 0;
let entries: string[];

beforeAll(async () => {
  sandbox = await startSandbox({
    now: FIXED_NOW,
    // The world spans twelve years (docs/sandbox.md): 8,000 events put over a hundred on sale at once.
    events: 8000,
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
/** For runs that must meet this test process's DuckDB lock as another process does. */
const tixProcess = (args: readonly string[]) => runBuiltTix(args, { env: env() });

/** Every snapshot has all its listings, and their count is all or none of what a run stores. */
async function expectWholeSnapshots(db: string, allowed: number[]): Promise<void> {
  const [{ n }] = (await sql(db, 'SELECT count(*)::INTEGER AS n FROM snapshots')) as [{ n: number }];
  expect(allowed).toContain(n);
  const torn = await sql(
    db,
    `SELECT s.event_id FROM snapshots s LEFT JOIN listings l USING (agent, event_id, api_timestamp)
     GROUP BY s.agent, s.event_id, s.api_timestamp, s.listings HAVING count(l.listing_id) <> s.listings`,
  );
  expect(torn).toEqual([]);
  const orphans = await sql(
    db,
    'SELECT count(*)::INTEGER AS n FROM listings l ANTI JOIN snapshots s USING (agent, event_id, api_timestamp)',
  );
  expect(orphans).toEqual([{ n: 0 }]);
}

/** Holds the file the way a writing process does, until released. */
async function holdLock(db: string): Promise<() => void> {
  const instance = await DuckDBInstance.create(db);
  const connection = await instance.connect();
  return () => {
    connection.closeSync();
    instance.closeSync();
  };
}

describe('two tix track runs at once on one DuckDB file', () => {
  it('both succeed, one after the other, and each snapshot is stored once', async () => {
    const db = freshDb();
    const args = ['track', ...entries.slice(0, 60), '--db', db];
    const [first, second] = await Promise.all([startTix(args, { env: env() }).done, startTix(args, { env: env() }).done]);
    expect([first.code, second.code]).toEqual([0, 0]);
    const summaries = [first.stderr, second.stderr].map((s) =>
      /(\d+) snapshots stored, (\d+) already stored, 0 failed/.exec(s)!.slice(1).map(Number),
    );
    expect(summaries.sort()).toEqual([
      [0, 60],
      [60, 0],
    ]);
    await expectWholeSnapshots(db, [60]);
  });

  it('the second waits while the file is held and stores once it is free', async () => {
    const db = freshDb();
    expect((await tix(['track', entries[0]!, '--db', db])).code).toBe(0);
    const release = await holdLock(db);
    const waiting = startTix(['track', ...entries.slice(0, 5), '--db', db, '--lock-timeout', '60'], { env: env() });
    await sleep(1500);
    release();
    const result = await waiting.done;
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('4 snapshots stored, 1 already stored');
    await expectWholeSnapshots(db, [5]);
  });

  it('gives up after --lock-timeout, keeping what it fetched in the pending folder for the next run (history: exit 5, try again later)', async () => {
    const db = freshDb();
    expect((await tix(['track', entries[0]!, '--db', db])).code).toBe(0);
    const release = await holdLock(db);
    try {
      const track = await tixProcess(['track', ...entries.slice(0, 5), '--db', db, '--lock-timeout', '0.5']);
      expect(track.code).toBe(0);
      expect(track.stderr).toBe(
        `tix: the history in ${db} is busy (held by another process, PID ${process.pid}); 5 snapshots kept in ${db}.pending/ and stored by the next run\n`,
      );
      const history = await tixProcess(['history', entries[0]!, '--db', db, '--lock-timeout', '0']);
      expect(history.code).toBe(5);
      expect(history.stderr.trim()).toBe(
        `tix: ${db} is in use by another process (PID ${process.pid}); gave up waiting after 0 s (see --lock-timeout)`,
      );
    } finally {
      release();
    }
    await expectWholeSnapshots(db, [1]);
    const after = await tix(['track', ...entries.slice(0, 5), '--db', db]);
    expect(after.stderr).toContain(`tix: stored 4 pending snapshots from ${db}.pending/ (1 already stored)`);
    expect(after.stderr).toContain('0 snapshots stored, 5 already stored');
    await expectWholeSnapshots(db, [5]);
  });
});

describe('a tix track into a DuckDB file killed with SIGKILL', () => {
  it('leaves a file that opens, with each snapshot whole or absent', async () => {
    // Killed at several moments after the last answer arrived: opening the file, writing, committing.
    const outcomes: string[] = [];
    for (const delayMs of [0, 20, 40, 80, 160, 320]) {
      const db = freshDb();
      const target = inventoryRequests + Math.ceil(entries.length / 10);
      const run = startTix(['track', ...entries, '--db', db], { env: env() });
      while (inventoryRequests < target && run.child.exitCode === null) await sleep(2);
      await sleep(delayMs);
      run.child.kill('SIGKILL');
      const outcome = await run.done;
      outcomes.push(outcome.signal ?? `exit ${outcome.code}`);

      const history = await tix(['history', entries[0]!, '--db', db, '-o', 'json']);
      // Stored (0) or not (4: no history yet); never a broken file.
      expect([0, 4], history.stderr).toContain(history.code);
      // Killed before the tables were made, the file is an empty database, which the next run sets up.
      const tables = existsSync(db)
        ? await sql(db, "SELECT count(*)::INTEGER AS n FROM duckdb_tables() WHERE table_name = 'snapshots'")
        : [{ n: 0 }];
      if (tables[0]!.n === 1) await expectWholeSnapshots(db, [0, entries.length]);
      const again = await tix(['track', ...entries, '--db', db]);
      expect(again.code).toBe(0);
      await expectWholeSnapshots(db, [entries.length]);
    }
    // The test is about kills: most runs must really have been killed mid-way.
    expect(outcomes.filter((o) => o === 'SIGKILL').length).toBeGreaterThanOrEqual(3);
  }, 120_000);
});

describe('an empty DuckDB file, as a writer killed between creating it and writing its header leaves it', () => {
  it('is no history yet to a reader (exit 4), and the next track starts the history over it', async () => {
    const db = freshDb();
    writeFileSync(db, '');
    const history = await tix(['history', entries[0]!, '--db', db]);
    expect(history.code).toBe(4);
    expect(history.stderr).toBe(`tix: no price history in ${db} yet: record some with 'tix track'\n`);
    const track = await tix(['track', ...entries.slice(0, 3), '--db', db]);
    expect(track.code, track.stderr).toBe(0);
    expect(track.stderr).toContain('3 snapshots stored, 0 already stored, 0 failed');
    await expectWholeSnapshots(db, [3]);
  });
});

describe('a DuckDB file tix cannot use', () => {
  it('is refused when it is not a DuckDB database, its bytes unchanged', async () => {
    const db = freshDb();
    const bytes = Buffer.from('id,price\n1,20.5\n'.repeat(500));
    writeFileSync(db, bytes);
    for (const args of [
      ['track', entries[0]!],
      ['history', entries[0]!],
    ]) {
      const result = await tix([...args, '--db', db]);
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(`tix: ${db} is not a DuckDB database (tix keeps price history in DuckDB files): give another --db`);
    }
    expect(readFileSync(db).equals(bytes)).toBe(true);
    expect(existsSync(`${db}.wal`)).toBe(false);
  });

  it('is refused when a newer tix wrote it', async () => {
    const db = freshDb();
    expect((await tix(['track', entries[0]!, '--db', db])).code).toBe(0);
    const instance = await DuckDBInstance.create(db);
    const connection = await instance.connect();
    await connection.run(`UPDATE tix_meta SET schema_version = ${SCHEMA_VERSION + 1}`);
    connection.closeSync();
    instance.closeSync();
    for (const args of [
      ['track', entries[1]!],
      ['history', entries[0]!],
    ]) {
      const result = await tix([...args, '--db', db]);
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toMatch(
        new RegExp(
          `^tix: .*history\\.duckdb was written by a newer tix \\(history schema version ${SCHEMA_VERSION + 1}; this tix .* knows up to ${SCHEMA_VERSION}\\): upgrade tix$`,
        ),
      );
    }
    expect(await sql(db, 'SELECT count(*)::INTEGER AS n FROM snapshots')).toEqual([{ n: 1 }]);
  });

  it('is refused when its default folder cannot be made, and nothing is created', async () => {
    // A folder the user names must exist (exit 2: test/history/unknown-agents.test.ts); tix makes only its own.
    const home = tempDir('tix-nowrite-');
    writeFileSync(join(home, '.local'), 'not a folder');
    const result = await runTix(['track', entries[0]!], { env: { ...apiEnv(sandbox.url), HOME: home } });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `tix: cannot create the folder ${join(home, '.local', 'share', 'tix')} for the price history: a file is in the way`,
    );
    expect(readFileSync(join(home, '.local'), 'utf8')).toBe('not a folder');
  });
});
