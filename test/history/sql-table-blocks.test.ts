/**
 * `history sql -o table` over a result larger than one block (TABLE_BLOCK_ROWS): one table per block, each
 * under its own header and as wide as its own rows need, a blank line between them, every row printed once
 * in order (issue 36 §4: the table held the whole result, 305 MB for 200,000 rows).
 */
import { beforeAll, expect, it } from 'vitest';
import { TABLE_BLOCK_ROWS } from '../../src/output/table-writer.js';
import { describeStores, type StoreLocation } from './stores.js';
import { tixAt, trackedOnce, useClockedSandbox } from './support.js';

const clock = useClockedSandbox();
const tix = (args: readonly string[], env: Record<string, string> = {}) => tixAt(clock.sandbox(), args, { env });

/** The tests' PostgreSQL role is a superuser, which tix warns of (sql.test.ts checks the line itself). */
const withoutRoleWarning = (stderr: string) => stderr.replace(/^tix: warning: history sql runs as PostgreSQL role .*\n/m, '');

/** The tables of the output: each its lines, from its top border to its bottom one. */
function tablesOf(stdout: string): string[][] {
  return stdout
    .trimEnd()
    .split('\n\n')
    .map((table) => table.split('\n'));
}

describeStores('history sql -o table, more rows than one block', (store) => {
  let at: StoreLocation;
  const total = 2 * TABLE_BLOCK_ROWS + 500;
  // n grows from 3 to 4 digits and the label by 4 letters a block: each block's columns are wider than the last's.
  const query =
    store.name === 'DuckDB'
      ? `SELECT range AS n, repeat('x', 4 * (CAST(range // ${TABLE_BLOCK_ROWS} AS INTEGER) + 1)) AS label FROM range(${total})`
      : `SELECT n, repeat('x', 4 * (n / ${TABLE_BLOCK_ROWS} + 1)) AS label FROM generate_series(0, ${total - 1}) AS n`;

  beforeAll(async () => {
    at = await trackedOnce(store, clock);
  }, 60_000);

  it('prints one table a block, each under its header and as wide as its own rows need', async () => {
    const result = await tix(['history', 'sql', query, ...at.args, '-o', 'table']);
    expect(result.code, result.stderr).toBe(0);
    expect(withoutRoleWarning(result.stderr)).toBe('');
    const tables = tablesOf(result.stdout);
    expect(tables.map((lines) => lines.length)).toEqual([TABLE_BLOCK_ROWS + 4, TABLE_BLOCK_ROWS + 4, 500 + 4]);
    // n: 3 cells, then 4; label: 4, 8, 12 letters (the header's 5 at least).
    expect(tables.map((lines) => lines[0])).toEqual(['┌─────┬───────┐', '┌──────┬──────────┐', '┌──────┬──────────────┐']);
    const values: number[] = [];
    for (const lines of tables) {
      expect(lines[1]).toMatch(/^│ +n │ label +│$/);
      expect(lines[2]).toMatch(/^├─+┼─+┤$/);
      expect(lines.at(-1)).toMatch(/^└─+┴─+┘$/);
      for (const line of lines.slice(3, -1)) values.push(Number(/^│ +(\d+) │ x+ +│$/.exec(line)![1]));
    }
    expect(values).toEqual(Array.from({ length: total }, (_, i) => i));
  }, 60_000);

  it('fits each block to the terminal width (COLUMNS=20): only the block too wide is cut', async () => {
    const result = await tix(['history', 'sql', query, ...at.args, '-o', 'table'], { COLUMNS: '20' });
    expect(result.code, result.stderr).toBe(0);
    const tables = tablesOf(result.stdout);
    expect(tables).toHaveLength(3);
    for (const line of tables.flat()) expect([...line].length).toBeLessThanOrEqual(20);
    expect(tables[1]![3]).toBe('│ 1000 │ xxxxxxxx │');
    expect(tables[2]![3]).toMatch(/^│ 2000 │ x+… │$/);
  }, 60_000);
});
