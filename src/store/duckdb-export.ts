import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import { timestampTZValue } from './duckdb-driver.js';
import { SNAPSHOT_COLUMNS, dayWindow, snapshotKey, snapshotRow, timeWindow, type Clauses } from './duckdb-rows.js';
import type { CopyWindow, HistoryBatch, ListingRecord } from './store.js';
import { microsToIso } from './timestamps.js';

// Paged reading of a whole DuckDB history, for `tix history export` and copies to another store.

/** The whole history (or a copy's window) in batches of `size`: snapshots with their listings, then sales days. */
export async function* readAllBatches(connection: DuckDBConnection, size = 500, window: CopyWindow = {}): AsyncIterable<HistoryBatch> {
  const batchSize = Math.max(1, Math.floor(size));
  const inWindow = timeWindow(window);
  let after: [string, string, bigint] | undefined;
  for (;;) {
    const where = [...(after ? [AFTER_KEY] : []), ...inWindow.clauses];
    const page = await connection.runAndReadAll(
      `SELECT ${SNAPSHOT_COLUMNS} FROM snapshots ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY agent, event_id, api_timestamp LIMIT ${batchSize}`,
      [...(after ? afterParams(after) : []), ...inWindow.params],
    );
    const rows = page.getRowObjectsJS();
    if (rows.length === 0) break;
    const first = rows[0]!;
    const last = rows.at(-1)!;
    after = [String(last.agent), String(last.event_id), BigInt(last.api_us as bigint)];
    const listings = await listingsBetween(
      connection,
      [String(first.agent), String(first.event_id), BigInt(first.api_us as bigint)],
      after,
      inWindow,
    );
    yield {
      snapshots: rows.map((row) => {
        const snapshot = snapshotRow(row);
        return {
          agent: snapshot.agent,
          eventId: snapshot.eventId,
          apiTimestamp: snapshot.apiTimestamp,
          fetchedAt: snapshot.fetchedAt,
          figures: {
            listings: snapshot.listings,
            tickets: snapshot.tickets,
            minPrice: snapshot.minPrice,
            medianPrice: snapshot.medianPrice,
            maxPrice: snapshot.maxPrice,
          },
          listings: listings.get(snapshotKey(snapshot.agent, snapshot.eventId, BigInt(row.api_us as bigint))) ?? [],
        };
      }),
      sales: [],
    };
  }
  const days = dayWindow(window);
  let offset = 0;
  for (;;) {
    const page = await connection.runAndReadAll(
      `SELECT provider, event_id, strftime(date, '%Y-%m-%d') AS day, total_tickets, total_sales, min_price, max_price, avg_price, epoch_us(fetched_at) AS fetched_us
       FROM sales_daily ${days.clauses.length > 0 ? `WHERE ${days.clauses.join(' AND ')}` : ''} ORDER BY provider, event_id, date LIMIT ${batchSize} OFFSET ${offset}`,
      days.params,
    );
    const rows = page.getRowObjectsJS();
    if (rows.length === 0) break;
    offset += rows.length;
    yield {
      snapshots: [],
      sales: rows.map((row) => ({
        provider: String(row.provider),
        eventId: String(row.event_id),
        date: String(row.day),
        totalTickets: row.total_tickets as number,
        totalSales: row.total_sales as number,
        minPrice: row.min_price as number,
        maxPrice: row.max_price as number,
        avgPrice: row.avg_price as number,
        fetchedAt: microsToIso(row.fetched_us as bigint),
      })),
    };
  }
}

/** Listings of the snapshots from key `from` to key `to` inclusive, grouped by snapshot key. */
async function listingsBetween(
  connection: DuckDBConnection,
  from: [string, string, bigint],
  to: [string, string, bigint],
  window: Clauses,
): Promise<Map<string, ListingRecord[]>> {
  const reader = await connection.runAndReadAll(
    `SELECT agent, event_id, epoch_us(api_timestamp) AS us, listing_id, section, "row", quantity, price, extra FROM listings
     WHERE NOT ${BEFORE_KEY} AND NOT ${AFTER_KEY} ${window.clauses.map((c) => `AND ${c}`).join(' ')}
     ORDER BY agent, event_id, api_timestamp, listing_id`,
    [...afterParams(from), ...afterParams(to), ...window.params],
  );
  const byKey = new Map<string, ListingRecord[]>();
  for (const row of reader.getRowObjectsJS()) {
    const key = snapshotKey(String(row.agent), String(row.event_id), BigInt(row.us as bigint));
    let list = byKey.get(key);
    if (!list) byKey.set(key, (list = []));
    list.push({
      listingId: String(row.listing_id),
      section: row.section as string,
      row: row.row as string,
      quantity: row.quantity as number,
      price: row.price as number,
      extra: JSON.parse(String(row.extra)) as Record<string, unknown>,
    });
  }
  return byKey;
}

/** Keys strictly after, or before, (agent, event_id, api_timestamp) = (?, ?, ?) in the tables' key order (params: afterParams). */
const AFTER_KEY = '(agent > ? OR (agent = ? AND (event_id > ? OR (event_id = ? AND api_timestamp > ?))))';
const BEFORE_KEY = '(agent < ? OR (agent = ? AND (event_id < ? OR (event_id = ? AND api_timestamp < ?))))';

function afterParams([agent, eventId, us]: [string, string, bigint]): DuckDBValue[] {
  return [agent, agent, eventId, eventId, timestampTZValue(us)];
}
