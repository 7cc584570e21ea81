import type { MarketFigures } from '../market/figures.js';
import { ExitCode, TixError } from '../shared/errors.js';

/**
 * The history store: one small interface with two implementations, DuckDB (an embedded file, the default)
 * and PostgreSQL (a team's server). Commands talk only to this interface and never know which one they
 * have. The tables behind it are public (analysts query them directly): see docs/history.md.
 *
 * Timestamps cross this interface as ISO 8601 strings in UTC (`2026-03-15T03:00:00.000Z`); dates as
 * `YYYY-MM-DD`. Prices are per ticket, as the API gives them.
 */

/** One listing of one snapshot. `extra` holds the agent's other fields, stored as JSON. */
export interface ListingRecord {
  listingId: string;
  section: string;
  row: string;
  quantity: number;
  price: number;
  extra: Record<string, unknown>;
}

/** What one agent listed for one event at one API timestamp, with its figures (src/market/figures.ts). */
export interface SnapshotRecord {
  agent: string;
  eventId: string;
  apiTimestamp: string;
  fetchedAt: string;
  figures: MarketFigures;
  listings: ListingRecord[];
}

/** What alert evaluation reads of a snapshot: its key and its listings. */
export interface WeighedSnapshot {
  agent: string;
  eventId: string;
  apiTimestamp: string;
  listings: readonly Omit<ListingRecord, 'extra'>[];
}

/** An agent's latest stored snapshot of an evt_ id, and its usual interval (ms; null with one snapshot). */
export interface StoredLatest {
  eventId: string;
  usualMs: number | null;
  snapshot: WeighedSnapshot & { listings: Omit<ListingRecord, 'extra'>[] };
}

/** One day of a provider's sales summary for one event. */
export interface SalesDayRecord {
  provider: string;
  eventId: string;
  date: string;
  totalTickets: number;
  totalSales: number;
  minPrice: number;
  maxPrice: number;
  avgPrice: number;
  fetchedAt: string;
}

/**
 * The service's event (its evt_ id) as one run saw it, and the agents' ids for it. Descriptive fields are
 * null when the API did not send them. `seenAt` sets first_seen (on insert) and last_seen (always).
 */
export interface EventRecord {
  eventId: string;
  name: string | null;
  category: string | null;
  venue: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  eventDate: string | null;
  /** When the presale and the public sale start (the API's presaleDate and publicSaleDate). */
  presaleDate: string | null;
  publicSaleDate: string | null;
  agents: { agent: string; agentEventId: string }[];
  seenAt: string;
}

/** What record() stores beside the snapshots and sales days, in the same transaction. */
export interface RecordOptions {
  /** Upserted: first_seen kept, last_seen and the descriptive fields those of the latest sighting. */
  events?: readonly EventRecord[];
  /** Evaluate the active alert rules against the snapshots this call newly stores (after the events), in the same transaction. */
  alerts?: AlertEvaluation;
}

/** A row of table `events` with its rows of `event_agents` (ordered by agent). */
export interface StoredEvent extends Omit<EventRecord, 'agents' | 'seenAt'> {
  firstSeen: string;
  lastSeen: string;
  agents: { agent: string; agentEventId: string; firstSeen: string; lastSeen: string }[];
}

export interface RecordResult {
  /** Snapshots newly stored. */
  stored: number;
  /** Snapshots already in the store (same agent, event and API timestamp): left as they were. */
  alreadyStored: number;
  /** Sales days written (inserted or updated: the latest fetch wins). */
  salesDays: number;
  /** Alerts the stored snapshots fired (only when record() was asked to evaluate them), oldest rule first. */
  alerts?: Alert[];
}

/** How a run evaluates alert rules (docs/alerts.md). */
export interface AlertEvaluation {
  /** The run's clock, ISO 8601: when a notification was made. */
  at: string;
  /** The notify-url and notify-exec settings: the channels of a rule that has none of its own. */
  notifyUrl?: string;
  notifyExec?: string;
}

