import type { AlertImport, AlertTables } from './store.js';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { TixError } from '../shared/errors.js';
import { VERSION } from '../shared/version.js';
import {
  readCoverage,
  readFilteredSnapshots,
  readGoneListings,
  readPeriodSnapshots,
  readPriceSummary,
  readSalesDays,
  readSectionSnapshots,
  readTrackedEvents,
} from './duckdb-analysis.js';
import {
  addDuckDbAlertRule,
  claimDuckDbDeliveries,
  duckDbAlertRules,
  finishDuckDbDelivery,
  releaseDuckDbDelivery,
  duckDbAlertTables,
  importDuckDbAlertTables,
  pauseDuckDbAlertRule,
  removeDuckDbAlertRule,
} from './duckdb-alerts.js';
import { readAllBatches } from './duckdb-export.js';
import { noHistory } from './duckdb-errors.js';
import { connect, makeFolder, type Database, type DuckDbOpenOptions } from './duckdb-open.js';
import { readEvent, readEventIdsOf, readEvents } from './duckdb-events.js';
import { eventBatches } from './event-rows.js';
import { readListingLives, readSnapshots } from './duckdb-read.js';
import { EVENTS_VERSION, SALE_DATES_VERSION, SCHEMA_VERSION, migrate, schemaVersion } from './duckdb-schema.js';
import { copyDuckDbQueryToParquet, runDuckDbQuery } from './duckdb-sql.js';
import { recordHistory } from './duckdb-write.js';
import { checkNamedFolder } from './location.js';
import type {
  AgentEvent,
  AlertDelivery,
  AlertRule,
  CoverageRow,
  GoneListingsRow,
  SalesDayRow,
  SectionSnapshotRow,
  CopyWindow,
  HistoryBatch,
  HistoryQuery,
  ListingFilter,
  HistoryStore,
  ListingLifeRow,
  PeriodSnapshotRow,
  PeriodUnit,
  PriceSummaryRow,
  NewAlertRule,
  RecordOptions,
  RecordResult,
  SalesDayRecord,
  SnapshotRecord,
  SnapshotRow,
  SqlQuery,
  SqlRows,
  TrackedEventFilter,
  TrackedEventRow,
  StoredEvent,
} from './store.js';

/**
 * The history store in an embedded DuckDB file, split by job like the PostgreSQL store: opening with lock
 * retries (duckdb-open), errors (duckdb-errors), migrations (duckdb-schema), reading for `tix history`
 * (duckdb-read), recording (duckdb-write) and paged exports (duckdb-export). This file ties them together.
 */
export async function openDuckDbStore(path: string, options: DuckDbOpenOptions): Promise<HistoryStore> {
  const file = resolve(path);
  // tix's own folder is made on the first write (reading before then finds no history: exit 4).
  if (!options.createFolder) checkNamedFolder(dirname(file), options.source);
  else if (!options.readOnly && !options.existing) makeFolder(dirname(file));
  if ((options.readOnly || options.existing) && !existsSync(file)) throw noHistory(file);
  const db = await connect(file, options.readOnly, options);
  try {
    const version = await schemaVersion(db.connection);
    if (version > SCHEMA_VERSION) {
      throw new TixError(
        `${file} was written by a newer tix (history schema version ${version}; this tix ${VERSION} knows up to ${SCHEMA_VERSION}): upgrade tix`,
      );
    }
    if (version === 0 && options.existing) throw noHistory(file);
    if (version < SCHEMA_VERSION && options.readOnly) {
      if (version === 0) throw noHistory(file);
      // An older file is read as it is: only a write migrates it (in one transaction), so a reader never
      // needs write access nor changes a file that an older tix may still be writing.
    } else if (version < SCHEMA_VERSION) {
      await migrate(db.connection, version, file);
    }
    return new DuckDbStore(file, db, options.readOnly ? version : SCHEMA_VERSION);
  } catch (error) {
    db.close();
    throw error;
  }
}

class DuckDbStore implements HistoryStore {
  readonly kind = 'duckdb' as const;

  constructor(
    readonly location: string,
    private readonly db: Database,
    /** The file's schema version: older than this tix's only for a reader of a file no write has migrated yet. */
    private readonly version: number,
  ) {}

  private get connection(): DuckDBConnection {
    return this.db.connection;
  }

