/**
 * Issue 29 §4 and issue 28 §1 for alert rules: a command that only reads or changes rules never creates a
 * history; `alert add` checks its event with the API and refuses what can never fire; notification ids are
 * never reused after `alert rm` (both stores), and a history of the previous schema keeps its ids; exit
 * codes as the README's table gives them (track with failed entries, a refused key, a held file); and
 * `history export` refuses to copy a store onto itself.
 */
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../src/store/duckdb-schema.js';
import { FIXED_NOW } from '../helpers/sandbox.js';
import { runBuiltTix } from '../helpers/tix-binary.js';
import { sandboxEnv, tempDir } from '../helpers/tix-env.js';
import { describePostgres, usePostgres } from '../helpers/postgres.js';
import { describeStores, postgresStore } from '../history/stores.js';
import { freshDb, onSale, sql, tixAt, useClockedSandbox } from '../history/support.js';
import { ndjsonAlerts } from './support.js';

const clock = useClockedSandbox();
const tix = (args: readonly string[], env: Record<string, string> = {}) =>
  tixAt(clock.sandbox(), args, { env, now: () => new Date(clock.now()) });

let tm: { id: string; agentId: string }[];
beforeAll(() => {
  clock.setClock(FIXED_NOW);
  tm = onSale(clock.sandbox(), 'TMUSA').slice(14, 20);
});

/** The one line a failed run printed on stderr (and that it was one line). */
function oneLine(stderr: string): string {
  const lines = stderr.trim().split('\n');
  expect(lines, stderr).toHaveLength(1);
  return lines[0]!;
}

describe('alert commands that only read or change rules', () => {
  for (const verb of [['rm', '1'], ['pause', '1'], ['resume', '1'], ['test', '1'], ['approve', '1'], ['list']]) {
    it(`alert ${verb[0]} --db typo.duckdb creates nothing`, async () => {
      const typo = join(tempDir('tix-typo-'), 'typo.duckdb');
      const result = await tix(['alert', ...verb, '--db', typo]);
      if (verb[0] === 'list') expect(result.code).toBe(0);
      else {
        expect(result.code).toBe(4);
        expect(oneLine(result.stderr)).toBe(`tix: no price history in ${typo} yet: record some with 'tix track'`);
      }
      expect(existsSync(typo)).toBe(false);
    });
  }
});

describe('alert add refuses what can never fire', () => {
  it('an evt_ id the API does not know: exit 2, one line', async () => {
    const db = freshDb();
    const result = await tix(['alert', 'add', 'evt_doesnotexist', '--db', db]);
    expect(result.code).toBe(2);
    expect(oneLine(result.stderr)).toBe("tix: <event>: the API knows no event evt_doesnotexist (HTTP 404): see 'tix events search'");
    expect(existsSync(db)).toBe(false);
  });

  it('an event that could not be checked is added, and stderr says so', async () => {
    const db = freshDb();
    const result = await tix(['alert', 'add', 'evt_doesnotexist', '--db', db], { TIX_BASE_URL: 'http://127.0.0.1:9', TIX_RETRIES: '0' });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('1\n');
    expect(result.stderr).toMatch(
      /^tix: note: evt_doesnotexist could not be checked with the API \(.+\); the rule is added all the same\n/,
    );
  });

  it('an --until already past, a --notify-url with a newline: exit 2, one line', async () => {
    const db = ['--db', freshDb()];
    const past = await tix(['alert', 'add', tm[0]!.id, '--until', '2026-03-14', ...db]);
    expect(past.code).toBe(2);
    expect(oneLine(past.stderr)).toBe("tix: --until must be in the future: '2026-03-14' has passed (the rule would never fire)");
    const url = await tix(['alert', 'add', tm[0]!.id, '--notify-url', 'https://hooks.example.com/a\nb', ...db]);
    expect(url.code).toBe(2);
    expect(oneLine(url.stderr)).toBe('tix: --notify-url must be an http:// or https:// URL on one line, without control characters');
  });
});

