/**
 * `tix history sql` runs SQL tix did not write, so it is bounded (issue 29 §2): Ctrl-C, SIGTERM and a closed
 * stdout stop the query in the database at once and let go of the store; a run killed outright during
 * --out leaves a temporary file that the next --out into that folder removes. The built binary, real
 * signals, a real terminal.
 */
import { readdirSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { FIXED_NOW } from '../helpers/sandbox.js';
import { PIPE_READER_LEAVES, startTix, type RunningTix } from '../helpers/tix-binary.js';
import { CONFIG_FILE_CASES, configEnv, tempDir } from '../helpers/tix-env.js';
import { startOnTerminal } from '../reliability/support/tmux.js';
import { describeStores, type StoreLocation, type StoreUnderTest } from './stores.js';
import { freshDb, onSale, tixAt, useClockedSandbox } from './support.js';

const clock = useClockedSandbox();
const tix = (args: readonly string[]) => tixAt(clock.sandbox(), args);

/** A query that runs for many minutes: the issue's own on DuckDB; on PostgreSQL a trillion-row join. */
function endless(store: StoreUnderTest): string {
  return store.name === 'DuckDB'
    ? 'SELECT count(*) AS n FROM range(100000000000) a'
    : 'SELECT count(*) AS n FROM generate_series(1, 1000000) a, generate_series(1, 1000000) b';
}

/** A hundred million rows, streamed (on PostgreSQL, from two small series, which a cursor reads as it goes). */
function manyRows(store: StoreUnderTest): string {
  return store.name === 'DuckDB'
    ? 'SELECT range FROM range(100000000)'
    : 'SELECT a * b AS n FROM generate_series(1, 10000) a, generate_series(1, 10000) b';
}

/** Resolves once tix's stderr has shown `pattern` (with --debug, the trace line before the query runs). */
async function untilStderr(running: RunningTix, pattern: RegExp): Promise<void> {
  let seen = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      if (pattern.test(seen)) {
        running.child.stderr.off('data', onData);
        resolve();
      }
    };
    running.child.stderr.on('data', onData);
    running.child.once('exit', () => reject(new Error(`tix exited before ${pattern}: ${seen}`)));
  });
}

const home = () => ({ HOME: tempDir('tix-home-') });

/** A new quarter of an hour of the sandbox's clock for each track that must store a snapshot (inventory changes every 15 minutes). */
let quarters = 0;
const nextClock = () => Date.parse(FIXED_NOW) + ++quarters * 15 * 60_000;

/** The tests' PostgreSQL role is a superuser, which tix warns of (sql.test.ts checks the line itself). */
const withoutRoleWarning = (stderr: string) => stderr.replace(/^tix: warning: history sql runs as PostgreSQL role .*\n/m, '');

