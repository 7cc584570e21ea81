import { ALL_AGENTS, type FloorPoint, MarketFloor, timelinesOf } from '../../market/floor.js';
import type { AgentEvent, HistoryStore, ListingFilter, PriceSummaryRow, SnapshotRow } from '../../store/store.js';
import { outputInstant } from '../../store/timestamps.js';

/**
 * The figures of `tix history summary`, computed once for both commands that show them: `history summary`
 * (one event, per agent and ALL) and `tix report` (its overview and each event's figures). The store gives
 * what is a snapshot's own (priceSummary); what depends on which agents counted at an instant (ALL's current
 * price, every change, ALL's listings and tickets) is the market floor's, src/market/floor.ts.
 */

const DAY_MS = 86_400_000;

/** What the store gives for one event's summary: its figures per agent and across them, and every snapshot. */
export interface SummaryInputs {
  rows: PriceSummaryRow[];
  snapshots: SnapshotRow[];
}

/**
 * Reads the summary inputs of each group of agents' events (an evt_ id's agents, or one agent's event), in one
 * query of each kind for all of them: `tix report` asks for fifty events at once.
 */
export async function readSummaryInputs(
  store: HistoryStore,
  groups: readonly (readonly AgentEvent[])[],
  filter: ListingFilter | undefined,
): Promise<SummaryInputs[]> {
  const rows = await store.priceSummary(groups, filter);
  // Every snapshot, for the figures that depend on which agents were current when (src/market/floor.ts).
  const all = groups.flat();
  const snapshots = all.length === 0 ? [] : await store.snapshots({ events: all, ...(filter ? { listings: filter } : {}) });
  const groupOf = new Map<string, number>();
  groups.forEach((events, g) => {
    for (const e of events) groupOf.set(`${e.agent}\u0000${e.eventId}`, g);
  });
  const split = groups.map((): SnapshotRow[] => []);
  for (const s of snapshots) split[groupOf.get(`${s.agent}\u0000${s.eventId}`)!]!.push(s);
  return groups.map((_, g) => ({ rows: rows[g] ?? [], snapshots: split[g]! }));
}

export interface SummaryProbes {
  /** The run's clock, epoch ms: 24 hours and 7 days are counted back from it. */
  now: number;
  /** --since/--until (ISO 8601): change_range over this window. */
  range?: { since: string; until: string } | undefined;
}

/** A row's figures: the store's, and those that depend on which snapshots counted at an instant. */
export interface SummaryFigures {
  row: PriceSummaryRow;
  current: number | null;
  previous: number | null;
  dayAgo: number | null;
  weekAgo: number | null;
  rangeStart: number | null;
  rangeEnd: number | null;
  listingsNow: number;
  listingsPeak: number;
  ticketsNow: number;
  ticketsPeak: number;
  /** Across agents: those left out at the latest snapshot. */
  stale: string[];
  /** Across agents: the agent with the current price (the first by code on a tie); an agent's own row: itself. */
  currentAgent: string | null;
}

/** The event's market floor, from its snapshots (with their tickets). */
export function marketOfSnapshots(snapshots: readonly SnapshotRow[]): MarketFloor {
  return new MarketFloor(timelinesOf(snapshots.map(floorSnapshot)));
}

/**
 * Each row's figures, the row across agents (ALL) only for an evt_ id (for one agent's event it would repeat
 * that agent's row), in the store's order: agents by code, then ALL.
 */
export function summaryFigures(inputs: SummaryInputs, wholeEvent: boolean, probes: SummaryProbes): SummaryFigures[] {
  const market = marketOfSnapshots(inputs.snapshots);
  const shown = wholeEvent ? inputs.rows : inputs.rows.filter((r) => r.agent !== null);
  const p: Probes = { dayAgo: probes.now - DAY_MS, weekAgo: probes.now - 7 * DAY_MS, range: probes.range };
  return shown.map((row) => (row.agent === null ? marketFigures(row, market, p) : agentFigures(row, market, inputs.snapshots, p)));
}

interface Probes {
  dayAgo: number;
  weekAgo: number;
  range: { since: string; until: string } | undefined;
}

function floorSnapshot(s: SnapshotRow) {
  return { agent: s.agent, at: Date.parse(s.apiTimestamp), price: s.minPrice, listings: s.listings, tickets: s.tickets };
}

/**
 * A change's earlier price is the one that counted at the probe (the latest snapshot then, unless older than
 * twice the usual interval: src/market/floor.ts), and only when a snapshot falls between the probe and the
 * latest: a history that stopped shows no change, not the latest snapshot compared with itself, and a pause
 * never stretches "24 hours" into the 52 since the snapshot before it.
 */
function baseline(priceAt: (instant: number) => number | null, probe: number, latest: number): number | null {
  return latest >= probe ? priceAt(probe) : null;
}

