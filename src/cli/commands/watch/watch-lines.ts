import type { InventoryListing } from '../../../api/types.js';
import type { MarketFigures } from '../../../market/figures.js';
import type { ListingChange } from '../../../market/listing-diff.js';

/**
 * The lines `tix watch` prints, as data: NDJSON writes them as they are, a terminal gets them coloured
 * (watch-terminal.ts). Every line names its agent, event and the API timestamp of the poll it came from.
 */
export interface ChangeLine {
  type: 'added' | 'removed' | 'price' | 'quantity';
  agent: string;
  eventId: string;
  listingId: string;
  section: string;
  row: string;
  /** The listing now (for `removed`, as last seen). */
  quantity: number;
  price: number;
  /** Price or quantity before and after, for `price` and `quantity` lines. */
  old?: number;
  new?: number;
  timestamp: string;
}

export interface SnapshotLine extends MarketFigures {
  type: 'snapshot';
  agent: string;
  eventId: string;
  timestamp: string;
}

export type WatchLine = ChangeLine | SnapshotLine;

export interface PolledEvent {
  agent: string;
  eventId: string;
  timestamp: string;
}

export function changeLine(event: PolledEvent, change: ListingChange<InventoryListing>): ChangeLine {
  const { listingId, section, row, quantity, price } = change.listing;
  const listing = { type: change.type, agent: event.agent, eventId: event.eventId, listingId, section, row, quantity, price };
  // The timestamp last, after `old` and `new`, in every line.
  if (change.type === 'price' || change.type === 'quantity')
    return { ...listing, old: change.old, new: change.new, timestamp: event.timestamp };
  return { ...listing, timestamp: event.timestamp };
}

export function snapshotLine(event: PolledEvent, figures: MarketFigures): SnapshotLine {
  return { type: 'snapshot', agent: event.agent, eventId: event.eventId, ...figures, timestamp: event.timestamp };
}

export function ndjsonLine(line: WatchLine): string {
  return `${JSON.stringify(line)}\n`;
}
