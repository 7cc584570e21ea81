/**
 * `tix api <path>` against the sandbox: what it prints is what a raw HTTP GET of the same path with the same
 * key returns (curl when installed, else node:http), fields are encoded as typed, --paginate sees every
 * event once, -i puts the head on stderr, and failures keep the exit codes of every other command.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXED_NOW, request, useSandbox, type Sandbox } from '../../../helpers/sandbox.js';
import { runTix } from '../../../helpers/tix.js';
import { sandboxEnv, tempDir } from '../../../helpers/tix-env.js';
import { runOnTerminal } from '../../../reliability/support/pty.js';

const sandbox = useSandbox({ events: 200, now: FIXED_NOW });

/** An event that Ticketmaster and StubHub both list, for the inventory and sales paths. */
function listedEvent(s: Sandbox) {
  return s.events.find((e) => e.agentIds.TMUSA && e.agentIds.STUBHUB)!;
}

const hasCurl = await new Promise<boolean>((resolve) => execFile('curl', ['--version'], (error) => resolve(!error)));

/** The body of a plain GET with the key in x-api-key, the path sent exactly as given. */
function rawGet(target: Sandbox, path: string, key = 'sandbox-key'): Promise<{ status: number; body: string }> {
  if (!hasCurl) return request(target, path, { key }).then((r) => ({ status: r.status, body: r.text }));
  return new Promise((resolve, reject) => {
    execFile(
      'curl',
      ['-sS', '--path-as-is', '-H', `x-api-key: ${key}`, '-w', '\n%{http_code}', `${target.url}${path}`],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout) => {
        if (error) return reject(error);
        const cut = stdout.lastIndexOf('\n');
        resolve({ body: stdout.slice(0, cut), status: Number(stdout.slice(cut + 1)) });
      },
    );
  });
}

/** The sales endpoints echo when the request was processed, to the microsecond: the one part that differs. */
function sameRequestTime(body: string): string {
  return body.replace(/"requestTimestamp":"[^"]*"/, '"requestTimestamp":"(when)"');
}

function api(args: readonly string[], env = sandboxEnv(sandbox().url)) {
  return runTix(['api', ...args], { env });
}

/** Request targets the sandbox received while `run` ran. */
async function sentDuring(run: () => Promise<unknown>): Promise<string[]> {
  const before = sandbox().log.length;
  await run();
  return sandbox()
    .log.slice(before)
    .map((entry) => entry.path);
}

