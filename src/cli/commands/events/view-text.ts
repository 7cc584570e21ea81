import type { EventListing, SalesSummaryResponse } from '../../../api/types.js';
import { dailySeries, sparkline } from '../../../market/sparkline.js';
import { formatDatetime, safeText } from '../../../output/table-cells.js';
import { displayWidth, fitLines } from '../../../output/text-width.js';
import { describeFilter, isFiltering, type ListingFilter } from '../../kit/listing-filters.js';
import { placeOf, totals, totalsLine } from '../../kit/sales-text.js';

/**
 * The text around the tables of `tix events view` (table output only): the event above, the sales below.
 * Scripts get the same facts from -o json.
 */

export interface SalesWindow {
  /** The StubHub id the sales are kept under. */
  stubhubId: string;
  from: string;
  to: string;
  response: SalesSummaryResponse;
}

/**
 * Name, place, and the date in the event's local time and in UTC. The listing carries only the UTC
 * instant; the local time (with its offset) comes from the sales header, the one payload that has it.
 */
export function eventBlockLines(
  event: EventListing,
  salesHeader: SalesSummaryResponse | undefined,
  filter: ListingFilter,
  width: number | undefined,
): string[] {
  const utc = typeof event.eventDate === 'string' ? utcText(event.eventDate) : undefined;
  const local = typeof salesHeader?.date === 'string' ? formatDatetime(salesHeader.date) : undefined;
  const when = local && utc ? `${local} local, ${utc}` : (utc ?? local ?? 'date not given');
  const lines = [safeText(`${event.name} (${event.id})`)];
  const place = placeOf(event);
  if (place) lines.push(safeText(place));
  lines.push(safeText(local || !utc ? when : `${when} (local time unknown without sales data)`));
  if (isFiltering(filter)) lines.push(`Listings filtered: ${describeFilter(filter)}`);
  return fitLines(lines, width);
}

function utcText(iso: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  return `${instant.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * The totals of the window and one line of tickets sold per day (per few days when the days do not fit),
 * its legend beside it or, on a narrow terminal, under it.
 */
export function salesLines(sales: SalesWindow, width: number | undefined): string[] {
  const days = sales.response.salesData;
  const head = `Sales on StubHub (${sales.stubhubId}), ${sales.from} to ${sales.to}`;
  if (days.length === 0) return fitLines([`${head}: none`], width);
  const label = 'Tickets sold ';
  const series = dailySeries(days, sales.from, sales.to, (d) => d.totalTickets);
  const chart = sparkline(series, width === undefined ? series.length : width - label.length - 2);
  const unit = chart.perMark === 1 ? 'day' : `${chart.perMark} days`;
  const line = `${label}│${chart.line}│`;
  const legend = `per ${unit}, highest ${chart.max.toLocaleString('en-US')}`;
  const beside = width === undefined || displayWidth(`${line} ${legend}`) <= width;
  return fitLines([head, totalsLine(totals(days)), ...(beside ? [`${line} ${legend}`] : [line, legend])], width);
}