describeStores('tix history sql is bounded', (store) => {
  let at: StoreLocation;
  let entry: string;

  beforeAll(async () => {
    at = store.fresh();
    entry = `TMUSA:${onSale(clock.sandbox(), 'TMUSA')[0]!.agentId}`;
    clock.setClock(FIXED_NOW);
    const track = await tix(['track', entry, ...at.args]);
    expect(track.code, track.stderr).toBe(0);
  }, 60_000);

  /**
   * The server's sessions running the query (PostgreSQL): tix declares a cursor for it, then FETCHes from the
   * cursor, and pg_stat_activity shows the statement running, the DECLARE with the query or a FETCH.
   */
  async function runningOnServer(text: string): Promise<number> {
    const rows = await at.sql(
      `SELECT CAST(count(*) AS INTEGER) AS n FROM pg_stat_activity WHERE state = 'active' AND pid <> pg_backend_pid() AND (query LIKE '%${text.replaceAll("'", "''")}%' OR query LIKE 'FETCH FORWARD % FROM tix_sql')`,
    );
    return Number(rows[0]!.n);
  }

  /**
   * Polls until the server runs the cursor's first FETCH, the query's long part (PostgreSQL), for up to 20 s. A
   * run stopped earlier, during the DECLARE, would have its session end soon after tix without any stop work:
   * the server writes the DECLARE's answer to a connection that is gone and notices.
   */
  async function fetching(): Promise<number> {
    const count = async () =>
      Number(
        (
          await at.sql(
            "SELECT CAST(count(*) AS INTEGER) AS n FROM pg_stat_activity WHERE state = 'active' AND query LIKE 'FETCH FORWARD % FROM tix_sql'",
          )
        )[0]!.n,
      );
    let n = await count();
    for (let tries = 0; n === 0 && tries < 40; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      n = await count();
    }
    return n;
  }

  /** After a failed case: its query ends, so that it neither counts in the next case nor keeps the server busy. */
  function endLeftoverQueries(): void {
    if (store.name !== 'PostgreSQL') return;
    onTestFinished(async () => {
      await at.sql(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND (query LIKE 'FETCH FORWARD % FROM tix_sql' OR query LIKE '%generate_series(1, 1000000) b')",
      );
    });
  }

  /** Polls until nothing runs the query on the server (a cancelled statement ends within milliseconds), for up to 20 s. */
  async function goneFromServer(text: string): Promise<number> {
    let count = await runningOnServer(text);
    for (let tries = 0; count > 0 && tries < 40; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      count = await runningOnServer(text);
    }
    return count;
  }

  // Every real user has a config file, and with one conf is loaded: each case runs with it and without (issue 36 §1,
  // where a dependency of conf sent the signal twice and tix exited before the cancel request reached the server).
  describe.each(CONFIG_FILE_CASES)('%s', (_case, withFile) => {
    it('SIGTERM stops the running query: exit 143, and the store is free at once', async () => {
      endLeftoverQueries();
      const query = endless(store);
      const running = startTix(['history', 'sql', query, ...at.args, '--debug'], { env: { ...home(), ...configEnv(withFile) } });
      await untilStderr(running, /history sql: running the query/);
      if (store.name === 'PostgreSQL') expect(await fetching()).toBe(1);
      // DuckDB: a cron track that waits for the file meanwhile gets it, rather than keeping its snapshots pending.
      clock.setClock(nextClock());
      const waiting = store.name === 'DuckDB' ? tix(['track', entry, ...at.args, '--lock-timeout', '120']) : undefined;
      running.child.kill('SIGTERM');
      const outcome = await running.done;
      expect(outcome.code, outcome.stderr).toBe(143);
      expect(outcome.stdout).toBe('');
      if (waiting) {
        const track = await waiting;
        expect(track.code).toBe(0);
        expect(track.stderr).toMatch(/^track: 1 event: 1 snapshot stored/);
      } else {
        expect(await goneFromServer(query)).toBe(0);
      }
    }, 180_000);

    it('Ctrl-C at a terminal stops the running query: exit 130, and nothing goes on running', async () => {
      endLeftoverQueries();
      const query = endless(store);
      const terminal = await startOnTerminal(['history', 'sql', query, ...at.args, '--debug'], { ...home(), ...configEnv(withFile) });
      await terminal.waitFor('history sql: running the query');
      if (store.name === 'PostgreSQL') expect(await fetching()).toBe(1);
      await terminal.press('C-c');
      const outcome = await terminal.done();
      expect(outcome.code, outcome.raw.slice(-400)).toBe(130);
      expect(outcome.raw).not.toMatch(/unexpected|canceling statement/);
      if (store.name === 'PostgreSQL') expect(await goneFromServer(query)).toBe(0);
      else {
        // The file is free: a track that will not wait for it stores its snapshot.
        clock.setClock(nextClock());
        const track = await tix(['track', entry, ...at.args, '--lock-timeout', '0']);
        expect(track.stderr).toMatch(/^track: 1 event: 1 snapshot stored/);
      }
    }, 180_000);
  });

  // Before, a query with no row yet ran until killed: nothing was written, so no EPIPE (issue 36 §2).
  it('a reader that goes away before the first row ends the query: exit 0, quietly, nothing left running', async () => {
    endLeftoverQueries();
    const query = endless(store);
    const outcome = await startTix(['history', 'sql', query, ...at.args], { env: home(), wrapper: PIPE_READER_LEAVES, timeoutMs: 40_000 })
      .done;
    expect(outcome.signal).toBeNull();
    expect(outcome.code, outcome.stderr).toBe(0);
    expect(withoutRoleWarning(outcome.stderr)).toBe('');
    if (store.name === 'PostgreSQL') expect(await runningOnServer(query)).toBe(0);
    else {
      // The file is free: a track that will not wait for it stores its snapshot.
      clock.setClock(nextClock());
      const track = await tix(['track', entry, ...at.args, '--lock-timeout', '0']);
      expect(track.stderr).toMatch(/^track: 1 event: 1 snapshot stored/);
    }
  }, 120_000);

  it('a reader that goes away (| head -2) ends a huge result at once, quietly, exit 0', async () => {
    const query = manyRows(store);
    const running = startTix(['history', 'sql', query, ...at.args, '-o', 'csv'], { env: home() });
    let seen = '';
    await new Promise<void>((resolve) => {
      running.child.stdout.on('data', (chunk: Buffer) => {
        seen += chunk.toString('utf8');
        if (seen.split('\n').length > 2) resolve();
      });
    });
    running.child.stdout.destroy();
    const outcome = await running.done;
    expect(outcome.code).toBe(0);
    expect(withoutRoleWarning(outcome.stderr)).toBe('');
    expect(seen.split('\r\n')[0]).toBe(store.name === 'DuckDB' ? 'range' : 'n');
    if (store.name === 'PostgreSQL') expect(await goneFromServer(query)).toBe(0);
  }, 180_000);
});

describe('history sql --out after a run killed outright', () => {
  it('the next --out into the folder removes the temporary file whose process is gone', async () => {
    const db = freshDb();
    clock.setClock(FIXED_NOW);
    expect((await tix(['track', `TMUSA:${onSale(clock.sandbox(), 'TMUSA')[0]!.agentId}`, '--db', db])).code).toBe(0);
    const dir = tempDir('tix-out-');
    const running = startTix(
      ['history', 'sql', 'SELECT count(*) AS n FROM range(100000000000) a', '--db', db, '--out', join(dir, 'x.csv'), '--debug'],
      {
        env: home(),
      },
    );
    await untilStderr(running, /history sql: running the query/);
    running.child.kill('SIGKILL');
    await running.done.catch(() => {});
    const left = readdirSync(dir);
    expect(left).toEqual([expect.stringMatching(new RegExp(`^\\.x\\.csv\\.tmp-${running.child.pid}-[0-9a-z]{8}$`))]);
    // Nothing has written it for a while (a file written a moment ago may be another machine's, on a shared folder).
    const old = new Date(Date.now() - 5 * 60_000);
    utimesSync(join(dir, left[0]!), old, old);

    const next = await tix(['history', 'sql', 'SELECT 1 AS one', '--db', db, '--out', join(dir, 'y.csv')]);
    expect(next.code, next.stderr).toBe(0);
    expect(readdirSync(dir)).toEqual(['y.csv']);
  }, 120_000);
});