describe('tix api prints what the API sent', () => {
  it.for([
    (s: Sandbox) => `/events/${s.events[0]!.id}`,
    () => '/events?pageSize=5',
    (s: Sandbox) => `/inventory/TMUSA/${listedEvent(s).agentIds.TMUSA}`,
    (s: Sandbox) => `/events/stubhub/${listedEvent(s).agentIds.STUBHUB}/sales-summary`,
  ])('%#: the body of a raw GET of the same path, byte for byte', async (pathOf) => {
    const path = pathOf(sandbox());
    const raw = await rawGet(sandbox(), path);
    expect(raw.status).toBe(200);
    const result = await api([path]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(sameRequestTime(result.stdout)).toBe(sameRequestTime(raw.body));
    // The leading slash is optional.
    expect(sameRequestTime((await api([path.slice(1)])).stdout)).toBe(sameRequestTime(raw.body));
  });

  it('accepts an absolute URL under the base URL', async () => {
    const raw = await rawGet(sandbox(), '/events?pageSize=2');
    const result = await api([`${sandbox().url}/events?pageSize=2`]);
    expect(result).toMatchObject({ code: 0, stdout: raw.body });
  });

  it('encodes -f names and values (spaces, &, =, unicode) and sends them after a query already in the path', async () => {
    let result;
    const sent = await sentDuring(async () => {
      result = await api(['events?pageSize=3', '-f', 'city=St. Louis', '-f', 'a&b=c=d', '-f', 'name=Montréal ☃ 100%', '-f', 'empty=']);
    });
    const target = '/events?pageSize=3&city=St.%20Louis&a%26b=c%3Dd&name=Montr%C3%A9al%20%E2%98%83%20100%25&empty=';
    expect(sent).toEqual([target]);
    expect(result).toMatchObject({ code: 4 }); // no event is named like that: the search's 404
    // The sandbox read the values back as typed: a matching filter finds the events a raw GET finds.
    const city = sandbox().events[0]!.city;
    const raw = await rawGet(sandbox(), `/events?pageSize=3&city=${encodeURIComponent(city)}`);
    expect((await api(['events', '-f', 'pageSize=3', '-f', `city=${city}`])).stdout).toBe(raw.body);
  });

  it('encodes what a URL cannot carry in the path it is given, and keeps its escapes', async () => {
    const sent = await sentDuring(() => api(['events/ticketMaster/some id,ü%2F1']));
    expect(sent).toEqual(['/events/ticketMaster/some%20id,%C3%BC%2F1']);
  });
});

describe('tix api --paginate', () => {
  async function searchIds(): Promise<string[]> {
    const all = await runTix(['events', 'search', '--all', '-o', 'ndjson'], { env: sandboxEnv(sandbox().url) });
    expect(all.code).toBe(0);
    return all.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).id);
  }

  it('returns every event of the search exactly once, merged into one {"events":[...]}', async () => {
    const expected = await searchIds();
    expect(expected.length).toBe(200);
    let result;
    // Only this run's requests: a page `events search --all` asked ahead and dropped may reach the server late.
    const sent = (
      await sentDuring(async () => {
        result = await api(['events', '-f', 'pageSize=7', '--paginate']);
      })
    ).filter((path) => path.startsWith('/events?pageSize=7&'));
    expect(result!).toMatchObject({ code: 0, stderr: '' });
    const merged = JSON.parse(result!.stdout);
    expect(Object.keys(merged)).toEqual(['events']);
    expect(merged.events.map((e: { id: string }) => e.id)).toEqual(expected);
    // 29 pages: 28 full ones and a short one, requested in order, nothing after the short page.
    expect(sent).toEqual(Array.from({ length: 29 }, (_, i) => `/events?pageSize=7&pageNumber=${i + 1}`));
    // The text is JSON.stringify of the pages' events, merged: what a raw GET of each page returns.
    const pages = await Promise.all(sent.map((path) => rawGet(sandbox(), path)));
    expect(result!.stdout).toBe(`${JSON.stringify({ events: pages.flatMap((p) => JSON.parse(p.body).events) })}\n`);
  });

  it('ends at the 404 of a page past the last when the total is a multiple of pageSize', async () => {
    let result;
    const sent = await sentDuring(async () => {
      result = await api(['events?pageSize=50', '--paginate', '-o', 'ndjson']);
    });
    expect(result!).toMatchObject({ code: 0, stderr: '' });
    expect(sent).toHaveLength(5);
    const ids = result!.stdout
      .trim()
      .split('\n')
      .map((line: string) => JSON.parse(line).id);
    expect(ids).toEqual(await searchIds());
  });

  it('with -o ndjson prints one line per event, starting at the pageNumber of the path', async () => {
    const expected = (await searchIds()).slice(20);
    const result = await api(['events?pageNumber=3&pageSize=10', '--paginate', '-o', 'ndjson']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const lines = result.stdout.trim().split('\n');
    expect(lines.map((line) => JSON.parse(line).id)).toEqual(expected);
    // Each line is an event as the API sent it.
    const page3 = JSON.parse((await rawGet(sandbox(), '/events?pageNumber=3&pageSize=10')).body).events;
    expect(lines.slice(0, 10)).toEqual(page3.map((event: unknown) => JSON.stringify(event)));
  });

  it('refuses a body without a list, and pageNumber or pageSize that are not whole numbers', async () => {
    const event = sandbox().events[0]!.id;
    const single = await api([`events/${event}`, '--paginate']);
    expect(single.code).toBe(2);
    expect(single.stderr).toMatch(/^tix: --paginate needs a body that holds a list .* answered an object without an array field/);
    expect(single.stdout).toBe('');
    for (const field of ['pageSize=abc', 'pageNumber=0']) {
      const bad = await api(['events', '-f', field, '--paginate']);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(new RegExp(`^tix: --paginate: ${field.split('=')[0]} must be a whole number from 1`));
    }
  });
});

