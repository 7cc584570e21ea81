/**
 * A PostgreSQL URL's passwords never show: the user part's, and the values of the query parameters
 * `password`, `sslpassword` and any other whose name says password, secret or token. Every message shows the
 * URL the same way (config set/get/list, the errors of history and history export, --debug), the rest of it
 * as typed. Port 1 on this machine refuses connections, so no PostgreSQL server is needed.
 */
import { describe, expect, it } from 'vitest';
import { runTix as tix } from '../helpers/tix.js';
import { testDir as tempDir } from '../helpers/tix-env.js';

const SECRETS = ['S3cretPw', 'UserPw9', 'SslPw77', 'Tok3nValue'];

const CASES = [
  { url: 'postgres://u@127.0.0.1:1/db?password=S3cretPw', shown: 'postgres://u@127.0.0.1:1/db?password=***' },
  {
    url: 'postgresql://u:UserPw9@127.0.0.1:1/db?sslmode=disable&sslpassword=SslPw77&application_name=tix-test',
    shown: 'postgresql://u:***@127.0.0.1:1/db?sslmode=disable&sslpassword=***&application_name=tix-test',
  },
  {
    url: 'postgres://u@127.0.0.1:1/db?auth_token=Tok3nValue&PASSWORD=S3cretPw',
    shown: 'postgres://u@127.0.0.1:1/db?auth_token=***&PASSWORD=***',
  },
];

function expectNoSecret(result: { stdout: string; stderr: string }): void {
  for (const secret of SECRETS) {
    expect(result.stdout).not.toContain(secret);
    expect(result.stderr).not.toContain(secret);
  }
}

describe.each(CASES)('$url', ({ url, shown }) => {
  it('config set, get and list show it masked', async () => {
    const env = { TIX_CONFIG_DIR: tempDir() };
    const set = await tix(['config', 'set', 'db', url], { env });
    expect(set.code, set.stderr).toBe(0);
    expect(set.stderr).toBe(`Set db to ${shown} in profile 'default'.\n`);

    const get = await tix(['config', 'get', 'db'], { env });
    expect(get.code, get.stderr).toBe(0);
    expect(get.stdout).toBe(`${shown}\n`);

    const list = await tix(['config', 'list', '--json'], { env });
    expect(list.code, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout).settings.find((row: { key: string }) => row.key === 'db')).toMatchObject({
      value: shown,
      source: 'profile',
    });
    for (const result of [set, get, list]) expectNoSecret(result);
  });

  it("history's connection error and --debug show it masked", async () => {
    const result = await tix(['--debug', 'history', 'TMUSA', 'abc', '--retries', '0'], { env: { TIX_DB: url } });
    expect(result.code).toBe(5);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`tix debug: postgres: connecting to ${shown}\n`);
    expect(result.stderr).toContain(`tix: cannot open the price history at ${shown}: the server is unavailable: connection refused`);
    expectNoSecret(result);
  });

  it("history export's error shows it masked", async () => {
    const result = await tix(['history', 'export', '--db', url, '--to', `${tempDir()}/copy.duckdb`, '--retries', '0']);
    expect(result.code).toBe(5);
    expect(result.stderr).toMatch(
      new RegExp(`^tix: cannot open the price history at ${shown.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `, 'm'),
    );
    expectNoSecret(result);
  });
});

it('a URL too broken to parse is quoted with its passwords masked', async () => {
  const result = await tix(['history', 'TMUSA', 'abc', '--db', 'postgres://u:UserPw9@127.0.0.1:99999/db?password=S3cretPw']);
  expect(result.code).toBe(2);
  expect(result.stderr).toBe(
    "tix: --db must be a URL such as postgres://user:password@host:5432/dbname, not 'postgres://u:***@127.0.0.1:99999/db?password=***'\n",
  );
  expectNoSecret(result);
});
