import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { openPostgresStore } from '../../src/store/postgres.js';
import type { AgentEvent } from '../../src/store/store.js';
import { SUPERUSER_PASSWORD, describePostgres, usePostgres } from '../helpers/postgres.js';
import { runTix } from '../helpers/tix.js';
// The pg driver reads PGPASSWORD and the other PG* variables, and ~/.pgpass under $HOME, from its own process.
import { runBuiltTix } from '../helpers/tix-binary.js';
import { tempDir } from '../helpers/tix-env.js';
import { manySnapshots, salesDay } from './postgres-fixtures.js';

/** `tix history export` through the built tix, PostgreSQL to PostgreSQL (DuckDB to and from PostgreSQL: test/history/export.test.ts). */
describePostgres('tix history export between PostgreSQL stores', () => {
  const cluster = usePostgres();
  const shots = manySnapshots(9, 3, 5);
  const sales = [
    salesDay('E00001', '2026-03-01', '2026-03-02T00:00:00.000Z', 3),
    salesDay('E00001', '2026-03-02', '2026-03-03T00:00:00.000Z', 7),
  ];
  const events: AgentEvent[] = [...new Map(shots.map((s) => [`${s.agent}/${s.eventId}`, { agent: s.agent, eventId: s.eventId }])).values()];

  beforeAll(async () => {
    const source = await openPostgresStore(cluster().url(), { schema: 'source' });
    await source.record(shots, sales);
    await source.close();
    await cluster().createDatabase('other');
  });

  /** Snapshots and listing lives of a store, to compare two stores' contents. */
  async function contents(url: string, schema: string) {
    const store = await openPostgresStore(url, { schema });
    try {
      return { snapshots: await store.snapshots({ events }), lives: await store.listingLives({ events }) };
    } finally {
      await store.close();
    }
  }

  it('copies everything to another schema, and a second run copies nothing new', async () => {
    const url = cluster().url();
    const first = await runTix(['history', 'export', '--db', url, '--schema', 'source', '--to', url, '--to-schema', 'copy']);
    const shown = url.replace(SUPERUSER_PASSWORD, '***');
    expect(first).toMatchObject({ code: 0, stdout: '' });
    expect(first.stderr).toBe(
      `tix: copied 27 snapshots (27 new, 0 already there) and 2 sales days (2 written) from ${shown} to ${shown}\n`,
    );
    expect(await contents(url, 'copy')).toEqual(await contents(url, 'source'));

    const again = await runTix(['history', 'export', '--db', url, '--schema', 'source', '--to', url, '--to-schema', 'copy']);
    expect(again).toMatchObject({ code: 0, stdout: '' });
    expect(again.stderr).toBe(
      `tix: copied 27 snapshots (0 new, 27 already there) and 2 sales days (0 written) from ${shown} to ${shown}\n`,
    );
    expect(await cluster().sql(`SELECT count(*)::int AS n FROM copy.listings`)).toEqual([{ n: 27 * 5 }]);
  });

  it('eight exports into one store at once: every snapshot stored once, the counts adding up', async () => {
    const url = cluster().url();
    const runs = await Promise.all(
      Array.from({ length: 8 }, () =>
        runTix(['history', 'export', '--db', url, '--schema', 'source', '--to', url, '--to-schema', 'fan_in'], { timeoutMs: 60_000 }),
      ),
    );
    let stored = 0;
    let already = 0;
    for (const run of runs) {
      expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 0, stdout: '' });
      const [, n, m] = /^tix: copied 27 snapshots \((\d+) new, (\d+) already there\)/.exec(run.stderr) ?? [];
      stored += Number(n);
      already += Number(m);
    }
    expect({ stored, already }).toEqual({ stored: 27, already: 27 * 7 });
    expect(await contents(url, 'fan_in')).toEqual(await contents(url, 'source'));
    expect(await cluster().sql(`SELECT count(*)::int AS n FROM fan_in.listings`)).toEqual([{ n: 27 * 5 }]);
  });

  it('copies to another database (public schema), quietly with --quiet, and traces without the password with --debug', async () => {
    const target = cluster().url({ user: 'tix_admin', password: SUPERUSER_PASSWORD, database: 'other' });
    const quiet = await runTix(['history', 'export', '--db', cluster().url(), '--schema', 'source', '--to', target, '--quiet']);
    expect(quiet).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(await contents(target, 'public')).toEqual(await contents(cluster().url(), 'source'));

    const traced = await runTix(['history', 'export', '--db', cluster().url(), '--schema', 'source', '--to', target, '--debug']);
    expect(traced.code).toBe(0);
    expect(traced.stderr).toContain(`tix debug: postgres: connecting to ${target.replace(SUPERUSER_PASSWORD, '***')}`);
    expect(traced.stderr).toMatch(/tix debug: export: 27 snapshots and 2 sales days copied so far/);
    expect(traced.stderr).not.toContain(SUPERUSER_PASSWORD);
  });

  it('a wrong password for the target: one line, exit 1, the password hidden, nothing written', async () => {
    const secret = 'not-the-password';
    const target = cluster().url({ user: 'tix_admin', password: secret });
    const result = await runTix([
      'history',
      'export',
      '--db',
      cluster().url(),
      '--schema',
      'source',
      '--to',
      target,
      '--to-schema',
      'never',
    ]);
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr).toBe(
      `tix: cannot open the price history at ${target.replace(secret, '***')}: password authentication failed for user "tix_admin" (check the password in the URL, PGPASSWORD or ~/.pgpass)\n`,
    );
    expect(await cluster().sql(`SELECT 1 FROM pg_namespace WHERE nspname = 'never'`)).toEqual([]);
  });

  it('a password from PGPASSWORD, and one line when the target server is down (exit 5, after the retries)', async () => {
    const { port } = cluster();
    const withEnv = await runBuiltTix(
      [
        'history',
        'export',
        '--db',
        `postgres://tix_admin@127.0.0.1:${port}/tix`,
        '--schema',
        'source',
        '--to',
        `postgresql://tix_admin@127.0.0.1:${port}/tix`,
        '--to-schema',
        'from_env',
      ],
      {
        env: { PGPASSWORD: SUPERUSER_PASSWORD },
      },
    );
    expect(withEnv.code).toBe(0);
    expect(withEnv.stderr).toContain('(27 new, 0 already there)');
    // Everything from the environment, as psql takes it.
    const pgEnv = { PGHOST: '127.0.0.1', PGPORT: String(port), PGUSER: 'tix_admin', PGPASSWORD: SUPERUSER_PASSWORD, PGDATABASE: 'tix' };
    const allEnv = await runBuiltTix(
      ['history', 'export', '--db', 'postgres://', '--schema', 'source', '--to', 'postgresql://', '--to-schema', 'all_env'],
      { env: pgEnv },
    );
    expect(allEnv).toMatchObject({
      code: 0,
      stderr: 'tix: copied 27 snapshots (27 new, 0 already there) and 2 sales days (2 written) from postgres:// to postgresql://\n',
    });

    const down = `postgres://tix_admin:${SUPERUSER_PASSWORD}@127.0.0.1:${port === 65535 ? port - 1 : port + 1}/tix`;
    const result = await runTix(['history', 'export', '--db', cluster().url(), '--schema', 'source', '--to', down, '--retries', '1']);
    expect(result).toMatchObject({ code: 5, stdout: '' });
    expect(result.stderr).toMatch(
      /^tix: cannot open the price history at postgres:\/\/tix_admin:\*\*\*@127\.0\.0\.1:\d+\/tix: the server is unavailable: connection refused \(is it running, on this host and port\?\) \(after 1 retry\)\n$/,
    );
  });

  it('takes the password from ~/.pgpass when neither the URL nor PGPASSWORD has one, and says when there is none', async () => {
    const { port } = cluster();
    const home = tempDir('tix-pgpass-');
    const passFile = join(home, '.pgpass');
    writeFileSync(
      passFile,
      `# comment\nother.host:*:*:*:nope\n127.0.0.1:${port}:tix:tix_admin:${SUPERUSER_PASSWORD.replace(/[:\\]/g, '\\$&')}\n`,
      { mode: 0o600 },
    );
    const url = `postgres://tix_admin@127.0.0.1:${port}/tix`;
    const args = ['history', 'export', '--db', url, '--schema', 'source', '--to', url, '--to-schema', 'from_pgpass'];
    const withFile = await runBuiltTix(args, { env: { HOME: home } });
    expect(withFile).toMatchObject({ code: 0 });
    expect(withFile.stderr).toContain('(27 new, 0 already there)');

    // A file others can read is ignored, as psql ignores it.
    chmodSync(passFile, 0o644);
    const none = await runBuiltTix(args, { env: { HOME: home } });
    expect(none).toMatchObject({ code: 1, stdout: '' });
    expect(none.stderr).toBe(
      `tix: cannot open the price history at ${url}: the server asks for a password and none was given (put it in the URL, PGPASSWORD or ~/.pgpass)\n`,
    );
    rmSync(home, { recursive: true, force: true });
  });

  it('honours sslmode in the URL as libpq does, without a Node warning', async () => {
    // The test server has no TLS: disable connects; require insists on TLS and says the server has none.
    const plain = await runTix([
      'history',
      'export',
      '--db',
      `${cluster().url()}?sslmode=disable`,
      '--schema',
      'source',
      '--to',
      cluster().url(),
      '--to-schema',
      'plain',
    ]);
    expect(plain.code).toBe(0);
    const tls = await runTix([
      'history',
      'export',
      '--db',
      `${cluster().url()}?sslmode=require`,
      '--schema',
      'source',
      '--to',
      cluster().url(),
      '--to-schema',
      'tls',
    ]);
    expect(tls).toMatchObject({ code: 1, stdout: '' });
    expect(tls.stderr).toMatch(
      /^tix: cannot open the price history at postgres:\/\/tix_admin:\*\*\*@127\.0\.0\.1:\d+\/tix\?sslmode=require: The server does not support SSL connections\n$/,
    );
  });

  it.each([
    [['--db', 'a.duckdb'], '--to is required: a DuckDB file or a postgres:// URL'],
    [['--db', 'postgres://h/db'], '--to is required: a DuckDB file or a postgres:// URL'],
    [
      ['--db', 'postgres://h/db', '--to', 'postgres://h/db'],
      '--to names the same store as --db: give another file, database or --to-schema',
    ],
    [
      ['--db', 'postgres://h/db', '--to', 'postgres://h/db', '--to-schema', 'Bad-Name'],
      "--to-schema must be a schema name of lower-case letters, digits and '_' (not starting with a digit or pg_), at most 63 characters, not 'Bad-Name'",
    ],
    [
      ['--db', 'postgres://u:s3cret@h:99999/db', '--to', 'postgres://h/db'],
      "--db must be a URL such as postgres://user:password@host:5432/dbname, not 'postgres://u:***@h:99999/db'",
    ],
    [
      ['--db', 'postgres://h/db?sslmode=sometimes', '--to', 'postgres://h/db2'],
      "--db: sslmode must be one of disable, prefer, require, verify-ca, verify-full, no-verify, not 'sometimes'",
    ],
    [['--db', 'history.duckdb', '--schema', 'x', '--to', 'postgres://h/db'], '--schema is for a PostgreSQL store; --db is a DuckDB file'],
  ])('bad input %j: one line naming the flag, exit 2', async (args, message) => {
    const result = await runTix(['history', 'export', ...args]);
    expect(result).toMatchObject({ code: 2, stdout: '', stderr: `tix: ${message}\n` });
  });
});
