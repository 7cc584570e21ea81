import type { DuckDBValue } from '@duckdb/node-api';
import { TixError } from '../shared/errors.js';
import { dateValue, timestampTZValue } from './duckdb-driver.js';
import type { CopyWindow, SnapshotRow } from './store.js';
import { isoToMicros, microsToIso } from './timestamps.js';

// The pieces of SQL and the conversions that reading, writing and exporting a DuckDB history share.

export const SNAPSHOT_COLUMNS =
  'agent, event_id, epoch_us(api_timestamp) AS api_us, epoch_us(fetched_at) AS fetched_us, listings, tickets, min_price, median_price, max_price';

export const DAY_MS = 86_400_000;

export function snapshotKey(agent: string, eventId: string, micros: bigint): string {
  return `${agent}\u0000${eventId}\u0000${micros}`;
}

export function micros(iso: string): bigint {
  const value = isoToMicros(iso);
  if (value === undefined) throw new TixError(`'${iso}' is not an ISO 8601 date-time with a time zone`);
  return value;
}

export interface Clauses {
  clauses: string[];
  params: DuckDBValue[];
}

/** `column` inside two inclusive bounds, each optional (no conditions without bounds). */
function between(column: string, low: DuckDBValue | undefined, high: DuckDBValue | undefined): Clauses {
  const clauses: string[] = [];
  const params: DuckDBValue[] = [];
  if (low !== undefined) {
    clauses.push(`${column} >= ?`);
    params.push(low);
  }
  if (high !== undefined) {
    clauses.push(`${column} <= ?`);
    params.push(high);
  }
  return { clauses, params };
}

/** Snapshots whose API timestamp is inside `since` and `until`. */
export function timeWindow(window: { since?: string; until?: string }): Clauses {
  const at = (iso: string | undefined) => (iso === undefined ? undefined : timestampTZValue(micros(iso)));
  return between('api_timestamp', at(window.since), at(window.until));
}

/** Sales days inside a copy's window. */
export function dayWindow(window: CopyWindow): Clauses {
  const day = (date: string | undefined) => (date === undefined ? undefined : dateValue(Date.parse(`${date}T00:00:00Z`) / DAY_MS));
  return between('date', day(window.fromDay), day(window.toDay));
}

export function snapshotRow(row: Record<string, unknown>): SnapshotRow {
  return {
    agent: String(row.agent),
    eventId: String(row.event_id),
    apiTimestamp: microsToIso(row.api_us as bigint),
    fetchedAt: microsToIso(row.fetched_us as bigint),
    listings: row.listings as number,
    tickets: row.tickets as number,
    minPrice: row.min_price as number | null,
    medianPrice: row.median_price as number | null,
    maxPrice: row.max_price as number | null,
  };
}
