/** Scenario 4: current listings for 100 events (10 requests of 10 ids, the API's limit), tix against a curl loop. */
import { join } from 'node:path';
import { assertSameRows, csvHeader } from '../csv-rows.mjs';
import { nodeCommand, runOnce } from '../measure.mjs';
import { infoRatioRow, ratioRow, timeRow } from '../rows.mjs';
import { withSandbox } from '../sandbox-process.mjs';
import { jqPath } from './bulk-export.mjs';

export const INVENTORY_GOAL = 0.4;
const IDS = 100;
const BATCH = 10;
/** EventSearchDate "future": events from tomorrow on, which have listings. */
const FUTURE = 19;

export async function inventory(ctx) {
  const { latencyMs } = ctx.sizes.inventory;
  return withSandbox({ ...ctx.sandboxBase, events: 2_000, latencyMs }, async (sandbox) => {
    const ids = await futureTicketmasterIds(ctx, sandbox);
    const tix = nodeCommand(
      `tix inventory TMUSA <${IDS} ids> -o csv`,
      [ctx.tixBin, 'inventory', 'TMUSA', ids.join(','), '-o', 'csv', '--out', 'inventory.csv'],
      {
        env: ctx.tixEnv(sandbox),
      },
    );
    await runOnce(tix, ctx.runOptions());
    const loop = await curlLoop(ctx, sandbox, ids);
    if (loop) await checkSameRows(ctx, tix, loop);
    // For context: all ten requests at once instead of the default six (--concurrency is a setting).
    const wide = nodeCommand(`tix inventory … --concurrency ${IDS / BATCH}`, [...tix.argv, '--concurrency', String(IDS / BATCH)], {
      env: tix.env,
    });
    const [tixResult, wideResult, loopResult] = await ctx.measure(loop ? [tix, wide, loop] : [tix, wide], ctx.sizes.inventory);
    if (!loopResult) return [ctx.skippedBaseline('curl | jq loop'), timeRow(tixResult), timeRow(wideResult)];
    return [
      timeRow(loopResult, `${IDS / BATCH} requests, one after another`),
      ratioRow(tixResult, loopResult, INVENTORY_GOAL, 'default --concurrency 6: two rounds of requests'),
      infoRatioRow(wideResult, loopResult, 'one round of requests; for context'),
    ];
  });
}

async function futureTicketmasterIds(ctx, sandbox) {
  const response = await fetch(`${sandbox.url}/events?q=UTC&date=${FUTURE}&pageSize=1000`, { headers: { 'x-api-key': ctx.apiKey } });
  if (!response.ok) throw new Error(`inventory: the sandbox answered the id search with ${response.status}`);
  const { events } = await response.json();
  const ids = events.map((event) => event.agentIds?.TMUSA).filter((id) => typeof id === 'string');
  if (ids.length < IDS) throw new Error(`inventory: the sandbox has only ${ids.length} future Ticketmaster events`);
  return ids.slice(0, IDS);
}

/** One curl | jq per batch of ten ids; the jq program writes tix's columns: the event's fields, then each listing's. */
async function curlLoop(ctx, sandbox, ids) {
  if (!ctx.baselines) return undefined;
  const outer = { ticketAgent: '$agent', eventId: '$event', timestamp: '$time' };
  const columns = (await csvHeader(join(ctx.workDir, 'inventory.csv'))).map((column) => outer[column] ?? jqPath(column)).join(', ');
  const program = `.timestamp as $time | .data[] | .ticketAgent as $agent | .eventId as $event | .sections[] | [${columns}] | @csv`;
  const batches = [];
  for (let i = 0; i < ids.length; i += BATCH) batches.push(ids.slice(i, i + BATCH).join(','));
  const script = `set -o pipefail; for ids in ${batches.join(' ')}; do curl -sf -H 'x-api-key: ${ctx.apiKey}' "${sandbox.url}/inventory/TMUSA/$ids" | jq -r '${program}' || exit 1; done > inventory-loop.csv`;
  return ctx.shell(`curl | jq loop (${batches.length} requests)`, script);
}

/**
 * Listings change every 15 minutes in the sandbox (and tix writes the newest timestamp of all batches), so
 * runs that straddle a change differ; one more pair of runs settles it.
 */
async function checkSameRows(ctx, tix, loop) {
  for (let attempt = 1; ; attempt++) {
    await runOnce(loop, ctx.runOptions());
    try {
      const rows = await assertSameRows(join(ctx.workDir, 'inventory.csv'), join(ctx.workDir, 'inventory-loop.csv'), 'inventory');
      ctx.log(`  inventory: tix and the curl | jq loop wrote the same ${rows} rows`);
      return;
    } catch (error) {
      if (attempt === 2) throw error;
      await runOnce(tix, ctx.runOptions());
    }
  }
}
