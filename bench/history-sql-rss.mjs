/**
 * `node bench/history-sql-rss.mjs [rows]`: the peak RSS of `tix history sql` over a large result (issue 29
 * §2: memory stays under 120 MB whatever the result's size). A DuckDB history made by `tix --sandbox track`,
 * then a generated result of `rows` rows (default 5,000,000) to csv through a pipe, and 2/5 of them to
 * Parquet (`--out`, written by DuckDB itself). Run by hand after `npm run build`; it asserts nothing, it
 * prints the figures (README, "What bounds a query", quotes them).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const TIX = fileURLToPath(new URL('../bin/tix', import.meta.url));
const PROBE = fileURLToPath(new URL('./max-rss.cjs', import.meta.url));
const rows = Number(process.argv[2] ?? 5_000_000);
const dir = mkdtempSync(join(tmpdir(), 'tix-sql-rss-'));
const env = { PATH: process.env.PATH, HOME: dir, XDG_CONFIG_HOME: join(dir, 'config'), XDG_DATA_HOME: join(dir, 'data') };
const db = join(dir, 'history.duckdb');

function tix(args, shellTail = '') {
  const rssFile = join(dir, 'rss');
  const command = [process.execPath, '--require', PROBE, TIX, ...args].map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(' ');
  const started = performance.now();
  const run = spawnSync('sh', ['-c', `${command}${shellTail}`], { env: { ...env, TIX_BENCH_RSS_FILE: rssFile }, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`tix ${args.join(' ')}: exit ${run.status}: ${run.stderr}`);
  return { seconds: (performance.now() - started) / 1000, peakMb: Number(readFileSync(rssFile, 'utf8')) / 1024, stdout: run.stdout };
}

try {
  tix(['--sandbox', '--quiet', 'track', 'TMUSA:G5v8HKyBKZbyJN', '--db', db]);
  const query = (n) =>
    `SELECT range AS id, 'evt_' || range AS event_id, range * 0.01 AS price, TIMESTAMPTZ '2026-01-01 00:00:00+00' + to_seconds(range) AS at FROM range(${n})`;
  const csv = tix(['history', 'sql', query(rows), '--db', db, '-o', 'csv'], ' | wc -l');
  console.log(
    `history sql, ${rows.toLocaleString('en')} rows to csv | wc -l: ${csv.stdout.trim()} lines, peak RSS ${csv.peakMb.toFixed(1)} MB, ${csv.seconds.toFixed(1)} s`,
  );
  const parquetRows = Math.round((rows * 2) / 5);
  const parquet = tix(['history', 'sql', query(parquetRows), '--db', db, '--out', join(dir, 'big.parquet')]);
  console.log(
    `history sql, ${parquetRows.toLocaleString('en')} rows --out big.parquet: peak RSS ${parquet.peakMb.toFixed(1)} MB, ${parquet.seconds.toFixed(1)} s`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
