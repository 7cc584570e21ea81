/**
 * Readers never cost a snapshot (issue 19 §5): a track or watch --record that finds the DuckDB file held
 * by another process past --lock-timeout keeps what it fetched in `<db>.pending/` and exits 0; the next run
 * that gets the file stores those batches first, in API-timestamp order, once each. The holder is a real
 * second process (DuckDB's lock is per process): a child Node process with the file open, as a notebook has
 * it, or a `tix history sql` whose reader is slow. Runs give up at once (--lock-timeout 0): waiting out a
 * timeout first is test/history/robustness.test.ts's; here, what is kept and stored after.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXED_NOW } from '../helpers/sandbox.js';
import { startTix } from '../helpers/tix-binary.js';
import { REPO_ROOT, tempDir } from '../helpers/tix-env.js';
import { freshDb, MINUTE, onSale, sql, tixAt, useClockedSandbox } from './support.js';

const clock = useClockedSandbox();
const tix = (args: readonly string[]) => tixAt(clock.sandbox(), args);
const at = (minutes: number) => new Date(Date.parse(FIXED_NOW) + minutes * MINUTE).toISOString().replace('.000Z', 'Z');

/** Opens the file in a process of its own and keeps it open until released: `read` as a notebook reading it does. */
const HOLDER = `
import { DuckDBInstance } from '@duckdb/node-api';
const [file, mode] = process.argv.slice(1);
const instance = await DuckDBInstance.create(file, mode === 'read' ? { access_mode: 'READ_ONLY' } : {});
const connection = await instance.connect();
await connection.run('SELECT count(*) FROM snapshots');
process.stdout.write('holding\\n');
process.stdin.resume();
process.stdin.on('end', () => { connection.closeSync(); instance.closeSync(); });
`;

interface Holder {
  pid: number;
  release(): Promise<void>;
}

