/**
 * Load. 16 tix processes at once each export all the events of one sandbox, 20 pages each with several in
 * flight: every output must be whole and identical. And the sandbox itself serves 20,000 mixed requests from a
 * load generator with no error and flat memory (past its request log's 10,000 entries). The figures are
 * printed (LOAD: ...) for the record; the time of a big export is the benchmark's (scenario 3).
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

describe('the sandbox under 20,000 requests from a load generator', () => {
  it('answers every one, and its memory stays flat', async () => {
    const server = await startSandboxProcess(['--events', String(EVENTS)]);
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

      const TOTAL = 20_000;
      const samples: { done: number; rss: number }[] = [{ done: 0, rss: server.rss() }];
      const heapAt = new Map<number, Promise<number>>([[0, server.liveHeap()]]);
      const report = await generateLoad({
        url: server.url,
        key: 'sandbox-key',
        total: TOTAL,
        connections: 32,
        target,
        onProgress: (done) => {
          if (done % 1000 === 0) samples.push({ done, rss: server.rss() });
          if (done % 5000 === 0) heapAt.set(done, server.liveHeap());
        },
      });
      expect(report.failures, report.failureSamples.join('\n')).toBe(0);

      // Flat: after a warm-up that fills the sandbox's bounded caches and request log (10,000 entries), the
      // memory in use stops growing. Live heap (after a full GC) is the measure; resident memory is reported
      // too, but it follows the garbage collector's sizing (which differs between Node.js versions).
      const heap = await Promise.all([0, 5000, 10_000, 15_000, TOTAL].map((n) => heapAt.get(n)!));
      const peakRss = Math.max(...samples.map((s) => s.rss));
      const fmt = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
      console.log(
        `LOAD: node ${process.version}: sandbox served ${TOTAL} requests over 32 connections in ${report.seconds} s (${report.perSecond}/s), ` +
          `p50 ${report.p50ms} ms, p99 ${report.p99ms} ms, max ${report.maxMs} ms, ${report.failures} failures; ` +
          `live heap at 0/5k/10k/15k/20k ${heap.map(fmt).join(' / ')}; ` +
          `RSS at 0/5k/10k/15k/20k ${[0, 5000, 10_000, 15_000, TOTAL].map((n) => fmt(samples.find((s) => s.done === n)!.rss)).join(' / ')}, peak ${fmt(peakRss)}`,
      );
      // Once the log is full (10,000 requests), 10,000 more add nothing that lasts. A leak of even 1 KB a
      // request would add 10 MB here.
      expect(heap[4]! - heap[2]!).toBeLessThan(4 * MB);
      expect(heap[4]! - heap[1]!).toBeLessThan(16 * MB);
    } finally {
      await server.stop();
    }
  }, 240_000);
});
