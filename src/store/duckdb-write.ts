import type { DuckDBAppender, DuckDBConnection } from '@duckdb/node-api';
import { TixError } from '../shared/errors.js';
import { dateValue, timestampTZValue } from './duckdb-driver.js';
import { DAY_MS, micros, snapshotKey } from './duckdb-rows.js';
import { evaluateDuckDbAlerts } from './duckdb-alerts.js';
import { upsertEvents } from './duckdb-events.js';
import type { RecordOptions, RecordResult, SalesDayRecord, SnapshotRecord } from './store.js';

/** One run's snapshots, sales days and events, in one transaction: all of them stored, or none. */
export async function recordHistory(
  connection: DuckDBConnection,
  snapshots: readonly SnapshotRecord[],
  sales: readonly SalesDayRecord[],
  options: RecordOptions = {},
): Promise<RecordResult> {
  await connection.run('BEGIN TRANSACTION');
  try {
    if (options.events && options.events.length > 0) await upsertEvents(connection, options.events);
    const fresh = await unstored(connection, snapshots);
    if (fresh.length > 0) await appendSnapshots(connection, fresh);
    const days = latestSalesDays(sales);
    const salesDays = days.length > 0 ? await upsertSalesDays(connection, days) : 0;
    const result: RecordResult = { stored: fresh.length, alreadyStored: snapshots.length - fresh.length, salesDays };
    if (options.alerts)
      result.alerts = await evaluateDuckDbAlerts(
        connection,
        fresh.map((k) => k.snapshot),
        options.alerts,
      );
    await connection.run('COMMIT');
    return result;
  } catch (error) {
    await connection.run('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** The snapshots not in the file yet (nor earlier in the same list), with their timestamps in microseconds. */
async function unstored(connection: DuckDBConnection, snapshots: readonly SnapshotRecord[]): Promise<KeyedSnapshot[]> {
  if (snapshots.length === 0) return [];
  const keyed = snapshots.map((snapshot) => ({
    snapshot,
    micros: micros(snapshot.apiTimestamp),
    fetchedMicros: micros(snapshot.fetchedAt),
  }));
  const times = keyed.map((k) => k.micros);
  const least = times.reduce((a, b) => (b < a ? b : a));
  const most = times.reduce((a, b) => (b > a ? b : a));
  const reader = await connection.runAndReadAll(
    'SELECT agent, event_id, epoch_us(api_timestamp) AS us FROM snapshots WHERE api_timestamp BETWEEN ? AND ?',
    [timestampTZValue(least), timestampTZValue(most)],
  );
  const seen = new Set(reader.getRowsJS().map(([agent, eventId, us]) => snapshotKey(String(agent), String(eventId), BigInt(us as bigint))));
  return keyed.filter((k) => {
    const key = snapshotKey(k.snapshot.agent, k.snapshot.eventId, k.micros);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

interface KeyedSnapshot {
  snapshot: SnapshotRecord;
  micros: bigint;
  fetchedMicros: bigint;
}

/** Rows through the appender: one call per value, no SQL per listing. */
async function appendSnapshots(connection: DuckDBConnection, fresh: readonly KeyedSnapshot[]): Promise<void> {
  const snapshots = await connection.createAppender('snapshots');
  const listings = await connection.createAppender('listings');
  try {
    for (const { snapshot, micros: at, fetchedMicros } of fresh) {
      const apiTimestamp = timestampTZValue(at);
      const { figures } = snapshot;
      snapshots.appendVarchar(snapshot.agent);
      snapshots.appendVarchar(snapshot.eventId);
      snapshots.appendTimestampTZ(apiTimestamp);
      snapshots.appendTimestampTZ(timestampTZValue(fetchedMicros));
      snapshots.appendInteger(figures.listings);
      snapshots.appendInteger(figures.tickets);
      appendNumber(snapshots, figures.minPrice);
      appendNumber(snapshots, figures.medianPrice);
      appendNumber(snapshots, figures.maxPrice);
      snapshots.endRow();
      // A listing id twice in one answer would break the key: the first one is kept.
      const ids = new Set<string>();
      for (const listing of snapshot.listings) {
        if (ids.has(listing.listingId)) continue;
        ids.add(listing.listingId);
        listings.appendVarchar(snapshot.agent);
        listings.appendVarchar(snapshot.eventId);
        listings.appendTimestampTZ(apiTimestamp);
        listings.appendVarchar(listing.listingId);
        appendText(listings, listing.section);
        appendText(listings, listing.row);
        if (Number.isInteger(listing.quantity) && Math.abs(listing.quantity) < 2 ** 31) listings.appendInteger(listing.quantity);
        else listings.appendNull();
        appendNumber(listings, listing.price);
        listings.appendVarchar(JSON.stringify(listing.extra));
        listings.endRow();
      }
    }
    snapshots.flushSync();
    listings.flushSync();
  } finally {
    snapshots.closeSync();
    listings.closeSync();
  }
}

function appendNumber(appender: DuckDBAppender, value: number | null | undefined): void {
  if (typeof value === 'number' && Number.isFinite(value)) appender.appendDouble(value);
  else appender.appendNull();
}

function appendText(appender: DuckDBAppender, value: unknown): void {
  if (value === null || value === undefined) appender.appendNull();
  else appender.appendVarchar(String(value));
}

/** One record per (provider, event, date): of several, the latest fetch. */
function latestSalesDays(sales: readonly SalesDayRecord[]): SalesDayRecord[] {
  const byKey = new Map<string, SalesDayRecord>();
  for (const day of sales) {
    const key = `${day.provider}\u0000${day.eventId}\u0000${day.date}`;
    const held = byKey.get(key);
    if (!held || micros(day.fetchedAt) >= micros(held.fetchedAt)) byKey.set(key, day);
  }
  return [...byKey.values()];
}

/**
 * Staged through a temporary table, then merged in one statement: a later fetch replaces an earlier one.
 * Returns the days written (new, or a later fetch), as the PostgreSQL store does: a copy of a history into
 * itself or a second export writes none.
 */
async function upsertSalesDays(connection: DuckDBConnection, days: readonly SalesDayRecord[]): Promise<number> {
  await connection.run('CREATE OR REPLACE TEMP TABLE incoming_sales AS SELECT * FROM sales_daily LIMIT 0');
  const appender = await connection.createAppender('incoming_sales', 'main', 'temp');
  try {
    for (const day of days) {
      const dayNumber = Date.parse(`${day.date}T00:00:00Z`) / DAY_MS;
      if (!Number.isInteger(dayNumber)) throw new TixError(`'${day.date}' is not a date (YYYY-MM-DD)`);
      appender.appendVarchar(day.provider);
      appender.appendVarchar(day.eventId);
      appender.appendDate(dateValue(dayNumber));
      appender.appendInteger(day.totalTickets);
      appender.appendDouble(day.totalSales);
      appender.appendDouble(day.minPrice);
      appender.appendDouble(day.maxPrice);
      appender.appendDouble(day.avgPrice);
      appender.appendTimestampTZ(timestampTZValue(micros(day.fetchedAt)));
      appender.endRow();
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
  const merged = await connection.run(
    `INSERT INTO sales_daily SELECT * FROM incoming_sales
     ON CONFLICT (provider, event_id, date) DO UPDATE SET
       total_tickets = excluded.total_tickets, total_sales = excluded.total_sales, min_price = excluded.min_price,
       max_price = excluded.max_price, avg_price = excluded.avg_price, fetched_at = excluded.fetched_at
     WHERE excluded.fetched_at > sales_daily.fetched_at`,
  );
  await connection.run('DROP TABLE incoming_sales');
  return Number(merged.rowsChanged);
}
