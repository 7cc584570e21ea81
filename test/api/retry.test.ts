import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { parseRetryAfter } from '../../src/api/retry-after.js';
import { backoffDelay, classifyNetworkError, decideRetry, MAX_RETRY_AFTER_MS, sleep } from '../../src/api/retry.js';
import { ExitCode } from '../../src/shared/errors.js';
import { makeClient, rejectionOf, sendJson, startServer } from './helpers.js';

describe('backoff', () => {
  it('is full jitter below min(8 s, 250 ms * 2^n)', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => backoffDelay(n, () => 0.999999))).toEqual([249, 499, 999, 1999, 3999, 7999, 7999, 7999]);
    expect(backoffDelay(3, () => 0)).toBe(0);
    expect(backoffDelay(2, () => 0.5)).toBe(500);
  });

  it('decides: retry with backoff, Retry-After instead, give up when exhausted or asked to wait too long', () => {
    expect(decideRetry(1, 3, undefined, () => 0.5)).toEqual({ retry: true, waitMs: 125, why: 'backoff' });
    expect(decideRetry(3, 3, undefined, () => 0.5)).toEqual({ retry: true, waitMs: 500, why: 'backoff' });
    expect(decideRetry(4, 3, undefined, () => 0.5)).toEqual({ retry: false, why: 'exhausted' });
    expect(decideRetry(1, 0, 10, () => 0.5)).toEqual({ retry: false, why: 'exhausted' });
    expect(decideRetry(1, 3, 0, () => 0.5)).toEqual({ retry: true, waitMs: 0, why: 'Retry-After' });
    expect(decideRetry(1, 3, MAX_RETRY_AFTER_MS, () => 0.5)).toEqual({ retry: true, waitMs: MAX_RETRY_AFTER_MS, why: 'Retry-After' });
    expect(decideRetry(1, 3, MAX_RETRY_AFTER_MS + 1, () => 0.5)).toEqual({ retry: false, why: 'Retry-After too long' });
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-03-01T12:00:00Z');
  it.each([
    ['5', 5000],
    ['0', 0],
    [' 12 ', 12000],
    ['1.5', 1500],
    ['Sat, 01 Mar 2025 12:00:30 GMT', 30000],
    ['Saturday, 01-Mar-25 12:00:10 GMT', 10000],
    ['Sat Mar  1 12:01:00 2025', 60000],
    ['Sat, 01 Mar 2025 11:00:00 GMT', 0],
  ])('reads %j as %i ms', (value, ms) => {
    expect(parseRetryAfter(value, now)).toBe(ms);
  });

  it.each([[undefined], [''], ['-1'], ['soon'], ['120s'], ['12:00:00'], ['Sat, 99 Foo 2025 GMT']])('ignores %j', (value) => {
    expect(parseRetryAfter(value, now)).toBeUndefined();
  });

  it('takes the first of repeated headers', () => {
    expect(parseRetryAfter(['3', '9'], now)).toBe(3000);
  });
});

describe('classifyNetworkError', () => {
  it('looks through cause chains and AggregateErrors', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(classifyNetworkError(new AggregateError([refused], 'connect failed'))).toMatchObject({ code: 'ECONNREFUSED', retryable: true });
    expect(classifyNetworkError(new TypeError('fetch failed', { cause: refused }))).toMatchObject({ code: 'ECONNREFUSED' });
    expect(classifyNetworkError(Object.assign(new Error('x'), { code: 'UND_ERR_HEADERS_TIMEOUT' }))).toMatchObject({
      timeout: true,
      retryable: true,
    });
    expect(classifyNetworkError(Object.assign(new Error('x'), { code: 'ENOTFOUND' }))).toMatchObject({ retryable: false });
    expect(classifyNetworkError(new TypeError('a bug'))).toBeUndefined();
  });

  it('names every certificate verdict, so none is an unexpected error', () => {
    const tlsError = (code: string, message: string) =>
      new TypeError('fetch failed', { cause: Object.assign(new Error(message), { code }) });
    expect(classifyNetworkError(tlsError('CERT_NOT_YET_VALID', 'certificate is not yet valid'))).toEqual({
      code: 'CERT_NOT_YET_VALID',
      description: "the server certificate is not valid yet (is this machine's clock right?) (CERT_NOT_YET_VALID)",
      retryable: false,
      timeout: false,
    });
    expect(classifyNetworkError(tlsError('CERT_REVOKED', 'certificate revoked'))).toEqual({
      code: 'CERT_REVOKED',
      description: 'the server certificate was refused: certificate revoked (CERT_REVOKED)',
      retryable: false,
      timeout: false,
    });
    expect(classifyNetworkError(tlsError('INVALID_CA', 'invalid CA certificate'))).toMatchObject({ retryable: false });
  });
});

