/**
 * Scenario 3: a cron-style export of every event, tix --all against a sequential shell loop of curl | jq over
 * the same pages; and tix's peak memory at two sizes, which should stay flat as the export grows.
 */
import { join } from 'node:path';
import { assertSameRows, csvHeader } from '../csv-rows.mjs';
import { nodeCommand, runOnce } from '../measure.mjs';
import { count, figureRow, mb, ratioRow, timeRow } from '../rows.mjs';
import { withSandbox } from '../sandbox-process.mjs';

export const BULK_TIME_GOAL = 0.35;
export const BULK_RSS_GOAL_MB = 120;
export const BULK_GROWTH_GOAL = 1.1;

export async function bulkExport(ctx) {
  const {
    events: [small, large],
    pageSize,
    latencyMs,
  } = ctx.sizes.bulk;
  const rows = [];
  let smallPeakMb;
  await withSandbox({ ...ctx.sandboxBase, events: small, latencyMs }, async (sandbox) => {
    const tix = exportCommand(ctx, sandbox, small, pageSize, 'events.csv');
    // One run first: its header gives the loop's jq program the same columns, in the same order.
    await runOnce(tix, ctx.runOptions());
    const loop = await curlLoop(ctx, sandbox, small, pageSize, join(ctx.workDir, 'events.csv'));
    if (loop) {
      await runOnce(loop, ctx.runOptions());
      const same = await assertSameRows(join(ctx.workDir, 'events.csv'), join(ctx.workDir, 'events-loop.csv'), 'bulk export');
      ctx.log(`  bulk export: tix and the curl | jq loop wrote the same ${count(same)} rows`);
    }
    const [tixResult, loopResult] = await ctx.measure(loop ? [tix, loop] : [tix], ctx.sizes.bulk);
    smallPeakMb = tixResult.peakMb;
    if (loopResult) rows.push(timeRow(loopResult, `${Math.ceil(small / pageSize)} pages, one after another`));
    else rows.push(ctx.skippedBaseline('curl | jq loop'));
    rows.push(loopResult ? ratioRow(tixResult, loopResult, BULK_TIME_GOAL) : timeRow(tixResult));
    rows.push(
      figureRow(`tix peak RSS, ${count(small)} events`, mb(smallPeakMb), `≤ ${BULK_RSS_GOAL_MB} MB`, smallPeakMb <= BULK_RSS_GOAL_MB),
    );
  });
  await withSandbox({ ...ctx.sandboxBase, events: large, latencyMs }, async (sandbox) => {
    const [tixResult] = await ctx.measure([exportCommand(ctx, sandbox, large, pageSize, 'events-large.csv')], ctx.sizes.bulkLarge);
    const growth = tixResult.peakMb / smallPeakMb;
    rows.push(timeRow(tixResult));
    rows.push(
      figureRow(
        `tix peak RSS, ${count(large)} events`,
        mb(tixResult.peakMb),
        `≤ ${BULK_RSS_GOAL_MB} MB`,
        tixResult.peakMb <= BULK_RSS_GOAL_MB,
      ),
    );
    rows.push(
      figureRow(
        `peak RSS growth, ${count(large)} vs ${count(small)} events`,
        `${((growth - 1) * 100).toFixed(1)}% higher`,
        `≤ ${Math.round((BULK_GROWTH_GOAL - 1) * 100)}% higher`,
        growth <= BULK_GROWTH_GOAL,
      ),
    );
  });
  return rows;
}

function exportCommand(ctx, sandbox, events, pageSize, file) {
  const args = [ctx.tixBin, 'events', 'search', '--all', '--page-size', String(pageSize), '-o', 'csv', '--out', file];
  return nodeCommand(`tix events search --all -o csv (${count(events)} events)`, args, { env: ctx.tixEnv(sandbox), rss: true });
}

/** `for p in 1..N; do curl page p | jq -r '.events[] | [columns] | @csv'; done > file`, columns as tix wrote them. */
async function curlLoop(ctx, sandbox, events, pageSize, tixCsv) {
  if (!ctx.baselines) return undefined;
  const columns = (await csvHeader(tixCsv)).map(jqPath).join(', ');
  const pages = Math.ceil(events / pageSize);
  const url = `${sandbox.url}/events?q=UTC&pageNumber=$p&pageSize=${pageSize}`;
  const script = `set -o pipefail; for p in $(seq 1 ${pages}); do curl -sf -H 'x-api-key: ${ctx.apiKey}' "${url}" | jq -r '.events[] | [${columns}] | @csv' || exit 1; done > events-loop.csv`;
  return ctx.shell(`curl | jq loop (${pages} pages)`, script);
}

/** A dotted column (agentIds.TMUSA) as a jq path that accepts any key: .["agentIds"]["TMUSA"]. */
export function jqPath(column) {
  return `.${column
    .split('.')
    .map((key) => `[${JSON.stringify(key)}]`)
    .join('')}`;
}
