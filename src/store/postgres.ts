import type { AlertImport, AlertTables } from './store.js';
import type pg from 'pg';
import { TixError } from '../shared/errors.js';
import {
  coverageOfJson,
  coverageQuery,
  filteredSnapshotsQuery,
  snapshotRowOf,
  tablesOf,
  periodSnapshotRow,
  periodSnapshotsQuery,
  goneListingsQuery,
  goneListingsRow,
  salesDayRow,
  salesDaysQuery,
  sectionSnapshotRow,
  sectionSnapshotsQuery,
  priceSummaryQuery,
  priceSummaryGroups,
  trackedEventRow,
  trackedEventsQuery,
} from './analysis-sql.js';
import { canonicalInstant } from './timestamps.js';
import { cancelRunning, connect } from './pg-connect.js';
import { describePgError, isRetryableConflict } from './pg-errors.js';
import { eventBatches } from './event-rows.js';
import { eventIdsOfSql, eventSql, storedEvent, upsertPgEvents } from './pg-events.js';
import {
  addPgAlertRule,
  claimPgDeliveries,
  evaluatePgAlerts,
  finishPgDelivery,
  releasePgDelivery,
  pgAlertTables,
  importPgAlertTables,
  pausePgAlertRule,
  pgAlertRules,
  removePgAlertRule,
} from './pg-alerts.js';
import { listingLivesSql, readListingsSql, readSalesSql, readSnapshotsSql, snapshotsSql } from './pg-queries.js';
import { ensureSchema, quoteIdent } from './pg-schema.js';
import { runPostgresQuery } from './pg-sql.js';
import { parsePostgresUrl, parseSchemaName, type PostgresTarget } from './postgres-url.js';
import type {
  AgentEvent,
  AlertDelivery,
  AlertRule,
  CopyWindow,
  CoverageRow,
  GoneListingsRow,
  SalesDayRow,
  SectionSnapshotRow,
  HistoryBatch,
  HistoryQuery,
  ListingFilter,
  HistoryStore,
  ListingLifeRow,
  ListingRecord,
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
import { snapshotRow as snapshotTableRow } from './store.js';

export interface PostgresStoreOptions {
  /** The schema holding tix's tables (created if missing): several teams or projects can share one database. */
  schema?: string;
  /** Only read (tix history): creates nothing, and says so (exit 4) when there is no history there yet. */
  readOnly?: boolean;
  /** The tables must exist already: none is created (a missing history is exit 4). */
  existing?: boolean;
  /** Where the URL came from (--db, --to, the db setting), for errors about it. */
  source?: string;
  /** Retries of a failed connection (server down or starting): the --retries setting. Default 3. */
  retries?: number;
  /** Wait before the first retry, doubled for each next one. Default 500 ms. */
  retryDelayMs?: number;
  /** Default 10 s. */
  connectTimeoutMs?: number;
  /** --debug: each step, with the password hidden. */
  trace?: (line: string) => void;
}

/** Rows per INSERT of listings: a few MB of JSON at most. */
const LISTING_CHUNK = 10_000;
/** Attempts at one record() when another writer's transaction deadlocks with it. */
const CONFLICT_ATTEMPTS = 4;

/**
 * Opens the history store in a PostgreSQL database: connects (retrying a server that is down or starting),
 * then creates the tables on first use or migrates them forward, and refuses tables of a newer tix.
 */
export async function openPostgresStore(url: string, options: PostgresStoreOptions = {}): Promise<HistoryStore> {
  const target = parsePostgresUrl(options.source ?? '--db', url);
  const schema = parseSchemaName('--schema', options.schema ?? 'public');
  const client = await connect(target, {
    retries: options.retries ?? 3,
    retryDelayMs: options.retryDelayMs ?? 500,
    connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
    trace: options.trace,
  });
  try {
    const where = schema === 'public' ? target.display : `${target.display} (schema ${schema})`;
    const outcome = await ensureSchema(client, schema, where, options.readOnly === true, options.existing === true);
    if (outcome === 'older') options.trace?.(`postgres: reading the history tables of an older tix in schema ${schema} as they are`);
    else if (outcome !== 'ready') options.trace?.(`postgres: ${outcome} the history tables in schema ${schema}`);
    return new PostgresHistoryStore(client, target, schema, outcome !== 'older', options.trace);
  } catch (error) {
    await client.end().catch(() => {});
    throw describePgError(error, target, 'cannot open');
  }
}

class PostgresHistoryStore implements HistoryStore {
  readonly kind = 'postgres';
  readonly location: string;
  private readonly s: string;
  /** The last operation on the connection, which the next waits for (see exclusive()). */
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly client: pg.Client,
    private readonly target: PostgresTarget,
    schema: string,
    /** False for a reader of an older tix's tables, which no write has migrated yet: no `events` to read. */
    private readonly hasEvents: boolean,
    private readonly trace?: (line: string) => void,
  ) {
    this.location = target.display;
    this.s = quoteIdent(schema);
  }

  async record(snapshots: readonly SnapshotRecord[], sales: readonly SalesDayRecord[], options: RecordOptions = {}): Promise<RecordResult> {
    const events = options.events ?? [];
    if (snapshots.length === 0 && sales.length === 0 && events.length === 0) return { stored: 0, alreadyStored: 0, salesDays: 0 };
    // Rows go in key order, so two writers' transactions take their row locks in the same order and cannot
    // deadlock each other; a deadlock with anything else is retried whole.
    const ordered = snapshots.map(withInstants).sort(compareSnapshots);
    const days = latestSalesDays(sales);
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await this.exclusive(() =>
          this.transaction(async () => {
            const { written, fresh } = await this.write(ordered, days);
            if (events.length > 0) await upsertPgEvents(this.client, this.s, events);
            // After the events: an evt_ rule finds the agents' ids of an event first seen by this run.
            if (options.alerts) written.alerts = await evaluatePgAlerts(this.client, this.s, fresh, options.alerts);
            return written;
          }),
        );
        this.trace?.(
          `postgres: recorded ${result.stored} new snapshots (${result.alreadyStored} already stored), ${result.salesDays} sales days`,
        );
        return result;
      } catch (error) {
        if (!isRetryableConflict(error) || attempt >= CONFLICT_ATTEMPTS) throw describePgError(error, this.target, 'cannot record in');
        this.trace?.(`postgres: another writer got in the way (${(error as Error).message}); trying again`);
      }
    }
  }

  /**
   * Each table's rows go in as one JSON array per statement, expanded by json_to_recordset into a multi-row
   * INSERT ... SELECT. JSON rather than one array parameter per column (unnest): pg encodes array parameters
   * in JavaScript at ~9 µs a value, which was half the time of recording 25,000 listings; JSON.stringify is
   * native, ~10 times faster, and the server parses either as fast.
   */
  private async write(
    snapshots: readonly SnapshotRecord[],
    days: readonly SalesDayRecord[],
  ): Promise<{ written: RecordResult; fresh: SnapshotRecord[] }> {
    let stored = 0;
    const fresh: SnapshotRecord[] = [];
    if (snapshots.length > 0) {
      const rows = snapshots.map(snapshotTableRow);
      const inserted = await this.client.query<{ agent: string; event_id: string; api_timestamp: string }>(
        `INSERT INTO ${this.s}.snapshots (agent, event_id, api_timestamp, fetched_at, listings, tickets, min_price, median_price, max_price)
         SELECT agent, event_id, api_timestamp, fetched_at, listings, tickets, min_price, median_price, max_price
         FROM json_to_recordset($1::json) AS r(agent text, event_id text, api_timestamp timestamptz, fetched_at timestamptz,
           listings integer, tickets integer, min_price double precision, median_price double precision, max_price double precision)
         ON CONFLICT DO NOTHING
         RETURNING agent, event_id, api_timestamp`,
        [JSON.stringify(rows)],
      );
      stored = inserted.rowCount ?? 0;
      // Listings only of the snapshots this transaction stored: one already stored keeps its own, and a
      // writer that lost the race for a snapshot leaves its listings to the writer that won it.
      const isNew = new Set(inserted.rows.map((r) => snapshotKey(r.agent, r.event_id, r.api_timestamp)));
      const listings: object[] = [];
      for (const s of snapshots) {
        if (!isNew.delete(snapshotKey(s.agent, s.eventId, s.apiTimestamp))) continue;
        fresh.push(s);
        for (const l of s.listings) {
          listings.push({
            agent: s.agent,
            event_id: s.eventId,
            api_timestamp: s.apiTimestamp,
            listing_id: l.listingId,
            section: l.section,
            row: l.row,
            quantity: l.quantity,
            price: l.price,
            extra: l.extra ?? {},
          });
        }
      }
      for (let i = 0; i < listings.length; i += LISTING_CHUNK) {
        await this.client.query(
          `INSERT INTO ${this.s}.listings (agent, event_id, api_timestamp, listing_id, section, "row", quantity, price, extra)
           SELECT agent, event_id, api_timestamp, listing_id, section, "row", quantity, price, extra
           FROM json_to_recordset($1::json) AS r(agent text, event_id text, api_timestamp timestamptz, listing_id text, section text,
             "row" text, quantity integer, price double precision, extra jsonb)
           ON CONFLICT DO NOTHING`,
          [JSON.stringify(listings.slice(i, i + LISTING_CHUNK))],
        );
      }
    }
    const salesDays = days.length > 0 ? await this.upsertSales(days) : 0;
    return { written: { stored, alreadyStored: snapshots.length - stored, salesDays }, fresh };
  }

  /** The latest fetch of a day wins: a day is replaced only by a later fetch, so copying old history over new changes nothing. */
  private async upsertSales(days: readonly SalesDayRecord[]): Promise<number> {
    const rows = days.map((d) => ({
      provider: d.provider,
      event_id: d.eventId,
      date: d.date,
      total_tickets: d.totalTickets,
      total_sales: d.totalSales,
      min_price: d.minPrice,
      max_price: d.maxPrice,
      avg_price: d.avgPrice,
      fetched_at: d.fetchedAt,
    }));
    const result = await this.client.query(
      `INSERT INTO ${this.s}.sales_daily (provider, event_id, date, total_tickets, total_sales, min_price, max_price, avg_price, fetched_at)
       SELECT provider, event_id, date, total_tickets, total_sales, min_price, max_price, avg_price, fetched_at
       FROM json_to_recordset($1::json) AS r(provider text, event_id text, date date, total_tickets integer, total_sales double precision,
         min_price double precision, max_price double precision, avg_price double precision, fetched_at timestamptz)
       ON CONFLICT (provider, event_id, date) DO UPDATE SET
         total_tickets = excluded.total_tickets, total_sales = excluded.total_sales, min_price = excluded.min_price,
         max_price = excluded.max_price, avg_price = excluded.avg_price, fetched_at = excluded.fetched_at
       WHERE sales_daily.fetched_at < excluded.fetched_at`,
      [JSON.stringify(rows)],
    );
    return result.rowCount ?? 0;
  }

  async event(eventId: string): Promise<StoredEvent | undefined> {
    if (!this.hasEvents) return undefined;
    const [row] = await this.read('cannot read', eventSql(this.s), [eventId]);
    return row ? storedEvent(row) : undefined;
  }

  async eventIdOf(agent: string, agentEventId: string): Promise<string | undefined> {
    return (await this.eventIdsOf([{ agent, eventId: agentEventId }]))[0];
  }

  async eventIdsOf(events: readonly AgentEvent[]): Promise<(string | undefined)[]> {
    if (!this.hasEvents || events.length === 0) return events.map(() => undefined);
    const rows = await this.read('cannot read', eventIdsOfSql(this.s), [events.map((e) => e.agent), events.map((e) => e.eventId)]);
    const known = new Map(rows.map((r) => [`${r.agent}\u0000${r.agent_event_id}`, r.event_id as string]));
    return events.map((e) => known.get(`${e.agent}\u0000${e.eventId}`));
  }

  async snapshots(query: HistoryQuery): Promise<SnapshotRow[]> {
    if (query.events.length === 0) return [];
    if (query.listings) {
      const { sql, params } = filteredSnapshotsQuery(tablesOf(`${this.s}.`, true), query);
      return (await this.read('cannot read', sql, params)).map(snapshotRowOf);
    }
    const rows = await this.read('cannot read', snapshotsSql(this.s), queryParams(query));
    return rows.map(snapshotRow);
  }

  async listingLives(query: HistoryQuery): Promise<ListingLifeRow[]> {
    if (query.events.length === 0) return [];
    const rows = await this.read('cannot read', listingLivesSql(this.s), queryParams(query));
    return rows.map((r) => ({
      agent: r.agent,
      eventId: r.event_id,
      listingId: r.listing_id,
      section: r.section ?? '',
      row: r.row ?? '',
      quantity: r.quantity,
      firstSeen: r.first_seen,
      lastSeen: r.last_seen,
      firstPrice: r.first_price,
      lastPrice: r.last_price,
      lowestPrice: r.lowest_price,
      gone: r.gone,
    }));
  }

  /** The snapshots and sales days (readHistory), then every event with its agents. */
  async *readAll(batchSize = 500, window: CopyWindow = {}): AsyncIterable<HistoryBatch> {
    yield* this.readHistory(batchSize, window);
    if (this.hasEvents) yield* eventBatches((await this.read('cannot read', eventSql(this.s, true), [])).map(storedEvent), batchSize);
  }

  /**
   * Whole snapshots in key order, `batchSize` at a time, then the sales days. Each batch is one query for
   * the snapshots (from where the last batch ended) and one for their listings (a range of the key).
   */
  private async *readHistory(batchSize: number, window: CopyWindow): AsyncIterable<HistoryBatch> {
    const times = [window.since ?? null, window.until ?? null];
    let after: unknown[] = [null, null, null];
    for (;;) {
      const heads = await this.read('cannot read', readSnapshotsSql(this.s), [...after, batchSize, ...times]);
      if (heads.length === 0) break;
      const first = heads[0]!;
      const last = heads[heads.length - 1]!;
      const listings = await this.read('cannot read', readListingsSql(this.s), [
        first.agent,
        first.event_id,
        first.api_timestamp,
        last.agent,
        last.event_id,
        last.api_timestamp,
        ...times,
      ]);
      const byKey = new Map<string, ListingRecord[]>();
      for (const l of listings) {
        const key = snapshotKey(l.agent, l.event_id, l.api_timestamp);
        let list = byKey.get(key);
        if (!list) byKey.set(key, (list = []));
        list.push({
          listingId: l.listing_id,
          section: l.section ?? '',
          row: l.row ?? '',
          quantity: l.quantity,
          price: l.price,
          extra: l.extra ?? {},
        });
      }
      yield {
        snapshots: heads.map((h) => {
          const row = snapshotRow(h);
          const { agent, eventId, apiTimestamp, fetchedAt } = row;
          const figures = {
            listings: row.listings,
            tickets: row.tickets,
            minPrice: row.minPrice,
            medianPrice: row.medianPrice,
            maxPrice: row.maxPrice,
          };
          return {
            agent,
            eventId,
            apiTimestamp,
            fetchedAt,
            figures,
            listings: byKey.get(snapshotKey(h.agent, h.event_id, h.api_timestamp)) ?? [],
          };
        }),
        sales: [],
      };
      if (heads.length < batchSize) break;
      after = [last.agent, last.event_id, last.api_timestamp];
    }
    let afterDay: unknown[] = [null, null, null];
    for (;;) {
      const days = await this.read('cannot read', readSalesSql(this.s), [
        ...afterDay,
        batchSize,
        window.fromDay ?? null,
        window.toDay ?? null,
      ]);
      if (days.length === 0) break;
      yield {
        snapshots: [],
        sales: days.map((d) => ({
          provider: d.provider,
          eventId: d.event_id,
          date: d.date,
          totalTickets: d.total_tickets,
          totalSales: d.total_sales,
          minPrice: d.min_price,
          maxPrice: d.max_price,
          avgPrice: d.avg_price,
          fetchedAt: d.fetched_at,
        })),
      };
      if (days.length < batchSize) break;
      const last = days[days.length - 1]!;
      afterDay = [last.provider, last.event_id, last.date];
    }
  }

  addAlertRule(rule: NewAlertRule): Promise<AlertRule> {
    return this.alerting('cannot record in', () => addPgAlertRule(this.client, this.s, rule));
  }

  alertRules(): Promise<AlertRule[]> {
    return this.alerting('cannot read', () => pgAlertRules(this.client, this.s));
  }

  pauseAlertRule(id: number, paused: boolean): Promise<boolean> {
    return this.alerting('cannot record in', () => pausePgAlertRule(this.client, this.s, id, paused));
  }

  removeAlertRule(id: number): Promise<boolean> {
    return this.alerting('cannot record in', () => this.transaction(() => removePgAlertRule(this.client, this.s, id)));
  }

  claimDeliveries(at: string, leaseSeconds: number): Promise<AlertDelivery[]> {
    return this.alerting('cannot record in', () => claimPgDeliveries(this.client, this.s, at, leaseSeconds));
  }

  finishDelivery(delivery: AlertDelivery, at: string, error?: string): Promise<void> {
    return this.alerting('cannot record in', () => finishPgDelivery(this.client, this.s, delivery, at, error));
  }

  releaseDelivery(delivery: AlertDelivery): Promise<void> {
    return this.alerting('cannot record in', () => releasePgDelivery(this.client, this.s, delivery));
  }

  alertTables(): Promise<AlertTables> {
    return this.alerting('cannot read', () => pgAlertTables(this.client, this.s));
  }

  importAlertTables(tables: AlertTables): Promise<AlertImport> {
    return this.alerting('cannot record in', () => this.transaction(() => importPgAlertTables(this.client, this.s, tables)));
  }

  /** One alert operation on the connection, its errors described as the others are. */
  private async alerting<T>(action: string, body: () => Promise<T>): Promise<T> {
    try {
      return await this.exclusive(body);
    } catch (error) {
      throw describePgError(error, this.target, action);
    }
  }

  async query(query: SqlQuery, consume: (result: SqlRows) => Promise<void>): Promise<void> {
    try {
      await this.exclusive(() => runPostgresQuery(this.client, this.s, query, consume, () => cancelRunning(this.target, this.client)));
    } catch (error) {
      throw describePgError(error, this.target, 'cannot read');
    }
  }

  async trackedEvents(filter: TrackedEventFilter): Promise<TrackedEventRow[]> {
    const { sql, params } = trackedEventsQuery(tablesOf(`${this.s}.`, this.hasEvents), filter);
    return (await this.read('cannot read', sql, params)).map(trackedEventRow);
  }

  async priceSummary(groups: readonly (readonly AgentEvent[])[], filter?: ListingFilter): Promise<PriceSummaryRow[][]> {
    if (groups.every((events) => events.length === 0)) return groups.map(() => []);
    const { sql, params } = priceSummaryQuery(tablesOf(`${this.s}.`, true), groups, filter);
    return priceSummaryGroups(await this.read('cannot read', sql, params), groups.length);
  }

  async periodSnapshots(query: HistoryQuery, by: PeriodUnit, timeZone: string, eventDate?: string): Promise<PeriodSnapshotRow[]> {
    if (query.events.length === 0) return [];
    const { sql, params } = periodSnapshotsQuery(tablesOf(`${this.s}.`, true), query, by, timeZone, eventDate);
    return (await this.read('cannot read', sql, params)).map(periodSnapshotRow);
  }

  async sectionSnapshots(query: HistoryQuery): Promise<SectionSnapshotRow[]> {
    if (query.events.length === 0) return [];
    const { sql, params } = sectionSnapshotsQuery(tablesOf(`${this.s}.`, true), query);
    return (await this.read('cannot read', sql, params)).map(sectionSnapshotRow);
  }

  async goneListings(query: HistoryQuery): Promise<GoneListingsRow[]> {
    if (query.events.length === 0) return [];
    const { sql, params } = goneListingsQuery(tablesOf(`${this.s}.`, true), query);
    return (await this.read('cannot read', sql, params)).map(goneListingsRow);
  }

  async salesDays(provider: string, eventIds: readonly string[]): Promise<SalesDayRow[]> {
    if (eventIds.length === 0) return [];
    const { sql, params } = salesDaysQuery(tablesOf(`${this.s}.`, true), provider, eventIds);
    return (await this.read('cannot read', sql, params)).map(salesDayRow);
  }

  async coverage(events: readonly AgentEvent[] | undefined, gapIntervals: number): Promise<CoverageRow[]> {
    if (events?.length === 0) return [];
    const how = { first: 'window', dialect: 'postgres' } as const;
    const { sql, params } = coverageQuery(tablesOf(`${this.s}.`, this.hasEvents), events, gapIntervals, how);
    return coverageOfJson((await this.read('cannot read', sql, params))[0]?.rows);
  }

  async close(): Promise<void> {
    await this.client.end().catch(() => {});
  }

  /**
   * One thing at a time on the connection: a caller may ask for snapshots and listing lives at once, and a
   * transaction must not have another caller's query in the middle of it (pg also warns, on stderr, when a
   * query is sent while another runs).
   */
  private exclusive<T>(body: () => Promise<T>): Promise<T> {
    const run = this.tail.then(body, body);
    this.tail = run.catch(() => {});
    return run;
  }

  private async transaction<T>(body: () => Promise<T>): Promise<T> {
    await this.client.query('BEGIN');
    try {
      const result = await body();
      await this.client.query('COMMIT');
      return result;
    } catch (error) {
      await this.client.query('ROLLBACK').catch(() => {});
      throw error;
    }
  }

  private async read(action: string, sql: string, params: unknown[]): Promise<Row[]> {
    try {
      return (await this.exclusive(() => this.client.query(sql, params))).rows;
    } catch (error) {
      throw describePgError(error, this.target, action);
    }
  }
}

