import { MarketFloor } from '../market/floor.js';
import { sectionMatcher } from '../shared/wildcard.js';
import type { AlertRule, StoredLatest, WeighedSnapshot } from './store.js';

/**
 * Which alert rules the snapshots of one record() fire (docs/alerts.md). Pure: each store loads the rules
 * (locked, in PostgreSQL) and the events of the snapshots inside its record transaction, asks this, and
 * writes the answer in the same transaction, so a new low is notified once however many runs store it.
 */

/** The service's event an agent's event belongs to (table event_agents), with its name and date (table events). */
export interface EventOfAgent {
  eventId: string;
  name: string | null;
  eventDate: string | null;
}

type WeighedListing = WeighedSnapshot['listings'][number];

export interface Firing {
  rule: AlertRule;
  snapshot: WeighedSnapshot;
  listing: WeighedListing;
  event: EventOfAgent | undefined;
}

export interface Evaluation {
  fired: Firing[];
  /** Rules whose --drop baseline was not set yet: the lowest matching price now. */
  baselines: { ruleId: number; price: number }[];
}

/** The evt_ ids of the events these snapshots belong to that a rule on a whole event watches. */
export function eventsWithRules(rules: readonly AlertRule[], eventOf: ReadonlyMap<string, EventOfAgent>): string[] {
  const watched = new Set(rules.flatMap((r) => (r.agentEventId === null && r.eventId !== null && !r.paused ? [r.eventId] : [])));
  return [...new Set([...eventOf.values()].map((e) => e.eventId))].filter((id) => watched.has(id));
}

/** `agent` and its event id as one map key. */
export function agentEventKey(agent: string, agentEventId: string): string {
  return `${agent}\u0000${agentEventId}`;
}

/**
 * A rule fires when its cheapest matching listing (at or below --below, at least --min-quantity, in a
 * --section, at --agent) is strictly below the price it last notified (or it never notified), and with
 * --drop, at least that many percent below its baseline. Only the latest snapshot of each agent's event
 * counts, and none taken after the rule's `until`. A rule on a whole event (an evt_ id) weighs the market as
 * ALL is defined (src/market/floor.ts): besides the run's snapshots, each other agent's latest stored one
 * (`stored`) while it is current at the run's latest snapshot of the event, and none that is stale.
 */
export function evaluateAlerts(
  rules: readonly AlertRule[],
  snapshots: readonly WeighedSnapshot[],
  eventOf: ReadonlyMap<string, EventOfAgent>,
  stored: readonly StoredLatest[] = [],
): Evaluation {
  const latest = new Map<string, WeighedSnapshot>();
  for (const s of snapshots) {
    const key = agentEventKey(s.agent, s.eventId);
    const held = latest.get(key);
    if (!held || Date.parse(s.apiTimestamp) > Date.parse(held.apiTimestamp)) latest.set(key, s);
  }
  const byAgentEvent = new Map<string, AlertRule[]>();
  const byEvent = new Map<string, AlertRule[]>();
  for (const rule of rules) {
    if (rule.paused) continue;
    if (rule.agentEventId !== null && rule.agent !== null) push(byAgentEvent, agentEventKey(rule.agent, rule.agentEventId), rule);
    else if (rule.eventId !== null) push(byEvent, rule.eventId, rule);
  }
  const seen = new Map<AlertRule, WeighedSnapshot[]>();
  for (const [key, snapshot] of latest) {
    const event = eventOf.get(key);
    const atEvent = event ? (byEvent.get(event.eventId) ?? []).filter((r) => r.agent === null || r.agent === snapshot.agent) : [];
    for (const rule of [...(byAgentEvent.get(key) ?? []), ...atEvent]) {
      if (rule.until !== null && Date.parse(snapshot.apiTimestamp) > Date.parse(rule.until)) continue;
      const list = seen.get(rule);
      if (list) list.push(snapshot);
      else seen.set(rule, [snapshot]);
    }
  }
  for (const [rule, fresh] of seen) {
    if (rule.agentEventId !== null || rule.eventId === null) continue;
    const others = stored.filter((s) => s.eventId === rule.eventId && (rule.agent === null || s.snapshot.agent === rule.agent));
    seen.set(rule, counting(fresh, others));
  }
  const evaluation: Evaluation = { fired: [], baselines: [] };
  for (const [rule, ruleSnapshots] of [...seen].sort(([a], [b]) => a.id - b.id)) {
    const matches = listingMatcher(rule);
    let lowest: { snapshot: WeighedSnapshot; listing: WeighedListing } | undefined;
    let cheapest: { snapshot: WeighedSnapshot; listing: WeighedListing } | undefined;
    for (const snapshot of ruleSnapshots) {
      for (const listing of snapshot.listings) {
        if (!matches(listing)) continue;
        if (!lowest || listing.price < lowest.listing.price) lowest = { snapshot, listing };
        if (rule.below !== null && listing.price > rule.below) continue;
        if (!cheapest || listing.price < cheapest.listing.price) cheapest = { snapshot, listing };
      }
    }
    if (rule.dropPercent !== null && rule.baselinePrice === null) {
      // Nothing to compare a drop with yet: this price is where the rule starts.
      if (lowest) evaluation.baselines.push({ ruleId: rule.id, price: lowest.listing.price });
      continue;
    }
    if (!cheapest) continue;
    const price = cheapest.listing.price;
    if (rule.lastNotifiedPrice !== null && !(price < rule.lastNotifiedPrice)) continue;
    if (rule.dropPercent !== null && !(price <= (rule.baselinePrice ?? 0) * (1 - rule.dropPercent / 100) + 1e-9)) continue;
    evaluation.fired.push({ rule, ...cheapest, event: eventOf.get(agentEventKey(cheapest.snapshot.agent, cheapest.snapshot.eventId)) });
  }
  return evaluation;
}

