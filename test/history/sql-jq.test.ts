/**
 * `history sql --jq` filters the one document `-o json` prints, `{"rows":[...]}`, never the chunks the
 * database hands over (issue 36 §2: `.rows | length` over 5,000 rows printed `2048 2048 904`). The document
 * streams into jq as it is written; past jq's heap it is one line, exit 1. `-o ndjson --jq` runs per row.
 */
import { beforeAll, expect, it } from 'vitest';
import { describeStores, type StoreLocation } from './stores.js';
import { tixAt, trackedOnce, useClockedSandbox } from './support.js';

const clock = useClockedSandbox();
const tix = (args: readonly string[]) => tixAt(clock.sandbox(), args);

/** The tests' PostgreSQL role is a superuser, which tix warns of (sql.test.ts checks the line itself). */
const withoutRoleWarning = (stderr: string) => stderr.replace(/^tix: warning: history sql runs as PostgreSQL role .*\n/m, '');

describeStores('history sql --jq', (store) => {
  let at: StoreLocation;
  const rows = (n: number) =>
    store.name === 'DuckDB' ? `SELECT range AS n FROM range(${n})` : `SELECT n FROM generate_series(0, ${n - 1}) AS n`;

  beforeAll(async () => {
    at = await trackedOnce(store, clock);
  }, 60_000);

  it('sees the whole document, whatever the batches: one answer over 5,000 rows', async () => {
    const result = await tix(['history', 'sql', rows(5000), ...at.args, '--jq', '(.rows | length), .rows[-1].n, (.rows | map(.n) | add)']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('5000\n4999\n12497500\n');
    expect(withoutRoleWarning(result.stderr)).toBe('');
  }, 60_000);

  it('-o ndjson --jq runs per row', async () => {
    const result = await tix(['history', 'sql', rows(3000), ...at.args, '-o', 'ndjson', '--jq', '.n']);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3000);
    expect(lines.at(-1)).toBe('2999');
  }, 60_000);

  // Beside DuckDB, whose library takes most of tix's 120 MB, the document is read before jq starts and may be
  // 384 KB of text (issue 36 §4): 200,000 rows are refused then, before jq is started. PostgreSQL's client is
  // small: the document streams into jq, which may hold 64 MB there.
  it('a document larger than jq may hold is one line, exit 1 (no answer from part of it)', async () => {
    const beyond = store.name === 'DuckDB' ? 200_000 : 3_000_000;
    const result = await tix(['history', 'sql', rows(beyond), ...at.args, '--jq', '.rows | length']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(withoutRoleWarning(result.stderr)).toBe(
      store.name === 'DuckDB'
        ? 'tix: --jq: the JSON to filter is more than 384 KB, the most tix filters with --jq on a DuckDB history; stopped (jq holds each document whole: -o ndjson --jq filters one record at a time)\n'
        : 'tix: --jq: the JSON to filter needs more than 64 MB of memory in jq, its limit in tix; stopped (jq holds each document whole: -o ndjson --jq filters one record at a time)\n',
    );
  }, 120_000);
});
