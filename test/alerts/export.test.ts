/**
 * Issue 28 §1: `history export` carries the alert rules, their notifications and pending deliveries, both
 * ways between DuckDB and PostgreSQL: ids kept where the target never issued them, else renumbered
 * consistently (a notification follows its rule, a delivery its notification); run again, it copies nothing
 * twice; and the target's counters move past what was copied, so the next rule and alert take new ids.
 */
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describePostgres, usePostgres } from '../helpers/postgres.js';
import { FIXED_NOW } from '../helpers/sandbox.js';
import { tempDir } from '../helpers/tix-env.js';
import { postgresStore } from '../history/stores.js';
import { freshDb, onSale, sql, tixAt, useClockedSandbox } from '../history/support.js';
import { ndjsonAlerts } from './support.js';

const clock = useClockedSandbox();
const machine = tempDir('tix-export-machine-');
const tix = (args: readonly string[], env: Record<string, string> = {}) =>
  tixAt(clock.sandbox(), args, { env: { TIX_CONFIG_DIR: machine, TIX_RETRIES: '0', ...env }, now: () => new Date(clock.now()) });
const DEAD = 'http://127.0.0.1:9/hook';

let entries: string[];
beforeAll(() => {
  clock.setClock(FIXED_NOW);
  entries = onSale(clock.sandbox(), 'TMUSA')
    .slice(20, 24)
    .map((e) => `TMUSA:${e.agentId}`);
});

const RULES = 'SELECT CAST(id AS INTEGER) AS id, target, notify_url FROM alert_rules ORDER BY id';
const NOTIFICATIONS =
  'SELECT CAST(id AS INTEGER) AS id, CAST(rule_id AS INTEGER) AS rule_id, listing_id FROM alert_notifications ORDER BY id';
const DELIVERIES =
  'SELECT CAST(notification_id AS INTEGER) AS notification_id, channel, claimed_at IS NULL AS unclaimed, delivered_at IS NULL AS pending FROM alert_deliveries ORDER BY 1';

describePostgres('history export with alerts', () => {
  const store = postgresStore(usePostgres());

  it('copies rules, notifications and pending deliveries both ways, keeping ids where free and renumbering the rest', async () => {
    clock.setClock(FIXED_NOW);
    const first = freshDb();
    for (const entry of entries.slice(0, 2)) expect((await tix(['alert', 'add', entry, '--notify-url', DEAD, '--db', first])).code).toBe(0);
    expect((await tix(['track', ...entries.slice(0, 2), '--db', first])).code).toBe(0);
    const second = freshDb();
    expect((await tix(['alert', 'add', entries[2]!, '--db', second])).code).toBe(0);
    expect((await tix(['track', entries[2]!, '--db', second])).code).toBe(0);

    const team = store.fresh();
    const one = await tix(['history', 'export', '--db', first, '--to', team.db, '--to-schema', team.args[3]!]);
    expect(one.code, one.stderr).toBe(0);
    expect(one.stderr).toContain('tix: copied 2 alert rules, 2 notifications and 2 deliveries (2 pending)\n');
    const two = await tix(['history', 'export', '--db', second, '--to', team.db, '--to-schema', team.args[3]!]);
    expect(two.code, two.stderr).toBe(0);
    expect(two.stderr).toContain('tix: copied 1 alert rule, 1 notification and 0 deliveries (0 pending); 2 given new ids, taken in');
    // Again: everything is there already.
    const again = await tix(['history', 'export', '--db', first, '--to', team.db, '--to-schema', team.args[3]!]);
    expect(again.stderr).toContain('tix: copied 0 alert rules, 0 notifications and 0 deliveries (0 pending)\n');

    const sourceRules = await sql(first, RULES);
    expect(await team.sql(RULES)).toEqual([...sourceRules, { id: 3, target: entries[2], notify_url: null }]);
    const sourceNotifications = await sql(first, NOTIFICATIONS);
    const [secondNotification] = await sql(second, NOTIFICATIONS);
    expect(await team.sql(NOTIFICATIONS)).toEqual([...sourceNotifications, { ...secondNotification, id: 3, rule_id: 3 }]);
    expect(await team.sql(DELIVERIES)).toEqual([
      { notification_id: 1, channel: 'url', unclaimed: true, pending: true },
      { notification_id: 2, channel: 'url', unclaimed: true, pending: true },
    ]);

    // The team's next rule and alert take new ids; the pending deliveries are tried from there.
    expect((await tix(['alert', 'add', entries[3]!, ...team.args])).stdout).toBe('4\n');
    const tracked = await tix(['track', entries[3]!, ...team.args, '-o', 'ndjson']);
    expect(ndjsonAlerts(tracked.stdout).map((a) => [a.rule, a.id])).toEqual([[4, 4]]);
    expect(tracked.stderr).toContain('alert 1 (rule 1) not delivered');

    // And back to a file: every id free there, so kept; the file's counters follow.
    const back = join(tempDir('tix-export-back-'), 'back.duckdb');
    const home = await tix(['history', 'export', ...team.args, '--to', back]);
    expect(home.code, home.stderr).toBe(0);
    expect(home.stderr).toContain('tix: copied 4 alert rules, 4 notifications and 2 deliveries (2 pending)\n');
    expect(await sql(back, RULES)).toEqual(await team.sql(RULES));
    expect(await sql(back, NOTIFICATIONS)).toEqual(await team.sql(NOTIFICATIONS));
    expect((await tix(['alert', 'add', entries[0]!, '--db', back])).stdout).toBe('5\n');
    clock.setClock(Date.parse(FIXED_NOW) + 15 * 60_000);
    const later = await tix(['track', entries[0]!, '--db', back, '-o', 'ndjson']);
    expect(ndjsonAlerts(later.stdout).every((a) => (a.id as number) > 4)).toBe(true);
  }, 120_000);
});
