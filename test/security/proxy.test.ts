/**
 * The built tix through a real forwarding proxy on 127.0.0.1 (test/helpers/forward-proxy.ts) in front of
 * the sandbox: CONNECT tunnels for https:// (the sandbox behind a TLS front whose certificate comes from a
 * test CA, trusted through NODE_EXTRA_CA_CERTS) and absolute-URI requests for http://. The base URL's host,
 * api.tix.test, exists only in the proxy's routes, so a run that succeeds went through the proxy, and a run
 * that went direct fails to resolve it. Also: the proxy variables and NO_PROXY as curl reads them,
 * credentials in the proxy URL (used, never shown), and a proxy that refuses or cannot be reached.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { startForwardProxy, startTlsFront, type ForwardProxy, type ForwardProxyOptions, type TlsFront } from '../helpers/forward-proxy.js';
import { makeCertificates, type Certificates } from '../reliability/support/certificates.js';
import { expectCleanFailure, expectNoStackTrace } from '../reliability/support/expect-output.js';
import { runBuiltTix as tix, type TixOutcome } from '../helpers/tix-binary.js';
import { sandboxEnv as apiEnv } from '../helpers/tix-env.js';

const KEY = 'sandbox-key';
const HOST = 'api.tix.test';
const USER = 'analyst';
/** A password with a character that must be percent-encoded in the URL, and decoded for the proxy. */
const PASSWORD = 'pr0xy/Pa55';
const ENCODED_PASSWORD = encodeURIComponent(PASSWORD);

let dir: string;
let certs: Certificates;
let sandbox: Sandbox;
let front: TlsFront;
/**
 * The tests run concurrently (each spawns tix and waits on it; each has its own proxy, and the sandbox and its
 * TLS front only answer reads): what a test starts is closed once the file is done.
 */
