/** Scenario 2: one small query against a sandbox with no added latency: what a person at a terminal waits for. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nodeCommand } from '../measure.mjs';
import { infoRatioRow, ratioRow, timeRow } from '../rows.mjs';
import { withSandbox } from '../sandbox-process.mjs';

export const ONE_QUERY_GOAL = 1.8;

export async function oneQuery(ctx) {
  return withSandbox({ ...ctx.sandboxBase, events: 2_000, latencyMs: 0 }, async (sandbox) => {
    const env = ctx.tixEnv(sandbox);
    // The same request tix sends (tix adds the time zone as q; TZ is UTC in the benchmark).
    const url = `${sandbox.url}/events?q=UTC&pageNumber=1&pageSize=50`;
    const tix = nodeCommand(
      'tix events search --page-size 50 -o json',
      [ctx.tixBin, 'events', 'search', '--page-size', '50', '-o', 'json'],
      { env },
    );
    // The same query with the fast path turned off: Commander and the whole command tree, as before it.
    const fullPath = nodeCommand('the same, full path (TIX_NO_FAST_PATH=1)', tix.argv, { env: { ...env, TIX_NO_FAST_PATH: '1' } });
    const curl = ctx.curlJq('curl -s … | jq .', url, '.');
    const commands = [nodeCommand('node -e 0', ['-e', '0']), tix, fullPath, ...bareRequests(ctx, url), ...(curl ? [curl] : [])];
    const [node, tixResult, fullResult, bareCjs, bareEsm, curlResult] = await ctx.measure(commands, ctx.sizes.query);
    return [
      timeRow(node, 'the floor: starting Node.js'),
      ratioRow(tixResult, node, ONE_QUERY_GOAL),
      infoRatioRow(fullResult, node, 'without the fast path (src/cli/fast.ts): Commander and the command tree; for context'),
      infoRatioRow(bareCjs, node, 'the floor for any Node.js client: one http.get, body to stdout, nothing else; for context'),
      infoRatioRow(bareEsm, node, 'the same as an ES module, as the tix bundle is; for context'),
      ...(curlResult ? [infoRatioRow(curlResult, node, 'the same request; for context')] : [ctx.skippedBaseline('curl -s … | jq .')]),
    ];
  });
}

/** The least a Node.js program can do for this request (no options, no errors, no decoding), as CommonJS and as an ES module. */
function bareRequests(ctx, url) {
  const body = `http.get(${JSON.stringify(url)}, { headers: { 'x-api-key': ${JSON.stringify(ctx.apiKey)} } }, (res) => res.pipe(process.stdout));\n`;
  const cjs = join(ctx.workDir, 'bare-get.cjs');
  const esm = join(ctx.workDir, 'bare-get.mjs');
  writeFileSync(cjs, `const http = require('node:http');\n${body}`);
  writeFileSync(esm, `import http from 'node:http';\n${body}`);
  return [nodeCommand('node bare-get.cjs', [cjs]), nodeCommand('node bare-get.mjs', [esm])];
}
