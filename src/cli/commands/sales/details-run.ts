import { getSalesDetails } from '../../../api/sales.js';
import { checkedSalesDetailsBytes, openSalesDetails, salesDetailsParts } from '../../../api/sales-stream.js';
import type { ApiClient } from '../../../api/client.js';
import type { EventHeader, SalesDetailsResponse } from '../../../api/types.js';
import { fitLines } from '../../../output/text-width.js';
import { prettyJson, rowWriterFor, tableWidth, withSink, writeJson, type RecordView } from '../../kit/present.js';
import { keepYoungGenerationSmall } from '../../kit/lean-heap.js';
import type { Runtime } from '../../kit/runtime.js';
import { eventHeaderLines, totals, totalsLine } from '../../kit/sales-text.js';
import { type SalesOptions, PRICE_COLUMNS, DAY_FIT, dates, explainSalesErrors } from './sales-request.js';
import { isDocument, isForPeople } from '../../../output/formats.js';

const DETAILS_VIEW: RecordView = {
  documented: ['marketplaceId', 'date', 'soldDate', 'sectionName', 'row', 'seats', 'quantity', 'price', 'priceFormatted'],
  tableDefaults: ['soldDate', 'sectionName', 'row', 'seats', 'quantity', 'price'],
  columnTypes: { ...PRICE_COLUMNS, quantity: 'integer', date: 'date', soldDate: 'datetime' },
  fit: { dropOrder: ['seats', 'row', 'sectionName'] },
  jsonKey: 'soldTickets',
};

const DAILY_VIEW: RecordView = {
  documented: [
    'marketplaceId',
    'date',
    'totalTickets',
    'totalSales',
    'minSoldPrice',
    'maxSoldPrice',
    'avgSoldPrice',
    'minimumSalesDataDate',
    'maximumSalesDataDate',
  ],
  tableDefaults: ['date', 'totalTickets', 'totalSales', 'minSoldPrice', 'maxSoldPrice', 'avgSoldPrice'],
  columnTypes: {
    ...PRICE_COLUMNS,
    totalTickets: 'integer',
    date: 'date',
    minimumSalesDataDate: 'datetime',
    maximumSalesDataDate: 'datetime',
  },
  fit: DAY_FIT,
  jsonKey: 'salesDetails',
};

export async function runSalesDetails(options: SalesOptions & { daily: boolean }, rt: Runtime): Promise<void> {
  const client = await rt.client();
  // Everything but a table and pretty JSON (both for a person, who is not reading a million sales) is
  // written as the response arrives, in the memory of one chunk's sales rather than of the whole response.
  if (!isForPeople(options.output.format) && !(isDocument(options.output.format) && prettyJson(rt, options.output))) {
    return streamSalesDetails(options, rt, client);
  }
  const response = await explainSalesErrors(
    options,
    getSalesDetails(client, options.provider, options.eventId, dates(options), { signal: rt.signal }),
  );
  const { output } = options;
  await withSink(rt, output, async (sink) => {
    if (isDocument(output.format) && output.fields === undefined) return writeJson(sink, response, prettyJson(rt, output));
    if (isForPeople(output.format)) await sink.write(`${fitLines(eventHeaderLines(response), tableWidth(rt, output)).join('\n')}\n`);
    const writer = rowWriterFor(rt, output, sink, options.daily ? DAILY_VIEW : DETAILS_VIEW);
    for (const day of response.salesDetails) await writer.write(options.daily ? [dailyRow(response, day)] : saleRows(response, day));
    await writer.end();
    if (isForPeople(output.format))
      await sink.write(`${fitLines([totalsLine(totals(response.salesDetails))], tableWidth(rt, output)).join('\n')}\n`);
  });
  if (response.salesDetails.length === 0) rt.note('No sales in this range.');
}

/**
 * Rows are written a day at a time (csv and tsv fix their columns from the first write, as they did from
 * the first day before) or per 10,000 sales: fewer, larger writes cost less than one per batch.
 */
const ROWS_PER_WRITE = 10_000;

async function streamSalesDetails(options: SalesOptions & { daily: boolean }, rt: Runtime, client: ApiClient): Promise<void> {
  const response = await explainSalesErrors(
    options,
    openSalesDetails(client, options.provider, options.eventId, dates(options), { signal: rt.signal }),
  );
  await keepYoungGenerationSmall();
  const { output } = options;
  let days = 0;
  await withSink(rt, output, async (sink) => {
    if (isDocument(output.format) && output.fields === undefined) {
      // The payload untouched: its bytes pass straight through, each chunk checked as JSON first.
      const counted = { days: 0 };
      let last = 0x0a;
      for await (const bytes of checkedSalesDetailsBytes(response, counted)) {
        if (bytes.length === 0) continue;
        last = bytes[bytes.length - 1]!;
        await sink.write(bytes.toString('utf8'));
      }
      if (last !== 0x0a) await sink.write('\n');
      days = counted.days;
      return;
    }
    const writer = rowWriterFor(rt, output, sink, options.daily ? DAILY_VIEW : DETAILS_VIEW);
    let header: EventHeader | undefined;
    let rows: Record<string, unknown>[] = [];
    for await (const part of salesDetailsParts(response)) {
      if (part.kind === 'header') header = part.header;
      else if (part.kind === 'day') {
        days++;
        if (options.daily) rows.push(dailyRow(header!, part.day as SalesDetailsResponse['salesDetails'][number]));
      } else if (!options.daily) {
        for (const row of saleRows(header!, { date: part.date, soldTickets: part.sales } as SalesDetailsResponse['salesDetails'][number]))
          rows.push(row);
      }
      if (rows.length >= ROWS_PER_WRITE || (part.kind === 'day' && rows.length > 0)) {
        await writer.write(rows);
        rows = [];
      }
    }
    if (rows.length > 0) await writer.write(rows);
    await writer.end();
  });
  if (days === 0) rt.note('No sales in this range.');
}

function saleRows(header: EventHeader, day: SalesDetailsResponse['salesDetails'][number]): Record<string, unknown>[] {
  return day.soldTickets.map(({ soldDate, sectionName, row, seats, quantity, price, priceFormatted, ...extra }) => ({
    marketplaceId: header.marketplaceId,
    date: day.date,
    soldDate,
    sectionName,
    row,
    seats,
    quantity,
    price,
    priceFormatted,
    ...extra,
  }));
}

function dailyRow(header: EventHeader, day: SalesDetailsResponse['salesDetails'][number]): Record<string, unknown> {
  const { soldTickets: _sales, date, ...aggregates } = day;
  return { marketplaceId: header.marketplaceId, date, ...aggregates };
}
