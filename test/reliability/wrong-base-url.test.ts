/**
 * A base URL that is not the API (issue 17 §3): a static web server, or the sandbox under a path prefix it
 * does not have. Its 404s must never read as "not found" or "no events": tix exits 1 naming the URL and
 * what came back, writes no file, stores no key, and `auth status` never says the key was accepted. The
 * real API's "no events" and "not found" still work, and a normal 200 costs no extra request.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCleanFailure } from './support/expect-output.js';
import { useSandbox } from './support/sandboxes.js';
import { runTix as tix } from '../helpers/tix.js';
import { sandboxEnv as apiEnv, testDir as tempDir } from '../helpers/tix-env.js';

/** Like `python3 -m http.server`: a directory listing at /, an HTML 404 page for everything else. */
function startStaticServer(): Promise<{ url: string; paths: string[]; server: Server }> {
  const paths: string[] = [];
  const server = createServer((req, res) => {
    paths.push(req.url ?? '/');
    if (req.url === '/') {
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          '<!DOCTYPE html><html><body><h1>Directory listing for /</h1><ul><li><a href="notes.txt">notes.txt</a></li></ul></body></html>',
        );
      return;
    }
    res
      .writeHead(404, { 'content-type': 'text/html;charset=utf-8' })
      .end(
        '<!DOCTYPE HTML><html><head><title>Error response</title></head><body><h1>Error response</h1><p>Error code: 404</p><p>Message: File not found.</p></body></html>',
      );
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, paths, server })),
  );
}

let statik: Awaited<ReturnType<typeof startStaticServer>>;
beforeAll(async () => {
  statik = await startStaticServer();
});
afterAll(() => new Promise<void>((resolve) => statik.server.close(() => resolve())));

const sandbox = useSandbox({ events: 300 });

/** Each wrong base URL and what its answer to GET /events looks like in the message. */
const wrongUrls: [string, () => string, string][] = [
  ['a static web server', () => statik.url, 'text/html'],
  ['the sandbox under a path prefix it does not have', () => `${sandbox().url}/api/v1`, 'application/json'],
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The one line tix must print: the URL, the request and what came back, and where to fix it. */
function notTheApi(baseUrl: string, endpoint: string, type: string): RegExp {
  return new RegExp(
    `^tix: ${escapeRegExp(baseUrl)} does not answer like the ticket API: ${escapeRegExp(endpoint)} answered 404 ${escapeRegExp(type)}; check --base-url, TIX_BASE_URL or 'tix config get base-url'$`,
  );
}

describe.each(wrongUrls)('a base URL that is %s', (_name, baseUrl, type) => {
  it('events search --out: exit 1, no "No events found.", and yesterday\'s file untouched', async () => {
    const out = join(tempDir(), 'events.csv');
    writeFileSync(out, 'id,name\r\nevt_old,Yesterday\r\n');
    const result = await tix(['events', 'search', '-o', 'csv', '--out', out], { env: apiEnv(baseUrl()) });
    expectCleanFailure(result, 1, notTheApi(baseUrl(), 'GET /events', type));
    expect(result.stderr).not.toContain('No events found');
    expect(readFileSync(out, 'utf8')).toBe('id,name\r\nevt_old,Yesterday\r\n');
  });

  it('events search with one page as JSON: exit 1, nothing on stdout', async () => {
    const result = await tix(['events', 'search', '--json'], { env: apiEnv(baseUrl()) });
    expectCleanFailure(result, 1, notTheApi(baseUrl(), 'GET /events', type));
  });

  it.each([
    [['inventory', 'TMUSA', '123'], 'GET /inventory/TMUSA/123'],
    [['events', 'view', 'evt_abc123'], 'GET /events/evt_abc123'],
    [['events', 'get', 'evt_abc123'], 'GET /events/evt_abc123'],
    [['events', 'by-agent', 'ticketMaster'], 'GET /events/ticketMaster'],
    [['sales', 'summary', '123'], 'GET /events/stubhub/123/sales-summary'],
    [['sales', 'details', '123'], 'GET /events/stubhub/123/sales-details'],
  ])('%j is not "not found" (exit 1, not 4)', async (args, endpoint) => {
    const result = await tix(args, { env: apiEnv(baseUrl()) });
    // A non-JSON 404 is judged at once; a JSON one by the probe of GET /events.
    expectCleanFailure(result, 1, notTheApi(baseUrl(), type === 'text/html' ? endpoint : 'GET /events', type));
  });

  it('watch stops at once (exit 1) instead of calling the agent unknown', async () => {
    const result = await tix(['watch', 'TMUSA', '123', '--count', '2', '--interval', '1s', '--quiet'], { env: apiEnv(baseUrl()) });
    expectCleanFailure(result, 1, notTheApi(baseUrl(), type === 'text/html' ? 'GET /inventory/TMUSA/123' : 'GET /events', type));
  });

  it('track fails once (exit 1), names no entry as unknown, and creates no database', async () => {
    const db = join(tempDir(), 'history.duckdb');
    const result = await tix(['track', 'TMUSA:123', 'evt_abc123', '--db', db], { env: apiEnv(baseUrl()) });
    expect(result.code).toBe(1);
    expect(result.stderr).not.toMatch(/not recognised|not found/);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(new RegExp(`^tix: ${escapeRegExp(baseUrl())} does not answer like the ticket API: `));
    expect(existsSync(db)).toBe(false);
  });

  it('auth status: exit 1, state not-the-api, never "accepted"', async () => {
    const text = await tix(['auth', 'status'], { env: apiEnv(baseUrl()) });
    expect(text.code).toBe(1);
    expect(text.stdout).not.toMatch(/accepted/);
    expect(text.stdout).toMatch(/^status: +.*does not answer like the ticket API: GET \/events answered 404/m);

    const json = await tix(['auth', 'status', '--json'], { env: apiEnv(baseUrl()) });
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ state: 'not-the-api', baseUrl: baseUrl() });
  });

  it('auth login --with-key: exit 1 and no key stored', async () => {
    const env = { TIX_CONFIG_DIR: join(tempDir(), 'config'), TIX_BASE_URL: baseUrl() };
    const login = await tix(['auth', 'login', '--with-key'], { env, input: 'sandbox-key\n' });
    expectCleanFailure(login, 1, /does not answer like the ticket API: GET \/events answered 404 .*; nothing was stored$/);
    const status = await tix(['auth', 'status', '--json'], { env });
    expect(JSON.parse(status.stdout)).toMatchObject({ state: 'no-key', apiKey: null });
  });

  it('tix api: a non-JSON 404 is not the API either; a JSON 404 is shown as the server sent it', async () => {
    const result = await tix(['api', '/events/evt_abc123'], { env: apiEnv(baseUrl()) });
    if (type === 'text/html') expectCleanFailure(result, 1, notTheApi(baseUrl(), 'GET /events/evt_abc123', type));
    else expectCleanFailure(result, 4, /not found \(HTTP 404 from GET \/events\/evt_abc123\): no such endpoint/);
  });
});

