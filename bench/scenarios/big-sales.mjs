/**
 * Scenario 5: one event's whole sales history, a million sales in one response of ~140 MB: tix's csv
 * export against curl | jq, and tix's peak memory at two sizes, set beside how much the response grew.
 */
import { join } from 'node:path';
import { assertSameRows, csvHeader } from '../csv-rows.mjs';
import { nodeCommand, runOnce } from '../measure.mjs';
import { count, figureRow, mb, ratioRow, timeRow } from '../rows.mjs';
import { withSandbox } from '../sandbox-process.mjs';
import { jqPath } from './bulk-export.mjs';

export const SALES_GOAL = 0.5;

export async function bigSales(ctx) {
  const {
    sales: [large, small],
    latencyMs,
  } = ctx.sizes.sales;
  const rows = [];
  const measured = {};
  // The smaller history first: its figures are only the reference point for the growth row.
  for (const sales of [small, large]) {
    await withSandbox({ ...ctx.sandboxBase, events: 2_000, latencyMs, largeSales: sales }, async (sandbox) => {
      const responseBytes = await responseSize(ctx, sandbox);
      const tix = nodeCommand(
        `tix sales details <id> -o csv (${count(sales)} sales, ${mb(responseBytes / 2 ** 20)})`,
        salesArgs(ctx, sandbox),
        {
          env: ctx.tixEnv(sandbox),
          rss: true,
        },
      );
      await runOnce(tix, ctx.runOptions());
      if (sales === small) {
        const [tixResult] = await ctx.measure([tix], ctx.sizes.salesSmall);
        measured.small = { responseBytes, peakMb: tixResult.peakMb };
        rows.push(timeRow(tixResult), figureRow(`tix peak RSS, ${count(sales)} sales`, mb(tixResult.peakMb)));
        return;
      }
      const jq = await curlJq(ctx, sandbox);
      if (jq) {
        await runOnce(jq, ctx.runOptions());
        const same = await assertSameRows(join(ctx.workDir, 'sales.csv'), join(ctx.workDir, 'sales-jq.csv'), 'big sales');
        ctx.log(`  big sales: tix and curl | jq wrote the same ${count(same)} rows`);
      }
      const [tixResult, jqResult] = await ctx.measure(jq ? [tix, jq] : [tix], ctx.sizes.sales);
      rows.push(jqResult ? timeRow(jqResult, 'jq holds the whole document') : ctx.skippedBaseline('curl | jq'));
      rows.push(jqResult ? ratioRow(tixResult, jqResult, SALES_GOAL) : timeRow(tixResult));
      rows.push(figureRow(`tix peak RSS, ${count(sales)} sales`, mb(tixResult.peakMb)));
      const rssGrowth = tixResult.peakMb - measured.small.peakMb;
      const responseGrowth = (responseBytes - measured.small.responseBytes) / 2 ** 20;
      rows.push(
        figureRow(
          `peak RSS growth, ${count(small)} → ${count(sales)} sales`,
          `+${rssGrowth.toFixed(1)} MB for +${responseGrowth.toFixed(1)} MB of response`,
          'less than the response',
          rssGrowth < responseGrowth,
        ),
      );
    });
  }
  return rows;
}

function salesArgs(ctx, sandbox) {
  return [ctx.tixBin, 'sales', 'details', sandbox.largeSalesEventId, '-o', 'csv', '--out', 'sales.csv'];
}

/** The size of the uncompressed response, as curl downloads it. */
async function responseSize(ctx, sandbox) {
  const response = await fetch(salesUrl(sandbox), { headers: { 'x-api-key': ctx.apiKey, 'accept-encoding': 'identity' } });
  if (!response.ok) throw new Error(`big sales: the sandbox answered ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += chunk.length;
  return bytes;
}

function salesUrl(sandbox) {
  return `${sandbox.url}/events/stubhub/${sandbox.largeSalesEventId}/sales-details`;
}

/** curl | jq -r over every sale: the event's id and the day's date, then the sale's own fields, in tix's columns. */
async function curlJq(ctx, sandbox) {
  if (!ctx.baselines) return undefined;
  const outer = { marketplaceId: '$event', date: '$day' };
  const columns = (await csvHeader(join(ctx.workDir, 'sales.csv'))).map((column) => outer[column] ?? jqPath(column)).join(', ');
  const program = `.marketplaceId as $event | .salesDetails[] | .date as $day | .soldTickets[] | [${columns}] | @csv`;
  const script = `set -o pipefail; curl -sf -H 'x-api-key: ${ctx.apiKey}' "${salesUrl(sandbox)}" | jq -r '${program}' > sales-jq.csv`;
  return ctx.shell('curl | jq', script);
}
