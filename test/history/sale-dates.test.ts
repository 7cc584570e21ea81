/**
 * The events' sale dates in a history written before table `events` had them: the first `track` migrates
 * it, leaving the old event's sale dates null while the event it tracks gets them, on both stores; a
 * DuckDB file is read as it is before that (its chart titled from the event, with no public sale to rule).
 * The old tables are made here with the migrations up to the one before the sale dates (SALE_DATES_VERSION:
 * found, not numbered), so the test holds however the migrations are renumbered.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { expect, it } from 'vitest';
import * as duck from '../../src/store/duckdb-schema.js';
import * as pgSchema from '../../src/store/pg-schema.js';
import type { SandboxEvent } from '../../src/sandbox/index.js';
import { eventTitle, utcMinute } from './chart-support.js';
import { describeStores, type StoreLocation, type StoreUnderTest } from './stores.js';
import { onSale, tixAt, useClockedSandbox } from './support.js';

const clock = useClockedSandbox();
const tix = (args: readonly string[], env: Record<string, string> = {}) => tixAt(clock.sandbox(), args, { env });
const HOUR = 3_600_000;

/** A literal for SQL text: the sandbox's names may hold a quote. */
const literal = (value: string | number) => (typeof value === 'number' ? String(value) : `'${value.replace(/'/g, "''")}'`);

/** The statements that put `event` and two TMUSA snapshots of it in tables of the version before the sale dates. */
function olderRows(event: SandboxEvent, prefix: string): string[] {
  const seen = literal(new Date(clock.now()).toISOString());
  const values = [event.id, event.name, event.category, event.venue, event.city, event.state, event.country].map(literal).join(', ');
  const tmusa = literal(event.agentIds.TMUSA!);
  return [
    `INSERT INTO ${prefix}events VALUES (${values}, CAST(${literal(event.eventDate)} AS TIMESTAMPTZ), CAST(${seen} AS TIMESTAMPTZ), CAST(${seen} AS TIMESTAMPTZ))`,
    `INSERT INTO ${prefix}event_agents VALUES (${literal(event.id)}, 'TMUSA', ${tmusa}, CAST(${seen} AS TIMESTAMPTZ), CAST(${seen} AS TIMESTAMPTZ))`,
    ...[
      [-2, 80.5],
      [0, 75.25],
    ].map(([hours, price]) => {
      const at = literal(new Date(clock.now() + hours! * HOUR).toISOString());
      return `INSERT INTO ${prefix}snapshots VALUES ('TMUSA', ${tmusa}, CAST(${at} AS TIMESTAMPTZ), CAST(${at} AS TIMESTAMPTZ), 1, 2, ${price}, ${price}, ${price})`;
    }),
  ];
}

async function olderHistory(store: StoreUnderTest, at: StoreLocation, event: SandboxEvent): Promise<void> {
  if (store.name === 'PostgreSQL') {
    const schema = at.args[at.args.indexOf('--schema') + 1]!;
    const q = pgSchema.quoteIdent(schema);
    await at.sql(`CREATE SCHEMA ${q}`);
    for (const step of pgSchema.MIGRATIONS.slice(0, pgSchema.SALE_DATES_VERSION - 1)) await at.sql(step(q));
    await at.sql(`CREATE TABLE ${q}.tix_meta (schema_version integer NOT NULL, tix_version text NOT NULL)`);
    await at.sql(`INSERT INTO ${q}.tix_meta VALUES (${pgSchema.SALE_DATES_VERSION - 1}, 'older')`);
    for (const statement of olderRows(event, `${q}.`)) await at.sql(statement);
    return;
  }
  const instance = await DuckDBInstance.create(at.db);
  const connection = await instance.connect();
  try {
    for (const step of duck.MIGRATIONS.slice(0, duck.SALE_DATES_VERSION - 1)) for (const statement of step) await connection.run(statement);
    await connection.run(`INSERT INTO tix_meta VALUES (${duck.SALE_DATES_VERSION - 1}, 'older')`);
    for (const statement of olderRows(event, '')) await connection.run(statement);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

describeStores('a history from before the sale dates', (store) => {
  it('is migrated by track: the old event keeps null sale dates, the tracked one has them, and its chart rules the public sale', async () => {
    const at = store.fresh();
    const [old, tracked] = onSale(clock.sandbox(), 'TMUSA').map((e) => clock.sandbox().events.find((x) => x.id === e.id)!);
    await olderHistory(store, at, old!);
    const version = store.name === 'DuckDB' ? duck : pgSchema;

    if (store.name === 'DuckDB') {
      // Read as it is: the event from the file, no sale date to rule, nothing migrated.
      const chart = await tix(['history', old!.id, '--chart', '--tz', 'UTC', ...at.args], { COLUMNS: '100' });
      expect(chart.code, chart.stderr).toBe(0);
      expect(chart.stdout.split('\n')[0]).toBe(eventTitle(clock.sandbox(), old!.id));
      expect(chart.stdout).not.toContain('public sale');
      expect(await at.sql('SELECT max(schema_version) AS v FROM tix_meta')).toEqual([{ v: version.SALE_DATES_VERSION - 1 }]);
    }

    const track = await tix(['track', tracked!.id, ...at.args]);
    expect(track.code, track.stderr).toBe(0);
    expect(await at.sql('SELECT max(schema_version) AS v FROM tix_meta')).toEqual([{ v: version.SCHEMA_VERSION }]);
    const utc = (column: string) =>
      store.name === 'DuckDB'
        ? `strftime(${column} AT TIME ZONE 'UTC', '%Y-%m-%dT%H:%M:%SZ')`
        : `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
    const rows = await at.sql(
      `SELECT event_id, ${utc('presale_date')} AS presale, ${utc('public_sale_date')} AS public_sale FROM events ORDER BY event_id = '${old!.id}'`,
    );
    expect(rows).toEqual([
      { event_id: tracked!.id, presale: tracked!.presaleDate, public_sale: tracked!.publicSaleDate },
      { event_id: old!.id, presale: null, public_sale: null },
    ]);
    const after = await tix(['history', tracked!.id, '--chart', '--tz', 'UTC', ...at.args], { COLUMNS: '100' });
    expect(after.code, after.stderr).toBe(0);
    expect(after.stdout).toContain(`public sale ${utcMinute(tracked!.publicSaleDate)} (before this range)`);
  });
});
