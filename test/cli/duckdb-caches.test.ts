/**
 * A run that loads DuckDB leaves code caches the next run takes: the fast path's and DuckDB's API bundle's
 * (bin/code-cache.cjs). These runs change V8's flags before DuckDB's bundle loads (a Parquet export keeps its
 * young generation small; history sql on Node.js 22 and later turns the optimizing compilers off) and set
 * `--expose-gc` for their collections (shared/native-memory.ts): V8 refuses a cache made under other flags,
 * so each run refused DuckDB's cache, or left one the next run refused, and wrote it again (issue 36 §4).
 * The built binary, as a user runs it, twice; a cache taken is not written again (inode and bytes).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeCaches, expectCachesKept } from '../helpers/code-caches.js';
import { runBuiltTix } from '../helpers/tix-binary.js';
import { sandboxEnv, testDir } from '../helpers/tix-env.js';
import { freshDb } from '../history/support.js';
import { useSandbox } from '../helpers/sandbox.js';

describe('the code caches of a run that loads DuckDB', () => {
  const sandbox = useSandbox({ now: '2026-03-15T03:00:00Z', events: 60 });

  async function twice(
    args: (dir: string) => string[],
    kinds: readonly string[],
    prepare?: (env: Record<string, string>) => Promise<void>,
    extraEnv: Record<string, string> = {},
  ) {
    const cacheHome = testDir('tix-cache-');
    const env = { ...sandboxEnv(sandbox().url), XDG_CACHE_HOME: cacheHome, ...extraEnv };
    await prepare?.(env);
    const first = await runBuiltTix(args(testDir('tix-out-')), { env });
    expect(first.code, first.stderr).toBe(0);
    const written = codeCaches(join(cacheHome, 'tix'));
    const second = await runBuiltTix(args(testDir('tix-out-')), { env });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    expectCachesKept(written, codeCaches(join(cacheHome, 'tix')), kinds);
  }

  // The fast path bundles DuckDB's API in its own bundle; the full path loads DuckDB's through its own cache.
  it.each<[string, string[], Record<string, string>]>([
    ['the fast path', ['fast-'], {}],
    ['the full path', ['duckdb-api-'], { TIX_NO_FAST_PATH: '1' }],
  ])(
    'events search --out x.parquet, %s',
    async (_path, kinds, extraEnv) => {
      await twice((dir) => ['events', 'search', '--limit', '3', '--out', join(dir, 'x.parquet')], kinds, undefined, extraEnv);
    },
    60_000,
  );

  it.each([
    ['-o csv', ['-o', 'csv']],
    ['--jq', ['--jq', '.rows[0].n']],
  ])(
    'history sql %s on a DuckDB file',
    async (_name, flags) => {
      const db = freshDb();
      await twice(
        () => ['history', 'sql', 'SELECT 42 AS n', '--db', db, ...flags],
        ['duckdb-api-'],
        async (env) => {
          const id = sandbox().events.find((event) => event.agentIds.TMUSA)!.agentIds.TMUSA!;
          const tracked = await runBuiltTix(['track', `TMUSA:${id}`, '--db', db], { env });
          expect(tracked.code, tracked.stderr).toBe(0);
        },
      );
    },
    60_000,
  );
});