/** A row of table `alert_rules`: a price alert, evaluated by every `tix track` against what it stores. */
export interface AlertRule {
  id: number;
  name: string | null;
  /** As given: an evt_ id, or AGENT:ID. */
  target: string;
  /** evt_ rules: the event. */
  eventId: string | null;
  /** AGENT:ID rules: the agent; evt_ rules: --agent, or null for every agent. */
  agent: string | null;
  /** AGENT:ID rules: the agent's event id. */
  agentEventId: string | null;
  below: number | null;
  dropPercent: number | null;
  minQuantity: number | null;
  /** A --section pattern (`*` matches any text), any case. */
  section: string | null;
  /** Retired after this instant: listings of snapshots taken later fire nothing. */
  until: string | null;
  notifyUrl: string | null;
  notifyExec: string | null;
  paused: boolean;
  createdAt: string;
  /** What --drop compares with: the lowest matching price in the latest stored snapshots when the rule was added (else at its first evaluation), then at each notification. */
  baselinePrice: number | null;
  lastNotifiedAt: string | null;
  lastNotifiedPrice: number | null;
}

/** A rule as `tix alert add` makes it: `until` null takes the event's date from table `events`, when known. */
export type NewAlertRule = Omit<AlertRule, 'id' | 'paused' | 'baselinePrice' | 'lastNotifiedAt' | 'lastNotifiedPrice'>;

/** A row of table `alert_notifications`, with its rule's name and target: one new low of one rule. */
export interface Alert {
  id: number;
  ruleId: number;
  ruleName: string | null;
  target: string;
  firedAt: string;
  apiTimestamp: string;
  eventId: string | null;
  eventName: string | null;
  eventDate: string | null;
  agent: string;
  agentEventId: string;
  listingId: string;
  section: string | null;
  row: string | null;
  quantity: number | null;
  price: number;
  /** The price the rule last notified, null the first time. */
  previousPrice: number | null;
  /** A sample sent by `tix alert test`, never stored. */
  test?: boolean;
}

/** A row of table `alert_deliveries` not delivered yet, claimed by this run (see claimDeliveries). */
export interface AlertDelivery {
  channel: 'url' | 'exec';
  /** The URL, or the command. */
  target: string;
  /** Attempts so far, this one included. */
  attempts: number;
  alert: Alert;
  /** The rule's own --notify-exec; null when the command came from the notify-exec setting of the machine that stored the alert. */
  ruleCommand?: string | null;
}

/** A row of `alert_deliveries` as it is stored. */
export interface StoredDelivery {
  notificationId: number;
  channel: 'url' | 'exec';
  target: string;
  attempts: number;
  lastError: string | null;
  deliveredAt: string | null;
}

/** The alert tables whole, as `tix history export` copies them (src/store/alert-transfer.ts). */
export interface AlertTables {
  rules: AlertRule[];
  notifications: Alert[];
  deliveries: StoredDelivery[];
}

export interface AlertImport {
  /** Rules and notifications written, with the ids each has in the target. */
  rules: AlertRule[];
  notifications: Alert[];
  deliveries: StoredDelivery[];
  /** How many of the copied kept their ids, and how many were given new ones. */
  kept: number;
  renumbered: number;
  /** The highest rule and notification id the target has issued once these are in. */
  lastRule: number;
  lastNotification: number;
}

/** An agent's event, the unit history is kept for. */
export interface AgentEvent {
  agent: string;
  eventId: string;
}

export interface HistoryQuery {
  events: readonly AgentEvent[];
  /** Inclusive bounds on the API timestamp, ISO 8601. */
  since?: string;
  until?: string;
  /** --min-quantity, --section: each snapshot's figures computed from the stored listings these keep. */
  listings?: ListingFilter;
}

/**
 * Which of a snapshot's stored listings count (docs/history.md), as an alert rule's filters: at least
 * `minQuantity` tickets (the `splits` some agents give are not consulted), in a section the `*` pattern
 * matches in any case. A snapshot none of whose listings count still counts, with no prices.
 */
export interface ListingFilter {
  minQuantity?: number;
  section?: string;
}

/** A row of table `snapshots`. */
export interface SnapshotRow {
  agent: string;
  eventId: string;
  apiTimestamp: string;
  fetchedAt: string;
  listings: number;
  tickets: number;
  minPrice: number | null;
  medianPrice: number | null;
  maxPrice: number | null;
}

/** One listing over its whole life in the store (`history --listings`). */
export interface ListingLifeRow {
  agent: string;
  eventId: string;
  listingId: string;
  section: string;
  row: string;
  /** The quantity in the latest snapshot that had the listing. */
  quantity: number;
  firstSeen: string;
  lastSeen: string;
  firstPrice: number;
  lastPrice: number;
  lowestPrice: number;
  /** Not in the latest snapshot of its agent and event (within the query's window): sold, or withdrawn. */
  gone: boolean;
}

