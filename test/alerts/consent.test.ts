/**
 * Issue 29 §3: a rule's --notify-exec is kept in the history, which a team shares, so it must never run on a
 * machine that did not consent. Two machines (two config folders and HOMEs) on one store: the second's
 * `track` does not run the first's command, says so in one line, and leaves the delivery pending; once it
 * approves the command (`tix alert approve`, shown in full), it runs it, with no tix or database secrets in
 * the command's environment but the ones its notify-exec-env setting names.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { beforeAll, expect, it } from 'vitest';
import { FIXED_NOW } from '../helpers/sandbox.js';
import { tempDir } from '../helpers/tix-env.js';
import { describeStores, type StoreLocation } from '../history/stores.js';
import { onSale, tixAt, useClockedSandbox } from '../history/support.js';
import { alertLines } from './support.js';

const clock = useClockedSandbox();

/** A machine: its own HOME and config folder (where approvals live), and its own secrets in the environment. */
function machine(name: string, env: Record<string, string> = {}) {
  const config = tempDir(`tix-${name}-config-`);
  return (args: readonly string[], extra: Record<string, string> = {}) =>
    tixAt(clock.sandbox(), args, {
      env: { HOME: tempDir(`tix-${name}-home-`), TIX_CONFIG_DIR: config, PGPASSWORD: `pg-secret-of-${name}`, ...env, ...extra },
      now: () => new Date(clock.now()),
    });
}

let entry: string;
beforeAll(() => {
  clock.setClock(FIXED_NOW);
  entry = `TMUSA:${onSale(clock.sandbox(), 'TMUSA')[3]!.agentId}`;
});