/** A row of one of the read queries in pg-queries.ts, whose SQL names every column. */
// biome-ignore lint/suspicious/noExplicitAny: the SQL names every column; each reader converts its own.
type Row = Record<string, any>;

function queryParams(query: HistoryQuery): unknown[] {
  return [query.events.map((e) => e.agent), query.events.map((e) => e.eventId), query.since ?? null, query.until ?? null];
}

function snapshotRow(r: Row): SnapshotRow {
  return {
    agent: r.agent,
    eventId: r.event_id,
    apiTimestamp: r.api_timestamp,
    fetchedAt: r.fetched_at,
    listings: r.listings,
    tickets: r.tickets,
    minPrice: r.min_price,
    medianPrice: r.median_price,
    maxPrice: r.max_price,
  };
}

/**
 * The snapshot with its timestamps in the one spelling of timestamps.ts, so the keys the server returns
 * for the snapshots it stored match the snapshots sent, and two spellings of one instant are one snapshot.
 */
function withInstants(snapshot: SnapshotRecord): SnapshotRecord {
  const what = `${snapshot.agent} event ${snapshot.eventId}`;
  return {
    ...snapshot,
    apiTimestamp: instant(snapshot.apiTimestamp, `the API timestamp of ${what}`),
    fetchedAt: instant(snapshot.fetchedAt, `the fetch time of ${what}`),
  };
}

