import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { searchEventsLater } from '../../src/api/events.js';
import type { EventListing } from '../../src/api/types.js';
import { ExitCode } from '../../src/shared/errors.js';
import { makeClient, rejectionOf, startServer } from './helpers.js';

// A page of `events search --all` is read when it is fetched (ahead of the one being written) and decoded and
// parsed only when its turn comes (searchEventsLater, events-stream.ts): issue 29 §5.

function event(i: number): EventListing {
  return {
    id: `evt_${String(i).padStart(10, '0')}`,
    name: `Event ${i} ✓`,
    category: 'Concerts',
    venue: 'Hall',
    city: 'Buffalo',
    state: 'NY',
    country: 'US',
    eventDate: '2026-01-21T00:30:00Z',
    agentIds: { STUBHUB: String(100_000 + i) },
  } as EventListing;
}

const events = Array.from({ length: 3_000 }, (_, i) => event(i));
const text = JSON.stringify({ events });

/** Serves `body` with these headers, in pieces of 16 KB, so that it arrives in many chunks. */
async function serve(body: Buffer, headers: Record<string, string>) {
  return startServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length), ...headers });
    let offset = 0;
    const next = () => {
      if (offset >= body.length) return res.end();
      res.write(body.subarray(offset, (offset += 16_384)), next);
    };
    next();
  });
}

async function allBatches(batches: AsyncIterable<EventListing[]>): Promise<EventListing[][]> {
  const out: EventListing[][] = [];
  for await (const batch of batches) out.push(batch);
  return out;
}

describe('a page fetched ahead', () => {
  it('waits as the compressed bytes it came as, and is decoded into batches when its turn comes', async () => {
    const gzip = gzipSync(text);
    const server = await serve(gzip, { 'content-encoding': 'gzip' });
    const { client } = makeClient(server.baseUrl);
    const body = await client.getBody(['events']);
    // Held compressed: a quarter of the text (and so of what a decoded page held while it waited).
    expect(body.chunks.reduce((n, chunk) => n + chunk.length, 0)).toBe(gzip.length);
    expect(gzip.length).toBeLessThan(Buffer.byteLength(text) / 4);

    const page = await searchEventsLater(client, {});
    const batches = await allBatches(page.batches());
    expect(batches.length).toBeGreaterThan(3);
    expect(batches.flat()).toEqual(events);
    expect((await page.whole()).events).toEqual(events);
  });

  it('drops a byte-order mark, compressed or not', async () => {
    const withMark = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
    for (const [body, headers] of [
      [withMark, {}],
      [gzipSync(withMark), { 'content-encoding': 'gzip' }],
    ] as const) {
      const server = await serve(body, headers);
      const page = await searchEventsLater(makeClient(server.baseUrl).client, {});
      expect((await allBatches(page.batches())).flat()).toEqual(events);
      expect((await page.whole()).events).toEqual(events);
    }
  });

  it('that does not decode fails when it is read, as a decode error (exit 1), not retried', async () => {
    const gzip = gzipSync(text);
    // Cut short: the first batches decode, then the stream ends before gzip's end.
    const server = await serve(gzip.subarray(0, gzip.length >> 1), { 'content-encoding': 'gzip' });
    const page = await searchEventsLater(makeClient(server.baseUrl).client, {});
    for (const read of [() => allBatches(page.batches()), () => page.whole()]) {
      const error = await rejectionOf(read());
      expect(error).toBeInstanceOf(ApiError);
      expect(error.exitCode).toBe(ExitCode.ERROR);
      expect(error.message).toContain('could not decode the gzip-compressed response from GET /events');
    }
    expect(server.requests).toHaveLength(1);
  });

  it('with a content-encoding tix cannot undo fails when it is fetched', async () => {
    const server = await serve(Buffer.from(text), { 'content-encoding': 'zstd' });
    await expect(searchEventsLater(makeClient(server.baseUrl).client, {})).rejects.toThrow(/unsupported content-encoding "zstd"/);
  });
});