const closing: (() => Promise<void>)[] = [];
const closeWhen = (close: () => Promise<void>) => void closing.push(close);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tix-proxy-'));
  certs = makeCertificates(dir, [HOST]);
  sandbox = await startSandbox({ events: 20 });
  front = await startTlsFront(sandbox.port, { key: certs.serverKey, cert: certs.serverCert });
});
afterAll(async () => {
  await Promise.all(closing.map((close) => close()));
  await front?.close();
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A proxy that knows api.tix.test: https (443) reaches the TLS front, http (80 and 8080) the sandbox. */
function proxy(options: Partial<ForwardProxyOptions> = {}): Promise<ForwardProxy> {
  return startForwardProxy({
    closeWhen,
    routes: {
      [`${HOST}:443`]: front.port,
      [`${HOST}:80`]: sandbox.port,
      [`${HOST}:8080`]: sandbox.port,
      [`0.0.0.0:${sandbox.port}`]: sandbox.port,
    },
    ...options,
  });
}

/** tix against https://api.tix.test with the test CA trusted, plus the test's proxy variables. */
function searchHttps(env: Record<string, string>, ...flags: string[]): Promise<TixOutcome> {
  return tix(['events', 'search', ...flags], { env: { ...apiEnv(`https://${HOST}`, KEY), NODE_EXTRA_CA_CERTS: certs.caFile, ...env } });
}

/** tix against a plain http:// base URL (another host, so --insecure-http), plus the test's proxy variables. */
function searchHttp(env: Record<string, string>, url = `http://${HOST}`, ...flags: string[]): Promise<TixOutcome> {
  return tix(['--insecure-http', 'events', 'search', ...flags], { env: { ...apiEnv(url, KEY), ...env } });
}

function expectEvents(result: TixOutcome): void {
  expect(result.code, result.stderr).toBe(0);
  expect(result.stderr).toBe('');
  expect(JSON.parse(result.stdout).events).toHaveLength(20);
}

/** A proxy URL with credentials, percent-encoded as a user would write it. */
function withCredentials(url: string, password = ENCODED_PASSWORD): string {
  return url.replace('http://', `http://${USER}:${password}@`);
}

/** A port on 127.0.0.1 where nothing listens (a server is opened there and closed again). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** What a run that went direct to the made-up host gets: the name does not resolve (and no proxy is named). */
function expectWentDirect(result: TixOutcome, host = HOST): void {
  expectCleanFailure(
    result,
    5,
    new RegExp(`^tix: could not reach the API at ${host.replace(/\./g, '\\.')} \\(GET /events\\): host not found \\(ENOTFOUND\\)$`),
  );
}

describe.concurrent('https:// through a CONNECT tunnel', () => {
  it.for(['HTTPS_PROXY', 'https_proxy'])('%s carries every request, and the proxy never sees the key', async (variable) => {
    const server = await proxy();
    expectEvents(await searchHttps({ [variable]: server.url }));
    expect(server.log.map((entry) => `${entry.method} ${entry.target}`)).toEqual([`CONNECT ${HOST}:443`]);
    // The key travels inside the TLS tunnel: neither the CONNECT nor the bytes the proxy relayed show it.
    const seen = server.log.map((entry) => JSON.stringify(entry.headers) + Buffer.concat(entry.tunnelled).toString('latin1')).join('');
    expect(seen).not.toContain(KEY);
    expect(server.log[0]?.headers).not.toHaveProperty('x-api-key');
  });

  it('the lower-case variable wins over the upper-case one, as in curl', async () => {
    const server = await proxy();
    const dead = `http://127.0.0.1:${await closedPort()}`;
    expectEvents(await searchHttps({ https_proxy: server.url, HTTPS_PROXY: dead }));
    expect(server.log).toHaveLength(1);
  });

  it('a lower-case variable set to nothing means no proxy, even when the upper-case one names one', async () => {
    const server = await proxy();
    expectWentDirect(await searchHttps({ https_proxy: '', HTTPS_PROXY: server.url }, '--retries', '0'));
    expect(server.log).toEqual([]);
  });

  it('an https:// proxy is reached over TLS, then tunnels as any other', async () => {
    const server = await proxy();
    const secureFront = await startTlsFront(server.port, { key: certs.serverKey, cert: certs.serverCert });
    closeWhen(() => secureFront.close());
    expectEvents(await searchHttps({ HTTPS_PROXY: `https://localhost:${secureFront.port}` }));
    expect(server.log.map((entry) => `${entry.method} ${entry.target}`)).toEqual([`CONNECT ${HOST}:443`]);
  });

  it('a value without a scheme is an http:// proxy', async () => {
    const server = await proxy();
    expectEvents(await searchHttps({ HTTPS_PROXY: `127.0.0.1:${server.port}` }));
    expect(server.log).toHaveLength(1);
  });

  it('sends the credentials in the proxy URL to the proxy, and --debug names the proxy with them masked', async () => {
    const server = await proxy({ credentials: { user: USER, password: PASSWORD } });
    const result = await searchHttps({ HTTPS_PROXY: withCredentials(server.url) }, '--debug');
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).events).toHaveLength(20);
    expect(server.log[0]?.headers['proxy-authorization']).toBe(`Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`);
    expect(result.stderr).toMatch(
      new RegExp(
        `^tix debug: GET https://api\\.tix\\.test/events\\?\\S+ via proxy http://\\*\\*\\*@127\\.0\\.0\\.1:${server.port} \\(attempt 1/4\\) -> 200 in \\d+ ms$`,
        'm',
      ),
    );
    for (const secret of [PASSWORD, ENCODED_PASSWORD, USER, KEY]) expect(result.stderr).not.toContain(secret);
  });

  it('HTTP_PROXY alone does not apply to https:// (as in curl): the request goes direct', async () => {
    const server = await proxy();
    expectWentDirect(await searchHttps({ HTTP_PROXY: server.url, http_proxy: server.url }, '--retries', '0'));
    expect(server.log).toEqual([]);
  });
});

describe.concurrent('http:// through an http proxy (absolute-URI requests)', () => {
  it.for(['HTTP_PROXY', 'http_proxy'])('%s carries every request as GET http://host/path', async (variable) => {
    const server = await proxy();
    expectEvents(await searchHttp({ [variable]: server.url }));
    expect(server.log).toHaveLength(1);
    expect(server.log[0]?.method).toBe('GET');
    expect(server.log[0]?.target).toMatch(new RegExp(`^http://${HOST.replace(/\./g, '\\.')}/events\\?`));
    // Over plain http the proxy does see the key: what --insecure-http accepts.
    expect(server.log[0]?.headers['x-api-key']).toBe(KEY);
  });

  it('sends the credentials, and HTTPS_PROXY alone does not apply to http://', async () => {
    const server = await proxy({ credentials: { user: USER, password: PASSWORD } });
    expectEvents(await searchHttp({ HTTP_PROXY: withCredentials(server.url) }));
    expect(server.log.map((entry) => entry.refusedWith)).toEqual([undefined]);

    expectWentDirect(await searchHttp({ HTTPS_PROXY: withCredentials(server.url) }, `http://${HOST}`, '--retries', '0'));
    expect(server.log).toHaveLength(1);
  });
});