describeStores('notification ids', (store) => {
  it('are never reused after alert rm', async () => {
    const at = store.fresh();
    clock.setClock(FIXED_NOW);
    const [a, b, c] = tm.slice(0, 3).map((e) => `TMUSA:${e.agentId}`);
    for (const entry of [a, b]) expect((await tix(['alert', 'add', entry!, ...at.args])).code).toBe(0);
    const first = await tix(['track', a!, b!, ...at.args, '-o', 'ndjson']);
    expect(ndjsonAlerts(first.stdout).map((x) => [x.rule, x.id])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect((await tix(['alert', 'rm', '2', ...at.args])).code).toBe(0);
    expect((await tix(['alert', 'add', c!, ...at.args])).stdout).toBe('3\n');
    const later = await tix(['track', c!, ...at.args, '-o', 'ndjson']);
    expect(ndjsonAlerts(later.stdout).map((x) => [x.rule, x.id])).toEqual([[3, 3]]);
  }, 60_000);
});

describe('a history of the previous schema', () => {
  it('keeps its notification ids, and the next alert takes the one after the highest', async () => {
    const db = freshDb();
    clock.setClock(FIXED_NOW);
    const [a, b] = tm.slice(3, 5).map((e) => `TMUSA:${e.agentId}`);
    expect((await tix(['alert', 'add', a!, '--db', db])).code).toBe(0);
    expect((await tix(['track', a!, '--db', db])).code).toBe(0);
    // As the previous tix left it: no counter, and the version before this one.
    const instance = await DuckDBInstance.create(db);
    const connection = await instance.connect();
    await connection.run('DROP TABLE alert_notification_ids');
    await connection.run('UPDATE alert_notifications SET id = 41');
    await connection.run('UPDATE alert_deliveries SET notification_id = 41');
    await connection.run(`UPDATE tix_meta SET schema_version = ${SCHEMA_VERSION - 1}`);
    connection.closeSync();
    instance.closeSync();
    expect((await tix(['alert', 'add', b!, '--db', db])).code).toBe(0);
    const run = await tix(['track', b!, '--db', db, '-o', 'ndjson']);
    expect(ndjsonAlerts(run.stdout).map((x) => x.id)).toEqual([42]);
    expect(await sql(db, 'SELECT CAST(id AS INTEGER) AS id FROM alert_notifications ORDER BY id')).toEqual([{ id: 41 }, { id: 42 }]);
  }, 60_000);
});

describe('exit codes as the README gives them', () => {
  it('track whose every entry fails exits 1; a refused key is one error line, exit 3, not a warning', async () => {
    const db = ['--db', freshDb()];
    const failed = await tix(['track', 'evt_doesnotexist', 'evt_neitherdoesthis', ...db]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('tix: warning: evt_doesnotexist: event evt_doesnotexist not found');
    expect(failed.stderr).toContain('0 snapshots stored');

    const refused = await tix(['track', `TMUSA:${tm[0]!.agentId}`, `TMUSA:${tm[1]!.agentId}`, ...db], { TIX_API_KEY: 'not-the-key' });
    expect(refused.code).toBe(3);
    expect(oneLine(refused.stderr)).not.toContain('warning');
  });

  it('alert add on a DuckDB file another process holds exits 5 (try again later)', async () => {
    const db = freshDb();
    const env = { ...sandboxEnv(clock.sandbox().url), TIX_CONFIG_DIR: tempDir('tix-config-') };
    expect((await tix(['alert', 'add', tm[0]!.id, '--db', db])).code).toBe(0);
    const instance = await DuckDBInstance.create(db);
    const connection = await instance.connect();
    try {
      const held = await runBuiltTix(['alert', 'add', `TMUSA:${tm[1]!.agentId}`, '--db', db, '--lock-timeout', '0'], { env });
      expect(held.code).toBe(5);
      expect(oneLine(held.stderr)).toMatch(/^tix: .* is in use by another process/);
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  }, 60_000);

  it('history export --to the same file, under another name or through a link, is refused: exit 2', async () => {
    const db = freshDb();
    expect((await tix(['track', `TMUSA:${tm[0]!.agentId}`, '--db', db])).code).toBe(0);
    const link = join(tempDir('tix-link-'), 'link.duckdb');
    symlinkSync(db, link);
    const relative = join(dirname(db), 'sub', '..', 'history.duckdb');
    mkdirSync(join(dirname(db), 'sub'));
    for (const to of [link, relative]) {
      const result = await tix(['history', 'export', '--db', db, '--to', to]);
      expect(result.code).toBe(2);
      expect(oneLine(result.stderr)).toBe('tix: --to names the same store as --db: give another file, database or --to-schema');
    }
  });
});

describePostgres('PostgreSQL alert tables', () => {
  const pgStore = postgresStore(usePostgres());
  it('are not created by a command that only changes rules', async () => {
    const at = pgStore.fresh();
    for (const verb of ['rm', 'pause', 'resume', 'test', 'approve']) {
      const result = await tix(['alert', verb, '1', ...at.args]);
      expect(result.code, result.stderr).toBe(4);
      expect(oneLine(result.stderr)).toMatch(/^tix: no price history in .* yet: record some with 'tix track'$/);
    }
    expect(await at.exists()).toBe(false);
  });

  it('have indexes for their lookups', async () => {
    const at = pgStore.fresh();
    expect((await tix(['alert', 'add', `TMUSA:${tm[0]!.agentId}`, ...at.args])).code).toBe(0);
    const indexes = await at.sql(
      `SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename LIKE 'alert%' AND indexname NOT LIKE '%pkey' ORDER BY 1`,
    );
    expect(indexes.map((r) => r.indexname)).toEqual([
      'alert_deliveries_pending',
      'alert_notifications_by_rule',
      'alert_rules_by_agent_event',
      'alert_rules_by_event',
    ]);
  });
});

describe('alert add note', () => {
  it('spells the --until instant as tix does elsewhere, to the second', async () => {
    const result = await tix(['alert', 'add', tm[0]!.id, '--until', '2026-04-01', '--db', freshDb()]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe(`alert 1 added: ${tm[0]!.id} any new low until 2026-04-01T23:59:59Z\n`);
  });
});
