/**
 * What changed between two polls of one agent's event, keyed by listing id: `tix watch` prints these.
 * A listing keeps its id while it is on sale, so a new id is a new listing and a missing one was sold or
 * withdrawn; the same id with another price or quantity is a change to that listing.
 */
export interface DiffableListing {
  listingId: string;
  price: number;
  quantity: number;
}

export type ListingChange<L extends DiffableListing> =
  | { type: 'added'; listing: L }
  | { type: 'removed'; listing: L }
  | { type: 'price'; listing: L; old: number; new: number }
  | { type: 'quantity'; listing: L; old: number; new: number };

/** Listings by id, in the order given: the state one poll leaves for the next. A repeated id keeps its last listing. */
export function byListingId<L extends DiffableListing>(listings: readonly L[]): Map<string, L> {
  return new Map(listings.map((listing) => [listing.listingId, listing]));
}

/**
 * The changes from `previous` to `current`: in the current order, each new listing (`added`) and each
 * price and quantity change (price first, both when both changed); then, in the previous order, the
 * listings no longer there (`removed`, with their last known figures). Applying them to `previous` gives
 * `current`'s ids, prices and quantities. No previous state (the first poll) makes every listing `added`.
 */
export function diffListings<L extends DiffableListing>(
  previous: ReadonlyMap<string, L>,
  current: ReadonlyMap<string, L>,
): ListingChange<L>[] {
  const changes: ListingChange<L>[] = [];
  for (const [id, listing] of current) {
    const before = previous.get(id);
    if (before === undefined) {
      changes.push({ type: 'added', listing });
      continue;
    }
    if (before.price !== listing.price) changes.push({ type: 'price', listing, old: before.price, new: listing.price });
    if (before.quantity !== listing.quantity) changes.push({ type: 'quantity', listing, old: before.quantity, new: listing.quantity });
  }
  for (const [id, listing] of previous) if (!current.has(id)) changes.push({ type: 'removed', listing });
  return changes;
}