/** The change over --since/--until, by the same rule: the price that counted at each end, with a snapshot inside. */
function rangeEnds(priceAt: (instant: number) => number | null, range: Probes['range'], instants: readonly number[]) {
  if (!range) return { rangeStart: null, rangeEnd: null };
  const [since, until] = [Date.parse(range.since), Date.parse(range.until)];
  const inside = instants.some((at) => at >= since && at <= until);
  return { rangeStart: priceAt(since), rangeEnd: inside ? priceAt(until) : null };
}

function agentFigures(row: PriceSummaryRow, market: MarketFloor, snapshots: readonly SnapshotRow[], probes: Probes): SummaryFigures {
  const agent = row.agent!;
  const latest = Date.parse(row.latestAt);
  const priceAt = (instant: number) => market.agentAt(agent, instant)?.price ?? null;
  const own = snapshots.filter((s) => s.agent === agent);
  return {
    row,
    current: row.currentPrice,
    previous: row.previousPrice,
    dayAgo: baseline(priceAt, probes.dayAgo, latest),
    weekAgo: baseline(priceAt, probes.weekAgo, latest),
    ...rangeEnds(
      priceAt,
      probes.range,
      market.instants().filter((at) => market.agentAt(agent, at)?.at === at),
    ),
    listingsNow: row.listingsNow ?? 0,
    listingsPeak: row.listingsPeak ?? 0,
    // The tickets of the agent's latest snapshot (its listings' sum at one instant, as listings_now), and the most in one.
    ticketsNow: own.filter((s) => Date.parse(s.apiTimestamp) === latest).reduce((n, s) => n + s.tickets, 0),
    ticketsPeak: own.reduce((most, s) => Math.max(most, s.tickets), 0),
    stale: [],
    currentAgent: agent,
  };
}

/**
 * ALL: the market floor at the latest snapshot, against the floor at the instant before it, a day and a week
 * ago and at either end of --since/--until; its listings (and tickets) now are the current agents' together,
 * its peak the most they offered together at any snapshot.
 */
function marketFigures(row: PriceSummaryRow, market: MarketFloor, probes: Probes): SummaryFigures {
  const instants = market.instants();
  const latest = instants.at(-1)!;
  const now: FloorPoint = market.at(latest);
  const priceAt = (instant: number) => market.at(instant).price;
  const series = market.series();
  return {
    row,
    current: now.price,
    previous: instants.length > 1 ? priceAt(instants.at(-2)!) : null,
    dayAgo: baseline(priceAt, probes.dayAgo, latest),
    weekAgo: baseline(priceAt, probes.weekAgo, latest),
    ...rangeEnds(priceAt, probes.range, instants),
    listingsNow: now.listings,
    listingsPeak: series.reduce((most, p) => Math.max(most, p.listings), 0),
    ticketsNow: now.tickets,
    ticketsPeak: series.reduce((most, p) => Math.max(most, p.tickets), 0),
    stale: now.stale,
    currentAgent: now.agent,
  };
}

/** A summary row as `history summary` prints it (`-o json`: stale_agents a list); `report -o json` gives the same records. */
export function summaryRecord(
  f: SummaryFigures,
  daysLeft: number | null,
  withRange: boolean,
  listAsJson: boolean,
): Record<string, unknown> {
  const { row } = f;
  return {
    agent: row.agent ?? ALL_AGENTS,
    snapshots: row.snapshots,
    latest: outputInstant(row.latestAt),
    current_price: f.current,
    current_agent: f.currentAgent,
    stale_agents: row.agent !== null ? null : listAsJson ? f.stale : f.stale.join(','),
    change: change(f.current, f.previous),
    change_24h: change(f.current, f.dayAgo),
    change_7d: change(f.current, f.weekAgo),
    ...(withRange ? { change_range: change(f.rangeEnd, f.rangeStart) } : {}),
    lowest_price: row.lowestPrice,
    lowest_at: row.lowestAt === null ? null : outputInstant(row.lowestAt),
    lowest_section: row.lowestSection,
    lowest_row: row.lowestRow,
    highest_price: row.highestPrice,
    listings_now: f.listingsNow,
    listings_peak: f.listingsPeak,
    tickets_now: f.ticketsNow,
    tickets_peak: f.ticketsPeak,
    days_left: daysLeft,
  };
}

/** Whole days to the event (30 hours: 1; 5 hours: 0); empty when its date is unknown or has passed. */
export function daysLeft(eventDate: string | null, now: number): number | null {
  if (eventDate === null || Date.parse(eventDate) <= now) return null;
  return Math.floor((Date.parse(eventDate) - now) / DAY_MS);
}

/** To the cent (prices are per ticket, in cents; a double's difference is not); empty when either side has no price. */
export function change(now: number | null, then: number | null): number | null {
  return now === null || then === null ? null : Math.round((now - then) * 100) / 100;
}
