/**
 * Issue 29 §3: delivery that tix does not control runs bounded. A webhook that sends its headers and then
 * trickles its body is cut at --timeout; a --notify-exec command that leaves a child holding its output
 * does not keep tix waiting (its process group is ended); SIGTERM mid-delivery records what was delivered and
 * gives back the rest, rather than holding the claim for 10 minutes (with a config file too: issue 36 §1); and
 * the stderr alert line shows the control characters of a name written into a shared store escaped, never raw.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { FIXED_NOW } from '../helpers/sandbox.js';
import { runBuiltTix, startTix } from '../helpers/tix-binary.js';
import { CONFIG_FILE_CASES, configEnv, sandboxEnv, tempDir } from '../helpers/tix-env.js';
import { freshDb, onSale, sql, tixAt, useClockedSandbox } from '../history/support.js';
import { alertLines } from './support.js';

const clock = useClockedSandbox();
const machine = tempDir('tix-bounds-machine-');
const tix = (args: readonly string[], env: Record<string, string> = {}) =>
  tixAt(clock.sandbox(), args, { env: { TIX_CONFIG_DIR: machine, ...env }, now: () => new Date(clock.now()) });

/** A webhook receiver whose answer is up to `handle`; it records the paths it was asked for. */
function receiver(handle: (req: IncomingMessage, res: ServerResponse) => void) {
  const paths: string[] = [];
  const server = createServer((req, res) => {
    paths.push(req.url ?? '');
    req.resume();
    req.on('end', () => handle(req, res));
  });
  return {
    paths,
    url: (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    start: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Headers at once, then one byte of body every 100 ms, for ever. */
const trickling = receiver((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' });
  const timer = setInterval(() => res.write('.'), 100);
  res.on('close', () => clearInterval(timer));
});
/** 204 at once. */
const quick = receiver((_req, res) => {
  res.statusCode = 204;
  res.end();
});
/** Never answers. */
const silent = receiver(() => undefined);
beforeAll(() => Promise.all([trickling.start(), quick.start(), silent.start()]));
afterAll(() => Promise.all([trickling.close(), quick.close(), silent.close()]));

let entries: string[];
beforeAll(() => {
  clock.setClock(FIXED_NOW);
  entries = onSale(clock.sandbox(), 'TMUSA')
    .slice(8, 12)
    .map((e) => `TMUSA:${e.agentId}`);
});

describe('alert delivery within bounds', () => {
  it('cuts a webhook that trickles its body at --timeout, in track and in alert test', async () => {
    const db = ['--db', freshDb()];
    expect((await tix(['alert', 'add', entries[0]!, '--notify-url', trickling.url('/slow'), ...db])).code).toBe(0);
    clock.setClock(FIXED_NOW);
    const run = await tix(['track', entries[0]!, ...db, '--timeout', '1', '--retries', '0']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      `tix: warning: alert 1 (rule 1) not delivered to --notify-url ${trickling.url('/***')}: no complete answer within 1 s (--timeout) (after 1 attempt); it stays pending and the next run tries again (attempt 1)`,
    );
    const tested = await tix(['alert', 'test', '1', ...db, '--timeout', '1', '--retries', '0']);
    expect(tested.code).toBe(1);
    expect(tested.stderr).toContain('tix: warning: alert test: not delivered to --notify-url');
    expect(tested.stderr).toContain('no complete answer within 1 s (--timeout)');
  }, 60_000);

  it('does not wait for a child the command left running: its process group ends with it', async () => {
    const db = ['--db', freshDb()];
    const dir = tempDir('tix-bounds-exec-');
    const pidFile = join(dir, 'sleep.pid');
    const command = `sleep 300 & echo $! > '${pidFile}'; echo started`;
    expect((await tix(['alert', 'add', entries[1]!, '--notify-exec', command, ...db])).code).toBe(0);
    clock.setClock(FIXED_NOW);
    const run = await tix(['track', entries[1]!, ...db]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('started\n');
    expect(run.stderr).not.toContain('warning');
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    expect(await gone(pid)).toBe(true);
    expect(await sql(db[1]!, 'SELECT delivered_at IS NOT NULL AS delivered FROM alert_deliveries')).toEqual([{ delivered: true }]);
  }, 60_000);

  it('stops a command at its notify-exec-timeout, its whole process group with it', async () => {
    const db = ['--db', freshDb()];
    const dir = tempDir('tix-bounds-limit-');
    const pidFile = join(dir, 'sleep.pid');
    // The shell waits for its child, which holds the output pipe: both must go at the limit.
    const command = `sleep 300 & echo $! > '${pidFile}'; wait`;
    expect((await tix(['alert', 'add', entries[3]!, '--notify-exec', command, ...db])).code).toBe(0);
    clock.setClock(FIXED_NOW);
    // The same code path as the default's 60 s (next test), at a limit a test can wait for.
    const run = await tix(['track', entries[3]!, ...db], { TIX_NOTIFY_EXEC_TIMEOUT: '3s' });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      'tix: warning: alert 1 (rule 1) not delivered to the --notify-exec command: the command was stopped after 3 seconds (notify-exec-timeout); it stays pending and the next run tries again (attempt 1)',
    );
    expect(await gone(Number(readFileSync(pidFile, 'utf8').trim()))).toBe(true);
  }, 60_000);

  it('gives a command 60 seconds unless told otherwise; the setting takes 1s to 5m, as config set stores it', async () => {
    const config = tempDir('tix-bounds-timeout-config-');
    const env = { TIX_CONFIG_DIR: config };
    expect(await tix(['config', 'get', 'notify-exec-timeout'], env)).toMatchObject({ code: 0, stdout: '60s\n', stderr: '' });
    expect(await tix(['config', 'set', 'notify-exec-timeout', '2m'], env)).toMatchObject({ code: 0, stdout: '' });
    expect(await tix(['config', 'get', 'notify-exec-timeout'], env)).toMatchObject({ code: 0, stdout: '120s\n', stderr: '' });
    const list = await tix(['config', 'list', '--json'], env);
    expect(JSON.parse(list.stdout).settings).toContainEqual(
      expect.objectContaining({ key: 'notify-exec-timeout', value: '120s', source: 'profile' }),
    );
    for (const bad of ['0', '6m', '1.5s', 'soon']) {
      expect(await tix(['config', 'set', 'notify-exec-timeout', bad], env)).toMatchObject({
        code: 2,
        stdout: '',
        stderr: `tix: notify-exec-timeout must be a duration from 1s to 5m in s, m or h (a bare number is seconds), not '${bad}'\n`,
      });
    }
    expect(await tix(['config', 'get', 'notify-exec-timeout'], { ...env, TIX_NOTIFY_EXEC_TIMEOUT: '301' })).toMatchObject({
      code: 2,
      stderr: "tix: TIX_NOTIFY_EXEC_TIMEOUT must be a duration from 1s to 5m in s, m or h (a bare number is seconds), not '301'\n",
    });
  });

  it('fails a run that would run a command, with exit 2, on a bad value stored in the profile; the delivery stays pending', async () => {
    const db = ['--db', freshDb()];
    const config = tempDir('tix-bounds-bad-timeout-');
    const file = join(config, 'config.json');
    writeFileSync(file, JSON.stringify({ profiles: { default: { 'notify-exec-timeout': 0 } } }), { mode: 0o600 });
    const entry = `TMUSA:${onSale(clock.sandbox(), 'TMUSA')[14]!.agentId}`;
    expect((await tix(['alert', 'add', entry, '--notify-exec', 'true', ...db], { TIX_CONFIG_DIR: config })).code).toBe(0);
    clock.setClock(FIXED_NOW);
    const run = await tix(['track', entry, ...db], { TIX_CONFIG_DIR: config });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(
      `tix: notify-exec-timeout (in profile 'default' of ${file}) must be a duration from 1s to 5m in s, m or h (a bare number is seconds), not '0'; change it with 'tix config set notify-exec-timeout <value>'\n`,
    );
    expect(
      await sql(db[1]!, 'SELECT attempts, claimed_at IS NULL AS unclaimed, delivered_at IS NULL AS pending FROM alert_deliveries'),
    ).toEqual([{ attempts: 0, unclaimed: true, pending: true }]);
  });

  it('spends at most notify-deadline delivering: a webhook that never answers is cut there, and the rest stays pending', async () => {
    const file = freshDb();
    const db = ['--db', file];
    expect((await tix(['alert', 'add', entries[3]!, '--notify-url', silent.url('/never'), ...db])).code).toBe(0);
    expect((await tix(['alert', 'add', entries[3]!, '--notify-url', quick.url('/late'), ...db])).code).toBe(0);
    clock.setClock(FIXED_NOW);
    // --timeout alone would wait 120 s for the first; the run's 2 seconds cut it, and leave the second for the next run.
    const run = await tix(['track', entries[3]!, ...db, '--timeout', '120', '--retries', '0'], { TIX_NOTIFY_DEADLINE: '2s' });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(
      /tix: warning: alert 1 \(rule 1\) not delivered to --notify-url http:\/\/127\.0\.0\.1:\d+\/\*\*\*: no complete answer within [\d.]+ s \(notify-deadline\) \(after 1 attempt\); it stays pending/,
    );
    expect(run.stderr).toContain(
      "tix: warning: 1 alert delivery left pending for the next run: this run's 2 seconds for delivering (notify-deadline) were up\n",
    );
    expect(quick.paths).not.toContain('/late');
    expect(await deliveries(file)).toEqual([
      { id: 1, attempts: 1, unclaimed: true, delivered: false },
      { id: 2, attempts: 0, unclaimed: true, delivered: false },
    ]);
    // The setting is read like every duration: from 1s to 5m.
    const bad = await tix(['track', entries[3]!, ...db], { TIX_NOTIFY_DEADLINE: '10m' });
    expect({ code: bad.code, stderr: bad.stderr }).toEqual({
      code: 2,
      stderr: "tix: TIX_NOTIFY_DEADLINE must be a duration from 1s to 5m in s, m or h (a bare number is seconds), not '10m'\n",
    });
  }, 60_000);

  it('shows control characters of names from the store escaped, and prices exactly enough to tell them apart', async () => {
    const file = freshDb();
    const db = ['--db', file];
    const event = onSale(clock.sandbox(), 'TMUSA')[12]!;
    expect((await tix(['alert', 'add', event.id, ...db])).code).toBe(0);
    clock.setClock(FIXED_NOW);
    expect((await tix(['track', event.id, ...db])).code).toBe(0);
    // What anyone who can write a shared store could put there.
    const instance = await DuckDBInstance.create(file);
    const connection = await instance.connect();
    // U+202E turns what follows around; U+2028 and U+2029 are new lines to some terminals (issue 36 §5).
    await connection.run(
      `UPDATE events SET name = 'Gig' || chr(27) || ']0;PWNED' || chr(7) || chr(10) || 'tix: alert: forged' || chr(8238) || 'desrever' || chr(8232) || chr(8233) || chr(8294) || 'x'`,
    );
    await connection.run('UPDATE alert_rules SET below = 79.999, last_notified_price = 80');
    connection.closeSync();
    instance.closeSync();
    const tested = await tix(['alert', 'test', '1', ...db]);
    expect(tested.code, tested.stderr).toBe(0);
    const lines = alertLines(tested.stderr);
    expect(lines).toHaveLength(1);
    expect(tested.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u202a-\u202e\u2028\u2029\u2066-\u2069]/);
    expect(lines[0]).toContain('Gig\\x1b]0;PWNED\\x07\\x0atix: alert: forged\\u202edesrever\\u2028\\u2029\\u2066x');
    expect(lines[0]).toContain('at 79.999 (last notified 80.00)');
  }, 60_000);
});

/**
 * Counts the deliveries to each path; answers 204 at once, except to the paths in `stalled`, which it never
 * answers. Started and closed around the one test.
 */
async function countingReceiver() {
  const stalled = new Set<string>();
  const counting = receiver((req, res) => {
    if (stalled.has(req.url ?? '')) return;
    res.statusCode = 204;
    res.end();
  });
  await counting.start();
  onTestFinished(() => counting.close());
  return { ...counting, stalled, count: (path: string) => counting.paths.filter((p) => p === path).length };
}

/**
 * With a config file too (issue 36 §1): conf's when-exit sent SIGTERM a second time, tix exited at once, and
 * the delivery made was neither recorded nor given back; once its claim ran out, every later run sent it again.
 */
describe.each(CONFIG_FILE_CASES)('SIGTERM while delivering, %s', (_case, withFile) => {
  it('records the delivery made, gives back the one not finished, exits 143; later runs never send the first again', async () => {
    const file = freshDb();
    const db = ['--db', file];
    const webhook = await countingReceiver();
    const env = { ...sandboxEnv(clock.sandbox().url), ...configEnv(withFile) };
    expect((await tix(['alert', 'add', entries[2]!, '--notify-url', webhook.url('/first'), ...db], env)).code).toBe(0);
    expect((await tix(['alert', 'add', entries[2]!, '--notify-url', webhook.url('/second'), ...db], env)).code).toBe(0);
    webhook.stalled.add('/second');
    clock.setClock(FIXED_NOW);
    const running = startTix(['track', entries[2]!, ...db, '--timeout', '120'], { env });
    while (!webhook.paths.includes('/second')) await sleep(50);
    running.child.kill('SIGTERM');
    const outcome = await running.done;
    expect(outcome.code, outcome.stderr).toBe(143);
    expect(webhook.paths).toEqual(['/first', '/second']);
    // Soft: what the receiver gets from the later runs below is what the user sees of it.
    expect.soft(await deliveries(file)).toEqual([
      { id: 1, attempts: 1, unclaimed: false, delivered: true },
      { id: 2, attempts: 0, unclaimed: true, delivered: false },
    ]);

    // Later runs, after any claim of the stopped run has run out (10 minutes: its claims made 11 minutes older).
    await ageClaims(file, 11);
    webhook.stalled.clear();
    for (let run = 0; run < 2; run++) {
      const later = await runBuiltTix(['track', entries[2]!, ...db], { env });
      expect(later.code, later.stderr).toBe(0);
    }
    // At the receiver: the first alert once, ever; the second once more, now answered.
    expect({ first: webhook.count('/first'), second: webhook.count('/second') }).toEqual({ first: 1, second: 2 });
  }, 90_000);
});

/** Moves every claim of the history in `file` `minutes` into the past, as if that much time had gone by since. */
async function ageClaims(file: string, minutes: number): Promise<void> {
  const instance = await DuckDBInstance.create(file);
  try {
    const connection = await instance.connect();
    await connection.run(`UPDATE alert_deliveries SET claimed_at = claimed_at - INTERVAL ${minutes} MINUTE WHERE claimed_at IS NOT NULL`);
    connection.closeSync();
  } finally {
    instance.closeSync();
  }
}

/** Each delivery of the history in `file`: its notification, attempts, and whether it is claimed and delivered. */
function deliveries(file: string) {
  return sql(
    file,
    'SELECT CAST(notification_id AS INTEGER) AS id, attempts, claimed_at IS NULL AS unclaimed, delivered_at IS NOT NULL AS delivered FROM alert_deliveries ORDER BY 1',
  );
}

/** Whether the process ended (gone, or a zombie waiting to be reaped), waiting a few seconds at most. */
async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    try {
      if (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z')) return true;
    } catch {
      return true;
    }
    await sleep(50);
  }
  return false;
}
