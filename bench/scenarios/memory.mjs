/**
 * Scenario 12: peak memory in every output mode, against the README's promise (120 MB whatever the result;
 * issue 36 §4). Each command runs once and its peak RSS is the figure:
 * - `tix history sql` over a generated result of 3 million rows (`sizes.memory.rows`) from a DuckDB history,
 *   in every format to stdout (a pipe), `--out` csv, tsv, json and Parquet, and `--jq` (which stops at jq's
 *   limit beside DuckDB with one line, exit 1); and to csv, json and Parquet from PostgreSQL where it is
 *   installed;
 * - `tix events search` over one page just under the bound tix reads whole (page-bound.ts), in every
 *   format and with --jq, and `tix api` over it; then over a page of 60 MB, which each refuses in one line
 *   (exit 1) rather than holding it; then over pages dense with values (two bytes each): one event of two
 *   million numbers in 3.9 MB, and 5,000 events of 60, each refused in one line, exit 1 (more than the 250,000
 *   values tix builds at once), and one event of 240,000 numbers, within the bound, answered.
 * With TIX_BENCH_STANDALONE=<the standalone archive's bin/tix> (after `npm run release`), every row is
 * measured with it too.
 */
import { join } from 'node:path';
import { startBigPageServer, startDensePageServer } from '../big-page-server.mjs';
import { runOnce } from '../measure.mjs';
import { startBenchPostgres } from '../postgres.mjs';
import { count, figureRow, mb } from '../rows.mjs';
import { withSandbox } from '../sandbox-process.mjs';

export const RSS_PROMISE_MB = 120;

const DUCKDB_QUERY = (rows) =>
  `SELECT range AS id, 'evt_' || range AS event_id, range * 0.01 AS price, TIMESTAMPTZ '2026-01-01 00:00:00+00' + to_seconds(range) AS at FROM range(${rows})`;
const POSTGRES_QUERY = (rows) =>
  `SELECT g AS id, 'evt_' || g AS event_id, g * 0.01 AS price, TIMESTAMPTZ '2026-01-01 00:00:00+00' + make_interval(secs => g) AS at FROM generate_series(0, ${rows - 1}) g`;

/** The history sql modes: flags, and the exit code each ends with. */
const SQL_MODES = [
  { flags: ['-o', 'csv'] },
  { flags: ['-o', 'tsv'] },
  { flags: ['-o', 'json'] },
  { flags: ['-o', 'ndjson'] },
  { flags: ['-o', 'table'] },
  { flags: ['--out', 'rows.csv'] },
  { flags: ['--out', 'rows.tsv'] },
  { flags: ['--out', 'rows.json'] },
  { flags: ['--out', 'rows.parquet'] },
  // The whole {"rows":[...]} is one document: beyond jq's limit beside DuckDB it is one line, exit 1.
  { flags: ['--jq', '.rows | length'], expectExit: 1 },
];
const POSTGRES_MODES = [{ flags: ['-o', 'csv'] }, { flags: ['-o', 'json'] }, { flags: ['--out', 'rows.parquet'] }];
const PAGE_FORMATS = [
  ['-o', 'json'],
  ['-o', 'ndjson'],
  ['-o', 'csv'],
  ['-o', 'tsv'],
  ['-o', 'table'],
  ['--out', 'page.parquet'],
  ['--jq', '.events | length'],
];

export async function memory(ctx) {
  const builds = [{ name: 'npm', argv: (args) => ({ node: true, argv: [ctx.tixBin, ...args] }) }];
  const standalone = process.env.TIX_BENCH_STANDALONE;
  if (standalone) builds.push({ name: 'standalone', argv: (args) => ({ node: false, argv: [standalone, ...args] }) });
  const rows = [];
  const measure = async (build, label, args, env, expectExit = 0) => {
    const command = { label: `${label} (${build.name})`, ...build.argv(args), env, expectExit };
    const result = await runOnce(command, { ...ctx.runOptions(), rss: true });
    const peakMb = result.peakKb / 1024;
    ctx.log(`  ${command.label}: ${mb(peakMb)}${expectExit ? `, exit ${expectExit}: ${result.stderr.trim().split('\n').pop()}` : ''}`);
    rows.push(figureRow(`${command.label} peak RSS`, mb(peakMb), `≤ ${RSS_PROMISE_MB} MB`, peakMb <= RSS_PROMISE_MB));
  };
  await historySql(ctx, builds, measure);
  await singlePage(ctx, builds, measure);
  return rows;
}

