/**
 * How long the PostgreSQL store takes to record one `tix track` round of 1,000 events: one snapshot each
 * with its listings (25 by default, about the sandbox's average), in one record() call. Measured into a fresh
 * schema (all new) and again (all already stored), on a throw-away local server (test/helpers/postgres-cluster.ts:
 * fsync off, so this is the store's and the driver's cost, not the disk's). Not part of the test run. Run it with:
 *   npx esbuild test/store/postgres-record.bench.ts --bundle --platform=node --format=cjs --outfile=/tmp/tix-pg-bench.cjs && node /tmp/tix-pg-bench.cjs [events] [listings] [runs]
 */
import { openPostgresStore } from '../../src/store/postgres.js';
import { startPostgres } from '../helpers/postgres-cluster.js';
import { manySnapshots } from './postgres-fixtures.js';

async function main(): Promise<void> {
  const events = Number(process.argv[2] ?? 1000);
  const listings = Number(process.argv[3] ?? 25);
  const runs = Number(process.argv[4] ?? 5);
  const snapshots = manySnapshots(events, 1, listings);
  const cluster = await startPostgres();
  const fresh: number[] = [];
  const again: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const store = await openPostgresStore(cluster.url(), { schema: `bench_${run}` });
      try {
        let started = performance.now();
        const first = await store.record(snapshots, []);
        fresh.push(performance.now() - started);
        started = performance.now();
        const second = await store.record(snapshots, []);
        again.push(performance.now() - started);
        if (first.stored !== events || second.alreadyStored !== events)
          throw new Error(`unexpected counts: ${JSON.stringify({ first, second })}`);
      } finally {
        await store.close();
      }
    }
  } finally {
    cluster.stop();
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  process.stdout.write(
    `record() of ${events} events' snapshots (${events * listings} listings), median of ${runs} runs: ` +
      `${median(fresh).toFixed(0)} ms into an empty schema, ${median(again).toFixed(0)} ms when already stored\n`,
  );
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exitCode = 1;
});
