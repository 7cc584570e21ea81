import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createRequire } from 'node:module';
import type * as DuckDB from '@duckdb/node-api';
import type { DuckDBAppender, DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import { ExitCode, TixError } from '../shared/errors.js';
import { VERSION } from '../shared/version.js';
import { MIGRATIONS, SCHEMA_VERSION } from './duckdb-schema.js';
import { checkNamedFolder } from './location.js';
import type {
  CopyWindow,
  HistoryBatch,
  HistoryQuery,
  HistoryStore,
  ListingLifeRow,
  ListingRecord,
  RecordResult,
  SalesDayRecord,
  SnapshotRecord,
  SnapshotRow,
} from './store.js';
import { isoToMicros, microsToIso } from './timestamps.js';

/**
 * The history store in an embedded DuckDB file. DuckDB lets one process at a time open a file for writing
 * (a second gets "Could not set lock"), so opening waits for the lock; a run writes in one transaction, so a
 * run killed at any point leaves every snapshot whole or absent (DuckDB's write-ahead log drops what was
 * never committed).
 */
export interface DuckDbOpenOptions {
  /** Open without writing (history): waits for writers like a writer would, and never creates the file. */
  readOnly: boolean;
  /** How long to wait for another process's lock on the file before giving up. */
  lockTimeoutMs: number;
  signal?: AbortSignal;
  /**
   * Create the file's folder when it is missing: only for tix's own default location. A folder the user
   * named must exist, as for --out, so a typo does not silently start a second history.
   */
  createFolder: boolean;
  /** Where the path came from (--db, TIX_DB, the db setting, --to), for the error about its folder. */
  source: string;
}

// Required, not imported: DuckDB's bindings are CommonJS, and Node's ES module loader takes three times
// as long to load them (it scans every file of the package for export names), which `tix history` feels.
const { DuckDBInstance, dateValue, timestampTZValue } = createRequire(import.meta.url)('@duckdb/node-api') as typeof DuckDB;

const LOCK_RETRY_MS = 100;
/**
 * tix needs no DuckDB extension beyond those built in (json, icu), and must never reach the network: by
 * default DuckDB downloads one when a query or a file calls for it (a SQLite file given as --db does).
 */
const SETTINGS = { autoinstall_known_extensions: 'false', autoload_known_extensions: 'false' };
const DAY_MS = 86_400_000;

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
      throw new TixError(`${file} was written by a newer tix (history schema version ${version}; this tix ${VERSION} knows up to ${SCHEMA_VERSION}): upgrade tix`);
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

interface Database {
  connection: DuckDBConnection;
  close(): void;
}

async function connect(file: string, readOnly: boolean, options: DuckDbOpenOptions): Promise<Database> {
  const instance = await createInstance(file, readOnly, options);
  try {
    const connection = await instance.connect();
    return {
      connection,
      close: () => {
        connection.closeSync();
        instance.closeSync();
      },
    };
  } catch (error) {
    instance.closeSync();
    throw openError(file, error);
  }
}

/** Opens the file, retrying while another process holds its lock (an overlapping cron run), up to the timeout. */
async function createInstance(file: string, readOnly: boolean, options: DuckDbOpenOptions): Promise<DuckDB.DuckDBInstance> {
  const deadline = Date.now() + options.lockTimeoutMs;
  for (;;) {
    try {
      return await DuckDBInstance.create(file, readOnly ? { ...SETTINGS, access_mode: 'READ_ONLY' } : SETTINGS);
    } catch (error) {
      const message = messageOf(error);
      if (!/could not set lock on file/i.test(message)) throw openError(file, error);
      if (Date.now() >= deadline) {
        const holder = /\(PID (\d+)\)/.exec(message)?.[1];
        const seconds = Math.round(options.lockTimeoutMs / 100) / 10;
        throw new TixError(`${file} is in use by another process${holder ? ` (PID ${holder})` : ''}; gave up waiting after ${seconds} s (see --lock-timeout)`);
      }
      await sleep(LOCK_RETRY_MS, undefined, options.signal ? { signal: options.signal } : undefined);
    }
  }
}

function makeFolder(folder: string): void {
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'EEXIST' || code === 'ENOTDIR' ? 'a file is in the way' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'EROFS' ? 'read-only file system' : (code ?? messageOf(error));
    throw new TixError(`cannot create the folder ${folder} for the price history: ${reason}`);
  }
}