describe('tix api on a terminal', () => {
  it.for([['events?pageSize=3'], ['events?pageSize=2', '--paginate']])('%j: the JSON printed off a terminal, indented', async (args) => {
    // Nothing is typed: the harness only gives tix a terminal and collects what it showed.
    const shown = await runOnTerminal(['api', ...args], 'no prompt', '', sandboxEnv(sandbox().url));
    expect(shown.code).toBe(0);
    // Off a terminal the output is what the API sent (compared with curl above): the same document.
    const expected = JSON.parse((await api(args)).stdout);
    expect(shown.screen.replaceAll('\r\n', '\n')).toBe(`${JSON.stringify(expected, null, 2)}\n`);
  });
});

describe('tix api output formats', () => {
  it('-o csv writes the one list of the body as rows', async () => {
    const raw = JSON.parse((await rawGet(sandbox(), '/events?pageSize=4')).body);
    const result = await api(['events?pageSize=4', '-o', 'csv', '--fields', 'id,name']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      `id,name\r\n${raw.events.map((e: { id: string; name: string }) => `${e.id},${/[",]/.test(e.name) ? `"${e.name.replaceAll('"', '""')}"` : e.name}\r\n`).join('')}`,
    );
  });

  it('a format that needs a list, on a body without one, is exit 2 with one clear line', async () => {
    const result = await api([`/events/${sandbox().events[0]!.id}`, '-o', 'table']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^tix: -o table needs a body that holds a list \(an array, or an object with one array field\)/);
  });
});

describe('tix api -i', () => {
  it('prints the status line and headers on stderr, the body alone on stdout', async () => {
    const raw = await rawGet(sandbox(), '/events?pageSize=2');
    const result = await api(['events?pageSize=2', '-i']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(raw.body);
    const [status, ...lines] = result.stderr.split('\n');
    expect(status).toBe('HTTP/1.1 200 OK');
    expect(lines).toContain('content-type: application/json; charset=utf-8');
    expect(result.stderr.endsWith('\n\n')).toBe(true);
  });

  it('shows the head of an error answer before the usual error line', async () => {
    const result = await api(['/events/evt_zzzzzzzzzz', '-i']);
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^HTTP\/1\.1 404 Not Found\n(?:[a-z-]+: .*\n)+\ntix: not found \(HTTP 404 from GET \/events\/evt_zzzzzzzzzz\)/,
    );
  });
});

describe('tix api failures have the exit codes of every command', () => {
  const failing = useSandbox({ events: 10, failRate: 1 });

  it('404 -> 4, unknown key -> 3, 503 after --retries 0 -> 5', async () => {
    const missing = await api(['/events/evt_zzzzzzzzzz']);
    expect(missing).toMatchObject({ code: 4, stdout: '' });
    expect(missing.stderr).toBe("tix: not found (HTTP 404 from GET /events/evt_zzzzzzzzzz): event 'evt_zzzzzzzzzz' not found\n");

    const badKey = await api(['events'], sandboxEnv(sandbox().url, 'not-a-key'));
    expect(badKey).toMatchObject({ code: 3, stdout: '' });
    expect(badKey.stderr).toMatch(/^tix: the API key was not accepted \(HTTP 401 from GET \/events\)/);

    const before = failing().log.length;
    const unavailable = await runTix(['--retries', '0', 'api', 'events'], { env: sandboxEnv(failing().url) });
    expect(unavailable).toMatchObject({ code: 5, stdout: '' });
    expect(unavailable.stderr).toMatch(/^tix: the API is unavailable \(HTTP 503 from GET \/events\), gave up after 1 attempt/);
    expect(failing().log.length - before).toBe(1);
  });
});

describe('tix api --paginate when pages fail', () => {
  const flaky = useSandbox({ events: 200, now: FIXED_NOW, failRate: 0.5, maxConsecutiveFailures: 2 });

  it('retries a failed page like any request: every event once', async () => {
    const reference = await api(['events', '-f', 'pageSize=7', '--paginate']);
    const before = flaky().log.length;
    const result = await api(['events', '-f', 'pageSize=7', '--paginate'], sandboxEnv(flaky().url));
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toBe(reference.stdout);
    expect(
      flaky()
        .log.slice(before)
        .some((entry) => entry.status === 503),
    ).toBe(true);
  });

  // The third request crashes the handler: a 500, which no retry helps, after two pages were written.
  let requests = 0;
  const breaking = useSandbox({
    events: 200,
    now: FIXED_NOW,
    hook: () => {
      if (++requests === 3) throw new Error('page 3 breaks');
    },
  });

  it('fails part-way with the usual error and leaves no --out file', async () => {
    const dir = tempDir('tix-api-out-');
    const out = join(dir, 'events.json');
    const before = breaking().log.length;
    const result = await runTix(['api', 'events', '-f', 'pageSize=7', '--paginate', '--out', out], { env: sandboxEnv(breaking().url) });
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr).toBe('tix: the API failed (HTTP 500 from GET /events): internal server error: page 3 breaks\n');
    expect(
      breaking()
        .log.slice(before)
        .map((entry) => entry.status),
    ).toEqual([200, 200, 500]);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('the key never shows', () => {
  const KEY = 'k3y-that-must-not-show-0123456789';
  let echo: Server;
  let url: string;
  const seen: IncomingHttpHeaders[] = [];
  beforeAll(async () => {
    // A server that echoes the key it was sent in a header and in the body, as a careless proxy might.
    echo = createServer((req, res) => {
      seen.push(req.headers);
      const key = String(req.headers['x-api-key']);
      const status = req.url?.startsWith('/denied') ? 401 : 200;
      res.writeHead(status, { 'content-type': 'application/json', 'x-echo-key': key });
      res.end(JSON.stringify(status === 200 ? { items: [{ key, note: `you sent ${key}` }] } : { message: `key ${key} is not known` }));
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => echo.close(() => resolve())));

  it.for([
    ['items', '-i', '--debug'],
    ['items', '-o', 'ndjson', '--paginate', '-i', '--debug'],
    ['denied', '-i', '--debug'],
  ])('%j: not in stderr, headers or the debug trace; data as sent, with a warning', async (args) => {
    const result = await runTix(['api', ...args], { env: { TIX_BASE_URL: url, TIX_API_KEY: KEY } });
    expect(seen.at(-1)?.['x-api-key']).toBe(KEY);
    expect(result.code).toBe(args[0] === 'denied' ? 3 : 0);
    expect(result.stderr).not.toContain(KEY);
    expect(result.stderr).toContain('x-echo-key: ***');
    expect(result.stderr).toMatch(/tix debug: GET http:\/\/127\.0\.0\.1:\d+\/(items|denied)/);
    if (args[0] === 'items') {
      // Data is never altered: the body goes out as sent, and one warning names where the key is.
      expect(result.stdout).toContain(`you sent ${KEY}`);
      const fields = args.includes('ndjson') ? '"key", "note"' : '"items[].key", "items[].note"';
      expect(result.stderr).toContain(
        `tix: warning: the API echoed your API key in fields ${fields} of the output; treat the output as secret\n`,
      );
    } else {
      expect(result.stdout).not.toContain(KEY);
      expect(result.stderr).toContain('key *** is not known');
    }
  });
});
