/**
 * One of the concurrent writers of postgres-concurrency.test.ts, run as its own process (bundled by the
 * test): opens the store at argv[2] in schema argv[3], records the same snapshots and sales days as every
 * other writer, in its own order (shuffled by the seed argv[4]) and batches, and prints its counts as JSON.
 */
import { openPostgresStore } from '../../src/store/postgres.js';
import { manySnapshots, salesDay } from './postgres-fixtures.js';

async function main(): Promise<void> {
  const [url, schema, seedText] = process.argv.slice(2) as [string, string, string];
  let seed = Number(seedText);
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const snapshots = manySnapshots(60, 4, 10);
  for (let i = snapshots.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [snapshots[i], snapshots[j]] = [snapshots[j]!, snapshots[i]!];
  }
  const sales = Array.from({ length: 30 }, (_, d) =>
    salesDay(`E${d % 3}`, `2026-03-${String(d + 1).padStart(2, '0')}`, '2026-04-01T00:00:00.000Z', d),
  );
  const store = await openPostgresStore(url, { schema });
  const total = { stored: 0, alreadyStored: 0, salesDays: 0 };
  try {
    for (let i = 0; i < snapshots.length; i += 30) {
      const result = await store.record(snapshots.slice(i, i + 30), i === 0 ? sales : []);
      total.stored += result.stored;
      total.alreadyStored += result.alreadyStored;
      total.salesDays += result.salesDays;
    }
  } finally {
    await store.close();
  }
  process.stdout.write(`${JSON.stringify(total)}\n`);
}

main().catch((error: Error) => {
  process.stderr.write(`writer: ${error.message}\n`);
  process.exitCode = 1;
});
