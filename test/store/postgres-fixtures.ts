/** Snapshots and sales days to record in the PostgreSQL store tests, built the way `tix track` builds them. */
import { marketFigures } from '../../src/market/figures.js';
import type { ListingRecord, SalesDayRecord, SnapshotRecord } from '../../src/store/store.js';

export function listing(listingId: string, price: number, quantity = 2, section = '101', row = 'A'): ListingRecord {
  return {
    listingId,
    section,
    row,
    quantity,
    price,
    extra: { seats: [`${row}1`, `${row}2`], delivery: 'mobile', note: `it's "${listingId}"` },
  };
}

export function snapshot(agent: string, eventId: string, apiTimestamp: string, listings: ListingRecord[]): SnapshotRecord {
  const fetchedAt = new Date(Date.parse(apiTimestamp) + 1500).toISOString();
  return { agent, eventId, apiTimestamp, fetchedAt, figures: marketFigures(listings), listings };
}

export function salesDay(eventId: string, date: string, fetchedAt: string, totalTickets: number): SalesDayRecord {
  return {
    provider: 'stubhub',
    eventId,
    date,
    totalTickets,
    totalSales: totalTickets * 120.5,
    minPrice: 80,
    maxPrice: 250.25,
    avgPrice: 120.5,
    fetchedAt,
  };
}

/** `count` snapshots of `events` events, each with `perSnapshot` listings whose prices move over time. */
export function manySnapshots(events: number, times: number, perSnapshot: number): SnapshotRecord[] {
  const out: SnapshotRecord[] = [];
  for (let e = 0; e < events; e++) {
    for (let t = 0; t < times; t++) {
      const at = new Date(Date.UTC(2026, 2, 1, t)).toISOString();
      const listings = Array.from({ length: perSnapshot }, (_, i) =>
        listing(`L${e}-${i}`, 50 + ((i * 7 + t * 3) % 90) + 0.25, 1 + (i % 4), `${100 + (i % 5)}`),
      );
      out.push(snapshot(e % 2 ? 'TMUSA' : 'STUBHUB', `E${String(e).padStart(5, '0')}`, at, listings));
    }
  }
  return out;
}