export interface HistoryStore {
  readonly kind: 'duckdb' | 'postgres';
  /** Where it is, fit to print: a file path, or a URL with its password replaced by `***`. */
  readonly location: string;
  /**
   * Stores everything in one transaction, idempotently: a snapshot already stored is left alone. If any
   * of it cannot be stored (a timestamp that is not one, say), nothing is. `options.events` are upserted
   * in the same transaction.
   */
  record(snapshots: readonly SnapshotRecord[], sales: readonly SalesDayRecord[], options?: RecordOptions): Promise<RecordResult>;
  /** Stores a new alert rule and gives it back with its id (and `until` from the event's date when not given). */
  addAlertRule(rule: NewAlertRule): Promise<AlertRule>;
  /** Every rule, by id. */
  alertRules(): Promise<AlertRule[]>;
  /** Pauses or resumes a rule; false when there is no such rule. */
  pauseAlertRule(id: number, paused: boolean): Promise<boolean>;
  /** Removes a rule with its notifications and deliveries; false when there is no such rule. */
  removeAlertRule(id: number): Promise<boolean>;
  /**
   * The deliveries not done yet, each claimed for `leaseSeconds` (from `at`) so that another run does not
   * send it at the same time; a claim whose run died runs out, and the delivery is tried again.
   */
  claimDeliveries(at: string, leaseSeconds: number): Promise<AlertDelivery[]>;
  /** Marks a claimed delivery delivered (no error) or failed (pending again, for the next run). */
  finishDelivery(delivery: AlertDelivery, at: string, error?: string): Promise<void>;
  /** Gives back a claimed delivery this run did not attempt (not consented here, past the run's deadline, interrupted): pending, unclaimed, its attempt not counted. */
  releaseDelivery(delivery: AlertDelivery): Promise<void>;
  /** Every row of the alert tables, for `tix history export`. */
  alertTables(): Promise<AlertTables>;
  /** Adds the rules, notifications and deliveries of another store this one does not hold, in one transaction (ids: alert-transfer.ts). */
  importAlertTables(tables: AlertTables): Promise<AlertImport>;
  /**
   * The stored event of an evt_ id, with its agents; undefined when the store does not know it (never
   * tracked by a run that knew the evt_ id, or a file of schema version 1 not yet written by this tix).
   */
  event(eventId: string): Promise<StoredEvent | undefined>;
  /** The evt_ id the store knows for an agent's event id, if any. */
  eventIdOf(agent: string, agentEventId: string): Promise<string | undefined>;
  /** eventIdOf() of many agents' events in one query (`track` of a long watch list): the answers in their order. */
  eventIdsOf(events: readonly AgentEvent[]): Promise<(string | undefined)[]>;
  /** Snapshots of these events, oldest first (then by agent). */
  snapshots(query: HistoryQuery): Promise<SnapshotRow[]>;
  /** Every listing ever seen for these events, one row each, ordered by agent, event, first seen, listing id. */
  listingLives(query: HistoryQuery): Promise<ListingLifeRow[]>;
  /**
   * Everything stored, as batches of whole snapshots (listings included), sales days and events, for
   * `tix history export`: the receiving store takes each batch with record(), so a copy is as idempotent
   * as any other write. The window bounds snapshots and sales days; every event is copied.
   */
  readAll(batchSize?: number, window?: CopyWindow): AsyncIterable<HistoryBatch>;
  /**
   * One query of the user's (`tix history sql`), run read-only: the database itself refuses a write, or
   * several statements, as it refuses a syntax error (a TixError, exit 2, with the engine's message).
   * The rows are streamed: `consume` reads them batch by batch while the query runs, never all at once.
   */
  query(query: SqlQuery, consume: (result: SqlRows) => Promise<void>): Promise<void>;
  /**
   * Writes the query's result as Parquet to `path` (a new file) from the engine itself, where it can
   * (DuckDB), and returns how many rows it wrote; stores without it leave it undefined and their rows go
   * through tix's Parquet writer.
   */
  queryToParquet?(query: SqlQuery, path: string): Promise<number>;
  /** `tix history list`: every tracked event with its figures, filtered (src/store/analysis-sql.ts says how each is computed). */
  trackedEvents(filter: TrackedEventFilter): Promise<TrackedEventRow[]>;
  /** `tix history summary`: one row per agent of these events with snapshots, then the row across them (agent null). */
  priceSummary(groups: readonly (readonly AgentEvent[])[], filter?: ListingFilter): Promise<PriceSummaryRow[][]>;
  /**
   * `tix history --by`: each snapshot with the period it falls in, oldest first (then by agent); by
   * days-to-event, `eventDate` is the event's date and the periods count down to it.
   */
  periodSnapshots(query: HistoryQuery, by: PeriodUnit, timeZone: string, eventDate?: string): Promise<PeriodSnapshotRow[]>;
  /**
   * `tix report` and `history --by ... --per section|zone`: each snapshot's lowest price, listings and tickets
   * per section, from the stored listings (those the query's listing filter keeps), oldest first; a section
   * without listings in a snapshot has no row.
   */
  sectionSnapshots(query: HistoryQuery): Promise<SectionSnapshotRow[]>;
  /** `tix report` and `history --supply`: per snapshot in the window, the listings of the agent's previous snapshot not in it. */
  goneListings(query: HistoryQuery): Promise<GoneListingsRow[]>;
  /** A provider's daily sales (`track --sales`) of these of its event ids, by event and date. */
  salesDays(provider: string, eventIds: readonly string[]): Promise<SalesDayRow[]>;
  /** `tix history coverage`: per agent's event (these, or every one stored), when it was tracked and where it was not. */
  coverage(events: readonly AgentEvent[] | undefined, gapIntervals: number): Promise<CoverageRow[]>;
  close(): Promise<void>;
}

