/**
 * `history coverage` has two texts of one query (src/store/analysis-sql.ts): lag() over the snapshots,
 * which PostgreSQL runs, and sorted lists, which DuckDB runs. Both run here on one DuckDB database over
 * histories a shape at a time (one snapshot, two, an even count, pauses, ties of the usual interval,
 * instants with micro- and milliseconds) and must give the same rows, in the same order.
 */
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverageOfJson, coverageQuery, tablesOf } from '../../src/store/analysis-sql.js';

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

  /** The agents' events as one text of the query reads them (DuckDB's JSON). */
  const coverageBy = async (first: 'window' | 'lists', events?: { agent: string; eventId: string }[]) => {
    const { sql, params } = coverageQuery(tablesOf('', false), events, 3, { first, dialect: 'duckdb' });
    return coverageOfJson((await connection.runAndReadAll(sql, params)).getRows()[0]![0]);
  };

  it('give the same rows for every agent event stored', async () => {
    const windowed = await coverageBy('window');
    expect(windowed).toHaveLength(agentEvents.length);
    expect(windowed.flatMap((r) => r.gaps).length).toBeGreaterThan(10);
    expect(windowed.some((r) => r.usualIntervalSeconds === null)).toBe(true);
    expect(windowed.some((r) => !Number.isInteger(r.usualIntervalSeconds))).toBe(true);
    expect(await coverageBy('lists')).toEqual(windowed);
  });

  it('give no rows for an agent event not stored', async () => {
    const none = [{ agent: 'TMUSA', eventId: 'nosuchevent' }];
    expect(await coverageBy('window', none)).toEqual([]);
    expect(await coverageBy('lists', none)).toEqual([]);
  });

  it('give the same rows for some agent events named', async () => {
    const some = agentEvents.filter((_, i) => i % 5 === 3);
    const windowed = await coverageBy('window', some);
    expect(windowed.map((r) => r.agentEventId).sort()).toEqual(some.map((e) => e.eventId).sort());
    expect(await coverageBy('lists', some)).toEqual(windowed);
  });

  it('reads the usual interval and gaps of a known shape: the lower middle gap, and pauses longer than 3 of it', async () => {
    const [row] = await coverageBy('lists', [agentEvents[3]!]);
    // Steps 15, 15, 15, 180, 15, 15, 600, 15 minutes from 00:21 (the fourth shape starts 3 x 7 minutes in).
    expect(row).toMatchObject({ snapshots: 9, usualIntervalSeconds: 900, firstSnapshot: '2026-01-01T00:21:00.000Z' });
    expect(row!.gaps).toEqual([
      { start: '2026-01-01T01:06:00.000Z', end: '2026-01-01T04:06:00.000Z' },
      { start: '2026-01-01T04:36:00.000Z', end: '2026-01-01T14:36:00.000Z' },
    ]);
  });
});