describe.concurrent('NO_PROXY, as curl reads it (ports as most other tools do)', () => {
  // [NO_PROXY, base URL port, whether the proxy applies]. Direct, api.tix.test does not resolve.
  const CASES: [string, number, boolean][] = [
    ['api.tix.test', 80, false],
    ['tix.test', 80, false],
    ['.tix.test', 80, false],
    ['*.tix.test', 80, false],
    ['API.Tix.TEST', 80, false],
    ['api.tix.test.', 80, false],
    ['other.test,api.tix.test', 80, false],
    ['other.test  api.tix.test', 8080, false],
    ['*', 80, false],
    ['api.tix.test:80', 80, false],
    ['api.tix.test:8080', 8080, false],
    ['api.tix.test:8080', 80, true],
    ['ix.test', 80, true],
    ['other.test,tix.test.example', 80, true],
    ['', 80, true],
  ];

  it.for(CASES)('NO_PROXY=%j, port %i: proxied %s', async ([noProxy, port, proxied]) => {
    const server = await proxy();
    const result = await searchHttp({ HTTP_PROXY: server.url, NO_PROXY: noProxy }, `http://${HOST}:${port}`, '--retries', '0');
    if (proxied) {
      expectEvents(result);
      expect(server.log).toHaveLength(1);
    } else {
      expectWentDirect(result, port === 80 ? HOST : `${HOST}:${port}`);
      expect(server.log).toEqual([]);
    }
  });

  it('no_proxy (lower case) wins over NO_PROXY, even empty', async () => {
    const server = await proxy();
    expectEvents(await searchHttp({ HTTP_PROXY: server.url, NO_PROXY: HOST, no_proxy: '' }));
    expect(server.log).toHaveLength(1);
    expectWentDirect(
      await searchHttp({ HTTP_PROXY: server.url, NO_PROXY: 'other.test', no_proxy: 'tix.test' }, `http://${HOST}`, '--retries', '0'),
    );
    expect(server.log).toHaveLength(1);
  });

  // 0.0.0.0 is not this machine's loopback by name (so the proxy applies), but connecting to it reaches the
  // sandbox here: a run that went direct succeeds too, and only the proxy's log tells them apart.
  it.for([
    ['0.0.0.0', false],
    ['0.0.0.0/8', false],
    ['10.0.0.0/8, 0.0.0.0/32', false],
    ['0.0.0.1', true],
    ['1.0.0.0/8', true],
  ] as [string, boolean][])('NO_PROXY=%j for the address 0.0.0.0: proxied %s', async ([noProxy, proxied]) => {
    const server = await proxy();
    expectEvents(await searchHttp({ HTTP_PROXY: server.url, NO_PROXY: noProxy }, `http://0.0.0.0:${sandbox.port}`));
    expect(server.log).toHaveLength(proxied ? 1 : 0);
  });

  // [::] likewise is not loopback by name; connecting to it reaches this machine's ::1, where nothing
  // listens: a run that went direct is refused, one through the proxy reaches the sandbox.
  it.for([
    ['::', false],
    ['[::]', false],
    ['::/16', false],
    ['[::]:PORT', false],
    ['[::]:1', true],
    ['fd00::/8', true],
    ['0.0.0.0/0', true],
  ] as [string, boolean][])('NO_PROXY=%j for the address [::]: proxied %s', async ([noProxy, proxied]) => {
    const server = await startForwardProxy({ closeWhen, routes: { [`[::]:${sandbox.port}`]: sandbox.port } });
    const url = `http://[::]:${sandbox.port}`;
    const result = await searchHttp(
      { HTTP_PROXY: server.url, NO_PROXY: noProxy.replace('PORT', String(sandbox.port)) },
      url,
      '--retries',
      '0',
    );
    if (proxied) {
      expectEvents(result);
      expect(server.log).toHaveLength(1);
    } else {
      expectCleanFailure(
        result,
        5,
        new RegExp(
          `^tix: could not reach the API at \\[::\\]:${sandbox.port} \\(GET /events\\): connection refused \\(ECONNREFUSED\\), gave up after 1 attempt$`,
        ),
      );
      expect(server.log).toEqual([]);
    }
  });
});

