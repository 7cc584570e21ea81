import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { ExitCode } from '../../src/shared/errors.js';
import { KEY, makeClient, rejectionOf, sendJson, startServer } from './helpers.js';

async function text(body: AsyncIterable<unknown>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const big = JSON.stringify({ events: Array.from({ length: 20_000 }, (_, i) => ({ id: `evt_${i}`, name: `Event ${i}` })) });

describe('getStream', () => {
  it('streams a large gzip body, decoded, with status and headers', async () => {
    const server = await startServer((_req, res) => {
      const data = gzipSync(big);
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'content-length': data.length,
        'x-total': '20000',
      });
      // In pieces, so the body really arrives as a stream.
      let offset = 0;
      const next = () => {
        if (offset >= data.length) return res.end();
        res.write(data.subarray(offset, (offset += 16_384)), next);
      };
      next();
    });
    const { client } = makeClient(server.baseUrl);
    const response = await client.getStream(['events'], { pageSize: 20_000 });
    expect(response.status).toBe(200);
    expect(response.headers['x-total']).toBe('20000');
    expect(await text(response.body)).toBe(big);
    expect(server.requests[0]?.headers['x-api-key']).toBe(KEY);
  });

  it('retries before the body is handed over', async () => {
    const server = await startServer((_req, res, i) => (i === 0 ? sendJson(res, 503, {}) : sendJson(res, 200, { ok: true })));
    const { client, waits } = makeClient(server.baseUrl);
    const response = await client.getStream(['events']);
    expect(JSON.parse(await text(response.body))).toEqual({ ok: true });
    expect(waits).toEqual([125]);
  });

  it('fails with the same typed errors as get', async () => {
    const server = await startServer((_req, res) => sendJson(res, 404, { message: 'gone' }));
    const error = await rejectionOf(makeClient(server.baseUrl).client.getStream(['events', 'evt_1']));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.exitCode).toBe(ExitCode.NOT_FOUND);
    expect(error.serverMessage).toBe('gone');
  });

  it('resumes a body cut off after the handover: the consumer gets every byte once', async () => {
    const server = await startServer((_req, res, i) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(big) });
      if (i > 0) {
        res.end(big);
        return;
      }
      // The first answer breaks off part-way; the second is whole and is read past what was delivered.
      res.write(big.slice(0, 100_000));
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const { client, waits, trace } = makeClient(server.baseUrl);
    const response = await client.getStream(['events']);
    expect(await text(response.body)).toBe(big);
    expect(server.requests).toHaveLength(2);
    expect(waits).toEqual([125]);
    expect(trace.some((line) => / \(resume 1\/3\) -> \S+ after \d+ bytes of the body; retrying in 125 ms \(backoff\)$/.test(line))).toBe(
      true,
    );
  });

  it('reports a body cut off every time as exit 5, once the retries are spent', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 1000 });
      res.write('{"events": [');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const { client } = makeClient(server.baseUrl);
    const response = await client.getStream(['events']);
    const error = await rejectionOf(text(response.body));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.exitCode).toBe(ExitCode.UNAVAILABLE);
    expect(error.message).toMatch(/^the response from GET \/events was cut off: /);
    // The request and one more per retry (3 by default).
    expect(server.requests).toHaveLength(4);
  });

  it('lets the consumer stop early: destroying the body frees the connection', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[');
      // Would never end on its own.
      const timer = setInterval(() => res.write(' '), 10);
      res.on('close', () => clearInterval(timer));
    });
    const client = new ApiClient({ baseUrl: server.baseUrl, apiKey: KEY });
    const response = await client.getStream(['events']);
    for await (const _chunk of response.body) break;
    // close() waits for requests in flight: it returns only if the stream really let go.
    await client.close();
  });

  it('is cancelled by the client signal while the body streams', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[');
    });
    const controller = new AbortController();
    const { client } = makeClient(server.baseUrl, { signal: controller.signal });
    const response = await client.getStream(['events']);
    const reason = new Error('ctrl-c');
    setTimeout(() => controller.abort(reason), 30);
    await expect(text(response.body)).rejects.toBe(reason);
  });
});