async function historySql(ctx, builds, measure) {
  const { rows } = ctx.sizes.memory;
  const env = { TIX_CONFIG_DIR: join(ctx.workDir, 'config'), TZ: 'UTC' };
  const db = join(ctx.workDir, 'memory.duckdb');
  await runOnce(
    { label: 'track', node: true, argv: [ctx.tixBin, '--sandbox', '--quiet', 'track', 'TMUSA:G5v8HKyBKZbyJN', '--db', db], env },
    ctx.runOptions(),
  );
  for (const build of builds) {
    for (const { flags, expectExit } of SQL_MODES) {
      await measure(
        build,
        `tix history sql <${count(rows)} rows> ${flags.join(' ')}`,
        ['history', 'sql', DUCKDB_QUERY(rows), '--db', db, ...flags],
        env,
        expectExit,
      );
    }
  }
  const postgres = await startBenchPostgres(ctx.sandboxBase.repo);
  if (!postgres.cluster) {
    ctx.log(`  PostgreSQL rows skipped: ${postgres.skipped}`);
    return;
  }
  try {
    const url = postgres.cluster.url();
    await runOnce(
      {
        label: 'track (PostgreSQL)',
        node: true,
        argv: [ctx.tixBin, '--sandbox', '--quiet', 'track', 'TMUSA:G5v8HKyBKZbyJN', '--db', url],
        env,
      },
      ctx.runOptions(),
    );
    for (const build of builds) {
      for (const { flags } of POSTGRES_MODES) {
        await measure(
          build,
          `tix history sql <${count(rows)} rows> --db postgres://… ${flags.join(' ')}`,
          ['history', 'sql', POSTGRES_QUERY(rows), '--db', url, ...flags],
          env,
        );
      }
    }
  } finally {
    postgres.cluster.stop();
  }
}

async function singlePage(ctx, builds, measure) {
  const { pageMb, hugePageMb } = ctx.sizes.memory;
  const sample = await withSandbox({ ...ctx.sandboxBase, events: 2_000, latencyMs: 0 }, async (sandbox) => {
    const response = await fetch(`${sandbox.url}/events?pageSize=5000`, { headers: { 'x-api-key': ctx.apiKey } });
    return response.text();
  });
  for (const [size, expectExit] of [
    [pageMb, 0],
    [hugePageMb, 1],
  ]) {
    const server = await startBigPageServer({ sample, megabytes: size });
    try {
      const env = { TIX_BASE_URL: server.url, TIX_API_KEY: ctx.apiKey, TIX_CONFIG_DIR: join(ctx.workDir, 'config'), TZ: 'UTC' };
      const page = `one page of ${mb(server.bytes / 2 ** 20)}`;
      for (const build of builds) {
        for (const flags of PAGE_FORMATS) {
          await measure(
            build,
            `tix events search --page-size 5000 ${flags.join(' ')}, ${page}`,
            ['events', 'search', '--page-size', '5000', ...flags],
            env,
            expectExit,
          );
        }
        await measure(build, `tix api events, ${page}`, ['api', 'events'], env, expectExit);
      }
    } finally {
      await server.stop();
    }
  }
  for (const { events, numbers, expectExit } of DENSE_PAGES) {
    const server = await startDensePageServer({ events, numbers });
    try {
      const env = { TIX_BASE_URL: server.url, TIX_API_KEY: ctx.apiKey, TIX_CONFIG_DIR: join(ctx.workDir, 'config'), TZ: 'UTC' };
      const page = `a page of ${count(events)} event${events === 1 ? '' : 's'} of ${count(numbers)} numbers (${mb(server.bytes / 2 ** 20)})`;
      for (const build of builds) {
        for (const flags of PAGE_FORMATS)
          await measure(build, `tix events search ${flags.join(' ')}, ${page}`, ['events', 'search', ...flags], env, expectExit);
        await measure(build, `tix api events, ${page}`, ['api', 'events'], env, expectExit);
        await measure(build, `tix api events --jq, ${page}`, ['api', 'events', '--jq', '.events | length'], env, expectExit);
      }
    } finally {
      await server.stop();
    }
  }
}

/** Pages dense with values (two bytes each): beyond the 250,000 tix builds at once (exit 1), and within. */
const DENSE_PAGES = [
  { events: 1, numbers: 2_000_000, expectExit: 1 },
  { events: 5_000, numbers: 60, expectExit: 1 },
  { events: 1, numbers: 240_000, expectExit: 0 },
];