  record(snapshots: readonly SnapshotRecord[], sales: readonly SalesDayRecord[], options?: RecordOptions): Promise<RecordResult> {
    return recordHistory(this.connection, snapshots, sales, options);
  }

  addAlertRule(rule: NewAlertRule): Promise<AlertRule> {
    return addDuckDbAlertRule(this.connection, rule);
  }

  alertRules(): Promise<AlertRule[]> {
    return duckDbAlertRules(this.connection);
  }

  pauseAlertRule(id: number, paused: boolean): Promise<boolean> {
    return pauseDuckDbAlertRule(this.connection, id, paused);
  }

  removeAlertRule(id: number): Promise<boolean> {
    return removeDuckDbAlertRule(this.connection, id);
  }

  claimDeliveries(at: string, leaseSeconds: number): Promise<AlertDelivery[]> {
    return claimDuckDbDeliveries(this.connection, at, leaseSeconds);
  }

  finishDelivery(delivery: AlertDelivery, at: string, error?: string): Promise<void> {
    return finishDuckDbDelivery(this.connection, delivery, at, error);
  }

  releaseDelivery(delivery: AlertDelivery): Promise<void> {
    return releaseDuckDbDelivery(this.connection, delivery);
  }

  alertTables(): Promise<AlertTables> {
    return duckDbAlertTables(this.connection);
  }

  importAlertTables(tables: AlertTables): Promise<AlertImport> {
    return importDuckDbAlertTables(this.connection, tables);
  }

  async event(eventId: string): Promise<StoredEvent | undefined> {
    return this.version < EVENTS_VERSION ? undefined : readEvent(this.connection, eventId, this.version >= SALE_DATES_VERSION);
  }

  async eventIdOf(agent: string, agentEventId: string): Promise<string | undefined> {
    return (await this.eventIdsOf([{ agent, eventId: agentEventId }]))[0];
  }

  async eventIdsOf(events: readonly AgentEvent[]): Promise<(string | undefined)[]> {
    return this.version < EVENTS_VERSION ? events.map(() => undefined) : readEventIdsOf(this.connection, events);
  }

  snapshots(query: HistoryQuery): Promise<SnapshotRow[]> {
    return query.listings ? readFilteredSnapshots(this.connection, query) : readSnapshots(this.connection, query);
  }

  listingLives(query: HistoryQuery): Promise<ListingLifeRow[]> {
    return readListingLives(this.connection, query);
  }

  async *readAll(size = 500, window?: CopyWindow): AsyncIterable<HistoryBatch> {
    yield* readAllBatches(this.connection, size, window);
    if (this.version >= EVENTS_VERSION) yield* eventBatches(await readEvents(this.connection, this.version >= SALE_DATES_VERSION), size);
  }

  query(query: SqlQuery, consume: (result: SqlRows) => Promise<void>): Promise<void> {
    return runDuckDbQuery(this.connection, query, consume);
  }

  queryToParquet(query: SqlQuery, path: string): Promise<number> {
    return copyDuckDbQueryToParquet(this.connection, query, path);
  }

  trackedEvents(filter: TrackedEventFilter): Promise<TrackedEventRow[]> {
    return readTrackedEvents(this.connection, filter, this.version >= EVENTS_VERSION);
  }

  priceSummary(groups: readonly (readonly AgentEvent[])[], filter?: ListingFilter): Promise<PriceSummaryRow[][]> {
    return readPriceSummary(this.connection, groups, filter);
  }

  periodSnapshots(query: HistoryQuery, by: PeriodUnit, timeZone: string, eventDate?: string): Promise<PeriodSnapshotRow[]> {
    return readPeriodSnapshots(this.connection, query, by, timeZone, eventDate);
  }

  sectionSnapshots(query: HistoryQuery): Promise<SectionSnapshotRow[]> {
    return readSectionSnapshots(this.connection, query);
  }

  goneListings(query: HistoryQuery): Promise<GoneListingsRow[]> {
    return readGoneListings(this.connection, query);
  }

  salesDays(provider: string, eventIds: readonly string[]): Promise<SalesDayRow[]> {
    return readSalesDays(this.connection, provider, eventIds);
  }

  coverage(events: readonly AgentEvent[] | undefined, gapIntervals: number): Promise<CoverageRow[]> {
    return readCoverage(this.connection, events, gapIntervals, this.version >= EVENTS_VERSION);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
