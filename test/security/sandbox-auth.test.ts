/**
 * --sandbox never touches the real profile's key: `auth login` and `auth logout` are refused with exit 2
 * before anything is read or written. `--sandbox --base-url` is refused too (the flag would be ignored);
 * TIX_BASE_URL and the base-url setting are overridden by --sandbox, as documented; so are TIX_DB and the db
 * setting: the sandbox's generated events go to a price history of its own, unless --db names one.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { runTix as tix } from '../helpers/tix.js';
import { testDir as tempDir } from '../helpers/tix-env.js';

const REAL_KEY = 'real-key-for-the-api-7f3a';

let api: Sandbox;

beforeAll(async () => {
  // Stands in for the real API: it accepts the real key.
  api = await startSandbox({ events: 20, extraApiKeys: [REAL_KEY] });
});

afterAll(async () => {
  await api?.close();
});

/** A profile logged in to the "real" API with REAL_KEY; returns its environment and its config file's text. */
async function loggedIn(): Promise<{ env: Record<string, string>; configFile: () => string }> {
  const dir = tempDir();
  const env = { TIX_CONFIG_DIR: dir, TIX_BASE_URL: api.url };
  const login = await tix(['auth', 'login', '--with-key'], { env, input: `${REAL_KEY}\n` });
  expect(login.code, login.stderr).toBe(0);
  const path = (await tix(['config', 'path'], { env })).stdout.trim();
  expect(path.startsWith(dir)).toBe(true);
  return { env, configFile: () => readFileSync(join(path), 'utf8') };
}

describe('--sandbox and the stored key', () => {
  it('auth login under --sandbox is refused, and the real key stays', async () => {
    const { env, configFile } = await loggedIn();
    const before = configFile();
    const result = await tix(['--sandbox', 'auth', 'login', '--with-key'], { env, input: 'sandbox-key\n' });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('tix: --sandbox does not apply to auth login (it stores keys for the real API; the sandbox needs none)\n');
    expect(configFile()).toBe(before);

    const status = await tix(['auth', 'status', '--json'], { env });
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ apiKey: '****7f3a', apiKeySource: 'profile', state: 'ok' });
  });

  it('auth logout under --sandbox is refused, and the real key stays', async () => {
    const { env, configFile } = await loggedIn();
    const before = configFile();
    const result = await tix(['auth', 'logout', '--sandbox'], { env });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'tix: --sandbox does not apply to auth logout (it removes the key of the real API; the sandbox needs none)\n',
    );
    expect(configFile()).toBe(before);
  });

  it('auth status under --sandbox reports the sandbox, not the stored key', async () => {
    const { env } = await loggedIn();
    const result = await tix(['--sandbox', 'auth', 'status', '--json'], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ baseUrlSource: 'sandbox', apiKey: null, state: 'sandbox' });
  });
});

describe('--sandbox and the base URL', () => {
  it.each([
    [['--sandbox', '--base-url', 'http://127.0.0.1:9', 'events', 'search']],
    [['events', 'search', '--base-url', 'http://127.0.0.1:9', '--sandbox']],
    [['--sandbox', '--base-url', 'http://127.0.0.1:9', 'auth', 'status']],
  ])('tix %j is refused with exit 2', async (args) => {
    const result = await tix(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'tix: --sandbox and --base-url cannot be combined: the sandbox runs at an address of its own; give one of them\n',
    );
  });

  it('TIX_BASE_URL is overridden by --sandbox', async () => {
    const result = await tix(['--sandbox', 'events', 'search', '--page-size', '1', '-o', 'csv', '--fields', 'id'], {
      env: { TIX_BASE_URL: 'http://127.0.0.1:9' },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^id\r\nevt_\w+\r\n$/);
  });
});

describe('--sandbox and the price history', () => {
  it("keeps the sandbox's snapshots out of the history TIX_DB or the db setting names, in one of its own; --db is used as given", async () => {
    const dir = tempDir();
    const real = join(dir, 'real.duckdb');
    const data = join(dir, 'data');
    const env = { TIX_CONFIG_DIR: join(dir, 'config'), XDG_DATA_HOME: data, TIX_DB: real };
    const found = await tix(['--sandbox', 'events', 'search', '--limit', '1', '-o', 'json'], { env });
    expect(found.code, found.stderr).toBe(0);
    const id = JSON.parse(found.stdout).events[0].id as string;

    const tracked = await tix(['--sandbox', 'track', id], { env });
    expect(tracked.code, tracked.stderr).toBe(0);
    expect(existsSync(real)).toBe(false);
    const own = join(data, 'tix', 'sandbox', 'history.duckdb');
    expect(statSync(own).mode & 0o777).toBe(0o600);
    expect(statSync(join(data, 'tix', 'sandbox')).mode & 0o777).toBe(0o700);
    const listed = await tix(['--sandbox', 'history', 'list', '-o', 'json'], { env });
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout).events.map((e: { event_id: string }) => e.event_id)).toEqual([id]);
    // The setting too, and without --sandbox the real history is the one read.
    const profile = await tix(['config', 'set', 'db', real], { env: { ...env, TIX_DB: '' } });
    expect(profile.code, profile.stderr).toBe(0);
    expect((await tix(['--sandbox', 'history', 'list', '-o', 'json'], { env: { ...env, TIX_DB: '' } })).code).toBe(0);
    expect(existsSync(real)).toBe(false);

    const named = join(dir, 'named.duckdb');
    const flagged = await tix(['--sandbox', 'track', id, '--db', named], { env });
    expect(flagged.code, flagged.stderr).toBe(0);
    expect(existsSync(named)).toBe(true);
  }, 60_000);
});