/** The run's snapshots of one event (`fresh`), and each other agent's latest stored one that counts at the latest of the run's. */
function counting(fresh: readonly WeighedSnapshot[], stored: readonly StoredLatest[]): WeighedSnapshot[] {
  const own = new Set(fresh.map((s) => s.agent));
  const instant = Math.max(...fresh.map((s) => Date.parse(s.apiTimestamp)));
  return [...fresh, ...countingAt(stored, instant).filter((s) => !own.has(s.agent))];
}

/** The latest stored snapshots of an event that count at the latest of them (a --drop rule's baseline when it is added). */
export function countingNow(stored: readonly StoredLatest[]): WeighedSnapshot[] {
  return stored.length === 0 ? [] : countingAt(stored, Math.max(...stored.map((s) => Date.parse(s.snapshot.apiTimestamp))));
}

/** Which of the agents' latest stored snapshots count at the instant, by their usual intervals (src/market/floor.ts). */
function countingAt(stored: readonly StoredLatest[], instant: number): WeighedSnapshot[] {
  const market = new MarketFloor(
    stored.map((s) => ({
      agent: s.snapshot.agent,
      usualMs: s.usualMs,
      snapshots: [{ at: Date.parse(s.snapshot.apiTimestamp), price: null, listings: 0 }],
    })),
  );
  return stored.filter((s) => market.agentAt(s.snapshot.agent, instant) !== undefined).map((s) => s.snapshot);
}

type Priced = Pick<WeighedListing, 'price' | 'quantity' | 'section'>;

/** A rule's listing filters (--min-quantity, --section), --below aside. */
function listingMatcher(rule: Pick<AlertRule, 'minQuantity' | 'section'>): (listing: Priced) => boolean {
  const section = rule.section === null ? () => true : sectionMatcher(rule.section);
  return (listing) =>
    Number.isFinite(listing.price) &&
    (rule.minQuantity === null || listing.quantity >= rule.minQuantity) &&
    section(String(listing.section ?? ''));
}

/** The lowest price of the listings a rule's filters keep: a --drop rule's baseline when it is added. */
export function lowestMatching(rule: Pick<AlertRule, 'minQuantity' | 'section'>, listings: readonly Priced[]): number | null {
  const matches = listingMatcher(rule);
  let lowest: number | null = null;
  for (const listing of listings) if (matches(listing) && (lowest === null || listing.price < lowest)) lowest = listing.price;
  return lowest;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
