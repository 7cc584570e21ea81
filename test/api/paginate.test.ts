import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { searchEventsLater } from '../../src/api/events.js';
import { paginate, type PaginateOptions } from '../../src/api/paginate.js';
import { ExitCode } from '../../src/shared/errors.js';
import { makeClient, sendJson, startServer } from './helpers.js';

interface Call {
  page: number;
  signal: AbortSignal;
  resolve: (items: number[]) => void;
  reject: (error: unknown) => void;
}

/** fetchPage whose pages complete only when the test says so, in any order it likes. */
function scripted() {
  const calls: Call[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const fetchPage = (page: number, signal: AbortSignal): Promise<number[]> =>
    new Promise<number[]>((resolve, reject) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const done = () => inFlight--;
      calls.push({
        page,
        signal,
        resolve: (items) => {
          done();
          resolve(items);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      });
    });
  return { calls, fetchPage, maxInFlight: () => maxInFlight };
}

/** A page of `n` items labelled by page: page 2 of size 3 is [200, 201, 202]. */
function items(page: number, n: number): number[] {
  return Array.from({ length: n }, (_, i) => page * 100 + i);
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A fetchPage over a fixed number of items, answering immediately. */
function finite(total: number, pageSize: number) {
  const requested: number[] = [];
  const fetchPage = async (page: number): Promise<number[]> => {
    requested.push(page);
    const start = (page - 1) * pageSize;
    return Array.from({ length: Math.max(0, Math.min(pageSize, total - start)) }, (_, i) => start + i);
  };
  return { requested, fetchPage };
}

async function collect<T>(pages: AsyncIterable<T[]>): Promise<T[][]> {
  const out: T[][] = [];
  for await (const page of pages) out.push(page);
  return out;
}

const notFound = () => new ApiError('not found', ExitCode.NOT_FOUND, { endpoint: 'GET /events', status: 404 });

describe('paginate', () => {
  it('yields pages in page order while up to `concurrency` complete out of order', async () => {
    const { calls, fetchPage, maxInFlight } = scripted();
    const opts: PaginateOptions = { pageSize: 2, all: true, concurrency: 3 };
    const got: number[][] = [];
    const consuming = (async () => {
      for await (const page of paginate(fetchPage, opts)) got.push(page);
    })();

    await tick();
    expect(calls.map((c) => c.page)).toEqual([1, 2, 3]);
    calls[2]!.resolve(items(3, 2));
    calls[1]!.resolve(items(2, 2));
    await tick();
    expect(got).toEqual([]); // page 1 is not there yet, so nothing may be yielded
    calls[0]!.resolve(items(1, 2));
    await tick();
    expect(got).toEqual([items(1, 2), items(2, 2), items(3, 2)]);
    expect(calls.map((c) => c.page)).toEqual([1, 2, 3, 4, 5, 6]);

    calls[4]!.resolve(items(5, 1)); // short: the end
    calls[3]!.resolve(items(4, 2));
    await consuming;
    expect(got).toEqual([items(1, 2), items(2, 2), items(3, 2), items(4, 2), items(5, 1)]);
    expect(maxInFlight()).toBe(3);
    // Page 6 was asked for ahead, beyond the end: it is aborted, not awaited.
    expect(calls[5]!.signal.aborted).toBe(true);
  });

  it('ends on a short page', async () => {
    const { requested, fetchPage } = finite(23, 5);
    const pages = await collect(paginate(fetchPage, { pageSize: 5, all: true, concurrency: 1 }));
    expect(pages.flat()).toEqual(Array.from({ length: 23 }, (_, i) => i));
    expect(requested).toEqual([1, 2, 3, 4, 5]);
  });

  it('ends on an empty page, yielding no empty array', async () => {
    const { requested, fetchPage } = finite(10, 5);
    const pages = await collect(paginate(fetchPage, { pageSize: 5, all: true, concurrency: 1 }));
    expect(pages).toHaveLength(2);
    expect(requested).toEqual([1, 2, 3]);
  });

  it('ends on a 404 past the first page', async () => {
    const pages = await collect(
      paginate(async (page) => (page <= 2 ? items(page, 3) : Promise.reject(notFound())), { pageSize: 3, all: true, concurrency: 2 }),
    );
    expect(pages).toEqual([items(1, 3), items(2, 3)]);
  });

  it('reports a 404 on the first page', async () => {
    await expect(collect(paginate(async () => Promise.reject(notFound()), { pageSize: 3, all: true }))).rejects.toBeInstanceOf(ApiError);
    await expect(collect(paginate(async () => Promise.reject(notFound()), { firstPage: 4, pageSize: 3, all: true }))).rejects.toThrow(
      'not found',
    );
  });

  it('stops after `limit` items: the last page is cut and no page past it is requested', async () => {
    const { requested, fetchPage } = finite(1000, 10);
    const pages = await collect(paginate(fetchPage, { pageSize: 10, all: true, limit: 25, concurrency: 4 }));
    expect(pages.map((p) => p.length)).toEqual([10, 10, 5]);
    expect(pages.flat()).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(requested).toEqual([1, 2, 3]);
  });

  it('applies a limit to a single page too, and a limit of 0 requests nothing', async () => {
    const { requested, fetchPage } = finite(1000, 10);
    expect(await collect(paginate(fetchPage, { pageSize: 10, all: false, limit: 4 }))).toEqual([[0, 1, 2, 3]]);
    expect(await collect(paginate(fetchPage, { pageSize: 10, all: true, limit: 0 }))).toEqual([]);
    expect(requested).toEqual([1]);
  });

  it('fetches one page without `all`, starting at firstPage', async () => {
    const { requested, fetchPage } = finite(1000, 10);
    const pages = await collect(paginate(fetchPage, { firstPage: 3, pageSize: 10, all: false, concurrency: 8 }));
    expect(pages).toEqual([Array.from({ length: 10 }, (_, i) => 20 + i)]);
    expect(requested).toEqual([3]);
  });

  it('continues from firstPage with `all`', async () => {
    const { requested, fetchPage } = finite(45, 10);
    const pages = await collect(paginate(fetchPage, { firstPage: 3, pageSize: 10, all: true, concurrency: 2 }));
    expect(pages.flat()).toEqual(Array.from({ length: 25 }, (_, i) => 20 + i));
    expect(requested.slice(0, 3)).toEqual([3, 4, 5]);
  });

  it('aborts the pages in flight and requests no more when the consumer stops early', async () => {
    const { calls, fetchPage } = scripted();
    const pages = paginate(fetchPage, { pageSize: 2, all: true, concurrency: 3 });
    const first = pages.next();
    await tick();
    calls[0]!.resolve(items(1, 2));
    expect((await first).value).toEqual(items(1, 2));
    expect(calls.map((c) => c.page)).toEqual([1, 2, 3]);

    await pages.return(undefined);
    expect(calls[1]!.signal.aborted).toBe(true);
    expect(calls[2]!.signal.aborted).toBe(true);
    calls[1]!.reject(new Error('aborted'));
    await tick();
    expect(calls).toHaveLength(3);
  });

  it('stops on break in a for-await loop', async () => {
    const { requested, fetchPage } = finite(10_000, 10);
    for await (const page of paginate(fetchPage, { pageSize: 10, all: true, concurrency: 4 })) {
      expect(page[0]).toBe(0);
      break;
    }
    await tick();
    expect(requested).toEqual([1, 2, 3, 4]);
  });

  it('reports errors in page order, after the pages before them', async () => {
    const { calls, fetchPage } = scripted();
    const got: number[][] = [];
    const consuming = (async () => {
      for await (const page of paginate(fetchPage, { pageSize: 2, all: true, concurrency: 3 })) got.push(page);
    })();
    await tick();
    calls[2]!.reject(new Error('page 3 failed'));
    calls[1]!.reject(new Error('page 2 failed'));
    calls[0]!.resolve(items(1, 2));
    await expect(consuming).rejects.toThrow('page 2 failed');
    expect(got).toEqual([items(1, 2)]);
  });

  it('rejects a page size below 1', async () => {
    await expect(collect(paginate(async () => [], { pageSize: 0, all: true }))).rejects.toThrow(RangeError);
  });
});

describe('paginate with the client and searchEventsLater', () => {
  it('returns every event once, in order, with pages answered out of order', async () => {
    const total = 47;
    const server = await startServer((req, res) => {
      const url = new URL(req.url ?? '', 'http://x');
      const page = Number(url.searchParams.get('pageNumber'));
      const size = Number(url.searchParams.get('pageSize'));
      const start = (page - 1) * size;
      const events = Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, i) => ({ id: `evt_${start + i}`, name: 'e' }));
      // Later pages answer sooner, so completion order is the reverse of page order.
      setTimeout(
        () => (events.length ? sendJson(res, 200, { events }) : sendJson(res, 404, { message: 'events not found' })),
        Math.max(0, 40 - page * 8),
      );
    });
    const { client } = makeClient(server.baseUrl);
    const ids: string[] = [];
    const pages = paginate((pageNumber, signal) => searchEventsLater(client, { pageNumber, pageSize: 10 }, { signal }), {
      items: async (page) => (await page.whole()).events,
      pageSize: 10,
      all: true,
      concurrency: 4,
    });
    for await (const page of pages) ids.push(...page.map((e) => e.id));
    expect(ids).toEqual(Array.from({ length: total }, (_, i) => `evt_${i}`));
    // The 404 past the end follows pages that answered like the API: no probe of GET /events?pageSize=1.
    expect(server.requests.map((r) => r.url).filter((url) => !url.includes('pageNumber'))).toEqual([]);
  });
});
