import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import { DuckDBTimestampTZValue } from './duckdb-driver.js';
import { microsToIso } from './timestamps.js';
import {
  coverageOfJson,
  coverageQuery,
  filteredSnapshotsQuery,
  goneListingsQuery,
  goneListingsRow,
  salesDayRow,
  salesDaysQuery,
  sectionSnapshotRow,
  sectionSnapshotsQuery,
  latestOfEventAgents,
  latestOfEventAgentsQuery,
  snapshotRowOf,
  tablesOf,
  periodSnapshotRow,
  periodSnapshotsQuery,
  priceSummaryQuery,
  priceSummaryGroups,
  trackedEventRow,
  trackedEventsQuery,
  type AnalysisQuery,
} from './analysis-sql.js';
import { plainValue } from './duckdb-sql.js';
import type {
  AgentEvent,
  CoverageRow,
  GoneListingsRow,
  HistoryQuery,
  SalesDayRow,
  SectionSnapshotRow,
  ListingFilter,
  PeriodSnapshotRow,
  PeriodUnit,
  PriceSummaryRow,
  SnapshotRow,
  StoredLatest,
  TrackedEventFilter,
  TrackedEventRow,
} from './store.js';

// `history list`, `history summary`, `history coverage`, `history --by` and --min-quantity/--section on a DuckDB file: the SQL both stores share, run here.

/**
 * The query's rows, each made into what the caller keeps (`make`) as its chunk (2,048 rows) arrives: the
 * chunk's values and the records made from them die young, and the chunk's native memory with them, where
 * reading the whole result first held every chunk, and every row in three forms, at once (tix report's
 * 25,000 rows per section: 7 MB more peak RSS, BENCHMARKS.md).
 */
async function rowsOf<T = Record<string, unknown>>(
  connection: DuckDBConnection,
  query: AnalysisQuery,
  make: (record: Record<string, unknown>) => T = (record) => record as T,
): Promise<T[]> {
  const result = await connection.stream(query.sql, query.params);
  const columns = result.columnNames();
  const rows: T[] = [];
  for (;;) {
    const chunk = await result.fetchChunk();
    if (!chunk || chunk.rowCount === 0) return rows;
    const vectors = chunk.getColumns();
    for (let row = 0; row < chunk.rowCount; row++) {
      const record: Record<string, unknown> = {};
      for (const [i, column] of columns.entries()) record[column] = storeValue(vectors[i]![row]!);
      rows.push(make(record));
    }
  }
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
  return rowsOf(connection, trackedEventsQuery(tablesOf('', hasEvents), filter), trackedEventRow);
}

export async function readPriceSummary(
  connection: DuckDBConnection,
  groups: readonly (readonly AgentEvent[])[],
  filter: ListingFilter | undefined,
): Promise<PriceSummaryRow[][]> {
  if (groups.every((events) => events.length === 0)) return groups.map(() => []);
  return priceSummaryGroups(await rowsOf(connection, priceSummaryQuery(tablesOf('', true), groups, filter)), groups.length);
}

export async function readPeriodSnapshots(
  connection: DuckDBConnection,
  query: HistoryQuery,
  by: PeriodUnit,
  timeZone: string,
  eventDate?: string,
): Promise<PeriodSnapshotRow[]> {
  if (query.events.length === 0) return [];
  return rowsOf(connection, periodSnapshotsQuery(tablesOf('', true), query, by, timeZone, eventDate), periodSnapshotRow);
}

/** Every agent's latest snapshot of these evt_ ids, with its listings and usual interval (alert evaluation). */
export async function readLatestOfEventAgents(connection: DuckDBConnection, eventIds: readonly string[]): Promise<StoredLatest[]> {
  if (eventIds.length === 0) return [];
  return latestOfEventAgents(await rowsOf(connection, latestOfEventAgentsQuery(tablesOf('', true), eventIds)));
}

/** The snapshots with their figures over the listings --min-quantity and --section keep. */
export async function readFilteredSnapshots(connection: DuckDBConnection, query: HistoryQuery): Promise<SnapshotRow[]> {
  if (query.events.length === 0) return [];
  return rowsOf(connection, filteredSnapshotsQuery(tablesOf('', true), query), snapshotRowOf);
}

export async function readCoverage(
  connection: DuckDBConnection,
  events: readonly AgentEvent[] | undefined,
  gapIntervals: number,
  hasEvents: boolean,
): Promise<CoverageRow[]> {
  if (events?.length === 0) return [];
  const { sql, params } = coverageQuery(tablesOf('', hasEvents), events, gapIntervals, { first: 'lists', dialect: 'duckdb' });
  return coverageOfJson((await connection.runAndReadAll(sql, params)).getRows()[0]?.[0]);
}

/** Each snapshot's lowest price, listings and tickets per section. */
export async function readSectionSnapshots(connection: DuckDBConnection, query: HistoryQuery): Promise<SectionSnapshotRow[]> {
  if (query.events.length === 0) return [];
  return rowsOf(connection, sectionSnapshotsQuery(tablesOf('', true), query), sectionSnapshotRow);
}

/** Per snapshot, the listings of the agent's previous snapshot gone from it. */
export async function readGoneListings(connection: DuckDBConnection, query: HistoryQuery): Promise<GoneListingsRow[]> {
  if (query.events.length === 0) return [];
  return rowsOf(connection, goneListingsQuery(tablesOf('', true), query), goneListingsRow);
}

/** A provider's daily sales of these event ids. */
export async function readSalesDays(connection: DuckDBConnection, provider: string, eventIds: readonly string[]): Promise<SalesDayRow[]> {
  if (eventIds.length === 0) return [];
  return rowsOf(connection, salesDaysQuery(tablesOf('', true), provider, eventIds), salesDayRow);
}