function instant(text: string, what: string): string {
  const canonical = canonicalInstant(text);
  if (canonical === undefined)
    throw new TixError(`cannot record in the price history: ${what} is not an ISO 8601 date-time with a zone: '${text}'`);
  return canonical;
}

/** A snapshot's key as one string (timestamps in their one spelling). */
function snapshotKey(agent: string, eventId: string, timestamp: string): string {
  return `${agent}\u0000${eventId}\u0000${timestamp}`;
}

/** Any one order that all writers share (see record()); timestamps are in their one spelling. */
function compareSnapshots(a: SnapshotRecord, b: SnapshotRecord): number {
  return compareText(a.agent, b.agent) || compareText(a.eventId, b.eventId) || compareText(a.apiTimestamp, b.apiTimestamp);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** One row per provider, event and day (an INSERT may not update a row twice): the latest fetch of each. */
function latestSalesDays(sales: readonly SalesDayRecord[]): SalesDayRecord[] {
  const byDay = new Map<string, SalesDayRecord>();
  for (const given of sales) {
    const day = {
      ...given,
      fetchedAt: instant(given.fetchedAt, `the fetch time of ${given.provider} event ${given.eventId}'s sales of ${given.date}`),
    };
    const key = `${day.provider}\u0000${day.eventId}\u0000${day.date}`;
    const seen = byDay.get(key);
    if (!seen || Date.parse(day.fetchedAt) >= Date.parse(seen.fetchedAt)) byDay.set(key, day);
  }
  return [...byDay.values()].sort(
    (a, b) => compareText(a.provider, b.provider) || compareText(a.eventId, b.eventId) || compareText(a.date, b.date),
  );
}
