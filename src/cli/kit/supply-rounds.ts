import type { MarketFloor } from '../../market/floor.js';
import type { GoneListingsRow } from '../../store/store.js';

/** What was on offer at one round (an instant some agent has a snapshot at), and what went since the previous. */
export interface SupplyRound {
  at: number;
  /** The listings and tickets of the agents that count then (ALL's, src/market/floor.ts; one agent: its own). */
  listings: number;
  tickets: number;
  /** Listings of the previous snapshot of each agent with a snapshot at this instant that are not in it; null when none has a previous one. */
  gone: number | null;
}

/**
 * Supply per round, for `tix report` and `history --by ... --supply`: on offer as the market floor counts it
 * (so it agrees with summary's listings_now and tickets_now), gone summed over the agents whose snapshot is
 * at this instant (store.goneListings). "Gone" is not "sold": a listing withdrawn is gone too.
 */
export function supplyRounds(market: MarketFloor, gone: readonly GoneListingsRow[], since?: number, until?: number): SupplyRound[] {
  const goneAt = new Map<number, number | null>();
  for (const row of gone) {
    const at = Date.parse(row.apiTimestamp);
    const held = goneAt.get(at);
    goneAt.set(at, row.gone === null ? (held ?? null) : (held ?? 0) + row.gone);
  }
  return market.series(since, until).map((point) => ({
    at: point.at,
    listings: point.listings,
    tickets: point.tickets,
    gone: goneAt.get(point.at) ?? null,
  }));
}
