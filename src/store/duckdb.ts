import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { TixError } from '../shared/errors.js';
import { VERSION } from '../shared/version.js';
import {
  addDuckDbAlertRule,
  claimDuckDbDeliveries,
  duckDbAlertRules,
  finishDuckDbDelivery,
  pauseDuckDbAlertRule,
  removeDuckDbAlertRule,
} from './duckdb-alerts.js';
import { readAllBatches } from './duckdb-export.js';
import { noHistory } from './duckdb-errors.js';
import { connect, makeFolder, type Database, type DuckDbOpenOptions } from './duckdb-open.js';
import { readEvent, readEventIdOf } from './duckdb-events.js';
import { readListingLives, readSnapshots } from './duckdb-read.js';
import { SCHEMA_VERSION, migrate, schemaVersion } from './duckdb-schema.js';
import { runDuckDbQuery } from './duckdb-sql.js';
import { recordHistory } from './duckdb-write.js';
import { checkNamedFolder } from './location.js';
import type {
  AlertDelivery,
  AlertRule,
  CopyWindow,
  HistoryBatch,
  HistoryQuery,
  HistoryStore,
  ListingLifeRow,
  NewAlertRule,
  RecordOptions,
  RecordResult,
  SalesDayRecord,
  SnapshotRecord,
  SnapshotRow,
  SqlResult,
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
  else if (!options.readOnly) makeFolder(dirname(file));
  if (options.readOnly && !existsSync(file)) throw noHistory(file);
  let db = await connect(file, options.readOnly, options);
  try {
    const version = await schemaVersion(db.connection);
    if (version > SCHEMA_VERSION) {
      throw new TixError(
        `${file} was written by a newer tix (history schema version ${version}; this tix ${VERSION} knows up to ${SCHEMA_VERSION}): upgrade tix`,
      );
    }
    if (version < SCHEMA_VERSION && options.readOnly) {
      if (version === 0) throw noHistory(file);
      // An older file: migrate it (which needs write access), then read as asked.
      db.close();
      db = await connect(file, false, options);
      await migrate(db.connection, await schemaVersion(db.connection), file);
      db.close();
      db = await connect(file, true, options);
    } else if (version < SCHEMA_VERSION) {
      await migrate(db.connection, version, file);
    }
    return new DuckDbStore(file, db);
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

  event(eventId: string): Promise<StoredEvent | undefined> {
    return readEvent(this.connection, eventId);
  }

  eventIdOf(agent: string, agentEventId: string): Promise<string | undefined> {
    return readEventIdOf(this.connection, agent, agentEventId);
  }

  snapshots(query: HistoryQuery): Promise<SnapshotRow[]> {
    return readSnapshots(this.connection, query);
  }

  listingLives(query: HistoryQuery): Promise<ListingLifeRow[]> {
    return readListingLives(this.connection, query);
  }

  readAll(size?: number, window?: CopyWindow): AsyncIterable<HistoryBatch> {
    return readAllBatches(this.connection, size, window);
  }

  query(sql: string): Promise<SqlResult> {
    return runDuckDbQuery(this.connection, sql);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
