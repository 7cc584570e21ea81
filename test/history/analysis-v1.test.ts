/**
 * history list, summary and --by on a history of schema version 1 (test/fixtures/history-v1, made by the
 * tix of commit e7e1ac9): read as it is, as `tix history` reads it (only a write migrates). Without the
 * events tables every agent's event is one without evt_ id.
 */
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeStores, type StoreLocation, type StoreUnderTest } from './stores.js';
import { tixAt, useClockedSandbox } from './support.js';

const clock = useClockedSandbox();
const tix = (args: readonly string[]) => tixAt(clock.sandbox(), args);
const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'history-v1');

/** The fixture as a copy of the DuckDB file, or its dump in a fresh schema (pg_dump's psql-only lines left out). */
async function versionOne(store: StoreUnderTest): Promise<StoreLocation> {
  const at = store.fresh();
  if (store.name === 'DuckDB') {
    copyFileSync(join(FIXTURES, 'v1-history.duckdb'), at.db);
    return at;
  }
  const schema = at.args[at.args.indexOf('--schema') + 1]!;
  const dump = readFileSync(join(FIXTURES, 'v1-history.pg.sql'), 'utf8');
  await at.sql(dump.replace(/^\\.*$/gm, '').replaceAll('tix_v1', schema));
  return at;
}

describeStores('history list, summary and --by on a schema-version-1 history', (store) => {
  it('lists each agent event as AGENT:ID, sums one up and pivots it, and leaves the history at version 1', async () => {
    const at = await versionOne(store);
    const list = await tix(['history', 'list', ...at.args, '-o', 'json']);
    expect(list.stderr).toBe('');
    const events = JSON.parse(list.stdout).events as { event_id: string | null; agents: string[]; snapshots: number }[];
    const snapshots = await at.sql('SELECT agent, event_id, CAST(count(*) AS INTEGER) AS n FROM snapshots GROUP BY agent, event_id');
    expect(events.map((e) => [e.event_id, e.agents, e.snapshots]).sort()).toEqual(
      snapshots.map((s) => [null, [`${s.agent}:${s.event_id}`], s.n]).sort(),
    );
    const summary = await tix(['history', 'summary', 'TMUSA', 'vv1AK0FdZsGiv7', ...at.args, '-o', 'json']);
    expect(summary.code, summary.stderr).toBe(0);
    expect(JSON.parse(summary.stdout).agents).toMatchObject([{ agent: 'TMUSA', snapshots: 2, days_left: null }]);
    const pivot = await tix(['history', 'TMUSA:vv1AK0FdZsGiv7', '--by', 'day', ...at.args, '-o', 'json']);
    expect(pivot.code, pivot.stderr).toBe(0);
    expect(await at.sql('SELECT CAST(max(schema_version) AS INTEGER) AS v FROM tix_meta')).toEqual([{ v: 1 }]);
  });
});