describe.concurrent('a proxy that cannot be reached or refuses: exit 5, the proxy named, its credentials masked', () => {
  const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const through = (port: number, variable: string, credentials = true) =>
    `^tix: cannot reach the API through the proxy ${escaped(`http://${credentials ? '***@' : ''}127.0.0.1:${port}`)} set in ${variable} \\(GET /events\\): `;

  it('not listening: retried, then named', async () => {
    const port = await closedPort();
    const result = await searchHttps({ HTTPS_PROXY: withCredentials(`http://127.0.0.1:${port}`) }, '--retries', '1', '--debug');
    expectCleanFailure(
      result,
      5,
      new RegExp(
        `${through(port, 'HTTPS_PROXY')}could not connect to the proxy: connection refused \\(ECONNREFUSED\\), gave up after 2 attempts$`,
      ),
    );
    expect(result.stderr.match(/via proxy http:\/\/\*\*\*@127\.0\.0\.1:\d+ \(attempt \d\/2\) -> ECONNREFUSED/g)).toHaveLength(2);
    for (const secret of [PASSWORD, ENCODED_PASSWORD, USER]) expect(result.stderr).not.toContain(secret);
  });

  it('a proxy host name that does not resolve: not retried', async () => {
    const result = await searchHttps({ HTTPS_PROXY: 'http://proxy.tix.test:3128' }, '--debug');
    expectCleanFailure(
      result,
      5,
      /^tix: cannot reach the API through the proxy http:\/\/proxy\.tix\.test:3128 set in HTTPS_PROXY \(GET \/events\): could not connect to the proxy: host not found \(ENOTFOUND\)$/,
    );
    expect(result.stderr).toMatch(/via proxy http:\/\/proxy\.tix\.test:3128 \(attempt 1\/4\) -> ENOTFOUND after \d+ ms; not retried$/m);
  });

  it('a CONNECT refused by policy (403) is not retried', async () => {
    const server = await proxy({ refuse: 403 });
    const result = await searchHttps({ https_proxy: server.url });
    expectCleanFailure(
      result,
      5,
      new RegExp(`${through(server.port, 'https_proxy', false)}the proxy refused to connect to api\\.tix\\.test:443 \\(HTTP 403\\)$`),
    );
    expect(server.log).toHaveLength(1);
  });

  it('a CONNECT the proxy could not carry (502) is retried', async () => {
    const server = await proxy({ refuse: 502 });
    const result = await searchHttps({ HTTPS_PROXY: server.url }, '--retries', '1');
    expectCleanFailure(
      result,
      5,
      new RegExp(
        `${through(server.port, 'HTTPS_PROXY', false)}the proxy could not connect to api\\.tix\\.test:443 \\(HTTP 502\\), gave up after 2 attempts$`,
      ),
    );
    expect(server.log).toHaveLength(2);
  });

  it('407 to CONNECT: says to give credentials, or that they were not accepted; not retried', async () => {
    const server = await proxy({ credentials: { user: USER, password: PASSWORD } });
    const none = await searchHttps({ HTTPS_PROXY: server.url });
    expectCleanFailure(
      none,
      5,
      new RegExp(
        `${through(server.port, 'HTTPS_PROXY', false)}the proxy asks for a user name and password \\(HTTP 407\\): give them in HTTPS_PROXY as http://user:password@host:port$`,
      ),
    );
    const wrong = await searchHttps({ HTTPS_PROXY: withCredentials(server.url, 'not-it') });
    expectCleanFailure(
      wrong,
      5,
      new RegExp(
        `${through(server.port, 'HTTPS_PROXY')}the proxy did not accept the user name and password in HTTPS_PROXY \\(HTTP 407\\)$`,
      ),
    );
    expect(wrong.stderr).not.toContain('not-it');
    expect(server.log.map((entry) => entry.refusedWith)).toEqual([407, 407]);
  });

  it('407 from an http proxy to an absolute-URI request: the same', async () => {
    const server = await proxy({ credentials: { user: USER, password: PASSWORD } });
    const result = await searchHttp({ http_proxy: withCredentials(server.url, 'not-it') });
    expectCleanFailure(
      result,
      5,
      new RegExp(`${through(server.port, 'http_proxy')}the proxy did not accept the user name and password in http_proxy \\(HTTP 407\\)$`),
    );
    expect(server.log.map((entry) => entry.refusedWith)).toEqual([407]);
  });
});

describe.concurrent('a proxy URL tix cannot use: exit 2, naming the variable, never its value', () => {
  it.for([
    [
      'socks5://analyst:hunter2@127.0.0.1:1080',
      /^tix: HTTPS_PROXY names a socks5:\/\/ proxy, which tix does not support: use an http:\/\/ or https:\/\/ proxy$/,
    ],
    ['http://analyst:hunter2@', /^tix: HTTPS_PROXY is not a valid proxy URL: expected http:\/\/\[user:password@\]host:port$/],
    ['http://analyst:hunter2@[::1', /^tix: HTTPS_PROXY is not a valid proxy URL: expected http:\/\/\[user:password@\]host:port$/],
  ] as [string, RegExp][])('%s', async ([value, message]) => {
    const result = await searchHttps({ HTTPS_PROXY: value });
    expectCleanFailure(result, 2, message);
    expectNoStackTrace(result.stderr);
    expect(result.stderr).not.toContain('hunter2');
  });
});
