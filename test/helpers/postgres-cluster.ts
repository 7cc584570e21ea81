/**
 * A real, throw-away PostgreSQL server: `initdb` into a temp folder, listening on 127.0.0.1 on a free port
 * (its unix socket in the same folder), password (scram) authentication, stopped with
 * `pg_ctl stop -m immediate` and removed by stop(). PostgreSQL refuses to run as root, so as root the server
 * runs as the `postgres` system user (runuser), which the temp folder is handed to. No vitest here: the
 * benchmark script uses it too (test/helpers/postgres.ts has the test hooks). Given a `template` folder
 * shared by a test run, initdb runs once per run there and each server starts from a copy of its result.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

export interface PgCluster {
  host: string;
  port: number;
  /** A URL for a user (default: the superuser) and database (default: tix). */
  url(options?: { user?: string; password?: string; database?: string }): string;
  /** Runs SQL as the superuser in a database (default: tix). */
  sql<T extends Record<string, unknown> = Record<string, unknown>>(text: string, params?: unknown[], database?: string): Promise<T[]>;
  /** A new, empty database owned by the superuser. */
  createDatabase(name: string): Promise<void>;
  stop(): void;
}

export const SUPERUSER = 'tix_admin';
export const SUPERUSER_PASSWORD = 'admin-s3cret!';

interface Binaries {
  initdb: string;
  pgCtl: string;
}

/** initdb and pg_ctl from PATH, else from Debian's /usr/lib/postgresql/<version>/bin (newest first). */
function findBinaries(): Binaries | undefined {
  const dirs = (process.env.PATH ?? '').split(':').filter(Boolean);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    for (const version of readdirSync(debian).sort((a, b) => Number(b) - Number(a))) dirs.push(join(debian, version, 'bin'));
  }
  for (const dir of dirs) {
    if (existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')))
      return { initdb: join(dir, 'initdb'), pgCtl: join(dir, 'pg_ctl') };
  }
  return undefined;
}

export const binaries = findBinaries();
export const MISSING =
  'PostgreSQL is not installed (no initdb and pg_ctl on PATH or in /usr/lib/postgresql/*/bin): apt-get install postgresql';

/** As root, the postgres system user's ids (PostgreSQL will not run as root); otherwise undefined. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const ids = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: ids('-u'), gid: ids('-g') };
  } catch {
    throw new Error("running as root, and there is no 'postgres' user to run PostgreSQL as (PostgreSQL refuses to run as root)");
  }
}

function run(command: string, args: string[], asUser: boolean): void {
  const [file, argv] = asUser ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { encoding: 'utf8', env: { ...process.env, LC_ALL: 'C.UTF-8' } });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout || result.error?.message}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A new cluster's data folder at `data`, its superuser's password in the file `pwfile` (in a folder the server user owns). */
function initdb(data: string, pwfile: string, owner: { uid: number; gid: number } | undefined): void {
  writeFileSync(pwfile, `${SUPERUSER_PASSWORD}\n`);
  if (owner) chownSync(pwfile, owner.uid, owner.gid);
  run(
    binaries!.initdb,
    [
      '-D',
      data,
      '-U',
      SUPERUSER,
      `--pwfile=${pwfile}`,
      '--auth-host=scram-sha-256',
      '--auth-local=trust',
      '-E',
      'UTF8',
      '--no-sync',
      '--no-instructions',
    ],
    Boolean(owner),
  );
}

/**
 * The data folder initdb makes, made once in the folder `shared` by whichever process asks first (the
 * others wait for it, a minute at most): initdb takes about a second of CPU, a copy of its result a fraction.
 */
async function templateData(shared: string, owner: { uid: number; gid: number } | undefined): Promise<string> {
  const data = join(shared, 'data');
  const ready = join(shared, 'ready');
  const failed = join(shared, 'failed');
  let first = false;
  try {
    mkdirSync(join(shared, 'lock'));
    first = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (first) {
    try {
      if (owner) chownSync(shared, owner.uid, owner.gid);
      initdb(data, join(shared, 'pwfile'), owner);
      writeFileSync(ready, '');
    } catch (error) {
      writeFileSync(failed, String(error));
      throw error;
    }
    return data;
  }
  for (const deadline = Date.now() + 60_000; !existsSync(ready); await sleep(50)) {
    if (existsSync(failed)) throw new Error(`initdb failed in another test process: ${readFileSync(failed, 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`initdb did not finish within a minute in another test process (${shared})`);
  }
  return data;
}

/** `template`: a folder shared by the processes of a test run (see templateData); without one, initdb runs here. */
export async function startPostgres(options: { template?: string } = {}): Promise<PgCluster> {
  if (!binaries) throw new Error(MISSING);
  const owner = serverUser();
  const dir = mkdtempSync(join(tmpdir(), 'tix-pg-'));
  const data = join(dir, 'data');
  if (owner) chownSync(dir, owner.uid, owner.gid);
  // Each server has a copy of its own: servers share no state.
  if (options.template) run('cp', ['-a', await templateData(options.template, owner), data], Boolean(owner));
  else initdb(data, join(dir, 'pwfile'), owner);

  let port = 0;
  // The free port may be taken between finding it and the server binding it: try a few.
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    const settings = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100`;
    try {
      run(binaries.pgCtl, ['-D', data, '-o', settings, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start'], Boolean(owner));
      break;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stop);
    spawnSync(
      owner ? 'runuser' : binaries.pgCtl,
      [...(owner ? ['-u', 'postgres', '--', binaries.pgCtl] : []), '-D', data, '-m', 'immediate', 'stop'],
      { stdio: 'ignore' },
    );
    rmSync(dir, { recursive: true, force: true });
  };
  // A test run that ends without afterAll (a crash, Ctrl-C) still stops its server.
  process.on('exit', stop);

  const host = '127.0.0.1';
  const url: PgCluster['url'] = (options = {}) => {
    const user = encodeURIComponent(options.user ?? SUPERUSER);
    const password = options.password ?? (options.user ? undefined : SUPERUSER_PASSWORD);
    const auth = password === undefined ? user : `${user}:${encodeURIComponent(password)}`;
    return `postgres://${auth}@${host}:${port}/${options.database ?? 'tix'}`;
  };
  const sql: PgCluster['sql'] = async (text, params = [], database = 'tix') => {
    const client = new pg.Client({ connectionString: url({ database }) });
    await client.connect();
    try {
      return (await client.query(text, params)).rows;
    } finally {
      await client.end();
    }
  };
  await sql('CREATE DATABASE tix', [], 'postgres');
  return { host, port, url, sql, createDatabase: async (name) => void (await sql(`CREATE DATABASE "${name}"`, [], 'postgres')), stop };
}
