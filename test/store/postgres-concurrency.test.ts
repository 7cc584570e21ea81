import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REPO_ROOT, tempDir } from '../helpers/tix-env.js';
import { SCHEMA_VERSION } from '../../src/store/pg-schema.js';
import { describePostgres, usePostgres } from '../helpers/postgres.js';

const WRITERS = 8;

interface WriterResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runWriter(script: string, args: string[]): Promise<WriterResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describePostgres('eight processes writing the same history at once', () => {
  const cluster = usePostgres();
  const dir = tempDir('tix-pg-writers-');
  const script = join(dir, 'writer.cjs');

  beforeAll(async () => {
    // The store as tix ships it (pg bundled in), driven by a small script, each writer its own Node process.
    await build({
      entryPoints: [join(REPO_ROOT, 'test', 'store', 'postgres-writer.ts')],
      outfile: script,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      logLevel: 'error',
    });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('store every snapshot exactly once, with its listings, and their counts add up', async () => {
    // An empty schema: the writers also race to create the tables.
    const results = await Promise.all(
      Array.from({ length: WRITERS }, (_, i) => runWriter(script, [cluster().url(), 'shared', String(i + 1)])),
    );
    for (const result of results) expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
    const counts = results.map((r) => JSON.parse(r.stdout) as { stored: number; alreadyStored: number; salesDays: number });
    const sum = (key: 'stored' | 'alreadyStored' | 'salesDays') => counts.reduce((n, c) => n + c[key], 0);
    expect(sum('stored')).toBe(240);
    expect(sum('alreadyStored')).toBe(240 * (WRITERS - 1));
    expect(sum('salesDays')).toBe(30);
    for (const c of counts) expect(c.stored + c.alreadyStored).toBe(240);

    const [tables] = await cluster().sql<{ snapshots: number; distinct_snapshots: number; listings: number; sales: number }>(`
      SELECT (SELECT count(*)::int FROM shared.snapshots) AS snapshots,
             (SELECT count(DISTINCT (agent, event_id, api_timestamp))::int FROM shared.snapshots) AS distinct_snapshots,
             (SELECT count(*)::int FROM shared.listings) AS listings,
             (SELECT count(*)::int FROM shared.sales_daily) AS sales`);
    expect(tables).toEqual({ snapshots: 240, distinct_snapshots: 240, listings: 2400, sales: 30 });
    // Every snapshot has all of its listings: none was half written by one writer and half by another.
    const mismatched = await cluster().sql(`
      SELECT s.agent, s.event_id, s.api_timestamp FROM shared.snapshots s
      LEFT JOIN shared.listings l USING (agent, event_id, api_timestamp)
      GROUP BY s.agent, s.event_id, s.api_timestamp, s.listings HAVING count(l.listing_id) <> s.listings`);
    expect(mismatched).toEqual([]);
    expect(await cluster().sql(`SELECT schema_version FROM shared.tix_meta`)).toEqual([{ schema_version: SCHEMA_VERSION }]);
  });
});
