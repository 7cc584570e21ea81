/** Scenario 2: one small query against a sandbox with no added latency: what a person at a terminal waits for. */
import { nodeCommand } from '../measure.mjs';
import { infoRatioRow, ratioRow, timeRow } from '../rows.mjs';
import { withSandbox } from '../sandbox-process.mjs';

export const ONE_QUERY_GOAL = 1.8;

export async function oneQuery(ctx) {
  return withSandbox({ ...ctx.sandboxBase, events: 2_000, latencyMs: 0 }, async (sandbox) => {
    const env = ctx.tixEnv(sandbox);
    const tix = nodeCommand('tix events search --page-size 50 -o json', [ctx.tixBin, 'events', 'search', '--page-size', '50', '-o', 'json'], { env });
    // The same request tix sends (tix adds the time zone as q; TZ is UTC in the benchmark).
    const curl = ctx.curlJq('curl -s … | jq .', `${sandbox.url}/events?q=UTC&pageNumber=1&pageSize=50`, '.');
    const commands = [nodeCommand('node -e 0', ['-e', '0']), tix, ...(curl ? [curl] : [])];
    const [node, tixResult, curlResult] = await ctx.measure(commands, ctx.sizes.query);
    return [
      timeRow(node, 'the floor: starting Node.js'),
      ratioRow(tixResult, node, ONE_QUERY_GOAL),
      ...(curlResult ? [infoRatioRow(curlResult, node, 'the same request; for context')] : [ctx.skippedBaseline('curl -s … | jq .')]),
    ];
  });
}