/** Which tracked events `history list` shows; every filter optional. */
export interface TrackedEventFilter {
  /** Only events whose date is after this instant (events of unknown date are left out). */
  eventAfter?: string;
  /** Only events with a snapshot at or after this instant. */
  lastSnapshotSince?: string;
  /** Only events whose name contains this, in any case. */
  nameContains?: string;
}

export interface TrackedEventRow {
  /** The evt_ id; null for an agent's event the store has no evt_ id for (its one agent then has its id). */
  eventId: string | null;
  name: string | null;
  eventDate: string | null;
  /** The agents with snapshots, by code, in order. */
  agents: string[];
  /** For an event without evt_ id: its one agent's own event id (null otherwise). */
  agentEventId: string | null;
  snapshots: number;
  firstSnapshot: string;
  lastSnapshot: string;
  /** The market floor (src/market/floor.ts) at the latest snapshot: the lowest of the agents whose latest snapshot still counts then. */
  currentPrice: number | null;
  /** The agents left out of currentPrice: their latest snapshot is too old at the event's latest (src/market/floor.ts). */
  staleAgents: string[];
  lowestPrice: number | null;
  lowestAt: string | null;
  lowestAgent: string | null;
}

/**
 * One agent's figures for `history summary`, or those across agents (agent null) that are a snapshot's own:
 * `snapshots`, `latestAt`, the lowest (with when, where and the seat) and `highestPrice`; the market's current
 * price, changes and listings are the market floor's (src/market/floor.ts), null here.
 */
export interface PriceSummaryRow {
  agent: string | null;
  snapshots: number;
  latestAt: string;
  currentPrice: number | null;
  /** At the previous snapshot. */
  previousPrice: number | null;
  lowestPrice: number | null;
  lowestAt: string | null;
  /** Of a listing at the lowest price in that snapshot (the first by section, row and listing id). */
  lowestSection: string | null;
  lowestRow: string | null;
  highestPrice: number | null;
  listingsNow: number | null;
  listingsPeak: number | null;
  /** The agent's own event id (null across agents). */
  agentEventId: string | null;
  /** The median gap between the agent's consecutive snapshots (as CoverageRow's), seconds; null across agents or with one snapshot. */
  usualIntervalSeconds: number | null;
}

export type PeriodUnit = 'hour' | 'day' | 'week' | 'days-to-event';

/**
 * One agent's event as `history coverage` shows it. The usual interval is the median gap between its
 * consecutive snapshots (the lower middle one of an even count); a gap is one longer than `gapIntervals`
 * usual intervals.
 */
export interface CoverageRow {
  agent: string;
  agentEventId: string;
  /** The evt_ id the store knows for it, with the event's name and date. */
  eventId: string | null;
  name: string | null;
  eventDate: string | null;
  snapshots: number;
  firstSnapshot: string;
  lastSnapshot: string;
  /** Seconds; null with a single snapshot. */
  usualIntervalSeconds: number | null;
  /** Oldest first: the snapshots on either side of each gap. */
  gaps: { start: string; end: string }[];
}

