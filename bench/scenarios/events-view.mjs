/**
 * Scenario 6: one event across every marketplace. `tix events view` on an event all nine agents list
 * (1 event request, then 9 inventory requests and the sales summary together) against the same requests
 * made one after another with curl | jq. The goal: the view takes no longer than the slowest single-agent
 * request (`tix inventory <agent> <id>`, start-up included) plus one event request, i.e. the agents are
 * asked at the same time, not in turn.
 */
import { join } from 'node:path';
import { assertSameRows } from '../csv-rows.mjs';
import { nodeCommand, runOnce } from '../measure.mjs';
import { figureRow, infoRatioRow, timeRow } from '../rows.mjs';
import { withSandbox } from '../sandbox-process.mjs';

const AGENTS = 9;
/** Every agent and the sales summary in one round. */
const ONE_ROUND = AGENTS + 1;
/** EventSearchDate "future": events from tomorrow on, which have listings. */
const FUTURE = 19;
const SALES_DAYS = 30;

export async function eventsView(ctx) {
  const { latencyMs } = ctx.sizes.view;
  return withSandbox({ ...ctx.sandboxBase, events: 2_000, latencyMs }, async (sandbox) => {
    const event = await everyAgentEvent(ctx, sandbox);
    const env = ctx.tixEnv(sandbox);
    const view = nodeCommand('tix events view <id> -o csv', [ctx.tixBin, 'events', 'view', event.id, '-o', 'csv', '--out', 'view.csv'], {
      env,
    });
    const wide = nodeCommand(`tix events view … --concurrency ${ONE_ROUND}`, [...view.argv, '--concurrency', String(ONE_ROUND)], { env });
    // Each agent alone: start-up plus that agent's one request. The slowest of them is the floor.
    const singles = Object.entries(event.agentIds).map(([agent, id]) =>
      nodeCommand(`tix inventory ${agent} <id>`, [ctx.tixBin, 'inventory', agent, id, '-o', 'csv', '--out', `one-${agent}.csv`], { env }),
    );
    await runOnce(view, ctx.runOptions());

    const loop = curlLoop(ctx, sandbox, event);
    const oneRequest = ctx.curlJq('curl … /events/{id} | jq (the event request)', `${sandbox.url}/events/${event.id}`, '.name');
    if (loop) await checkSameRows(ctx, view, loop);
    const results = await ctx.measure([view, wide, ...singles, ...(loop ? [loop, oneRequest] : [])], ctx.sizes.view);
    const [viewResult, wideResult] = results;
    const slowest = results.slice(2, 2 + singles.length).reduce((a, b) => (b.medianMs > a.medianMs ? b : a));
    const [loopResult, oneResult] = results.slice(2 + singles.length);

    const floorRow = timeRow(slowest, `the slowest of the ${singles.length} agents asked alone (start-up and one request)`);
    if (!loopResult) return [ctx.skippedBaseline('curl | jq loop'), floorRow, timeRow(viewResult), timeRow(wideResult)];
    const budget = slowest.medianMs + oneResult.medianMs;
    return [
      timeRow(loopResult, `1 event + ${AGENTS} inventory + 1 sales request, one after another`),
      floorRow,
      timeRow(oneResult, 'one request'),
      infoRatioRow(viewResult, loopResult, `default --concurrency 6: the ${ONE_ROUND} requests after the event go in two rounds`),
      infoRatioRow(wideResult, loopResult, 'everything after the event in one round'),
      figureRow(
        `tix events view --concurrency ${ONE_ROUND} against the slowest agent + the event request`,
        `${wideResult.medianMs.toFixed(1)} ms`,
        `≤ ${slowest.medianMs.toFixed(1)} + ${oneResult.medianMs.toFixed(1)} = ${budget.toFixed(1)} ms`,
        wideResult.medianMs <= budget,
      ),
    ];
  });
}

async function everyAgentEvent(ctx, sandbox) {
  const response = await fetch(`${sandbox.url}/events?q=UTC&date=${FUTURE}&pageSize=1000`, { headers: { 'x-api-key': ctx.apiKey } });
  if (!response.ok) throw new Error(`events view: the sandbox answered the event search with ${response.status}`);
  const { events } = await response.json();
  const event = events.find((e) => Object.keys(e.agentIds ?? {}).length === AGENTS);
  if (!event) throw new Error('events view: the sandbox has no future event listed by all nine agents');
  return event;
}

/**
 * The view by hand: the event, each agent's inventory turned into tix's row (listings, tickets, min,
 * median to the cent, max), cheapest first, and the sales summary of the last 30 days.
 */
function curlLoop(ctx, sandbox, event) {
  if (!ctx.baselines) return undefined;
  const curl = `curl -sf -H 'x-api-key: ${ctx.apiKey}'`;
  const row =
    '.timestamp as $t | (.data[0].sections // []) as $s | ($s | map(.price) | sort) as $p | ($p | length) as $n' +
    ' | [$agent, $id, ($s | length), ($s | map(.quantity) | add // 0), $p[0],' +
    ' (if $n == 0 then null elif $n % 2 == 1 then $p[($n - 1) / 2] else (($p[$n / 2 - 1] + $p[$n / 2]) / 2 * 100 | round / 100) end),' +
    ' $p[-1], $t, null] | @csv';
  const script = [
    'set -o pipefail',
    `event=$(${curl} '${sandbox.url}/events/${event.id}') || exit 1`,
    `for pair in $(jq -r '.agentIds | to_entries[] | "\\(.key)=\\(.value)"' <<<"$event"); do`,
    `  agent=\${pair%%=*}; id=\${pair#*=}`,
    `  ${curl} "${sandbox.url}/inventory/$agent/$id" | jq -r --arg agent "$agent" --arg id "$id" '${row}' || exit 1`,
    'done | sort -t, -k5,5g -k1,1 > view-loop.csv',
    `stubhub=$(jq -r .agentIds.STUBHUB <<<"$event")`,
    `${curl} "${sandbox.url}/events/stubhub/$stubhub/sales-summary?startDate=$(date -u -d '-${SALES_DAYS - 1} days' +%F)&endDate=$(date -u +%F)"` +
      " | jq '[.salesData[].totalTickets] | add' > /dev/null",
  ].join('\n');
  return ctx.shell(`curl | jq loop (${ONE_ROUND + 1} requests)`, script);
}

/** Listings change every 15 minutes in the sandbox, so runs that straddle a change differ; one more pair settles it. */
async function checkSameRows(ctx, view, loop) {
  for (let attempt = 1; ; attempt++) {
    await runOnce(loop, ctx.runOptions());
    try {
      const rows = await assertSameRows(join(ctx.workDir, 'view.csv'), join(ctx.workDir, 'view-loop.csv'), 'events view');
      ctx.log(`  events view: tix and the curl | jq loop wrote the same ${rows} rows`);
      return;
    } catch (error) {
      if (attempt === 2) throw error;
      await runOnce(view, ctx.runOptions());
    }
  }
}
