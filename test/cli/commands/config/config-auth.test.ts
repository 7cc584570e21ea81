import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../../src/sandbox/index.js';
import { runTix } from '../../../helpers/tix.js';
import { tempDir } from '../../../helpers/tix-env.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ events: 50 });
});
afterAll(() => sandbox.close());

describe('tix config', () => {
  it('sets, gets, lists and unsets settings in a 0600 file in a 0700 folder', async () => {
    const dir = join(tempDir(), 'tixconf');
    const env = { TIX_CONFIG_DIR: dir };
    expect((await runTix(['config', 'set', 'page-size', '250'], { env })).code).toBe(0);
    expect((await runTix(['config', 'set', 'output', 'CSV'], { env })).code).toBe(0);
    expect((await runTix(['config', 'get', 'page-size'], { env })).stdout).toBe('250\n');
    expect((await runTix(['config', 'get', 'output'], { env })).stdout).toBe('csv\n');
    expect((await runTix(['config', 'path'], { env })).stdout).toBe(`${join(dir, 'config.json')}\n`);
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);

    const list = await runTix(['config', 'list', '--json'], { env: { ...env, TIX_RETRIES: '5' } });
    const settings = Object.fromEntries(JSON.parse(list.stdout).settings.map((s: any) => [s.key, s]));
    expect(settings['page-size']).toMatchObject({ value: 250, source: 'profile' });
    expect(settings.retries).toMatchObject({ value: 5, source: 'TIX_RETRIES' });
    expect(settings.timeout).toMatchObject({ value: 30, source: 'default' });

    expect((await runTix(['config', 'unset', 'page-size'], { env })).code).toBe(0);
    expect((await runTix(['config', 'get', 'page-size'], { env })).stdout).toBe('1000\n');
  });

  it('keeps profiles apart', async () => {
    const env = { TIX_CONFIG_DIR: tempDir() };
    await runTix(['config', 'set', 'timezone', 'Europe/London', '--profile', 'uk'], { env });
    expect((await runTix(['config', 'get', 'timezone', '--profile', 'uk'], { env })).stdout).toBe('Europe/London\n');
    expect((await runTix(['config', 'get', 'timezone'], { env })).stdout).toBe('UTC\n');
    expect((await runTix(['config', 'get', 'timezone'], { env: { ...env, TIX_PROFILE: 'uk' } })).stdout).toBe('Europe/London\n');
  });

  it.each([
    [['config', 'set', 'page-size', '0'], /page-size must be a whole number from 1 to 5000, not '0'/],
    [['config', 'set', 'timezone', 'Nowhere/Land'], /timezone must be an IANA time zone/],
    [['config', 'set', 'base-url', 'ftp://x'], /base-url must be an http:\/\/ or https:\/\/ URL/],
    [['config', 'set', 'colour', 'red'], /'colour' is invalid for argument 'key'. Allowed choices are base-url, output/],
    [['config', 'get', 'page-size', '--profile', 'a b'], /--profile must be a profile name/],
  ])('%j is refused with exit 2', async (args, message) => {
    const result = await runTix(args);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(message);
  });

  it('takes a setting from the flag, then the environment, then the profile', async () => {
    const env = { TIX_CONFIG_DIR: tempDir(), TIX_BASE_URL: sandbox.url, TIX_API_KEY: 'sandbox-key' };
    await runTix(['config', 'set', 'page-size', '3'], { env });
    const fromProfile = await runTix(['events', 'search'], { env });
    expect(JSON.parse(fromProfile.stdout).events).toHaveLength(3);
    const fromEnv = await runTix(['events', 'search'], { env: { ...env, TIX_PAGE_SIZE: '4' } });
    expect(JSON.parse(fromEnv.stdout).events).toHaveLength(4);
    const fromFlag = await runTix(['events', 'search', '--page-size', '5'], { env: { ...env, TIX_PAGE_SIZE: '4' } });
    expect(JSON.parse(fromFlag.stdout).events).toHaveLength(5);
    const badEnv = await runTix(['events', 'search'], { env: { ...env, TIX_PAGE_SIZE: 'lots' } });
    expect(badEnv.code).toBe(2);
    expect(badEnv.stderr).toMatch(/TIX_PAGE_SIZE must be a whole number/);
  });
});

describe('tix auth', () => {
  it('login --with-key checks the key, stores it, and status shows only its last 4 characters', async () => {
    const env = { TIX_CONFIG_DIR: tempDir(), TIX_BASE_URL: sandbox.url };
    const login = await runTix(['auth', 'login', '--with-key'], { env, input: 'sandbox-key\n' });
    expect(login.code).toBe(0);
    expect(login.stdout).toBe('');
    expect(login.stderr).toMatch(/Logged in: key \*\*\*\*-key checked against/);

    const status = await runTix(['auth', 'status'], { env });
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/profile: +default/);
    expect(status.stdout).toMatch(/API key: +\*\*\*\*-key \(profile\)/);
    expect(status.stdout).toMatch(/status: +key accepted/);
    expect(status.stdout).not.toContain('sandbox-key');

    const search = await runTix(['events', 'search', '--page-size', '2'], { env });
    expect(search.code).toBe(0);

    expect((await runTix(['auth', 'logout'], { env })).code).toBe(0);
    const after = await runTix(['auth', 'status', '--json'], { env });
    expect(after.code).toBe(3);
    expect(JSON.parse(after.stdout)).toMatchObject({ state: 'no-key', apiKey: null });
  });

  it('does not store a key the API rejects (exit 3)', async () => {
    const env = { TIX_CONFIG_DIR: tempDir(), TIX_BASE_URL: sandbox.url };
    const login = await runTix(['auth', 'login', '--with-key'], { env, input: 'not-a-real-key-1234' });
    expect(login.code).toBe(3);
    expect(login.stderr).toMatch(/did not accept this key \(HTTP 401\); nothing was stored/);
    expect(login.stderr).not.toContain('not-a-real-key-1234');
    const status = await runTix(['auth', 'status'], { env });
    expect(status.code).toBe(3);
  });

  it('refuses to prompt when stdin is not a terminal', async () => {
    const result = await runTix(['auth', 'login'], { env: { TIX_BASE_URL: sandbox.url } });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--with-key/);
  });

  it('reports a rejected key in status', async () => {
    const status = await runTix(['auth', 'status'], { env: { TIX_BASE_URL: sandbox.url, TIX_API_KEY: 'nope-nope-9876' } });
    expect(status.code).toBe(3);
    expect(status.stdout).toMatch(/API key: +\*\*\*\*9876 \(TIX_API_KEY\)/);
    expect(status.stdout).not.toContain('nope-nope-9876');
  });

  it('stores the key only in the config file', async () => {
    const dir = tempDir();
    await runTix(['auth', 'login', '--with-key'], { env: { TIX_CONFIG_DIR: dir, TIX_BASE_URL: sandbox.url }, input: 'sandbox-key' });
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'))).toEqual({ profiles: { default: { 'api-key': 'sandbox-key' } } });
  });
});
