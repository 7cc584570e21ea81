import { describe, expect, it } from 'vitest';
import { byListingId, diffListings, type DiffableListing, type ListingChange } from '../../src/market/listing-diff.js';

interface L extends DiffableListing {
  section: string;
}

const l = (listingId: string, price: number, quantity: number): L => ({ listingId, price, quantity, section: '101' });

/** Applies changes to a state, the way a script reading `tix watch` would. */
function apply(state: Map<string, L>, changes: ListingChange<L>[]): Map<string, L> {
  const next = new Map(state);
  for (const change of changes) {
    if (change.type === 'removed') next.delete(change.listing.listingId);
    else next.set(change.listing.listingId, change.listing);
  }
  return next;
}

describe('diffListings', () => {
  it('reports every listing as added when there is no previous state', () => {
    const current = byListingId([l('a', 10, 2), l('b', 20, 4)]);
    expect(diffListings(new Map(), current)).toEqual([
      { type: 'added', listing: l('a', 10, 2) },
      { type: 'added', listing: l('b', 20, 4) },
    ]);
  });

  it('reports nothing when nothing changed', () => {
    const listings = [l('a', 10, 2), l('b', 20, 4)];
    expect(diffListings(byListingId(listings), byListingId(listings.map((x) => ({ ...x }))))).toEqual([]);
  });

  it('reports additions, price and quantity changes in the current order, then removals in the previous order', () => {
    const previous = byListingId([l('gone1', 5, 1), l('a', 10, 2), l('b', 20, 4), l('gone2', 7, 2), l('c', 30, 6)]);
    const current = byListingId([l('new', 12, 2), l('c', 28.5, 6), l('b', 20, 2), l('a', 11, 1)]);
    expect(diffListings(previous, current)).toEqual([
      { type: 'added', listing: l('new', 12, 2) },
      { type: 'price', listing: l('c', 28.5, 6), old: 30, new: 28.5 },
      { type: 'quantity', listing: l('b', 20, 2), old: 4, new: 2 },
      { type: 'price', listing: l('a', 11, 1), old: 10, new: 11 },
      { type: 'quantity', listing: l('a', 11, 1), old: 2, new: 1 },
      { type: 'removed', listing: l('gone1', 5, 1) },
      { type: 'removed', listing: l('gone2', 7, 2) },
    ]);
  });

  it('reports everything removed when the listings are gone', () => {
    const previous = byListingId([l('a', 10, 2)]);
    expect(diffListings(previous, new Map())).toEqual([{ type: 'removed', listing: l('a', 10, 2) }]);
  });

  it('gives changes that turn the previous state into the current one', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    let state = new Map<string, L>();
    for (let round = 0; round < 50; round++) {
      const listings = Array.from({ length: 30 }, (_, k) => k)
        .filter(() => random() < 0.6)
        .map((k) => l(`id${k}`, 10 + Math.floor(random() * 3), 1 + Math.floor(random() * 3)));
      const current = byListingId(listings);
      state = apply(state, diffListings(state, current));
      expect([...state.values()].sort((x, y) => x.listingId.localeCompare(y.listingId))).toEqual(
        [...current.values()].sort((x, y) => x.listingId.localeCompare(y.listingId)),
      );
    }
  });

  it('keeps the last of a repeated listing id', () => {
    expect([...byListingId([l('a', 10, 2), l('a', 12, 2)]).values()]).toEqual([l('a', 12, 2)]);
  });
});
