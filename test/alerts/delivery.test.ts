/**
 * Delivering alerts: a webhook receiver on 127.0.0.1 that records every request and answers 500 to the
 * first (the alert stays pending and the next run delivers it), a --notify-exec script that records its
 * stdin, the notify-url setting, --strict-notify, and a webhook URL's secrets never printed.
 */
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FIXED_NOW } from '../helpers/sandbox.js';
import { tempDir } from '../helpers/tix-env.js';
import { describeStores } from '../history/stores.js';
import { MINUTE, onSale, tixAt, useClockedSandbox } from '../history/support.js';
import { alertLines, ndjsonAlerts } from './support.js';

const clock = useClockedSandbox();
/** One machine: its config folder (where the approval of a rule's command is kept) shared by its runs. */
const machine = tempDir('tix-alert-machine-');
const tix = (args: readonly string[], env: Record<string, string> = {}) =>
  tixAt(clock.sandbox(), args, { env: { TIX_CONFIG_DIR: machine, ...env }, now: () => new Date(clock.now()) });

interface Received {
  url: string;
  contentType: string | undefined;
  body: string;
}

/** Records every request; answers 500 to the first `failFirst` of them, then 204. */
function receiver(failFirst: number) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ url: req.url ?? '', contentType: req.headers['content-type'], body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = received.length <= failFirst ? 500 : 204;
      res.end();
    });
  });
  return {
    received,
    start: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
    port: () => (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const hook = receiver(1);
beforeAll(() => hook.start());
afterAll(() => hook.close());

let tm: { id: string; agentId: string }[];
beforeAll(() => {
  clock.setClock(FIXED_NOW);
  tm = onSale(clock.sandbox(), 'TMUSA').slice(5, 7);
});

describeStores('alert delivery', (store) => {
  it('posts to the webhook and runs the command; a 500 leaves the alert pending, and the next run delivers it once', async () => {
    hook.received.length = 0;
    const at = store.fresh();
    const dir = tempDir('tix-alert-exec-');
    const record = join(dir, 'stdin.log');
    const script = join(dir, 'record.sh');
    writeFileSync(script, `#!/bin/sh\ncat >> '${record}'\necho "rule=$TIX_ALERT_RULE" >> '${record}.env'\n`);
    chmodSync(script, 0o755);
    const secretUrl = `http://hook-user:hunter2pw@127.0.0.1:${hook.port()}/services/T0/B0/S3cretPathToken?token=QueryS3cret`;
    const added = await tix(['alert', 'add', `TMUSA:${tm[0]!.agentId}`, '--notify-url', secretUrl, '--notify-exec', script, ...at.args]);
    expect(added.code, added.stderr).toBe(0);

    clock.setClock(FIXED_NOW);
    const first = await tix(['track', `TMUSA:${tm[0]!.agentId}`, ...at.args, '-o', 'ndjson']);
    expect(first.code, first.stderr).toBe(0);
    const [alert] = ndjsonAlerts(first.stdout);
    expect(alert).toBeDefined();
    const warnings = first.stderr.split('\n').filter((l) => l.startsWith('tix: warning:'));
    expect(warnings).toEqual([
      `tix: warning: alert ${alert!.id} (rule 1) not delivered to --notify-url http://127.0.0.1:${hook.port()}/***: HTTP 500; it stays pending and the next run tries again (attempt 1)`,
    ]);
    for (const secret of ['hunter2pw', 'hook-user', 'S3cretPathToken', 'QueryS3cret', 'services/T0'])
      expect(first.stderr).not.toContain(secret);
    expect(hook.received).toHaveLength(1);
    // The command ran once, with the alert on stdin, as -o ndjson printed it.
    expect(readFileSync(record, 'utf8')).toBe(`${JSON.stringify(alert)}\n`);
    expect(readFileSync(`${record}.env`, 'utf8')).toBe('rule=1\n');

    // The same clock: nothing new is stored, but the pending webhook delivery goes out (and only it).
    const second = await tix(['track', `TMUSA:${tm[0]!.agentId}`, ...at.args]);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).not.toContain('warning');
    expect(alertLines(second.stderr)).toEqual([]);
    expect(hook.received).toHaveLength(2);
    const delivered = hook.received[1]!;
    expect(delivered.url).toBe('/services/T0/B0/S3cretPathToken?token=QueryS3cret');
    expect(delivered.contentType).toBe('application/json');
    const body = JSON.parse(delivered.body);
    expect(body).toEqual(alert);
    expect(body.text).toMatch(/^New low for rule 1: .+ at [\d,]+\.\d\d \(first notice\): tix (events view evt_\w+|inventory TMUSA \w+)$/);
    expect(readFileSync(record, 'utf8').trim().split('\n')).toHaveLength(1);

    // Delivered: a third run sends nothing.
    expect((await tix(['track', `TMUSA:${tm[0]!.agentId}`, ...at.args])).code).toBe(0);
    expect(hook.received).toHaveLength(2);
    expect(
      await at.sql('SELECT channel, attempts, last_error, delivered_at IS NOT NULL AS delivered FROM alert_deliveries ORDER BY channel'),
    ).toEqual([
      { channel: 'exec', attempts: 1, last_error: null, delivered: true },
      { channel: 'url', attempts: 2, last_error: null, delivered: true },
    ]);
  }, 60_000);

  it('uses the notify-url setting for a rule without channels; --strict-notify fails a run whose alert was not delivered', async () => {
    hook.received.length = 0;
    const at = store.fresh();
    const id = `TMUSA:${tm[1]!.agentId}`;
    expect((await tix(['alert', 'add', id, ...at.args])).code).toBe(0);
    const closed = receiver(0);
    await closed.start();
    const deadPort = closed.port();
    await closed.close();

    clock.setClock(FIXED_NOW);
    const env = { TIX_NOTIFY_URL: `http://127.0.0.1:${deadPort}/dead`, TIX_RETRIES: '0' };
    const strict = await tix(['track', id, ...at.args, '--strict-notify', '-o', 'ndjson'], env);
    expect(strict.code).toBe(1);
    expect(ndjsonAlerts(strict.stdout)).toHaveLength(1);
    expect(strict.stdout.split('\n').filter(Boolean).length).toBe(2);
    expect(strict.stderr).toMatch(
      new RegExp(
        `tix: warning: alert 1 \\(rule 1\\) not delivered to --notify-url http://127\\.0\\.0\\.1:${deadPort}/\\*\\*\\*: .*ECONNREFUSED`,
      ),
    );
    // Not strict: the same failure is a warning, exit 0, and the alert is still pending.
    const lenient = await tix(['track', id, ...at.args], env);
    expect(lenient.code).toBe(0);
    expect(lenient.stderr).toContain('(attempt 2)');

    // A delivery keeps the target it was made with; alerts made under a new setting go to the new URL.
    expect((await tix(['alert', 'add', id, '--below', '100000', ...at.args])).code).toBe(0);
    const live = { TIX_NOTIFY_URL: `http://127.0.0.1:${hook.port()}/from-setting`, TIX_RETRIES: '0' };
    clock.setClock(Date.parse(FIXED_NOW) + 15 * MINUTE);
    const later = await tix(['track', id, ...at.args, '-o', 'ndjson'], live);
    expect(later.code).toBe(0);
    const fired = ndjsonAlerts(later.stdout);
    expect(fired.map((a) => a.rule)).toContain(2);
    expect(hook.received.map((r) => r.url)).toEqual(fired.map(() => '/from-setting'));
    expect(later.stderr).toContain('(attempt 3)');
  }, 60_000);
});
