import { MarketFloor } from '../../market/floor.js';
import { zoneOf } from '../../market/zones.js';
import type { SectionSnapshotRow, SnapshotRow } from '../../store/store.js';

/** One section's (or zone's) market floor: ALL over its listings alone, as `--section <name>` computes it. */
export interface SectionFloor {
  /** The section as the agents name it, or the zone. */
  name: string;
  /** Its zone (a zone's own name, per zone). */
  zone: string;
  floor: MarketFloor;
  /** The lowest price its listings ever had in the window. */
  lowest: number | null;
}

/**
 * The floor per section or per zone of an event, from its snapshots and their listings per section
 * (store.sectionSnapshots, the same listing filter): for each section, every agent's snapshots with the lowest
 * price of their listings in that section (none: no price then), read by MarketFloor as `history --section
 * <name>` reads them, so an agent's snapshot counts by the same usual interval and staleness rule as for ALL.
 * A zone's price in a snapshot is the lowest of its sections'. Sorted by name, sections by their zone first.
 */
export function sectionFloors(
  snapshots: readonly SnapshotRow[],
  sections: readonly SectionSnapshotRow[],
  per: 'section' | 'zone',
): SectionFloor[] {
  const keyOf = (section: string) => (per === 'zone' ? zoneOf(section) : section);
  // key -> agent -> instant -> { price, listings, tickets }
  const cells = new Map<string, Map<string, Map<number, { price: number | null; listings: number; tickets: number }>>>();
  const zones = new Map<string, string>();
  for (const row of sections) {
    const key = keyOf(row.section);
    zones.set(key, zoneOf(row.section));
    let agents = cells.get(key);
    if (!agents) cells.set(key, (agents = new Map()));
    let instants = agents.get(row.agent);
    if (!instants) agents.set(row.agent, (instants = new Map()));
    const at = Date.parse(row.apiTimestamp);
    const held = instants.get(at);
    if (!held) instants.set(at, { price: row.minPrice, listings: row.listings, tickets: row.tickets });
    else {
      held.listings += row.listings;
      held.tickets += row.tickets;
      if (row.minPrice !== null && (held.price === null || row.minPrice < held.price)) held.price = row.minPrice;
    }
  }
  const byAgent = new Map<string, number[]>();
  for (const s of snapshots) {
    const list = byAgent.get(s.agent);
    if (list) list.push(Date.parse(s.apiTimestamp));
    else byAgent.set(s.agent, [Date.parse(s.apiTimestamp)]);
  }
  const found: SectionFloor[] = [];
  for (const [key, agents] of cells) {
    let lowest: number | null = null;
    const timelines = [...byAgent].map(([agent, times]) => ({
      agent,
      snapshots: times.map((at) => {
        const cell = agents.get(agent)?.get(at);
        if (cell?.price != null && (lowest === null || cell.price < lowest)) lowest = cell.price;
        return { at, price: cell?.price ?? null, listings: cell?.listings ?? 0, tickets: cell?.tickets ?? 0 };
      }),
    }));
    found.push({ name: key, zone: zones.get(key)!, floor: new MarketFloor(timelines), lowest });
  }
  return found.sort((a, b) => compare(a.zone, b.zone) || compare(a.name, b.name));
}

function compare(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });
}