async function hold(db: string, mode: 'read' | 'write'): Promise<Holder> {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ['--input-type=module', '-e', HOLDER, db, mode], {
    cwd: REPO_ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const [chunk] = (await Promise.race([once(child.stdout, 'data'), once(child, 'exit')])) as [Buffer | number];
  expect(String(chunk), stderr).toBe('holding\n');
  return {
    pid: child.pid!,
    release: async () => {
      child.stdin.end();
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

const pendingOf = (db: string) => `${db}.pending`;
const pendingFiles = (db: string) => readdirSync(pendingOf(db)).filter((name) => name.endsWith('.json'));
const busyLine = (db: string, pid: number, snapshots: number) =>
  `tix: the history in ${db} is busy (held by another process, PID ${pid}); ${snapshots} ${snapshots === 1 ? 'snapshot' : 'snapshots'} kept in ${pendingOf(db)}/ and stored by the next run\n`;

describe('a DuckDB file held by another process', () => {
  let entries: string[];
  beforeAll(() => {
    clock.setClock(FIXED_NOW);
    entries = onSale(clock.sandbox(), 'TMUSA')
      .slice(0, 5)
      .map((e) => `TMUSA:${e.agentId}`);
    expect(entries).toHaveLength(5);
  });

  const track = async (minutes: number, ...flags: string[]) => {
    clock.setClock(at(minutes));
    return tix(['track', ...entries, ...flags]);
  };

  it('track keeps what it fetched, exits 0 with one line; the next run stores every batch in API-timestamp order', async () => {
    const db = freshDb();
    expect((await track(0, '--db', db)).code).toBe(0);

    const notebook = await hold(db, 'read');
    let heldT30: Awaited<ReturnType<typeof track>>;
    try {
      // Kept in the opposite order to their API timestamps: storing goes by the timestamps, not the files.
      heldT30 = await track(30, '--db', db, '--lock-timeout', '0', '-o', 'csv');
      const heldT15 = await track(15, '--db', db, '--lock-timeout', '0');
      for (const held of [heldT30, heldT15]) {
        expect(held.code).toBe(0);
        expect(held.stderr).toBe(busyLine(db, notebook.pid, 5));
      }
      expect(pendingFiles(db)).toHaveLength(2);
    } finally {
      await notebook.release();
    }
    // -o still prints the rows of what was fetched.
    const rows = heldT30.stdout.trim().split('\r\n');
    expect(rows[0]).toBe('agent,event_id,api_timestamp,fetched_at,listings,tickets,min_price,median_price,max_price');
    expect(rows.slice(1).map((r) => r.split(',')[2])).toEqual(Array(5).fill(at(30)));
    // Private, as the history is.
    expect(statSync(pendingOf(db)).mode & 0o777).toBe(0o700);
    for (const name of pendingFiles(db)) expect(statSync(join(pendingOf(db), name)).mode & 0o777).toBe(0o600);

    const next = await track(45, '--db', db);
    expect(next.code, next.stderr).toBe(0);
    expect(next.stderr).toBe(
      `tix: stored 10 pending snapshots from ${pendingOf(db)}/\n` +
        `track: 5 events: 5 snapshots stored, 0 already stored, 0 failed (${db})\n`,
    );
    expect(pendingFiles(db)).toEqual([]);
    // Stored in API-timestamp order: DuckDB numbers rows in the order they were written.
    const written = await sql(db, "SELECT strftime(api_timestamp, '%H:%M') AS t FROM snapshots ORDER BY rowid");
    expect(written.map((r) => r.t).filter((t, i, all) => t !== all[i - 1])).toEqual(['03:00', '03:15', '03:30', '03:45']);

    const history = await tix(['history', entries[0]!, '--db', db, '-o', 'json']);
    expect(history.code).toBe(0);
    expect(JSON.parse(history.stdout).snapshots.map((s: { api_timestamp: string }) => s.api_timestamp)).toEqual([0, 15, 30, 45].map(at));

    // Nothing twice: a run repeated, and a pending batch stored already (a run killed before deleting it).
    const again = await track(45, '--db', db);
    expect(again.stderr).toContain('0 snapshots stored, 5 already stored');
    const writer = await hold(db, 'write');
    try {
      expect((await track(60, '--db', db, '--lock-timeout', '0')).stderr).toBe(busyLine(db, writer.pid, 5));
    } finally {
      await writer.release();
    }
    const [kept] = pendingFiles(db);
    const copy = join(tempDir('tix-kept-'), kept!);
    copyFileSync(join(pendingOf(db), kept!), copy);
    expect((await track(60, '--db', db)).stderr).toContain(`tix: stored 5 pending snapshots from ${pendingOf(db)}/\n`);
    copyFileSync(copy, join(pendingOf(db), kept!));
    expect((await track(60, '--db', db)).stderr).toBe(
      `tix: stored 0 pending snapshots from ${pendingOf(db)}/ (5 already stored)\n` +
        `track: 5 events: 0 snapshots stored, 5 already stored, 0 failed (${db})\n`,
    );
    expect(await sql(db, 'SELECT count(*)::INTEGER AS n, count(DISTINCT api_timestamp)::INTEGER AS times FROM snapshots')).toEqual([
      { n: 25, times: 5 },
    ]);
    expect(pendingFiles(db)).toEqual([]);
  });

  it('a damaged pending file is set aside with a warning and never stops tracking', async () => {
    const db = freshDb();
    expect((await track(0, '--db', db)).code).toBe(0);
    const notebook = await hold(db, 'read');
    try {
      expect((await track(15, '--db', db, '--lock-timeout', '0')).code).toBe(0);
    } finally {
      await notebook.release();
    }
    const [kept] = pendingFiles(db);
    const text = readFileSync(join(pendingOf(db), kept!), 'utf8');
    const torn = join(pendingOf(db), 'torn.json');
    writeFileSync(torn, text.slice(0, text.length / 2));
    const odd = join(pendingOf(db), 'odd.json');
    writeFileSync(odd, JSON.stringify({ tix_pending: 1, batch: { snapshots: [{ agent: 'TMUSA' }], sales: [] } }));

    const next = await track(30, '--db', db);
    expect(next.code).toBe(0);
    expect(next.stderr).toBe(
      `tix: warning: ${odd} is not a batch of snapshots tix can store (a snapshot without an API timestamp or listings); set aside as ${odd}.bad\n` +
        `tix: warning: ${torn} is not a batch of snapshots tix can store (not JSON); set aside as ${torn}.bad\n` +
        `tix: stored 5 pending snapshots from ${pendingOf(db)}/\n` +
        `track: 5 events: 5 snapshots stored, 0 already stored, 0 failed (${db})\n`,
    );
    expect(readdirSync(pendingOf(db)).sort()).toEqual(['odd.json.bad', 'torn.json.bad']);
    expect(await sql(db, 'SELECT count(*)::INTEGER AS n FROM snapshots')).toEqual([{ n: 15 }]);
    // Set aside for good: the next run does not warn again.
    expect((await track(45, '--db', db)).stderr).toBe(`track: 5 events: 5 snapshots stored, 0 already stored, 0 failed (${db})\n`);
  });

  it('a batch the store refuses stays for the next run, with a warning; a run that fetched nothing still stores what is pending', async () => {
    const db = freshDb();
    expect((await track(0, '--db', db)).code).toBe(0);
    const notebook = await hold(db, 'read');
    try {
      expect((await track(15, '--db', db, '--lock-timeout', '0')).code).toBe(0);
    } finally {
      await notebook.release();
    }
    const refused = join(pendingOf(db), '0-refused.json');
    const day = { provider: 'stubhub', eventId: '1', date: 'soon', totalTickets: 1, totalSales: 1, minPrice: 1, maxPrice: 1, avgPrice: 1 };
    writeFileSync(refused, JSON.stringify({ tix_pending: 1, batch: { snapshots: [], sales: [{ ...day, fetchedAt: at(0) }] } }));

    // Every entry fails (an event the API does not know: exit 1, as for any failed entry), yet what waits is stored.
    clock.setClock(at(30));
    const nothing = await tix(['track', 'evt_zzzzzzzzzz', '--db', db]);
    expect(nothing.code, nothing.stderr).toBe(1);
    expect(nothing.stderr).toBe(
      `tix: warning: the pending snapshots in ${refused} were not stored ('soon' is not a date (YYYY-MM-DD)); left for the next run\n` +
        `tix: stored 5 pending snapshots from ${pendingOf(db)}/\n` +
        'tix: warning: evt_zzzzzzzzzz: event evt_zzzzzzzzzz not found (HTTP 404 from GET /events/evt_zzzzzzzzzz)\n' +
        `track: 1 event: 0 snapshots stored, 0 already stored, 1 failed (${db})\n`,
    );
    expect(pendingFiles(db)).toEqual(['0-refused.json']);
    expect(await sql(db, 'SELECT count(*)::INTEGER AS n FROM snapshots')).toEqual([{ n: 10 }]);
  });

  it('watch --record keeps a poll it cannot store, and a later poll stores it', async () => {
    const db = freshDb();
    expect((await track(0, '--db', db)).code).toBe(0);
    const [agent, id] = entries[0]!.split(':') as [string, string];
    const notebook = await hold(db, 'read');
    clock.setClock(at(15));
    try {
      const watch = await tix(['watch', agent, id, '--db', db, '--count', '1', '--lock-timeout', '0']);
      expect(watch.code, watch.stderr).toBe(0);
      expect(watch.stderr).toContain(busyLine(db, notebook.pid, 1));
      expect(watch.stderr).not.toContain('warning');
    } finally {
      await notebook.release();
    }
    clock.setClock(at(30));
    const later = await tix(['watch', agent, id, '--db', db, '--count', '1']);
    expect(later.code, later.stderr).toBe(0);
    expect(later.stderr).toContain(`tix: stored 1 pending snapshot from ${pendingOf(db)}/\n`);
    expect(
      (await sql(db, `SELECT strftime(api_timestamp, '%H:%M') AS t FROM snapshots WHERE event_id = '${id}' ORDER BY 1`)).map((r) => r.t),
    ).toEqual(['03:00', '03:15', '03:30']);
  });

  it('a tix history sql writing to a slow reader does not hold the file: track stores meanwhile', async () => {
    const db = freshDb();
    const many = onSale(clock.sandbox(), 'TMUSA')
      .slice(0, 30)
      .map((e) => `TMUSA:${e.agentId}`);
    expect(many).toHaveLength(30);
    clock.setClock(at(0));
    expect((await tix(['track', ...many, '--db', db])).code).toBe(0);
    // Megabytes of rows: far more than a pipe holds, so the reader's pace sets when tix can finish.
    const reader = startTix(['history', 'sql', 'SELECT l.*, n FROM listings l, range(40) r(n)', '--db', db, '-o', 'csv'], {
      env: { HOME: tempDir('tix-home-') },
    });
    await once(reader.child.stdout, 'data');
    reader.child.stdout.pause();
    try {
      clock.setClock(at(15));
      // The query holds the file while it runs (its rows go ahead to disk), not while the reader reads them.
      const meanwhile = await tix(['track', ...many, '--db', db, '--lock-timeout', '60']);
      expect(meanwhile.code).toBe(0);
      expect(meanwhile.stderr).toBe(`track: 30 events: 30 snapshots stored, 0 already stored, 0 failed (${db})\n`);
      // The reader was still writing (blocked on the pipe) all along.
      expect(reader.child.exitCode).toBeNull();
    } finally {
      reader.child.stdout.resume();
    }
    const done = await reader.done;
    expect(done.code).toBe(0);
    expect(done.stdout.split('\r\n').length).toBeGreaterThan(10_000);
    // The track waits for the query to finish reading every row, which a loaded machine makes slow.
  }, 120_000);
});

describe('alert rules and pending snapshots', () => {
  it('the run that stores a pending batch evaluates the rules against it, once', async () => {
    clock.setClock(FIXED_NOW);
    const entry = `TMUSA:${onSale(clock.sandbox(), 'TMUSA')[0]!.agentId}`;
    const track = (minutes: number, ...flags: string[]) => {
      clock.setClock(at(minutes));
      return tix(['track', entry, ...flags]);
    };
    const db = freshDb();
    expect((await track(0, '--db', db)).code).toBe(0);
    expect((await tix(['alert', 'add', entry, '--name', 'any low', '--db', db])).code).toBe(0);

    const notebook = await hold(db, 'read');
    try {
      const held = await track(30, '--db', db, '--lock-timeout', '0');
      expect(held.code).toBe(0);
      expect(held.stderr).toBe(busyLine(db, notebook.pid, 1));
    } finally {
      await notebook.release();
    }
    // The same clock again: the run's own snapshot is the pending one, so only the pending batch is new.
    const next = await track(30, '--db', db);
    expect(next.code, next.stderr).toBe(0);
    expect(next.stderr).toContain(`tix: stored 1 pending snapshot from ${pendingOf(db)}/\n`);
    expect(next.stderr).toMatch(/^tix: alert: New low for rule 1 "any low": /m);
    expect(next.stderr).toContain('0 snapshots stored, 1 already stored, 0 failed, 1 alert');
    const fired = await sql(db, "SELECT rule_id, strftime(api_timestamp, '%H:%M') AS t FROM alert_notifications");
    expect(fired).toEqual([{ rule_id: 1n, t: '03:30' }]);
    expect((await track(30, '--db', db)).stderr).not.toContain('tix: alert:');
  });
});
