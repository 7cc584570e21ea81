import type { InventoryListing } from '../../api/types.js';

/**
 * One listing as an output row, the same for `inventory` and `events view --listings`: who lists it first,
 * then the documented fields, then the agent's own extra fields (they vary by agent), and the timestamp of
 * the answer it came in last.
 */
export function listingRow(owner: Record<string, string>, listing: InventoryListing, timestamp: string): Record<string, unknown> {
  const { section, row, quantity, price, listingId, ...extra } = listing;
  return { ...owner, section, row, quantity, price, listingId, ...extra, timestamp };
}
