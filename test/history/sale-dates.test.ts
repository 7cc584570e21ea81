/**
 * The events' sale dates in a history written before table `events` had them: such a file is read as it
 * is (its chart titled from the event, with no public sale to rule), and the first `track` migrates it,
 * leaving the old event's sale dates null while the event it tracks gets them. The old file is made here
 * with the migrations up to the one before the sale dates (SALE_DATES_VERSION: found, not numbered), so
 * the test holds however the migrations are renumbered.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, SALE_DATES_VERSION, SCHEMA_VERSION } from '../../src/store/duckdb-schema.js';
import { eventTitle, utcMinute } from './chart-support.js';
import { duckdbStore } from './stores.js';
import { onSale, tixAt, useClockedSandbox } from './support.js';

const clock = useClockedSandbox();
const tix = (args: readonly string[], env: Record<string, string> = {}) => tixAt(clock.sandbox(), args, { env });
const HOUR = 3_600_000;

/** A file at the version before the sale dates, holding `eventId`'s event and two TMUSA snapshots of it. */
async function olderHistory(file: string, eventId: string): Promise<void> {
  const event = clock.sandbox().events.find((e) => e.id === eventId)!;
  const instance = await DuckDBInstance.create(file);
  const connection = await instance.connect();
  try {
    for (const step of MIGRATIONS.slice(0, SALE_DATES_VERSION - 1)) for (const statement of step) await connection.run(statement);
    await connection.run(`INSERT INTO tix_meta VALUES (${SALE_DATES_VERSION - 1}, 'older')`);
    const seen = new Date(clock.now()).toISOString();
    await connection.run(
      `INSERT INTO events VALUES ($1, $2, $3, $4, $5, $6, $7, CAST($8 AS TIMESTAMPTZ), CAST($9 AS TIMESTAMPTZ), CAST($9 AS TIMESTAMPTZ))`,
      [event.id, event.name, event.category, event.venue, event.city, event.state, event.country, event.eventDate, seen],
    );
    await connection.run(`INSERT INTO event_agents VALUES ($1, 'TMUSA', $2, CAST($3 AS TIMESTAMPTZ), CAST($3 AS TIMESTAMPTZ))`, [
      event.id,
      event.agentIds.TMUSA!,
      seen,
    ]);
    for (const [hours, price] of [
      [-2, 80.5],
      [0, 75.25],
    ] as const) {
      const at = new Date(clock.now() + hours * HOUR).toISOString();
      await connection.run(
        `INSERT INTO snapshots VALUES ('TMUSA', $1, CAST($2 AS TIMESTAMPTZ), CAST($2 AS TIMESTAMPTZ), 1, 2, $3, $3, $3)`,
        [event.agentIds.TMUSA!, at, price],
      );
    }
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

describe('a history from before the sale dates', () => {
  it('is charted as it is, then migrated by track: the old event keeps null sale dates, the tracked one has them', async () => {
    const at = duckdbStore.fresh();
    const [old, tracked] = onSale(clock.sandbox(), 'TMUSA').map((e) => clock.sandbox().events.find((x) => x.id === e.id)!);
    await olderHistory(at.db, old!.id);

    const chart = await tix(['history', old!.id, '--chart', '--tz', 'UTC', ...at.args], { COLUMNS: '100' });
    expect(chart.code, chart.stderr).toBe(0);
    expect(chart.stdout.split('\n')[0]).toBe(eventTitle(clock.sandbox(), old!.id));
    expect(chart.stdout).not.toContain('public sale');
    expect(await at.sql('SELECT max(schema_version) AS v FROM tix_meta')).toEqual([{ v: SALE_DATES_VERSION - 1 }]);

    const track = await tix(['track', tracked!.id, ...at.args]);
    expect(track.code, track.stderr).toBe(0);
    expect(await at.sql('SELECT max(schema_version) AS v FROM tix_meta')).toEqual([{ v: SCHEMA_VERSION }]);
    const rows = await at.sql(
      `SELECT event_id, strftime(presale_date AT TIME ZONE 'UTC', '%Y-%m-%dT%H:%M:%SZ') AS presale,
         strftime(public_sale_date AT TIME ZONE 'UTC', '%Y-%m-%dT%H:%M:%SZ') AS public_sale FROM events ORDER BY event_id = '${old!.id}'`,
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
