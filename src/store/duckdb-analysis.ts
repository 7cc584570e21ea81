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
  return (await rowsOf(connection, periodSnapshotsQuery(tablesOf('', true), query, by, timeZone, eventDate))).map(periodSnapshotRow);
}

/** Every agent's latest snapshot of these evt_ ids, with its listings and usual interval (alert evaluation). */
export async function readLatestOfEventAgents(connection: DuckDBConnection, eventIds: readonly string[]): Promise<StoredLatest[]> {
  if (eventIds.length === 0) return [];
  return latestOfEventAgents(await rowsOf(connection, latestOfEventAgentsQuery(tablesOf('', true), eventIds)));
}

/** The snapshots with their figures over the listings --min-quantity and --section keep. */
export async function readFilteredSnapshots(connection: DuckDBConnection, query: HistoryQuery): Promise<SnapshotRow[]> {
  if (query.events.length === 0) return [];
  return (await rowsOf(connection, filteredSnapshotsQuery(tablesOf('', true), query))).map(snapshotRowOf);
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
  return (await rowsOf(connection, sectionSnapshotsQuery(tablesOf('', true), query))).map(sectionSnapshotRow);
}

/** Per snapshot, the listings of the agent's previous snapshot gone from it. */
export async function readGoneListings(connection: DuckDBConnection, query: HistoryQuery): Promise<GoneListingsRow[]> {
  if (query.events.length === 0) return [];
  return (await rowsOf(connection, goneListingsQuery(tablesOf('', true), query))).map(goneListingsRow);
}

/** A provider's daily sales of these event ids. */
export async function readSalesDays(connection: DuckDBConnection, provider: string, eventIds: readonly string[]): Promise<SalesDayRow[]> {
  if (eventIds.length === 0) return [];
  return (await rowsOf(connection, salesDaysQuery(tablesOf('', true), provider, eventIds))).map(salesDayRow);
}
