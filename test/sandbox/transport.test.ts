/** HTTP behaviour: compression, keep-alive, latency, percent-encoded segments, the request log, close(). */
import { Agent, request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { FIXED_NOW, SANDBOX_API_KEY, getJson, request, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox({ now: FIXED_NOW, events: 500 });

describe('compression', () => {
  it('sends gzip or br only when asked, and identical content either way', async () => {
    const path = '/events?pageSize=200';
    const plain = await request(sandbox(), path);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(Number(plain.headers['content-length'])).toBe(plain.raw.length);
    const cases: [string, string | undefined][] = [
      ['gzip', 'gzip'],
      ['br', 'br'],
      ['gzip, deflate, br', 'gzip'],
      ['br;q=1, gzip;q=0.5', 'br'],
      ['deflate', undefined],
      ['identity', undefined],
      ['gzip;q=0', undefined],
      ['*', 'gzip'],
    ];
    for (const [accept, encoding] of cases) {
      const response = await request(sandbox(), path, { headers: { 'accept-encoding': accept } });
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      expect(Number(response.headers['content-length'])).toBe(response.raw.length);
      expect(response.text).toBe(plain.text);
      if (encoding) expect(response.raw.length).toBeLessThan(plain.raw.length / 2);
    }
  });

  it('leaves small bodies uncompressed', async () => {
    const response = await request(sandbox(), '/events/evt_0000000000', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(404);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});

describe('connections and timing', () => {
  it('keeps connections alive', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const ports = new Set<number>();
      for (let i = 0; i < 5; i++) {
        await new Promise<void>((resolve, reject) => {
          const req = httpRequest(
            { port: sandbox().port, host: '127.0.0.1', path: '/events?pageSize=1', agent, headers: { 'x-api-key': SANDBOX_API_KEY } },
            (res) => {
              ports.add(res.socket.localPort!);
              res.resume();
              res.on('end', resolve);
            },
          );
          req.on('error', reject);
          req.end();
        });
      }
      expect(ports.size).toBe(1);
    } finally {
      agent.destroy();
    }
  });

  it('adds latencyMs before each response', async () => {
    const slow = await startSandbox({ events: 10, latencyMs: 150 });
    try {
      const started = performance.now();
      expect((await request(slow, '/events')).status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    } finally {
      await slow.close();
    }
  });

  it('close() returns promptly with idle keep-alive connections and pending delayed responses', async () => {
    const slow = await startSandbox({ events: 10, latencyMs: 30_000 });
    const agent = new Agent({ keepAlive: true });
    const pending = request(slow, '/events', { agent }).catch((error: Error) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    await slow.close();
    expect(performance.now() - started).toBeLessThan(2000);
    expect(await pending).toBeInstanceOf(Error);
    agent.destroy();
  });

  it('binds to 127.0.0.1 and reports a URL without a trailing slash', () => {
    expect(sandbox().url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox().url).toBe(`http://127.0.0.1:${sandbox().port}`);
  });

  it('listens on the port asked for', async () => {
    const first = await startSandbox({ events: 1 });
    const port = first.port;
    await first.close();
    const again = await startSandbox({ events: 1, port });
    try {
      expect(again.url).toBe(`http://127.0.0.1:${port}`);
      expect((await request(again, '/events')).status).toBe(200);
    } finally {
      await again.close();
    }
  });
});

describe('percent-encoded path segments', () => {
  it('decodes each segment after splitting, so %2F never changes the route', async () => {
    const cases: [string, number, RegExp][] = [
      ['/events/..%2F..%2Fevents', 404, /^agent '\.\.\/\.\.\/events' not found/],
      ['/events/%2E%2E/inventory', 404, /^agent '\.\.' not found/],
      ['/events/stubhub%2F123%2Fsales-summary', 404, /^agent 'stubhub\/123\/sales-summary' not found/],
      ['/inventory/TMUSA%2F..%2F..%2Fevents/1', 404, /^ticket agent 'TMUSA\/\.\.\/\.\.\/events' not recognized/],
      ['/events/evt_abc%2F..', 400, /^serviceEventId must be/],
      ['/events/stubhub/1%2F2/sales-summary', 400, /^eventId must be the event's StubHub id/],
      ['/events/stubhub/1/sales-summary%2F..', 404, /^no such endpoint/],
      ['/inventory/TMUSA/a%20b', 400, /^event ids may contain only letters, digits/],
    ];
    for (const [path, status, message] of cases) {
      const response = await request(sandbox(), path);
      expect(response.status, path).toBe(status);
      expect(response.json.message, path).toMatch(message);
    }
  });

  it('splits an id list after decoding, as the service sees the segment ("a%2Cb" is two ids)', async () => {
    const body = await getJson(sandbox(), '/inventory/TMUSA/a%2Cb');
    expect(body.data.map((d: { eventId: string }) => d.eventId)).toEqual(['a', 'b']);
  });

  it('decodes encoded letters in a segment ("%74musa" is tmusa)', async () => {
    const e = sandbox().events.find((x) => x.agentIds.TMUSA)!;
    const body = await getJson(sandbox(), `/events/%74musa/${e.agentIds.TMUSA}`);
    expect(body.events[0].id).toBe(e.id);
    const id = await getJson(sandbox(), `/events/${encodeURIComponent(e.id).replace('evt', '%65vt')}`);
    expect(id.id).toBe(e.id);
  });

  it('logs the raw request target and the status sent, with the apiKey value masked', async () => {
    const own = await startSandbox({ events: 10 });
    try {
      await request(own, '/events/..%2F..%2Fevents');
      await request(own, `/events?pageSize=1&apiKey=${SANDBOX_API_KEY}`, { key: null });
      await request(own, '/events', { method: 'POST' });
      expect(own.log).toEqual([
        { method: 'GET', path: '/events/..%2F..%2Fevents', status: 404 },
        { method: 'GET', path: '/events?pageSize=1&apiKey=***', status: 200 },
        { method: 'POST', path: '/events', status: 405 },
      ]);
      expect(own.requests).toBe(3);
    } finally {
      await own.close();
    }
  });
});

describe('load', () => {
  it('serves keep-alive requests past its log size and keeps the log bounded', async () => {
    // The log's size is an option (LOG_LIMIT, 10,000, unless set), so the bound is shown with 1,500 requests
    // rather than 10,500; the memory of a full log under load is test/reliability/load.test.ts's.
    const limit = 1_000;
    const own = await startSandbox({ events: 100, requestLog: limit });
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    try {
      const total = limit + 500;
      let next = 0;
      let ok = 0;
      const worker = async () => {
        while (next < total) {
          next++;
          const response = await request(own, '/events?pageSize=1', { agent });
          if (response.status === 200) ok++;
        }
      };
      await Promise.all(Array.from({ length: 16 }, worker));
      expect(ok).toBe(total);
      expect(own.requests).toBe(total);
      expect(own.log.length).toBeLessThanOrEqual(limit);
      expect(own.log.length).toBeGreaterThan(limit - limit / 10);
    } finally {
      agent.destroy();
      await own.close();
    }
  });
});
