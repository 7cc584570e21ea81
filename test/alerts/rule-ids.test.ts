/**
 * A rule row put in with an id of its own (by hand, by another tool) at or past the id sequence made the next
 * `alert add` fail once, on the duplicate key (issue 36 §5): an add takes the id after the largest instead.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { expect, it } from 'vitest';
import { FIXED_NOW } from '../helpers/sandbox.js';
import { describeStores } from '../history/stores.js';
import { onSale, tixAt, useClockedSandbox } from '../history/support.js';

const clock = useClockedSandbox();
const tix = (args: readonly string[]) => tixAt(clock.sandbox(), args);

describeStores('alert add after a rule inserted with an explicit id', (store) => {
  it('takes the next free id, first time', async () => {
    const at = store.fresh();
    const entry = `TMUSA:${onSale(clock.sandbox(), 'TMUSA')[0]!.agentId}`;
    clock.setClock(FIXED_NOW);
    expect((await tix(['track', entry, ...at.args])).code).toBe(0);
    expect(await tix(['alert', 'add', entry, '--below', '100', ...at.args])).toMatchObject({ code: 0, stdout: '1\n' });
    // A copy of rule 1 as rule 2 and as rule 7, ids the sequence has not given yet.
    const columns = (
      await at.sql(
        "SELECT column_name FROM information_schema.columns WHERE table_name = 'alert_rules' AND table_schema = current_schema()",
      )
    )
      .map((row) => String(row.column_name))
      .filter((name) => name !== 'id');
    const inserts = [2, 7].map(
      (id) => `INSERT INTO alert_rules (id, ${columns.join(', ')}) SELECT ${id}, ${columns.join(', ')} FROM alert_rules WHERE id = 1`,
    );
    if (store.name === 'PostgreSQL') for (const insert of inserts) await at.sql(insert);
    else {
      // at.sql reads a DuckDB file read-only: what anyone with the file could write, written as they would.
      const instance = await DuckDBInstance.create(at.db);
      const connection = await instance.connect();
      for (const insert of inserts) await connection.run(insert);
      connection.closeSync();
      instance.closeSync();
    }

    const added = await tix(['alert', 'add', entry, '--below', '90', ...at.args]);
    expect(added.stderr).toMatch(/^alert 8 added: /);
    expect(added).toMatchObject({ code: 0, stdout: '8\n' });
    expect(await tix(['alert', 'add', entry, '--below', '80', ...at.args])).toMatchObject({ code: 0, stdout: '9\n' });
  }, 60_000);
});
