import type { DailySales, EventHeader } from '../../api/types.js';
import { money } from '../../output/money.js';

/** Venue, city, state, country: whichever the API sent, comma-separated (sales header or event listing). */
export function placeOf(fields: { readonly [field: string]: unknown }): string {
  return [fields.venue, fields.city, fields.state, fields.country].filter((part) => typeof part === 'string' && part !== '').join(', ');
}

/** The event a sales table is about, above the table (table output only). */
export function eventHeaderLines(header: EventHeader): string[] {
  const place = placeOf(header);
  const range =
    header.minimumSalesDataDate && header.maximumSalesDataDate
      ? `${header.minimumSalesDataDate.slice(0, 10)} to ${header.maximumSalesDataDate.slice(0, 10)}`
      : 'none';
  return [
    `${header.name} (${header.marketplace ?? 'marketplace'} ${header.marketplaceId})`,
    `${place}; event ${String(header.date ?? header.eventDate ?? '').replace('T', ' ')}`,
    `Sales data: ${range}`,
  ];
}

export interface Totals {
  tickets: number;
  revenue: number;
  /** Weighted by tickets: revenue over tickets, not the mean of daily averages. */
  averagePrice: number;
}

export function totals(days: readonly DailySales[]): Totals {
  const tickets = days.reduce((n, d) => n + d.totalTickets, 0);
  const revenue = Math.round(days.reduce((n, d) => n + d.totalSales, 0) * 100) / 100;
  return { tickets, revenue, averagePrice: tickets ? Math.round((revenue / tickets) * 100) / 100 : 0 };
}

export function totalsLine(t: Totals): string {
  return `Total: ${t.tickets.toLocaleString('en-US')} tickets, ${money(t.revenue)} revenue, average ${money(t.averagePrice)} per ticket`;
}
