/**
 * Load. 16 tix processes at once each export all the events of one sandbox, 20 pages each with several in
 * flight: every output must be whole and identical. And the sandbox itself serves mixed requests from a load
 * generator with no error and flat memory once its bounded caches and its request log are full: 8,000
 * requests past a log of 4,000 (`tix sandbox --request-log`), the proportions and the leak budget per
 * request of the 20,000 requests past 10,000 it once took. The figures are printed (LOAD: ...) for the
 * record. Volume is the benchmark's: TIX_LOAD_REQUESTS=20000 runs the old size (`npm run bench:sandbox-load`,
 * BENCHMARKS.md), and the time of a big export is scenario 3's.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiGet } from '../helpers/api.js';
import { generateLoad } from './support/load-generator.js';
import { startSandboxProcess } from './support/sandbox-process.js';
import { useSandbox } from './support/sandboxes.js';
import { runBuiltTix as tix } from '../helpers/tix-binary.js';
import { sandboxEnv as apiEnv } from '../helpers/tix-env.js';

const EVENTS = 20_000;
const MB = 1024 * 1024;
/**
 * The export: 5,000 events in pages of 250 make the 20 pages a process that 20,000 events at the default 1,000
 * did, the same requests and the same pages in flight at once, with a quarter of the bytes to write and compare.
 */
const EXPORTED = 5_000;
const PAGE_SIZE = '250';

describe('16 tix processes at once, each doing events search --all over 20 pages', () => {
  const sandbox = useSandbox({ events: EXPORTED });

  it('produce identical, complete outputs', async () => {
    const started = Date.now();
    const runs = await Promise.all(
      Array.from({ length: 16 }, () =>
        tix(['events', 'search', '--all', '--page-size', PAGE_SIZE, '-o', 'ndjson'], { env: apiEnv(sandbox().url), timeoutMs: 230_000 }),
      ),
    );
    for (const run of runs) {
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toBe('');
    }
    const digests = new Set(runs.map((run) => createHash('sha256').update(run.stdout).digest('hex')));
    expect(digests.size).toBe(1);
    const ids = runs[0]!.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).id as string);
    expect(ids).toHaveLength(EXPORTED);
    expect(new Set(ids)).toEqual(new Set(sandbox().events.map((e) => e.id)));
    console.log(
      `LOAD: 16 concurrent tix exports of ${EXPORTED} events in pages of ${PAGE_SIZE}: ${((Date.now() - started) / 1000).toFixed(1)} s, ${sandbox().requests} requests served`,
    );
  }, 240_000);
});

/** Requests sent; the sandbox's request log holds half as many, so the second half runs with it full. */
const TOTAL = loadRequests(process.env.TIX_LOAD_REQUESTS);
const QUARTER = TOTAL / 4;

describe(`the sandbox under ${TOTAL.toLocaleString('en-US')} requests from a load generator`, () => {
  it('answers every one, and its memory stays flat once its caches and request log are full', async () => {
    const server = await startSandboxProcess(['--events', String(EVENTS), '--request-log', String(TOTAL / 2)]);
    try {
      // Ids to ask for, from the API itself.
      const page = (await apiGet(server.url, '/events', { pageSize: 1000 })).body.events as {
        id: string;
        agentIds: Record<string, string>;
      }[];
      const serviceIds = page.map((e) => e.id);
      const tmusa = page.flatMap((e) => (e.agentIds.TMUSA ? [e.agentIds.TMUSA] : []));
      const stubhub = page.flatMap((e) => (e.agentIds.STUBHUB ? [e.agentIds.STUBHUB] : []));
      const pick = <T>(list: readonly T[], i: number): T => list[(i * 7919) % list.length]!;
      // A mix of every endpoint: search pages, one event, inventory batches of 10, sales summaries and details.
      const target = (i: number): string => {
        switch (i % 10) {
          case 0:
          case 1:
          case 2:
          case 3:
            return `/events?pageNumber=${(i % 200) + 1}&pageSize=100&q=UTC`;
          case 4:
          case 5:
            return `/events/${pick(serviceIds, i)}`;
          case 6:
          case 7:
            return `/inventory/TMUSA/${Array.from({ length: 10 }, (_, k) => pick(tmusa, i + k)).join(',')}`;
          case 8:
            return `/events/stubhub/${pick(stubhub, i)}/sales-summary`;
          default:
            return `/events/stubhub/${pick(stubhub, i)}/sales-details`;
        }
      };

      const samples: { done: number; rss: number }[] = [{ done: 0, rss: server.rss() }];
      const heapAt = new Map<number, Promise<number>>([[0, server.liveHeap()]]);
      const report = await generateLoad({
        url: server.url,
        key: 'sandbox-key',
        total: TOTAL,
        connections: 32,
        target,
        onProgress: (done) => {
          if (done % (QUARTER / 5) === 0) samples.push({ done, rss: server.rss() });
          if (done % QUARTER === 0) heapAt.set(done, server.liveHeap());
        },
      });
      expect(report.failures, report.failureSamples.join('\n')).toBe(0);

      // Flat: after a warm-up that fills the sandbox's bounded caches and request log (TOTAL / 2 entries), the
      // memory in use stops growing. Live heap (after a full GC) is the measure; resident memory is reported
      // too, but it follows the garbage collector's sizing (which differs between Node.js versions).
      const marks = [0, QUARTER, 2 * QUARTER, 3 * QUARTER, TOTAL];
      const heap = await Promise.all(marks.map((n) => heapAt.get(n)!));
      const peakRss = Math.max(...samples.map((s) => s.rss));
      const fmt = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
      console.log(
        `LOAD: node ${process.version}: sandbox served ${TOTAL} requests over 32 connections in ${report.seconds} s (${report.perSecond}/s), ` +
          `p50 ${report.p50ms} ms, p99 ${report.p99ms} ms, max ${report.maxMs} ms, ${report.failures} failures; ` +
          `live heap at ${marks.join('/')} ${heap.map(fmt).join(' / ')}; ` +
          `RSS at ${marks.join('/')} ${marks.map((n) => fmt(samples.find((s) => s.done === n)!.rss)).join(' / ')}, peak ${fmt(peakRss)}`,
      );
      // Once the log is full (TOTAL / 2 requests), as many more add nothing that lasts: less than 4 MB per
      // 10,000 requests (~420 bytes a request, 1.6 MB for 4,000), so a leak of even 1 KB a request fails it.
      // From the first quarter on, the loose bound of 16 MB per 15,000 requests (~1.1 KB a request) covers the
      // rest of the warm-up.
      expect(heap[4]! - heap[2]!).toBeLessThan((4 * MB * (TOTAL / 2)) / 10_000);
      expect(heap[4]! - heap[1]!).toBeLessThan((16 * MB * (3 * QUARTER)) / 15_000);
    } finally {
      await server.stop();
    }
  }, 240_000);
});

/** TIX_LOAD_REQUESTS, 8,000 unless set (20,000 for the benchmark): divisible by 20, so its quarters and their fifths are whole. */
function loadRequests(raw: string | undefined): number {
  const total = raw === undefined ? 8_000 : Number(raw);
  if (!Number.isSafeInteger(total) || total < 2_000 || total % 20 !== 0)
    throw new Error(`TIX_LOAD_REQUESTS must be a whole number of requests from 2000, divisible by 20, not '${raw}'`);
  return total;
}
