/**
 * Values a person writes into config.json by hand: numbers and booleans are read as `config set` reads
 * their text, with the same validation; a bad one fails the runs that use it (exit 2, naming the file,
 * profile and setting) and can be repaired with `config set` or `config unset`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../../src/sandbox/index.js';
import { runTix } from '../../../helpers/tix.js';
import { tempDir } from '../../../helpers/tix-env.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ events: 30 });
});
afterAll(() => sandbox.close());

function configHolding(profiles: Record<string, Record<string, unknown>>): { file: string; env: Record<string, string> } {
  const dir = tempDir('tix-values-');
  const file = join(dir, 'config.json');
  writeFileSync(file, `${JSON.stringify({ profiles }, null, 2)}\n`, { mode: 0o600 });
  return { file, env: { TIX_CONFIG_DIR: dir } };
}

describe('numbers in the config file', () => {
  it('are used: "page-size": 7 asks for pages of 7, "retries": 0 is 0, "timeout": 2.5 is 2.5', async () => {
    const { env } = configHolding({ default: { 'page-size': 7, retries: 0, timeout: 2.5, concurrency: 2 } });
    expect(await runTix(['config', 'get', 'page-size'], { env })).toMatchObject({ code: 0, stdout: '7\n', stderr: '' });
    expect(await runTix(['config', 'get', 'retries'], { env })).toMatchObject({ code: 0, stdout: '0\n', stderr: '' });
    expect(await runTix(['config', 'get', 'timeout'], { env })).toMatchObject({ code: 0, stdout: '2.5\n', stderr: '' });

    const list = await runTix(['config', 'list', '--json'], { env });
    const settings = Object.fromEntries(JSON.parse(list.stdout).settings.map((s: { key: string }) => [s.key, s]));
    expect(settings['page-size']).toMatchObject({ value: 7, source: 'profile' });
    expect(settings.retries).toMatchObject({ value: 0, source: 'profile' });
    expect(settings.concurrency).toMatchObject({ value: 2, source: 'profile' });

    const search = await runTix(['events', 'search', '--debug'], {
      env: { ...env, TIX_BASE_URL: sandbox.url, TIX_API_KEY: 'sandbox-key' },
    });
    expect(search.code, search.stderr).toBe(0);
    expect(JSON.parse(search.stdout).events).toHaveLength(7);
    expect(search.stderr).toMatch(/pageSize=7\b/);
    expect(search.stderr).not.toMatch(/pageSize=1000/);
  });

  it('of another profile are used with --profile, and a string is still read as before', async () => {
    const { env } = configHolding({ default: { 'page-size': '4' }, small: { 'page-size': 3 } });
    const env2 = { ...env, TIX_BASE_URL: sandbox.url, TIX_API_KEY: 'sandbox-key' };
    expect(JSON.parse((await runTix(['events', 'search'], { env: env2 })).stdout).events).toHaveLength(4);
    expect(JSON.parse((await runTix(['events', 'search', '--profile', 'small'], { env: env2 })).stdout).events).toHaveLength(3);
  });
});

describe('a file saved by a Windows editor', () => {
  it('is read despite its byte-order mark and CRLF line ends', async () => {
    const dir = tempDir('tix-values-');
    writeFileSync(join(dir, 'config.json'), '\uFEFF{\r\n  "profiles": {\r\n    "default": { "page-size": 6 }\r\n  }\r\n}\r\n');
    expect(await runTix(['config', 'get', 'page-size'], { env: { TIX_CONFIG_DIR: dir } })).toMatchObject({
      code: 0,
      stdout: '6\n',
      stderr: '',
    });
  });
});

describe('a bad value in the config file', () => {
  it.each([
    ['page-size', 0, "must be a whole number from 1 to 5000, not '0'"],
    ['page-size', 7.5, "must be a whole number from 1 to 5000, not '7.5'"],
    ['retries', -1, "must be a whole number from 0 to 10, not '-1'"],
    ['retries', true, "must be a whole number from 0 to 10, not 'true'"],
    ['timeout', 0, "must be a number of seconds greater than 0 and at most 3600, not '0'"],
    ['output', false, "must be one of table, json, ndjson, csv, tsv, not 'false'"],
    ['timezone', 5, "must be an IANA time zone such as America/New_York or UTC, not '5'"],
  ])('%s: %j fails the runs that use it with exit 2, naming the file, profile and setting', async (key, value, why) => {
    const { file, env } = configHolding({ default: { [key]: value } });
    const error = `tix: ${key} (in profile 'default' of ${file}) ${why}; change it with 'tix config set ${key} <value>'\n`;
    expect(await runTix(['config', 'get', key], { env })).toMatchObject({ code: 2, stdout: '', stderr: error });
    expect(await runTix(['config', 'list'], { env })).toMatchObject({ code: 2, stdout: '', stderr: error });
    const search = await runTix(['events', 'search'], { env: { ...env, TIX_BASE_URL: sandbox.url, TIX_API_KEY: 'sandbox-key' } });
    expect(search).toMatchObject({ code: 2, stdout: '', stderr: error });
  });

  it('names the profile it is in, and --profile in the fix', async () => {
    const { file, env } = configHolding({ default: {}, work: { concurrency: 99 } });
    expect(await runTix(['config', 'get', 'concurrency'], { env })).toMatchObject({ code: 0, stdout: '6\n' });
    const result = await runTix(['config', 'get', 'concurrency', '--profile', 'work'], { env });
    expect(result).toMatchObject({
      code: 2,
      stderr: `tix: concurrency (in profile 'work' of ${file}) must be a whole number from 1 to 16, not '99'; change it with 'tix config set concurrency <value> --profile work'\n`,
    });
  });

  it('does not stop the runs that do not use it, nor config set and config unset, which repair it', async () => {
    const { file, env } = configHolding({ default: { 'page-size': 0, retries: 99, timeout: 12 } });
    expect(await runTix(['config', 'get', 'timeout'], { env })).toMatchObject({ code: 0, stdout: '12\n', stderr: '' });
    expect(await runTix(['config', 'path'], { env })).toMatchObject({ code: 0, stdout: `${file}\n`, stderr: '' });
    // The environment and the flag win over the bad value, without a word.
    expect(await runTix(['config', 'get', 'page-size'], { env: { ...env, TIX_PAGE_SIZE: '5' } })).toMatchObject({
      code: 0,
      stdout: '5\n',
      stderr: '',
    });
    const fromFlag = await runTix(['events', 'search', '--page-size', '2', '--retries', '1', '-q'], {
      env: { ...env, TIX_BASE_URL: sandbox.url, TIX_API_KEY: 'sandbox-key' },
    });
    expect(fromFlag).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(fromFlag.stdout).events).toHaveLength(2);

    expect(await runTix(['config', 'set', 'page-size', '9'], { env })).toMatchObject({
      code: 0,
      stderr: "Set page-size to 9 in profile 'default'.\n",
    });
    expect(await runTix(['config', 'unset', 'retries'], { env })).toMatchObject({
      code: 0,
      stderr: "Removed retries from profile 'default'.\n",
    });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ profiles: { default: { 'page-size': '9', timeout: 12 } } });
    const list = await runTix(['config', 'list', '--json'], { env });
    expect(list.code, list.stderr).toBe(0);
    const settings = Object.fromEntries(JSON.parse(list.stdout).settings.map((s: { key: string }) => [s.key, s]));
    expect(settings['page-size']).toMatchObject({ value: 9, source: 'profile' });
    expect(settings.retries).toMatchObject({ value: 3, source: 'default' });
  });
});
