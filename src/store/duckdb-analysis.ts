import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import { DuckDBTimestampTZValue } from './duckdb-driver.js';
import { microsToIso } from './timestamps.js';
import {
  tablesOf,
  periodLowRow,
  periodLowsQuery,
  priceSummaryQuery,
  priceSummaryRow,
  trackedEventRow,
  trackedEventsQuery,
  type AnalysisQuery,
} from './analysis-sql.js';
import { plainValue } from './duckdb-sql.js';
import type { AgentEvent, HistoryQuery, PeriodLowRow, PeriodUnit, PriceSummaryRow, TrackedEventFilter, TrackedEventRow } from './store.js';

// `history list`, `history summary` and `history --by` on a DuckDB file: the SQL both stores share, run here.

async function rowsOf(connection: DuckDBConnection, query: AnalysisQuery): Promise<Record<string, unknown>[]> {
  const reader = await connection.runAndReadAll(query.sql, query.params);
  const columns = reader.columnNames();
  return reader.getRows().map((values) => Object.fromEntries(values.map((value, i) => [columns[i]!, storeValue(value)])));
}

/** Timestamps as the store interface gives them back (as PostgreSQL's do: to the millisecond, `.000Z`), the rest as `history sql` prints it. */
function storeValue(value: DuckDBValue): unknown {
  return value instanceof DuckDBTimestampTZValue ? microsToIso(value.micros) : plainValue(value);
}

export async function readTrackedEvents(
  connection: DuckDBConnection,
  filter: TrackedEventFilter,
  hasEvents: boolean,
): Promise<TrackedEventRow[]> {
  return (await rowsOf(connection, trackedEventsQuery(tablesOf('', hasEvents), filter))).map(trackedEventRow);
}

export async function readPriceSummary(
  connection: DuckDBConnection,
  events: readonly AgentEvent[],
  probes: { dayAgo: string; weekAgo: string },
): Promise<PriceSummaryRow[]> {
  if (events.length === 0) return [];
  return (await rowsOf(connection, priceSummaryQuery(tablesOf('', true), events, probes.dayAgo, probes.weekAgo))).map(priceSummaryRow);
}

export async function readPeriodLows(
  connection: DuckDBConnection,
  query: HistoryQuery,
  by: PeriodUnit,
  timeZone: string,
): Promise<PeriodLowRow[]> {
  if (query.events.length === 0) return [];
  return (await rowsOf(connection, periodLowsQuery(tablesOf('', true), query.events, by, timeZone, query))).map(periodLowRow);
}