describe('the API itself', () => {
  const requestsOf = (from: number) =>
    sandbox()
      .log.slice(from)
      .map((entry) => entry.path);

  it('a search that matches nothing: exit 0 and "No events found.", after one probe of GET /events', async () => {
    const out = join(tempDir(), 'none.csv');
    const from = sandbox().log.length;
    const result = await tix(['events', 'search', '--name', 'no event is called this', '-o', 'csv', '--out', out], {
      env: apiEnv(sandbox().url),
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('No events found.\n');
    // A search with no results still writes a whole file (the header), as before.
    expect(readFileSync(out, 'utf8')).toMatch(/^id,name/);
    expect(requestsOf(from)).toEqual([expect.stringMatching(/^\/events\?.*name=no/), '/events?pageSize=1']);
  });

  it('an unknown event: still exit 4 "not found", after the probe', async () => {
    const from = sandbox().log.length;
    const result = await tix(['events', 'view', 'evt_nosuchevent'], { env: apiEnv(sandbox().url) });
    expectCleanFailure(result, 4, /^tix: event evt_nosuchevent not found \(HTTP 404 from GET \/events\/evt_nosuchevent\)/);
    expect(requestsOf(from)).toEqual(['/events/evt_nosuchevent', '/events?pageSize=1']);
  });

  it('a 200 costs no probe, and neither does the 404 past the last page of --all', async () => {
    const from = sandbox().log.length;
    // 300 events in pages of 100: the fourth page is the contract's 404, after three full 200s.
    const result = await tix(['events', 'search', '--all', '--page-size', '100', '--concurrency', '1', '-o', 'ndjson'], {
      env: apiEnv(sandbox().url),
    });
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(300);
    expect(requestsOf(from).filter((path) => path === '/events?pageSize=1')).toEqual([]);
    expect(
      sandbox()
        .log.slice(from)
        .map((entry) => entry.status),
    ).toEqual([200, 200, 200, 404]);
  });

  it('auth status and auth login accept the key on the documented answer', async () => {
    const env = { TIX_CONFIG_DIR: join(tempDir(), 'config'), TIX_BASE_URL: sandbox().url };
    expect((await tix(['auth', 'login', '--with-key'], { env, input: 'sandbox-key\n' })).code).toBe(0);
    const status = await tix(['auth', 'status', '--json'], { env });
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ state: 'ok', message: 'key accepted' });
  });
});