describe('sleep', () => {
  it('is cut short by an abort, rejecting with its reason', async () => {
    const controller = new AbortController();
    const reason = new Error('stop');
    const started = Date.now();
    const waiting = sleep(60_000, controller.signal);
    setTimeout(() => controller.abort(reason), 10);
    await expect(waiting).rejects.toBe(reason);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('retries', () => {
  it.each([503, 429, 502, 504])('retries %i with exponential backoff, then succeeds', async (status) => {
    const server = await startServer((_req, res, i) =>
      i < 2 ? sendJson(res, status, { message: 'busy' }) : sendJson(res, 200, { ok: 1 }),
    );
    const { client, waits } = makeClient(server.baseUrl);
    await expect(client.get(['events'])).resolves.toEqual({ ok: 1 });
    expect(server.requests).toHaveLength(3);
    // random() is 0.5: half of 250 and of 500.
    expect(waits).toEqual([125, 250]);
    expect(client.requestCount).toBe(3);
  });

  it('gives up after retries + 1 attempts with exit 5, the status and the attempt count', async () => {
    const server = await startServer((_req, res) =>
      sendJson(res, 503, { status: 503, error: 'Service Unavailable', message: 'inventory down' }),
    );
    const { client, waits, trace } = makeClient(server.baseUrl);
    const error = await rejectionOf(client.get(['inventory', 'TMUSA', ['1', '2']]));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.exitCode).toBe(ExitCode.UNAVAILABLE);
    expect(error.status).toBe(503);
    expect(error.message).toBe('the API is unavailable (HTTP 503 from GET /inventory/TMUSA/1,2), gave up after 4 attempts: inventory down');
    expect(server.requests).toHaveLength(4);
    expect(waits).toEqual([125, 250, 500]);
    expect(trace.at(-1)).toMatch(/\(attempt 4\/4\) -> 503 in \d+ ms; giving up \(exhausted\)$/);
  });

  it('says "rate limited" for 429', async () => {
    const server = await startServer((_req, res) => sendJson(res, 429, {}));
    const error = await rejectionOf(makeClient(server.baseUrl, { retries: 1 }).client.get(['events']));
    expect(error.exitCode).toBe(ExitCode.UNAVAILABLE);
    expect(error.message).toContain('rate limited by the API (HTTP 429 from GET /events), gave up after 2 attempts');
  });

  it('makes one attempt with retries: 0', async () => {
    const server = await startServer((_req, res) => sendJson(res, 503, {}));
    const error = await rejectionOf(makeClient(server.baseUrl, { retries: 0 }).client.get(['events']));
    expect(error.message).toContain('gave up after 1 attempt');
    expect(server.requests).toHaveLength(1);
  });

  it('waits as long as Retry-After says, in seconds', async () => {
    const server = await startServer((_req, res, i) => (i === 0 ? sendJson(res, 429, {}, { 'retry-after': '3' }) : sendJson(res, 200, {})));
    const { client, waits } = makeClient(server.baseUrl);
    await client.get(['events']);
    expect(waits).toEqual([3000]);
  });

  it('waits until a Retry-After HTTP date', async () => {
    const server = await startServer((_req, res, i) =>
      i === 0 ? sendJson(res, 503, {}, { 'retry-after': new Date(Date.now() + 10_000).toUTCString() }) : sendJson(res, 200, {}),
    );
    const { client, waits } = makeClient(server.baseUrl);
    await client.get(['events']);
    expect(waits).toHaveLength(1);
    // HTTP dates have whole seconds; the test's own clock also moves on.
    expect(waits[0]).toBeGreaterThan(8_000);
    expect(waits[0]).toBeLessThanOrEqual(10_000);
  });

  it('gives up at once when Retry-After asks for more than the maximum, and says so', async () => {
    const server = await startServer((_req, res) => sendJson(res, 429, {}, { 'retry-after': '120' }));
    const { client, waits } = makeClient(server.baseUrl);
    const error = await rejectionOf(client.get(['events']));
    expect(error.exitCode).toBe(ExitCode.UNAVAILABLE);
    expect(error.message).toContain('the API asked to wait 120s before retrying');
    expect(server.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('retries a connection reset before any response', async () => {
    const server = await startServer((req, res, i) => {
      if (i === 0) req.socket.destroy();
      else sendJson(res, 200, { ok: true });
    });
    const { client, waits, trace } = makeClient(server.baseUrl);
    await expect(client.get(['events'])).resolves.toEqual({ ok: true });
    expect(waits).toEqual([125]);
    expect(trace[0]).toMatch(/-> (UND_ERR_SOCKET|ECONNRESET) after \d+ ms; retrying in 125 ms \(backoff\)$/);
  });

  it('retries a body cut short of its Content-Length', async () => {
    const server = await startServer((_req, res, i) => {
      if (i > 0) return sendJson(res, 200, { events: [] });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 100 });
      res.write('{"events": [{"id": "evt_');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const { client } = makeClient(server.baseUrl);
    await expect(client.get(['events'])).resolves.toEqual({ events: [] });
    expect(server.requests).toHaveLength(2);
  });

  it('reports a body that stays cut off as exit 5 after the retries', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 100 });
      res.write('{"events": [');
      setTimeout(() => res.socket?.destroy(), 10);
    });
    const error = await rejectionOf(makeClient(server.baseUrl, { retries: 1 }).client.get(['events']));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.exitCode).toBe(ExitCode.UNAVAILABLE);
    expect(error.message).toMatch(/^could not reach the API at 127\.0\.0\.1:\d+ \(GET \/events\): .*, gave up after 2 attempts$/);
  });

  it('retries a refused connection and ends with exit 5', async () => {
    const port = await closedPort();
    const { client, waits } = makeClient(`http://127.0.0.1:${port}`);
    const error = await rejectionOf(client.get(['events']));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.exitCode).toBe(ExitCode.UNAVAILABLE);
    expect(error.message).toBe(
      `could not reach the API at 127.0.0.1:${port} (GET /events): connection refused (ECONNREFUSED), gave up after 4 attempts`,
    );
    expect(waits).toHaveLength(3);
    expect(client.requestCount).toBe(4);
  });

  it('treats a server that never answers as a timeout: retried, then exit 5 naming --timeout', async () => {
    const server = await startServer(() => {
      // never answers
    });
    const { client, waits } = makeClient(server.baseUrl, { timeoutMs: 150, retries: 1 });
    const error = await rejectionOf(client.get(['events'], { pageSize: 1 }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.exitCode).toBe(ExitCode.UNAVAILABLE);
    expect(error.message).toBe(
      'request timed out after 0.15s (GET /events), gave up after 2 attempts; allow more time with --timeout <seconds>',
    );
    expect(server.requests).toHaveLength(2);
    expect(waits).toEqual([125]);
  });

  it('bounds the body too: a body that stalls times out', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"events": [');
    });
    const error = await rejectionOf(makeClient(server.baseUrl, { timeoutMs: 150, retries: 0 }).client.get(['events']));
    expect(error.exitCode).toBe(ExitCode.UNAVAILABLE);
    expect(error.message).toContain('request timed out after 0.15s (GET /events)');
  });

  it('bounds a body that trickles: the per-attempt deadline covers the whole attempt', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[');
      // A byte every 50 ms never trips an idle timer of 300 ms, but the attempt's deadline still ends it.
      const timer = setInterval(() => res.write(' '), 50);
      res.on('close', () => clearInterval(timer));
    });
    const started = Date.now();
    const error = await rejectionOf(makeClient(server.baseUrl, { timeoutMs: 300, retries: 0 }).client.get(['events']));
    expect(error.message).toContain('request timed out after 0.3s');
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe('cancellation', () => {
  it('an abort during the wait between attempts ends the call at once with the abort reason', async () => {
    const server = await startServer((_req, res) => sendJson(res, 503, {}, { 'retry-after': '30' }));
    const controller = new AbortController();
    // The real sleep: the point is that the 30 s wait is interrupted.
    const { client } = makeClient(server.baseUrl, { signal: controller.signal, sleep: undefined });
    const reason = new Error('interrupted');
    setTimeout(() => controller.abort(reason), 50);
    const started = Date.now();
    await expect(client.get(['events'])).rejects.toBe(reason);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(server.requests).toHaveLength(1);
  });

  it('a per-request signal aborts a request in flight, which is not retried', async () => {
    const server = await startServer(() => {});
    const { client } = makeClient(server.baseUrl);
    const controller = new AbortController();
    const reason = new Error('page no longer needed');
    setTimeout(() => controller.abort(reason), 50);
    await expect(client.get(['events'], undefined, { signal: controller.signal })).rejects.toBe(reason);
    expect(client.requestCount).toBe(1);
  });

  it('an already aborted signal sends nothing', async () => {
    const { client } = makeClient('http://127.0.0.1:9');
    const controller = new AbortController();
    controller.abort(new Error('already'));
    await expect(client.get(['events'], undefined, { signal: controller.signal })).rejects.toThrow('already');
    expect(client.requestCount).toBe(0);
  });
});

/** A port that was free a moment ago and has nothing listening now. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
