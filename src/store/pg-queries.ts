/**
 * The PostgreSQL store's read queries. `s` is the quoted schema name. The history queries take
 * $1 agents and $2 event ids (pairs, as arrays) and $3, $4 the inclusive bounds on the API timestamp (or null).
 */

/** The events asked for, once each, and the snapshots of theirs inside the bounds. */
function windowed(s: string): string {
  return `wanted AS (SELECT DISTINCT agent, event_id FROM unnest($1::text[], $2::text[]) AS w(agent, event_id)),
    shots AS (
      SELECT s.* FROM ${s}.snapshots s JOIN wanted USING (agent, event_id)
      WHERE ($3::timestamptz IS NULL OR s.api_timestamp >= $3::timestamptz) AND ($4::timestamptz IS NULL OR s.api_timestamp <= $4::timestamptz)
    )`;
}

/** Oldest first, then by agent (and event, so equal timestamps come out the same way every time). */
export function snapshotsSql(s: string): string {
  return `WITH ${windowed(s)}
    SELECT agent, event_id, api_timestamp, fetched_at, listings, tickets, min_price, median_price, max_price
    FROM shots ORDER BY api_timestamp, agent, event_id`;
}

/**
 * One row per listing over its life inside the bounds. Section, row and quantity are the latest snapshot's
 * that had it; `gone`: not in the latest snapshot of its agent and event (inside the same bounds).
 */
export function listingLivesSql(s: string): string {
  return `WITH ${windowed(s)},
    latest AS (SELECT agent, event_id, max(api_timestamp) AS latest FROM shots GROUP BY agent, event_id),
    lives AS (
      SELECT l.agent, l.event_id, l.listing_id,
        (array_agg(l.section ORDER BY l.api_timestamp DESC))[1] AS section,
        (array_agg(l."row" ORDER BY l.api_timestamp DESC))[1] AS "row",
        (array_agg(l.quantity ORDER BY l.api_timestamp DESC))[1] AS quantity,
        min(l.api_timestamp) AS first_seen,
        max(l.api_timestamp) AS last_seen,
        (array_agg(l.price ORDER BY l.api_timestamp))[1] AS first_price,
        (array_agg(l.price ORDER BY l.api_timestamp DESC))[1] AS last_price,
        min(l.price) AS lowest_price
      FROM ${s}.listings l JOIN shots USING (agent, event_id, api_timestamp)
      GROUP BY l.agent, l.event_id, l.listing_id
    )
    SELECT lives.*, lives.last_seen < latest.latest AS gone
    FROM lives JOIN latest USING (agent, event_id)
    ORDER BY agent, event_id, first_seen, listing_id`;
}

const BETWEEN_5_6 =
  '($5::timestamptz IS NULL OR api_timestamp >= $5::timestamptz) AND ($6::timestamptz IS NULL OR api_timestamp <= $6::timestamptz)';

/**
 * readAll's batches: snapshots in key order after the key $1-$3 (all null: from the start), $4 at most,
 * API timestamps from $5 to $6 (each null: unbounded).
 */
export function readSnapshotsSql(s: string): string {
  return `SELECT agent, event_id, api_timestamp, fetched_at, listings, tickets, min_price, median_price, max_price
    FROM ${s}.snapshots
    WHERE ($1::text IS NULL OR (agent, event_id, api_timestamp) > ($1::text, $2::text, $3::timestamptz)) AND ${BETWEEN_5_6}
    ORDER BY agent, event_id, api_timestamp
    LIMIT $4`;
}

/** The listings of the snapshots from key $1-$3 to key $4-$6 inclusive (one range of the primary key), API timestamps from $7 to $8. */
export function readListingsSql(s: string): string {
  return `SELECT agent, event_id, api_timestamp, listing_id, section, "row", quantity, price, extra
    FROM ${s}.listings
    WHERE (agent, event_id, api_timestamp) >= ($1::text, $2::text, $3::timestamptz)
      AND (agent, event_id, api_timestamp) <= ($4::text, $5::text, $6::timestamptz)
      AND ($7::timestamptz IS NULL OR api_timestamp >= $7::timestamptz) AND ($8::timestamptz IS NULL OR api_timestamp <= $8::timestamptz)
    ORDER BY agent, event_id, api_timestamp, listing_id`;
}

/** Sales days in key order after the key $1-$3 (all null: from the start), $4 at most, days from $5 to $6 (each null: unbounded). */
export function readSalesSql(s: string): string {
  return `SELECT provider, event_id, date, total_tickets, total_sales, min_price, max_price, avg_price, fetched_at
    FROM ${s}.sales_daily
    WHERE ($1::text IS NULL OR (provider, event_id, date) > ($1::text, $2::text, $3::date))
      AND ($5::date IS NULL OR date >= $5::date) AND ($6::date IS NULL OR date <= $6::date)
    ORDER BY provider, event_id, date
    LIMIT $4`;
}