describeStores("a rule's command on a shared history", (store) => {
  it("runs on the machine that added it, and on another only once approved there; never with tix's secrets", async () => {
    const at = store.fresh();
    const dir = tempDir('tix-consent-');
    const ran = join(dir, 'ran.log');
    const envDump = join(dir, 'env.txt');
    const command = `cat >> '${ran}'; env > '${envDump}'`;
    const alice = machine('alice');
    // Secrets of Bob's besides the key (issue 36 §5): the sql-db URL and copies of it, bare passwords, a proxy's credentials.
    const bob = machine('bob', {
      PGSERVICE: 'team',
      TIX_NOTIFY_EXEC_ENV: 'PGSERVICE',
      TIX_SQL_DB: 'postgres://reader:reader-pass-123@db.example:5432/market',
      SQL_COPY: 'postgres://reader:reader-pass-123@db.example:5432/market',
      READER_PASSWORD: 'reader-pass-123',
      https_proxy: 'http://puser:proxy-pass-456@127.0.0.1:3128',
      PROXY_PASSWORD: 'proxy-pass-456',
      no_proxy: '*',
    });

    const added = await alice(['alert', 'add', entry, '--notify-exec', command, ...at.args]);
    expect(added.code, added.stderr).toBe(0);

    // Bob's run stores the new low and fires the alert, but does not run Alice's command: one line says so.
    clock.setClock(FIXED_NOW);
    const first = await bob(['track', entry, ...at.args]);
    expect(first.code, first.stderr).toBe(0);
    expect(alertLines(first.stderr)).toHaveLength(1);
    expect(first.stderr.split('\n').filter((l) => l.startsWith('tix: warning:'))).toEqual([
      "tix: warning: the --notify-exec command of rule 1 comes from the history and is not approved on this machine: not run, left pending (see it with 'tix alert list'; run it from now on with 'tix alert approve 1')",
    ]);
    expect(existsSync(ran)).toBe(false);
    expect(await at.sql('SELECT attempts, claimed_at IS NULL AS free, delivered_at IS NULL AS pending FROM alert_deliveries')).toEqual([
      { attempts: 0, free: true, pending: true },
    ]);

    // alert list shows Bob the command in full, and that it is not approved on his machine (Alice's is).
    const listed = await bob(['alert', 'list', ...at.args, '-o', 'json']);
    const notify = JSON.parse(listed.stdout).rules[0].notify;
    expect(notify).toBe(`--notify-exec '${command.replace(/'/g, "'\\''")}' (not approved here: tix alert approve 1)`);
    // As a table too, the one a person reads (issue 36 §5: it had no notify column).
    const table = await bob(['alert', 'list', ...at.args, '-o', 'table']);
    expect(table.stdout.split('\n')[1]).toMatch(/\bnotify\b/);
    expect(table.stdout).toContain(`(not approved here: tix alert approve 1)`);
    expect(table.stdout).toContain(`cat >> '`);
    const alices = JSON.parse((await alice(['alert', 'list', ...at.args, '-o', 'json'])).stdout).rules[0].notify;
    expect(alices).toBe(`--notify-exec '${command.replace(/'/g, "'\\''")}' (approved here)`);

    // Approved on Bob's machine: shown in full, and his next run sends the pending alert through it.
    const approved = await bob(['alert', 'approve', '1', ...at.args]);
    expect(approved).toMatchObject({ code: 0, stdout: '', stderr: `alert 1: approved on this machine: ${command}\n` });
    const second = await bob(['track', entry, ...at.args]);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).not.toContain('warning');
    expect(readFileSync(ran, 'utf8').trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(readFileSync(ran, 'utf8')).rule).toBe(1);

    // The command's environment: none of tix's or the database's secrets, but what notify-exec-env names.
    const env = readFileSync(envDump, 'utf8');
    expect(env).toContain('TIX_ALERT_RULE=1\n');
    expect(env).toContain('PGSERVICE=team\n');
    for (const secret of ['TIX_API_KEY', 'sandbox-key', 'PGPASSWORD', 'pg-secret-of-bob', 'TIX_BASE_URL', 'TIX_CONFIG_DIR'])
      expect(env).not.toContain(secret);
    for (const secret of ['reader-pass-123', 'proxy-pass-456', 'SQL_COPY', 'READER_PASSWORD', 'PROXY_PASSWORD', 'https_proxy'])
      expect(env).not.toContain(secret);
    expect(env).toContain('no_proxy=*\n');
    if (store.name === 'PostgreSQL') expect(env).not.toContain(at.db);

    // Delivered: Alice's next run has nothing to send.
    expect((await alice(['track', entry, ...at.args])).code).toBe(0);
    expect(readFileSync(ran, 'utf8').trim().split('\n')).toHaveLength(1);
  }, 90_000);

  it("leaves an alert made for another machine's notify-exec setting to that machine, quietly", async () => {
    const at = store.fresh();
    const dir = tempDir('tix-consent-setting-');
    const ran = join(dir, 'ran.log');
    const setting = { TIX_NOTIFY_EXEC: `cat >> '${ran}'` };
    const alice = machine('alice2', setting);
    const bob = machine('bob2');
    const entry2 = `TMUSA:${onSale(clock.sandbox(), 'TMUSA')[4]!.agentId}`;
    expect((await alice(['alert', 'add', entry2, ...at.args])).code).toBe(0);
    clock.setClock(FIXED_NOW);
    // Alice's run stores the alert with her setting's command and runs it; to show Bob's side, it is made pending again.
    const first = await alice(['track', entry2, ...at.args]);
    expect(first.code, first.stderr).toBe(0);
    expect(readFileSync(ran, 'utf8').trim().split('\n')).toHaveLength(1);
    await writeSql(store.name, at, 'UPDATE alert_deliveries SET delivered_at = NULL, claimed_at = NULL');
    const bobs = await bob(['track', entry2, ...at.args]);
    expect(bobs.code, bobs.stderr).toBe(0);
    expect(bobs.stderr).not.toContain('warning');
    expect(readFileSync(ran, 'utf8').trim().split('\n')).toHaveLength(1);
    expect((await alice(['track', entry2, ...at.args])).code).toBe(0);
    expect(readFileSync(ran, 'utf8').trim().split('\n')).toHaveLength(2);
  }, 90_000);
});

/** A change to the store, as anyone who can write it could make (a DuckDB file needs a writable connection). */
async function writeSql(kind: string, at: StoreLocation, text: string): Promise<void> {
  if (kind !== 'DuckDB') {
    await at.sql(text);
    return;
  }
  const instance = await DuckDBInstance.create(at.db);
  const connection = await instance.connect();
  try {
    await connection.run(text);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}
