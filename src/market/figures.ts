/**
 * The figures tix reports for one agent's listings of one event, or for a whole market: `events view`,
 * `inventory`'s summary lines, and the snapshots `track` stores all compute them here, so they agree.
 */
export interface PricedListing {
  quantity: number;
  price: number;
}

export interface MarketFigures {
  /** Number of listings. */
  listings: number;
  /** Tickets across those listings. */
  tickets: number;
  /** Prices per ticket; null when there are no listings. */
  minPrice: number | null;
  /** Median of the listings' prices (each listing counts once, whatever its quantity). */
  medianPrice: number | null;
  maxPrice: number | null;
}

export function marketFigures(listings: readonly PricedListing[]): MarketFigures {
  const prices = listings
    .map((l) => l.price)
    .filter((p) => Number.isFinite(p))
    .sort((a, b) => a - b);
  const tickets = listings.reduce((n, l) => n + (Number.isFinite(l.quantity) ? l.quantity : 0), 0);
  if (prices.length === 0) return { listings: listings.length, tickets, minPrice: null, medianPrice: null, maxPrice: null };
  return { listings: listings.length, tickets, minPrice: prices[0]!, medianPrice: median(prices), maxPrice: prices[prices.length - 1]! };
}

/** Median of numbers already sorted ascending; the mean of the middle two for an even count, to the cent. */
export function median(sorted: readonly number[]): number {
  const mid = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.round(value * 100) / 100;
}
