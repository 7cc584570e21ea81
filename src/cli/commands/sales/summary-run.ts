import { getSalesSummary } from '../../../api/sales.js';
import { fitLines } from '../../../output/text-width.js';
import { prettyJson, rowWriterFor, tableWidth, withSink, writeJson, type RecordView } from '../../kit/present.js';
import type { Runtime } from '../../kit/runtime.js';
import { renderSalesChart } from './sales-chart.js';
import { eventHeaderLines, totals, totalsLine } from '../../kit/sales-text.js';
import { type SalesOptions, PRICE_COLUMNS, DAY_FIT, dates, explainSalesErrors } from './sales-request.js';
import { isDocument, isForPeople } from '../../../output/formats.js';

const SUMMARY_VIEW: RecordView = {
  documented: ['marketplaceId', 'name', 'date', 'totalTickets', 'totalSales', 'minSoldPrice', 'maxSoldPrice', 'avgSoldPrice'],
  tableDefaults: ['date', 'totalTickets', 'totalSales', 'minSoldPrice', 'maxSoldPrice', 'avgSoldPrice'],
  columnTypes: { ...PRICE_COLUMNS, totalTickets: 'integer', date: 'date' },
  fit: DAY_FIT,
  jsonKey: 'salesData',
};

export async function runSalesSummary(options: SalesOptions & { chart: boolean }, rt: Runtime): Promise<void> {
  const client = await rt.client();
  const response = await explainSalesErrors(
    options,
    getSalesSummary(client, options.provider, options.eventId, dates(options), { signal: rt.signal }),
  );
  const { output } = options;
  await withSink(rt, output, async (sink) => {
    if (options.chart) {
      await sink.write(renderSalesChart(response.salesData, { width: rt.chartWidth(), from: options.startDate, to: options.endDate }));
      return;
    }
    if (isDocument(output.format) && output.fields === undefined) return writeJson(sink, response, prettyJson(rt, output));
    const rows = response.salesData.map(({ date, ...rest }) => ({
      marketplaceId: response.marketplaceId,
      name: response.name,
      date,
      ...rest,
    }));
    if (isForPeople(output.format)) await sink.write(`${fitLines(eventHeaderLines(response), tableWidth(rt, output)).join('\n')}\n`);
    const writer = rowWriterFor(rt, output, sink, SUMMARY_VIEW);
    await writer.write(rows);
    await writer.end();
    if (isForPeople(output.format))
      await sink.write(`${fitLines([totalsLine(totals(response.salesData))], tableWidth(rt, output)).join('\n')}\n`);
  });
  if (response.salesData.length === 0) rt.note('No sales in this range.');
}
