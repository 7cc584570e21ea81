import { sectionMatcher } from '../shared/wildcard.js';
import type { AlertRule, ListingRecord, SnapshotRecord } from './store.js';

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

export interface Firing {
  rule: AlertRule;
  snapshot: SnapshotRecord;
  listing: ListingRecord;
  event: EventOfAgent | undefined;
}

export interface Evaluation {
  fired: Firing[];
  /** Rules whose --drop baseline was not set yet: the lowest matching price now. */
  baselines: { ruleId: number; price: number }[];
}

/** `agent` and its event id as one map key. */
export function agentEventKey(agent: string, agentEventId: string): string {
  return `${agent}\u0000${agentEventId}`;
}

/**
 * A rule fires when its cheapest matching listing (at or below --below, at least --min-quantity, in a
 * --section, at --agent) is strictly below the price it last notified (or it never notified), and with
 * --drop, at least that many percent below its baseline. Only the latest snapshot of each agent's event
 * counts, and none taken after the rule's `until`.
 */
export function evaluateAlerts(
  rules: readonly AlertRule[],
  snapshots: readonly SnapshotRecord[],
  eventOf: ReadonlyMap<string, EventOfAgent>,
): Evaluation {
  const latest = new Map<string, SnapshotRecord>();
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
  const seen = new Map<AlertRule, SnapshotRecord[]>();
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
  const evaluation: Evaluation = { fired: [], baselines: [] };
  for (const [rule, ruleSnapshots] of [...seen].sort(([a], [b]) => a.id - b.id)) {
    const matches = listingMatcher(rule);
    let lowest: { snapshot: SnapshotRecord; listing: ListingRecord } | undefined;
    let cheapest: { snapshot: SnapshotRecord; listing: ListingRecord } | undefined;
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

type Priced = Pick<ListingRecord, 'price' | 'quantity' | 'section'>;

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
