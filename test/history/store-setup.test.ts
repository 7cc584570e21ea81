/**
 * How tix sets a store up (issue 28 §5): a DuckDB file it creates is private (0600, in a 0700 folder when
 * it makes the folder too), one that was there keeps its mode; PostgreSQL's snapshots have an index that
 * starts with event_id, so `WHERE event_id = ...` does not scan the whole primary key.
 */
import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../src/store/pg-schema.js';
import { describePostgres, usePostgres } from '../helpers/postgres.js';
import { tempDir } from '../helpers/tix-env.js';
import { postgresStore } from './stores.js';
import { onSale, tixAt, useClockedSandbox } from './support.js';

const clock = useClockedSandbox();
const mode = (path: string) => statSync(path).mode & 0o777;

describe('a DuckDB history file tix creates', () => {
  it("is 0600 in 0700 folders in tix's data folder, whatever the umask", async () => {
    const data = join(tempDir('tix-data-'), 'nested', 'data');
    const [entry] = onSale(clock.sandbox(), 'TMUSA');
    const track = await tixAt(clock.sandbox(), ['track', `TMUSA:${entry!.agentId}`], { env: { XDG_DATA_HOME: data } });
    expect(track.code, track.stderr).toBe(0);
    const file = join(data, 'tix', 'history.duckdb');
    expect(mode(file)).toBe(0o600);
    for (const folder of [join(data, 'tix'), data, join(data, '..')]) expect(mode(folder)).toBe(0o700);
  });

  it('named with --db: a new file is 0600, its existing folder and an existing file keep their modes', async () => {
    const folder = tempDir('tix-named-');
    chmodSync(folder, 0o755);
    const file = join(folder, 'prices.duckdb');
    const [entry] = onSale(clock.sandbox(), 'TMUSA');
    const first = await tixAt(clock.sandbox(), ['track', `TMUSA:${entry!.agentId}`, '--db', file]);
    expect(first.code, first.stderr).toBe(0);
    expect([mode(file), mode(folder)]).toEqual([0o600, 0o755]);

    chmodSync(file, 0o640);
    clock.setClock(clock.now() + 15 * 60_000);
    const second = await tixAt(clock.sandbox(), ['track', `TMUSA:${entry!.agentId}`, '--db', file]);
    expect(second.code, second.stderr).toBe(0);
    expect(mode(file)).toBe(0o640);
  });

  it('a reader creates nothing: no folder, no file', async () => {
    const data = join(tempDir('tix-data-'), 'absent');
    const read = await tixAt(clock.sandbox(), ['history', 'coverage'], { env: { XDG_DATA_HOME: data } });
    expect(read.code).toBe(4);
    expect(() => mkdirSync(data)).not.toThrow();
  });
});

describePostgres('the PostgreSQL store', () => {
  const store = postgresStore(usePostgres());

  it('indexes snapshots by event_id', async () => {
    const at = store.fresh();
    const [entry] = onSale(clock.sandbox(), 'TMUSA');
    const track = await tixAt(clock.sandbox(), ['track', `TMUSA:${entry!.agentId}`, ...at.args]);
    expect(track.code, track.stderr).toBe(0);
    expect(await at.sql('SELECT schema_version FROM tix_meta')).toEqual([{ schema_version: SCHEMA_VERSION }]);
    const indexes = await at.sql(
      "SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'snapshots' ORDER BY indexname",
    );
    const defs = indexes.map((r) => String(r.indexdef));
    expect(defs.some((d) => /\(event_id\b/.test(d))).toBe(true);
  });
});
