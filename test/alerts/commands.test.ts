/**
 * `tix alert add|list|rm|pause|resume|test` against a DuckDB history and the sandbox: what each prints, the
 * rules' states, `alert test` through a webhook and a command, the notify-url setting (its secrets hidden),
 * and every bad input: one line on stderr, exit 2.
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXED_NOW } from '../helpers/sandbox.js';
import { tempDir } from '../helpers/tix-env.js';
import { freshDb, onSale, tixAt, useClockedSandbox } from '../history/support.js';

const clock = useClockedSandbox();
/** One machine: a config folder (where approvals are kept) shared by every run of the file. */
const machine = tempDir('tix-alert-machine-');
const tix = (args: readonly string[], env: Record<string, string> = {}) =>
  tixAt(clock.sandbox(), args, { env: { TIX_CONFIG_DIR: machine, ...env }, now: () => new Date(FIXED_NOW) });

const bodies: string[] = [];
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => {
    body += c.toString('utf8');
  });
  req.on('end', () => {
    bodies.push(body);
    res.statusCode = 200;
    res.end('ok');
  });
});
beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
/** An evt_ id the sandbox lists at the tests' clock (alert add checks it with the API). */
let listed = '';
const evt = () => listed;
beforeAll(() => {
  listed = onSale(clock.sandbox(), 'TMUSA')[0]!.id;
});
const hookUrl = (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;

describe('tix alert', () => {
  it('adds, lists in every format, pauses, resumes and removes rules', async () => {
    const db = ['--db', freshDb()];
    const empty = await tix(['alert', 'list', ...db, '-o', 'json']);
    expect(empty).toMatchObject({ code: 0, stdout: '{"rules":[]}\n' });
    expect(empty.stderr).toContain("No alert rules: add one with 'tix alert add'.");

    const first = await tix(['alert', 'add', 'TMUSA:G5v8HKyBKZbyJN', '--below', '150', '--min-quantity', '2', '--name', 'pairs', ...db]);
    expect(first).toMatchObject({ code: 0, stdout: '1\n' });
    expect(first.stderr).toBe('alert 1 added: TMUSA:G5v8HKyBKZbyJN --below 150 --min-quantity 2\n');
    const secret = '/services/T0/B0/VerySecretToken?key=Sekr1t';
    const second = await tix([
      'alert',
      'add',
      evt(),
      '--drop',
      '12.5%',
      '--section',
      'floor*',
      '--agent',
      'stubhub',
      '--until',
      '2026-04-01T00:00:00Z',
      '--notify-url',
      `https://user:pw@hooks.example.com${secret}`,
      ...db,
    ]);
    expect(second).toMatchObject({ code: 0, stdout: '2\n' });

    const listed = await tix(['alert', 'list', ...db, '-o', 'json']);
    expect(JSON.parse(listed.stdout)).toEqual({
      rules: [
        {
          id: 1,
          name: 'pairs',
          event: 'TMUSA:G5v8HKyBKZbyJN',
          conditions: '--below 150 --min-quantity 2',
          created: '2026-03-15T03:00:00Z',
          until: null,
          last_notified_at: null,
          last_notified_price: null,
          state: 'active',
          notify: null,
        },
        {
          id: 2,
          name: null,
          event: evt(),
          conditions: "--drop 12.5 --section 'floor*' --agent STUBHUB",
          created: '2026-03-15T03:00:00Z',
          until: '2026-04-01T00:00:00Z',
          last_notified_at: null,
          last_notified_price: null,
          state: 'active',
          notify: '--notify-url https://hooks.example.com/***',
        },
      ],
    });
    const csv = await tix(['alert', 'list', ...db, '-o', 'csv', '--fields', 'id,event,state']);
    expect(csv.stdout).toBe(`id,event,state\r\n1,TMUSA:G5v8HKyBKZbyJN,active\r\n2,${evt()},active\r\n`);
    const table = await tix(['alert', 'list', ...db, '-o', 'table']);
    expect(table.stdout).toMatch(/pairs/);
    for (const out of [listed, csv, table])
      for (const leak of ['VerySecretToken', 'Sekr1t', 'user:pw']) expect(out.stdout + out.stderr).not.toContain(leak);

    expect(await tix(['alert', 'pause', '2', ...db])).toMatchObject({ code: 0, stdout: '', stderr: 'alert 2 paused\n' });
    const paused = await tix(['alert', 'list', ...db, '-o', 'ndjson', '--fields', 'id,state']);
    expect(paused.stdout).toBe('{"id":1,"state":"active"}\n{"id":2,"state":"paused"}\n');
    expect(await tix(['alert', 'resume', '2', ...db])).toMatchObject({ code: 0, stderr: 'alert 2 resumed\n' });
    expect(await tix(['alert', 'rm', '1', ...db])).toMatchObject({ code: 0, stderr: 'alert 1 removed\n' });
    const left = await tix(['alert', 'list', ...db, '-o', 'ndjson', '--fields', 'id,state']);
    expect(left.stdout).toBe('{"id":2,"state":"active"}\n');
    // Ids are not reused: a new rule after a removal gets the next one.
    expect((await tix(['alert', 'add', evt(), ...db])).stdout).toBe('3\n');
  });

  it("alert test sends a sample alert through the rule's webhook and command, or the settings'", async () => {
    const db = ['--db', freshDb()];
    const dir = tempDir('tix-alert-test-');
    const log = join(dir, 'stdin.json');
    const script = join(dir, 'notify.sh');
    writeFileSync(script, `#!/bin/sh\ncat > '${log}'\necho "notified $TIX_ALERT_PRICE"\n`);
    chmodSync(script, 0o755);
    expect(
      (
        await tix([
          'alert',
          'add',
          'TMUSA:G5v8HKyBKZbyJN',
          '--below',
          '99.5',
          '--notify-url',
          hookUrl('/own'),
          '--notify-exec',
          script,
          ...db,
        ])
      ).code,
    ).toBe(0);
    bodies.length = 0;
    const tested = await tix(['alert', 'test', '1', ...db]);
    expect(tested.code, tested.stderr).toBe(0);
    expect(tested.stdout).toBe('');
    const sample = JSON.parse(bodies[0]!);
    expect(sample).toMatchObject({ type: 'alert', id: 0, rule: 1, target: 'TMUSA:G5v8HKyBKZbyJN', listing_id: 'sample', price: 99.5 });
    expect(JSON.parse(readFileSync(log, 'utf8'))).toEqual(sample);
    expect(tested.stderr.split('\n')).toEqual([
      `tix: alert: ${sample.text}`,
      `alert test: delivered to --notify-url http://127.0.0.1:${(server.address() as AddressInfo).port}/***`,
      'notified 99.5',
      'alert test: delivered to the --notify-exec command',
      '',
    ]);
    // The sample says it is one, in its text and its payload.
    expect(sample.test).toBe(true);
    expect(sample.text).toMatch(/^TEST from tix alert test, not a real price: New low for rule 1: /);

    // A rule without channels uses the settings; a failing one is exit 1 with one warning.
    expect((await tix(['alert', 'add', evt(), ...db])).code).toBe(0);
    bodies.length = 0;
    const viaSetting = await tix(['alert', 'test', '2', ...db], { TIX_NOTIFY_URL: hookUrl('/setting') });
    expect(viaSetting.code).toBe(0);
    expect(bodies).toHaveLength(1);
    const failing = await tix(['alert', 'test', '2', ...db], { TIX_NOTIFY_EXEC: 'exit 3' });
    expect(failing.code).toBe(1);
    expect(failing.stderr).toContain('tix: warning: alert test: not delivered to the --notify-exec command: the command exited with 3\n');
    const none = await tix(['alert', 'test', '2', ...db]);
    expect(none.code).toBe(0);
    expect(none.stderr).toContain('stderr only');
  });

  it('puts nothing of the alert into the --notify-exec command line: data reaches the command only as stdin and variables', async () => {
    const db = ['--db', freshDb()];
    const dir = tempDir('tix-alert-shell-');
    const planted = join(dir, 'planted');
    const name = `$(touch ${planted}) \`touch ${planted}\``;
    const log = join(dir, 'got.json');
    expect(
      (
        await tix([
          'alert',
          'add',
          evt(),
          '--name',
          name,
          '--notify-exec',
          `cat > '${log}'; printf '%s' "$TIX_ALERT_TEXT" >> '${log}.text'`,
          ...db,
        ])
      ).code,
    ).toBe(0);
    const tested = await tix(['alert', 'test', '1', ...db]);
    expect(tested.code, tested.stderr).toBe(0);
    expect(existsSync(planted)).toBe(false);
    expect(JSON.parse(readFileSync(log, 'utf8')).rule_name).toBe(name);
    expect(readFileSync(`${log}.text`, 'utf8')).toContain(JSON.stringify(name));
  });

  it('keeps notify-url as a setting, shown without its secrets', async () => {
    const home = { TIX_CONFIG_DIR: tempDir('tix-config-') };
    const url = 'https://hooks.example.com/services/T0/B0/TopSecretToken';
    const set = await tix(['config', 'set', 'notify-url', url], home);
    expect(set.code, set.stderr).toBe(0);
    const got = await tix(['config', 'get', 'notify-url'], home);
    expect(got.stdout).toBe('https://hooks.example.com/***\n');
    const list = await tix(['config', 'list', '-o', 'json'], home);
    expect(list.stdout).not.toContain('TopSecretToken');
    expect(JSON.parse(list.stdout).settings).toContainEqual(
      expect.objectContaining({ key: 'notify-url', value: 'https://hooks.example.com/***' }),
    );
  });

  describe('bad input: one line on stderr, exit 2', () => {
    const db = () => ['--db', freshDb()];
    const existingDb = async () => {
      const where = db();
      expect((await tix(['alert', 'add', evt(), ...where])).code).toBe(0);
      return where;
    };
    const cases: [string, string[], string][] = [
      ['an unknown rule id (rm)', ['alert', 'rm', '42'], "tix: <id>: there is no alert rule 42 (see 'tix alert list')"],
      ['an unknown rule id (pause)', ['alert', 'pause', '7'], "tix: <id>: there is no alert rule 7 (see 'tix alert list')"],
      ['an unknown rule id (resume)', ['alert', 'resume', '7'], "tix: <id>: there is no alert rule 7 (see 'tix alert list')"],
      ['an unknown rule id (test)', ['alert', 'test', '7'], "tix: <id>: there is no alert rule 7 (see 'tix alert list')"],
      [
        'a rule id that is not one',
        ['alert', 'rm', 'abc'],
        "tix: <id> must be an alert rule id such as 3 (see 'tix alert list'), not 'abc'",
      ],
      [
        'a negative price',
        ['alert', 'add', 'evt_fnt7jz3fkx', '--below', '-5'],
        "tix: --below must be an amount such as 150 or 99.50 (no currency symbol), not '-5'",
      ],
      [
        '--drop 150',
        ['alert', 'add', 'evt_fnt7jz3fkx', '--drop', '150'],
        "tix: --drop must be a percentage above 0 and below 100, such as 20 or 12.5, not '150'",
      ],
      [
        '--drop 0',
        ['alert', 'add', 'evt_fnt7jz3fkx', '--drop', '0'],
        "tix: --drop must be a percentage above 0 and below 100, such as 20 or 12.5, not '0'",
      ],
      [
        'a URL that is not http(s)',
        ['alert', 'add', 'evt_fnt7jz3fkx', '--notify-url', 'ftp://files.example.com/drop/S3cret'],
        "tix: --notify-url must be an http:// or https:// URL, not 'ftp://files.example.com/***'",
      ],
      [
        'a notify-url setting that is not http(s)',
        ['config', 'set', 'notify-url', 'mailto:me@example.com'],
        "tix: notify-url must be an http:// or https:// URL, not 'mailto:***'",
      ],
      [
        '--agent on an AGENT:ID rule',
        ['alert', 'add', 'TMUSA:G5v8HKyBKZbyJN', '--agent', 'stubhub'],
        "tix: --agent applies to evt_ rules only: TMUSA:G5v8HKyBKZbyJN is already one agent's event",
      ],
      [
        'an event that is neither',
        ['alert', 'add', 'G5v8HKyBKZbyJN'],
        "tix: <event>: 'G5v8HKyBKZbyJN' is not AGENT:ID (such as TMUSA:G5v8HKyBKZbyJN) or an evt_ id",
      ],
      ['a bad --until', ['alert', 'add', 'evt_fnt7jz3fkx', '--until', 'soon'], "tix: --until: 'soon' is not a date"],
      ['a bad --min-quantity', ['alert', 'add', 'evt_fnt7jz3fkx', '--min-quantity', '0'], 'tix: --min-quantity'],
    ];
    for (const [name, args, line] of cases) {
      it(name, async () => {
        // A rule id is looked for in a history that exists (a missing one is its own case, exit 4).
        const where = args[0] !== 'alert' ? [] : args[1] === 'add' ? db() : await existingDb();
        const result = await tix([...args, ...where], { HOME: tempDir('tix-home-'), TIX_CONFIG_DIR: tempDir('tix-config-') });
        expect(result.code).toBe(2);
        expect(result.stdout).toBe('');
        const lines = result.stderr.trim().split('\n');
        expect(lines).toHaveLength(1);
        expect(lines[0]!.startsWith(line), lines[0]).toBe(true);
      });
    }
  });
});