function openError(file: string, error: unknown): TixError {
  const message = messageOf(error);
  // Another database's file (SQLite's) is recognised as such, and refused for want of the extension.
  if (/not a valid DuckDB database file|sqlite_scanner/i.test(message)) {
    return new TixError(`${file} is not a DuckDB database (tix keeps price history in DuckDB files): give another --db`);
  }
  return new TixError(`cannot open the price history ${file}: ${message.replace(/^IO Error: /, '')}`);
}

function noHistory(file: string): TixError {
  return new TixError(`no price history in ${file} yet: record some with 'tix track'`, ExitCode.NOT_FOUND);
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
}

/** 0 for a file without tix's tables (new, or another program's database). */
async function schemaVersion(connection: DuckDBConnection): Promise<number> {
  const tables = await connection.runAndReadAll(
    "SELECT count(*) AS n FROM duckdb_tables() WHERE database_name = current_database() AND schema_name = 'main' AND table_name = 'tix_meta'",
  );
  if (Number(tables.getRowObjectsJS()[0]!.n) === 0) return 0;
  const meta = await connection.runAndReadAll('SELECT max(schema_version) AS version FROM tix_meta');
  return Number(meta.getRowObjectsJS()[0]!.version ?? 0);
}

async function migrate(connection: DuckDBConnection, from: number, file: string): Promise<void> {
  await connection.run('BEGIN TRANSACTION');
  try {
    for (const step of MIGRATIONS.slice(from)) for (const statement of step) await connection.run(statement);
    await connection.run('DELETE FROM tix_meta');
    await connection.run('INSERT INTO tix_meta VALUES (?, ?)', [SCHEMA_VERSION, VERSION]);
    await connection.run('COMMIT');
  } catch (error) {
    await connection.run('ROLLBACK').catch(() => undefined);
    throw new TixError(`cannot set up the price history in ${file}: ${messageOf(error)}`);
  }
}

const SNAPSHOT_COLUMNS = 'agent, event_id, epoch_us(api_timestamp) AS api_us, epoch_us(fetched_at) AS fetched_us, listings, tickets, min_price, median_price, max_price';

class DuckDbStore implements HistoryStore {
  readonly kind = 'duckdb' as const;

  constructor(
    readonly location: string,
    private readonly db: Database,
  ) {}

  private get connection(): DuckDBConnection {
    return this.db.connection;
  }

