/**
 * A throw-away PostgreSQL server for the benchmark: the tests' own (test/helpers/postgres-cluster.ts),
 * compiled by esbuild into the benchmark's copy of tix, whose node_modules has pg (plain .mjs cannot import
 * TypeScript on Node 20). Resolves to { cluster } or, when PostgreSQL is not installed, { skipped: reason }.
 */
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const SOURCE = fileURLToPath(new URL('../test/helpers/postgres-cluster.ts', import.meta.url));

export async function startBenchPostgres(installDir) {
  const outfile = join(installDir, 'postgres-cluster.mjs');
  await build({
    entryPoints: [SOURCE],
    outfile,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
  });
  const { binaries, MISSING, startPostgres } = await import(pathToFileURL(outfile).href);
  if (!binaries) return { skipped: MISSING };
  return { cluster: await startPostgres() };
}
