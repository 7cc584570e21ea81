/**
 * Throughput of a cron-style export: event-like records, a page at a time, into an atomic file sink.
 * Not part of the test run. Run it with:
 *   npx esbuild test/output/export-throughput.bench.ts --bundle --platform=node --format=esm --external:'@duckdb/*' --outfile=node_modules/.cache/tix-bench.mjs && node node_modules/.cache/tix-bench.mjs [rows] [format]
 * (inside the repository, so that parquet finds DuckDB, which is not bundled)
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRowWriter, fileSink, type RowFormat } from '../../src/output/index.js';

const rows = Number(process.argv[2] ?? 400_000);
const format = (process.argv[3] ?? 'csv') as RowFormat;
const pageSize = 1000;

function page(start: number): object[] {
  return Array.from({ length: Math.min(pageSize, rows - start) }, (_, i) => {
    const n = start + i;
    return {
      id: `evt_${n.toString(36).padStart(8, '0')}`,
      name: n % 7 === 0 ? `The "Big" Show, Night ${n}` : `Concert number ${n}`,
      venue: 'Madison Square Garden',
      city: n % 3 === 0 ? 'New York' : 'Zürich',
      state: 'NY',
      country: 'US',
      eventDate: '2026-06-01T19:30:00Z',
      presaleDate: null,
      category: 'concerts',
      minPrice: 49.5 + (n % 100),
      maxPrice: 1249.99,
      agentIds: { TMUSA: `T${n}`, AXS: n % 2 ? `A${n}` : null },
      tags: ['rock', 'live'],
    };
  });
}

const folder = await mkdtemp(join(tmpdir(), 'tix-bench-'));
const target = join(folder, `events.${format}`);
let peakRss = 0;
let peakHeap = 0;
const started = performance.now();
const sink = await fileSink(target);
const writer = createRowWriter(format, sink, {
  documented: ['id', 'name', 'venue', 'city', 'state', 'country', 'eventDate'],
  header: true,
  excelSafe: true,
});
for (let start = 0; start < rows; start += pageSize) {
  await writer.write(page(start));
  const memory = process.memoryUsage();
  peakRss = Math.max(peakRss, memory.rss);
  peakHeap = Math.max(peakHeap, memory.heapUsed);
}
await writer.end();
await sink.commit();
const seconds = (performance.now() - started) / 1000;
const size = (await stat(target)).size;
await rm(folder, { recursive: true, force: true });
console.log(
  `${format}: ${rows} rows in ${seconds.toFixed(2)} s = ${Math.round(rows / seconds).toLocaleString('en')} rows/s, ` +
    `${(size / 1e6).toFixed(1)} MB, peak rss ${(peakRss / 1e6).toFixed(0)} MB, peak heap ${(peakHeap / 1e6).toFixed(0)} MB (records generated per page included)`,
);