  async record(snapshots: readonly SnapshotRecord[], sales: readonly SalesDayRecord[]): Promise<RecordResult> {
    const connection = this.connection;
    await connection.run('BEGIN TRANSACTION');
    try {
      const fresh = await this.unstored(snapshots);
      if (fresh.length > 0) await appendSnapshots(connection, fresh);
      const days = latestSalesDays(sales);
      const salesDays = days.length > 0 ? await upsertSalesDays(connection, days) : 0;
      await connection.run('COMMIT');
      return { stored: fresh.length, alreadyStored: snapshots.length - fresh.length, salesDays };
    } catch (error) {
      await connection.run('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  /** The snapshots not in the file yet (nor earlier in the same list), with their timestamps in microseconds. */
  private async unstored(snapshots: readonly SnapshotRecord[]): Promise<KeyedSnapshot[]> {
    if (snapshots.length === 0) return [];
    const keyed = snapshots.map((snapshot) => ({ snapshot, micros: micros(snapshot.apiTimestamp), fetchedMicros: micros(snapshot.fetchedAt) }));
    const times = keyed.map((k) => k.micros);
    const least = times.reduce((a, b) => (b < a ? b : a));
    const most = times.reduce((a, b) => (b > a ? b : a));
    const reader = await this.connection.runAndReadAll(
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

  async snapshots(query: HistoryQuery): Promise<SnapshotRow[]> {
    const filter = historyFilter(query);
    if (!filter) return [];
    const reader = await this.connection.runAndReadAll(
      `SELECT ${SNAPSHOT_COLUMNS} FROM snapshots WHERE ${filter.where} ORDER BY api_timestamp, agent, event_id`,
      filter.params,
    );
    return reader.getRowObjectsJS().map(snapshotRow);
  }

  async listingLives(query: HistoryQuery): Promise<ListingLifeRow[]> {
    const filter = historyFilter(query);
    if (!filter) return [];
    // "Gone" is judged against the latest snapshot of the listing's agent and event within the query's window.
    const reader = await this.connection.runAndReadAll(
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

  async *readAll(size = 500, window: CopyWindow = {}): AsyncIterable<HistoryBatch> {
    const batchSize = Math.max(1, Math.floor(size));
    const inWindow = timeWindow(window);
    let after: [string, string, bigint] | undefined;
    for (;;) {
      const where = [...(after ? [AFTER_KEY] : []), ...inWindow.clauses];
      const page = await this.connection.runAndReadAll(
        `SELECT ${SNAPSHOT_COLUMNS} FROM snapshots ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY agent, event_id, api_timestamp LIMIT ${batchSize}`,
        [...(after ? afterParams(after) : []), ...inWindow.params],
      );
      const rows = page.getRowObjectsJS();
      if (rows.length === 0) break;
      const first = rows[0]!;
      const last = rows.at(-1)!;
      after = [String(last.agent), String(last.event_id), BigInt(last.api_us as bigint)];
      const listings = await this.listingsBetween([String(first.agent), String(first.event_id), BigInt(first.api_us as bigint)], after, inWindow);
      yield {
        snapshots: rows.map((row) => {
          const snapshot = snapshotRow(row);
          return {
            agent: snapshot.agent,
            eventId: snapshot.eventId,
            apiTimestamp: snapshot.apiTimestamp,
            fetchedAt: snapshot.fetchedAt,
            figures: { listings: snapshot.listings, tickets: snapshot.tickets, minPrice: snapshot.minPrice, medianPrice: snapshot.medianPrice, maxPrice: snapshot.maxPrice },
            listings: listings.get(snapshotKey(snapshot.agent, snapshot.eventId, BigInt(row.api_us as bigint))) ?? [],
          };
        }),
        sales: [],
      };
    }
    const days = dayWindow(window);
    let offset = 0;
    for (;;) {
      const page = await this.connection.runAndReadAll(
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
  private async listingsBetween(from: [string, string, bigint], to: [string, string, bigint], window: Clauses): Promise<Map<string, ListingRecord[]>> {
    const reader = await this.connection.runAndReadAll(
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

  async close(): Promise<void> {
    this.db.close();
  }
}

/** Keys strictly after, or before, (agent, event_id, api_timestamp) = (?, ?, ?) in the tables' key order (params: afterParams). */
const AFTER_KEY = '(agent > ? OR (agent = ? AND (event_id > ? OR (event_id = ? AND api_timestamp > ?))))';
const BEFORE_KEY = '(agent < ? OR (agent = ? AND (event_id < ? OR (event_id = ? AND api_timestamp < ?))))';

function afterParams([agent, eventId, us]: [string, string, bigint]): DuckDBValue[] {
  return [agent, agent, eventId, eventId, timestampTZValue(us)];
}

interface KeyedSnapshot {
  snapshot: SnapshotRecord;
  micros: bigint;
  fetchedMicros: bigint;
}

function snapshotKey(agent: string, eventId: string, micros: bigint): string {
  return `${agent}\u0000${eventId}\u0000${micros}`;
}

function micros(iso: string): bigint {
  const value = isoToMicros(iso);
  if (value === undefined) throw new TixError(`'${iso}' is not an ISO 8601 date-time with a time zone`);
  return value;
}

interface Clauses {
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
function timeWindow(window: { since?: string; until?: string }): Clauses {
  const at = (iso: string | undefined) => (iso === undefined ? undefined : timestampTZValue(micros(iso)));
  return between('api_timestamp', at(window.since), at(window.until));
}

/** Sales days inside a copy's window. */
function dayWindow(window: CopyWindow): Clauses {
  const day = (date: string | undefined) => (date === undefined ? undefined : dateValue(Date.parse(`${date}T00:00:00Z`) / DAY_MS));
  return between('date', day(window.fromDay), day(window.toDay));
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

function snapshotRow(row: Record<string, unknown>): SnapshotRow {
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
