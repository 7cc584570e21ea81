/**
 * `history coverage` has two texts of one query (src/store/analysis-sql.ts): lag() over the snapshots,
 * which PostgreSQL runs, and sorted lists given back as JSON, which DuckDB runs. Both run here on one DuckDB database over
 * histories a shape at a time (one snapshot, two, an even count, pauses, ties of the usual interval,
 * instants with micro- and milliseconds) and must give the same rows, in the same order.
 */
import { type DuckDBConnection, DuckDBInstance, DuckDBTimestampTZValue } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COVERAGE_INSTANTS, coverageQuery, coverageRows, tablesOf } from '../../src/store/analysis-sql.js';
import { microsToIso } from '../../src/store/timestamps.js';

const MINUTE_US = 60_000_000;
const T0_US = 1_767_225_600_000_000; // 2026-01-01T00:00:00Z

/** The steps between consecutive snapshots of each agent's event, in microseconds. */
function shapes(): number[][] {
  const fixed = [
    [], // one snapshot
    [15 * MINUTE_US], // two
    [15, 15, 30, 30].map((m) => m * MINUTE_US), // an even count of gaps: the lower middle one
    [15, 15, 15, 180, 15, 15, 600, 15].map((m) => m * MINUTE_US), // two pauses
    [15 * MINUTE_US + 250_000, 15 * MINUTE_US + 1, 45 * MINUTE_US + 999, 15 * MINUTE_US], // sub-second instants
    [60, 60, 60, 60].map((m) => m * MINUTE_US), // no gap at all
  ];
  let seed = 11;
  const next = () => {
    seed = (seed * 48271) % 2147483647;
    return seed / 2147483647;
  };
  const random = Array.from({ length: 200 }, () =>
    Array.from({ length: Math.floor(next() * 40) }, () => {
      const pause = next() < 0.05 ? Math.floor(next() * 20) + 4 : 1;
      return Math.round((5 + next() * 20) * MINUTE_US * pause) + (next() < 0.2 ? Math.floor(next() * 1_000_000) : 0);
    }),
  );
  return [...fixed, ...random];
}

describe('the two texts of history coverage', () => {
  let instance: DuckDBInstance;
  let connection: DuckDBConnection;
  const agentEvents: { agent: string; eventId: string }[] = [];

  beforeAll(async () => {
    instance = await DuckDBInstance.create(':memory:');
    connection = await instance.connect();
    await connection.run(
      'CREATE TABLE snapshots (agent TEXT, event_id TEXT, api_timestamp TIMESTAMPTZ, PRIMARY KEY (agent, event_id, api_timestamp))',
    );
    const rows: string[] = [];
    shapes().forEach((steps, i) => {
      const agent = ['TMUSA', 'STUBHUB', 'VIVID'][i % 3]!;
      const eventId = `E${i}`;
      agentEvents.push({ agent, eventId });
      let at = T0_US + i * 7 * MINUTE_US;
      // Inserted newest first, so that nothing relies on the order rows were stored in.
      const taken = [at, ...steps.map((step) => (at += step))].reverse();
      for (const micros of taken) rows.push(`('${agent}', '${eventId}', make_timestamp(${micros}::BIGINT))`);
    });
    await connection.run(`INSERT INTO snapshots VALUES ${rows.join(', ')}`);
  });

  afterAll(() => {
    connection?.closeSync();
    instance?.closeSync();
  });

  /** Each text's rows as the stores give them to coverageRows (timestamps as ISO text). */
  const rowsOf = async (form: 'window' | 'json', events?: { agent: string; eventId: string }[]) => {
    const { sql, params } = coverageQuery(tablesOf('', false), events, 3, form);
    const reader = await connection.runAndReadAll(sql, params);
    if (form === 'json') {
      const rows = JSON.parse(String(reader.getRows()[0]![0])) as Record<string, unknown>[];
      for (const row of rows) for (const key of COVERAGE_INSTANTS) if (row[key] !== null) row[key] = microsToIso(row[key] as number);
      return rows;
    }
    return reader
      .getRowObjects()
      .map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([key, value]) => [key, value instanceof DuckDBTimestampTZValue ? microsToIso(value.micros) : value]),
        ),
      );
  };

  it('give the same rows for every agent event stored', async () => {
    const windowed = await rowsOf('window');
    expect(windowed.filter((r) => r.gap_start !== null).length).toBeGreaterThan(10);
    expect(windowed.some((r) => r.usual === null)).toBe(true);
    expect(windowed.some((r) => !Number.isInteger(r.usual))).toBe(true);
    const json = await rowsOf('json');
    expect(json).toEqual(windowed);
    expect(coverageRows(json)).toEqual(coverageRows(windowed));
  });

  it('give no rows for an agent event not stored', async () => {
    const none = [{ agent: 'TMUSA', eventId: 'nosuchevent' }];
    expect(await rowsOf('window', none)).toEqual([]);
    const { sql, params } = coverageQuery(tablesOf('', false), none, 3, 'json');
    expect((await connection.runAndReadAll(sql, params)).getRows()).toEqual([[null]]);
  });

  it('give the same rows for some agent events named', async () => {
    const some = agentEvents.filter((_, i) => i % 5 === 3);
    const windowed = await rowsOf('window', some);
    expect(new Set(windowed.map((r) => r.agent_event_id)).size).toBe(some.length);
    expect(await rowsOf('json', some)).toEqual(windowed);
  });
});