/** A snapshot's lowest price and the period of `history --by` it falls in. */
export interface PeriodSnapshotRow {
  /** An hour: the ISO instant it starts; a day or a week: its (first) local date, YYYY-MM-DD; days-to-event: whole days before the event, as text. */
  period: string;
  agent: string;
  apiTimestamp: string;
  minPrice: number | null;
}

/** One section's listings in one snapshot: the lowest price, how many listings and tickets. */
export interface SectionSnapshotRow {
  agent: string;
  eventId: string;
  apiTimestamp: string;
  /** As the agent names it; '' when it gave none. */
  section: string;
  minPrice: number | null;
  listings: number;
  tickets: number;
}

/** A snapshot's listings gone since the agent's previous snapshot of the event (null: its first snapshot). */
export interface GoneListingsRow {
  agent: string;
  eventId: string;
  apiTimestamp: string;
  gone: number | null;
}

/** A row of table sales_daily, as `tix report` reads it. */
export type SalesDayRow = Omit<SalesDayRecord, 'fetchedAt'>;

/** A query of the user's (`tix history sql`) and how it runs. */
export interface SqlQuery {
  sql: string;
  /** The session's time zone (IANA): what a timestamp's date, hour or day is in the query. */
  timeZone: string;
  /**
   * Stops the query at once when aborted (DuckDB's interrupt; PostgreSQL's cancel request, so it does not
   * go on running on the server); `stopping` receives what is still under way, for the process to await
   * (briefly) before it exits.
   */
  signal?: AbortSignal;
  stopping?: (work: Promise<void>) => void;
  /** One line on stderr (PostgreSQL: the role the query runs as can do more than read). */
  warn?: (line: string) => void;
}

/**
 * The rows of a query, with the columns in its order, names made unique as DuckDB makes them (`id`, `id_1`).
 * Values are as tix prints them: numbers as numbers (a bigint too large for one as its digits; NaN and
 * ±Infinity as the text `NaN`, `Infinity`, `-Infinity`), timestamps in UTC ISO 8601, lists as arrays,
 * structs as objects, anything else as text.
 */
export interface SqlRows {
  columns: string[];
  batches: AsyncIterable<Record<string, unknown>[]>;
}

/** What `history export --since/--until` copies; every bound inclusive and optional. */
export interface CopyWindow {
  /** Bounds on a snapshot's API timestamp, ISO 8601. */
  since?: string;
  until?: string;
  /** Bounds on a sales day, YYYY-MM-DD. */
  fromDay?: string;
  toDay?: string;
}

/** What one record() stores: a copied batch, a run's fetch, a batch kept in the pending folder (pending.ts). */
export interface HistoryBatch {
  snapshots: SnapshotRecord[];
  sales: SalesDayRecord[];
  /** The events and their agents, after every snapshot and sales day (record() merges them, so a copy keeps first_seen and last_seen). */
  events?: EventRecord[];
}

/** Stores a whole batch with record(): the one place that spreads a batch into record()'s arguments. */
export function recordBatch(store: HistoryStore, batch: HistoryBatch, alerts?: AlertEvaluation): Promise<RecordResult> {
  return store.record(batch.snapshots, batch.sales, {
    ...(batch.events ? { events: batch.events } : {}),
    ...(alerts ? { alerts } : {}),
  });
}

/**
 * The store is held by another process past --lock-timeout (a DuckDB file a notebook or another run has
 * open): a writer keeps its batch in the pending folder instead of failing (pending.ts).
 */
export class HistoryBusyError extends TixError {
  constructor(
    message: string,
    /** The DuckDB file. */
    readonly file: string,
    /** The holding process's id, when the database names it. */
    readonly holder?: string,
  ) {
    // Exit 5 (docs/exit-codes.md): the file is there and fine, just held; try again later.
    super(message, ExitCode.UNAVAILABLE);
    this.name = 'HistoryBusyError';
  }
}

/** A snapshot as a row of table `snapshots` (snake_case, as analysts see it): what `track -o` prints, and what the stores write. */
export function snapshotRow(s: SnapshotRecord) {
  return {
    agent: s.agent,
    event_id: s.eventId,
    api_timestamp: s.apiTimestamp,
    fetched_at: s.fetchedAt,
    listings: s.figures.listings,
    tickets: s.figures.tickets,
    min_price: s.figures.minPrice,
    median_price: s.figures.medianPrice,
    max_price: s.figures.maxPrice,
  };
}
