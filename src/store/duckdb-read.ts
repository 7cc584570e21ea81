import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import { SNAPSHOT_COLUMNS, snapshotRow, timeWindow } from './duckdb-rows.js';
import type { HistoryQuery, ListingLifeRow, SnapshotRow } from './store.js';
import { microsToIso } from './timestamps.js';

// What `tix history` reads from a DuckDB file: the snapshots of some events, and their listings' lives.

export async function readSnapshots(connection: DuckDBConnection, query: HistoryQuery): Promise<SnapshotRow[]> {
  const filter = historyFilter(query);
  if (!filter) return [];
  const reader = await connection.runAndReadAll(
    `SELECT ${SNAPSHOT_COLUMNS} FROM snapshots WHERE ${filter.where} ORDER BY api_timestamp, agent, event_id`,
    filter.params,
  );
  return reader.getRowObjectsJS().map(snapshotRow);
}

export async function readListingLives(connection: DuckDBConnection, query: HistoryQuery): Promise<ListingLifeRow[]> {
  const filter = historyFilter(query);
  if (!filter) return [];
  // "Gone" is judged against the latest snapshot of the listing's agent and event within the query's window.
  const reader = await connection.runAndReadAll(
    `WITH seen AS (SELECT * FROM listings WHERE ${filter.where}),
     latest AS (SELECT agent, event_id, max(api_timestamp) AS newest FROM snapshots WHERE ${filter.where} GROUP BY agent, event_id)
     SELECT seen.agent, seen.event_id, listing_id,
       arg_max(section, api_timestamp) AS section, arg_max("row", api_timestamp) AS "row", arg_max(quantity, api_timestamp) AS quantity,
       epoch_us(min(api_timestamp)) AS first_us, epoch_us(max(api_timestamp)) AS last_us,
       arg_min(price, api_timestamp) AS first_price, arg_max(price, api_timestamp) AS last_price, min(price) AS lowest_price,
       max(api_timestamp) < any_value(newest) AS gone
     FROM seen JOIN latest ON seen.agent = latest.agent AND seen.event_id = latest.event_id
     GROUP BY seen.agent, seen.event_id, listing_id
     ORDER BY seen.agent, seen.event_id, first_us, listing_id`,
    [...filter.params, ...filter.params],
  );
  return reader.getRowObjectsJS().map((row) => ({
    agent: String(row.agent),
    eventId: String(row.event_id),
    listingId: String(row.listing_id),
    section: row.section as string,
    row: row.row as string,
    quantity: row.quantity as number,
    firstSeen: microsToIso(row.first_us as bigint),
    lastSeen: microsToIso(row.last_us as bigint),
    firstPrice: row.first_price as number,
    lastPrice: row.last_price as number,
    lowestPrice: row.lowest_price as number,
    gone: row.gone === true,
  }));
}

/** The WHERE clause that picks the query's events and window, or undefined when it names no event. */
function historyFilter(query: HistoryQuery): { where: string; params: DuckDBValue[] } | undefined {
  if (query.events.length === 0) return undefined;
  const params: DuckDBValue[] = [];
  const events = query.events.map((e) => {
    params.push(e.agent, e.eventId);
    return '(agent = ? AND event_id = ?)';
  });
  const window = timeWindow(query);
  return { where: [`(${events.join(' OR ')})`, ...window.clauses].join(' AND '), params: [...params, ...window.params] };
}
