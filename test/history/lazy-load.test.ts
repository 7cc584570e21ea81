import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describePostgres, usePostgres } from '../helpers/postgres.js';
import { useSandbox } from '../helpers/sandbox.js';
import { runBuiltTix as runTix } from '../helpers/tix-binary.js';
import { REPO_ROOT, sandboxEnv, tempDir } from '../helpers/tix-env.js';
import { postgresStore } from './stores.js';
import { freshDb } from './support.js';

/**
 * DuckDB is a native library of tens of megabytes: only `track` and `history` may load it. Each run here
 * records the modules and native addons its process loaded (test/fixtures/module-probe.cjs).
 */
const sandbox = useSandbox({ now: '2026-03-15T03:00:00Z', events: 200 });
const PROBE = join(REPO_ROOT, 'test', 'fixtures', 'module-probe.cjs');
const CHUNKS = join(REPO_ROOT, 'dist', 'chunks');

/** The current build's chunks: the previous build's stay a while for runs still using them (scripts/dist-swap.mjs). */
function currentChunks(): string[] {
  const stale = existsSync(join(REPO_ROOT, 'dist', 'stale-chunks.txt'))
    ? readFileSync(join(REPO_ROOT, 'dist', 'stale-chunks.txt'), 'utf8').split('\n')
    : [];
  return readdirSync(CHUNKS).filter((file) => !stale.includes(`chunks/${file}`));
}

async function loadedBy(args: string[]): Promise<{ code: number | null; modules: string[] }> {
  const list = join(tempDir('tix-probe-'), 'modules.txt');
  const result = await runTix(args, { env: { ...sandboxEnv(sandbox().url), NODE_OPTIONS: `--require ${PROBE}`, TIX_MODULE_PROBE: list } });
  return { code: result.code, modules: readFileSync(list, 'utf8').split('\n') };
}

const duckdbIn = (modules: string[]) => modules.filter((m) => /duckdb/i.test(m));

describe('DuckDB is loaded only by the commands that use the price history', () => {
  it.each([
    [['--version']],
    [['events', 'search', '--help']],
    [['events', 'search', '--category', 'concerts', '--limit', '3']],
    [['inventory', 'TMUSA', 'G5v8HKyBKZbyJN']],
    [['track', '--help']],
  ])('tix %j does not load it', async (args) => {
    const { code, modules } = await loadedBy(args);
    expect(code).toBe(0);
    expect(modules.length).toBeGreaterThan(0);
    expect(duckdbIn(modules)).toEqual([]);
  });

  it('tix track does (the probe sees it when it is there)', async () => {
    const id = sandbox().events.find((e) => e.agentIds.TMUSA)!.agentIds.TMUSA!;
    const { code, modules } = await loadedBy(['track', `TMUSA:${id}`, '--db', freshDb()]);
    expect(code).toBe(0);
    expect(duckdbIn(modules).some((m) => m.endsWith('.node'))).toBe(true);
  });

  it("the bundle holds its JavaScript in one file, which one chunk loads, imported by the history store's and the Parquet converter's chunks alone", () => {
    const text = (file: string) => readFileSync(join(CHUNKS, file), 'utf8');
    // dist/duckdb-api.cjs, run through the code cache, requires the native bindings from node_modules.
    expect(readFileSync(join(REPO_ROOT, 'dist', 'duckdb-api.cjs'), 'utf8')).toContain('require("@duckdb/node-bindings")');
    expect(currentChunks().filter((file) => text(file).includes('@duckdb/'))).toEqual([]);
    const [loader, ...others] = currentChunks().filter((file) => text(file).includes('duckdb-api.cjs'));
    expect(others).toEqual([]);
    const importers = currentChunks().filter((file) => file !== loader && text(file).includes(`./${loader}`));
    // The Parquet writer is DuckDB's other user (-o parquet): every other chunk is free of it.
    expect(importers.sort()).toEqual([expect.stringMatching(/^duckdb-\w+\.js$/), expect.stringMatching(/^parquet-convert-[\w-]+\.js$/)]);
    expect(readFileSync(join(REPO_ROOT, 'dist', 'tix.js'), 'utf8')).not.toContain('duckdb-api');
  });

  it("keeps a V8 code cache of DuckDB's JavaScript, written after the first run, and a run with it prints the same", async () => {
    const cache = join(tempDir('tix-cache-'), 'cache');
    const db = freshDb();
    const id = sandbox().events.find((e) => e.agentIds.TMUSA)!.agentIds.TMUSA!;
    const env = { ...sandboxEnv(sandbox().url), XDG_CACHE_HOME: cache };
    expect((await runTix(['track', `TMUSA:${id}`, '--db', db], { env })).code).toBe(0);
    const hash = readFileSync(join(REPO_ROOT, 'dist', 'duckdb-api.cjs.hash'), 'utf8').trim();
    const file = join(cache, 'tix', `duckdb-api-${process.version}-${process.arch}-${hash}.v8`);
    expect(statSync(file).size).toBeGreaterThan(10_000);
    const read = () => runTix(['history', `TMUSA:${id}`, '--db', db, '-o', 'csv'], { env });
    const [first, second] = [await read(), await read()];
    expect({ code: second.code, stderr: second.stderr }).toEqual({ code: 0, stderr: '' });
    expect(second.stdout).toBe(first.stdout);
    expect(second.stdout.split('\n').length).toBeGreaterThan(2);
  });
});

/** jq (jq-web, WebAssembly) is loaded by --jq alone (src/cli/kit/jq.ts). */
describe('jq is loaded only with --jq', () => {
  const jqIn = (modules: string[]) => modules.filter((m) => /[\\/]jq-web[\\/]/.test(m));

  it.each([
    [['--version']],
    [['events', 'search', '--help']],
    [['events', 'search', '--limit', '3']],
    [['events', 'search', '--limit', '3', '-o', 'json']],
    [['agents', '-o', 'ndjson']],
  ])('tix %j does not load it', async (args) => {
    const { code, modules } = await loadedBy(args);
    expect(code).toBe(0);
    expect(modules.length).toBeGreaterThan(0);
    expect(jqIn(modules)).toEqual([]);
  });

  it('tix events search --jq does (the probe sees it when it is there)', async () => {
    const { code, modules } = await loadedBy(['events', 'search', '--limit', '3', '--jq', '.events[].id']);
    expect(code).toBe(0);
    expect(jqIn(modules).some((m) => m.endsWith('jq.js'))).toBe(true);
  });

  it('the bundle names it in the run chunk alone, never in the entry', () => {
    const importers = currentChunks().filter((file) => readFileSync(join(CHUNKS, file), 'utf8').includes('jq-web'));
    expect(importers).toEqual([expect.stringMatching(/^run-[\w-]+\.js$/)]);
    expect(readFileSync(join(REPO_ROOT, 'dist', 'tix.js'), 'utf8')).not.toContain('jq-web');
  });
});

describePostgres('a price history in PostgreSQL', () => {
  const store = postgresStore(usePostgres());

  it('tix track and tix history into it do not load DuckDB', async () => {
    const at = store.fresh();
    const entry = `TMUSA:${sandbox().events.find((e) => e.agentIds.TMUSA)!.agentIds.TMUSA!}`;
    for (const args of [
      ['track', entry],
      ['history', entry],
    ]) {
      const { code, modules } = await loadedBy([...args, ...at.args]);
      expect(code).toBe(0);
      expect(duckdbIn(modules)).toEqual([]);
    }
    expect(await at.sql('SELECT count(*)::int AS n FROM snapshots')).toEqual([{ n: 1 }]);
  });
});
