/**
 * `history sql --jq` filters the one document `-o json` prints, `{"rows":[...]}`, never the chunks the
 * database hands over (issue 36 §2: `.rows | length` over 5,000 rows printed `2048 2048 904`). The document
 * is put aside as it is written and filtered once the query is over; past 2 MB it is one line, exit 1.
 * `-o ndjson --jq` runs per row.
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

  // jq filters the document once the query is over (kit/jq-after-work.ts): it is put aside as it is written,
  // at most 2 MB of it, jq holding each document whole. 600,000 rows are refused then, before jq is started.
  it('a document larger than jq may hold is one line, exit 1 (no answer from part of it)', async () => {
    const result = await tix(['history', 'sql', rows(600_000), ...at.args, '--jq', '.rows | length']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(withoutRoleWarning(result.stderr)).toBe(
      "tix: --jq: the JSON to filter is more than 2 MB, the most tix filters as one document after a command's work; stopped (jq holds each document whole: -o ndjson --jq filters one record at a time)\n",
    );
  }, 120_000);
});
