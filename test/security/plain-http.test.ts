/**
 * The key travels in a header on every request, so tix refuses plain http:// to any host but this machine,
 * with a message naming the fix: https://, or --insecure-http for a trusted network. And a loopback base URL
 * is reached directly, never through HTTP_PROXY (which would carry the key, in clear, to the proxy).
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { expectCleanFailure } from '../reliability/support/expect-output.js';
import { runTix as tix } from '../helpers/tix.js';
import { sandboxEnv as apiEnv, testDir as tempDir } from '../helpers/tix-env.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ events: 20 });
});
afterAll(() => sandbox.close());

// Documentation and private addresses and names: none is this machine. Nothing is ever sent to them.
const REMOTE = [
  ['http://192.0.2.10', '192.0.2.10'],
  ['http://example.com/v2', 'example.com'],
  ['http://10.1.2.3:8080', '10.1.2.3:8080'],
  ['http://[2001:db8::1]', '[2001:db8::1]'],
  ['http://127.0.0.1.nip.io', '127.0.0.1.nip.io'],
  ['http://localhost.example.com', 'localhost.example.com'],
  ['http://0.0.0.0:9', '0.0.0.0:9'],
] as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const refusal = (host: string) =>
  new RegExp(
    `^tix: refusing to send the API key over plain http:// to ${escapeRegExp(host)}: use https://, or --insecure-http if the network is trusted$`,
  );

const COMMANDS = [
  ['events', 'search'],
  ['events', 'get', 'evt_abc'],
  ['events', 'get', '--agent', 'tmusa', 'x1'],
  ['events', 'by-agent', 'tmusa'],
  ['inventory', 'TMUSA', 'x1'],
  ['sales', 'summary', '1'],
  ['sales', 'details', '1'],
  ['auth', 'status'],
];

describe('plain http:// to a host that is not this machine', () => {
  it.for(REMOTE)('%s is refused, with the fix named', async ([url, host]) => {
    const result = await tix(['events', 'search'], { env: apiEnv(url, 'http-test-key-1') });
    expectCleanFailure(result, 2, refusal(host));
  });

  it.for(COMMANDS)('%j refuses too, whether the URL comes from a flag, the environment or the profile', async (args) => {
    const viaFlag = await tix(['--base-url', 'http://203.0.113.5', ...args], { env: { TIX_API_KEY: 'http-test-key-1' } });
    expectCleanFailure(viaFlag, 2, refusal('203.0.113.5'));
    const viaEnv = await tix(args, { env: apiEnv('http://203.0.113.5', 'http-test-key-1') });
    expectCleanFailure(viaEnv, 2, refusal('203.0.113.5'));
  });

  it('refuses a base URL stored in the profile, and auth login stores nothing', async () => {
    const config = tempDir();
    const env = { TIX_CONFIG_DIR: config };
    expect((await tix(['config', 'set', 'base-url', 'http://203.0.113.5'], { env })).code).toBe(0);
    expectCleanFailure(await tix(['events', 'search'], { env: { ...env, TIX_API_KEY: 'http-test-key-1' } }), 2, refusal('203.0.113.5'));
    const login = await tix(['auth', 'login', '--with-key'], { env, input: 'http-test-key-2\n' });
    expectCleanFailure(login, 2, refusal('203.0.113.5'));
    expect(login.stderr).not.toContain('http-test-key-2');
    // Only the base URL is stored; no key.
    expect((await tix(['auth', 'status', '--json'], { env })).stdout).toMatch(/"apiKey":null/);
  });

  it('--insecure-http lets the request go (here: to an address that does not answer)', async () => {
    const result = await tix(
      ['--insecure-http', '--timeout', '1', '--retries', '0', '--base-url', 'http://192.0.2.10', 'events', 'search'],
      {
        env: { TIX_API_KEY: 'http-test-key-1' },
      },
    );
    expectCleanFailure(result, 5, /(could not reach the API at 192\.0\.2\.10|request timed out after 1s)/);
  });
});

describe('plain http:// to this machine', () => {
  it.for(['127.0.0.1', 'localhost'])('is allowed for %s', async (host) => {
    const url = sandbox.url.replace('127.0.0.1', host);
    const result = await tix(['events', 'search', '--page-size', '2'], { env: apiEnv(url) });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).events).toHaveLength(2);
  });

  it('never goes through HTTP_PROXY: the proxy would see the key in clear, and its 127.0.0.1 is not ours', async () => {
    let connections = 0;
    const proxy: Server = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
    try {
      const result = await tix(['events', 'search', '--page-size', '2'], {
        env: { ...apiEnv(sandbox.url), HTTP_PROXY: proxyUrl, http_proxy: proxyUrl, HTTPS_PROXY: proxyUrl },
      });
      expect(result.code, result.stderr).toBe(0);
      expect(connections).toBe(0);
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});

describe('the key is never written where it should not be', () => {
  it('a refused run creates no config file', async () => {
    const config = tempDir();
    await tix(['events', 'search'], { env: { ...apiEnv('http://203.0.113.5', 'http-test-key-1'), TIX_CONFIG_DIR: config } });
    expect(existsSync(join(config, 'config.json'))).toBe(false);
  });
});
