/**
 * Scenario 8: --jq, tix's built-in jq (jq-web, WebAssembly), against piping tix's JSON to the jq on the
 * PATH, on the bulk scenario's events: `tix events search --all --jq '.events[] | .id'` beside
 * `tix events search --all | jq '.events[] | .id'`. --jq runs the filter once a page, so its peak RSS is held
 * to the bulk export's goal, at the bulk page size and at the default one. Without jq installed the pipe's row is skipped, with the reason.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { nodeCommand, runOnce } from '../measure.mjs';
import { count, figureRow, infoRatioRow, mb, timeRow } from '../rows.mjs';
import { withSandbox } from '../sandbox-process.mjs';
import { BULK_RSS_GOAL_MB } from './bulk-export.mjs';

const FILTER = '.events[] | .id';

export async function jqFilter(ctx) {
  const {
    events: [events],
    pageSize,
    latencyMs,
  } = ctx.sizes.bulk;
  return withSandbox({ ...ctx.sandboxBase, events, latencyMs }, async (sandbox) => {
    const env = ctx.tixEnv(sandbox);
    const search = [ctx.tixBin, 'events', 'search', '--all', '--page-size', String(pageSize)];
    const tix = nodeCommand(`tix events search --all --jq '${FILTER}' (${count(events)} events)`, [...search, '--jq', FILTER], {
      env,
      rss: true,
    });
    // jq holds a page at a time, so --jq's memory grows with the page; issue 29 §5 holds it to the bulk
    // export's ceiling at both sizes (BENCHMARKS.md, "Bulk --jq memory").
    const [, ...defaultSearch] = search.slice(0, -2);
    const tixDefault = nodeCommand(
      `tix events search --all --jq '${FILTER}' (${count(events)} events, default page size)`,
      [ctx.tixBin, ...defaultSearch, '--jq', FILTER],
      { env, rss: true },
    );
    await runOnce(tix, ctx.runOptions());
    const jq = ctx.hasJq;
    const pipe = jq
      ? ctx.shell(`tix events search --all | jq '${FILTER}'`, `set -o pipefail; ${process.execPath} ${quoted(search)} | jq '${FILTER}'`)
      : undefined;
    if (pipe) {
      pipe.env = env;
      const same = sameIds(ctx, env, search);
      ctx.log(`  --jq: tix --jq and tix | jq printed the same ${count(same)} ids`);
    }
    const [tixResult, defaultResult, pipeResult] = await ctx.measure(pipe ? [tix, tixDefault, pipe] : [tix, tixDefault], ctx.sizes.bulk);
    return [
      pipeResult
        ? timeRow(pipeResult, 'the jq on the PATH over the one merged document')
        : { label: `tix events search --all | jq '${FILTER}'`, note: 'skipped: jq is not installed' },
      pipeResult ? infoRatioRow(tixResult, pipeResult, 'the filter runs once a page') : timeRow(tixResult, 'the filter runs once a page'),
      // Issue 29 §5: the bulk export's ceiling holds for --jq's bulk run too, at the bulk page size.
      figureRow(
        `tix --jq peak RSS, ${count(events)} events, --page-size ${pageSize}`,
        mb(tixResult.peakMb),
        `≤ ${BULK_RSS_GOAL_MB} MB`,
        tixResult.peakMb <= BULK_RSS_GOAL_MB,
      ),
      pipeResult ? infoRatioRow(defaultResult, pipeResult, 'the default page size') : timeRow(defaultResult, 'the default page size'),
      figureRow(
        `tix --jq peak RSS, ${count(events)} events, default page size`,
        mb(defaultResult.peakMb),
        `≤ ${BULK_RSS_GOAL_MB} MB`,
        defaultResult.peakMb <= BULK_RSS_GOAL_MB,
      ),
    ];
  });
}

function quoted(argv) {
  return argv.map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(' ');
}

/** Runs both once into files and checks they hold the same ids (jq prints them as JSON strings, --jq raw). */
function sameIds(ctx, env, search) {
  const dir = ctx.workDir;
  const run = (script) => {
    const result = spawnSync('bash', ['-c', `set -o pipefail; ${script}`], { cwd: dir, env: { ...ctx.runOptions().env, ...env } });
    if (result.status !== 0) throw new Error(`--jq check: ${script} exited ${result.status}: ${result.stderr}`);
  };
  run(`${process.execPath} ${quoted(search)} --jq '${FILTER}' > jq-tix.txt`);
  run(`${process.execPath} ${quoted(search)} | jq '${FILTER}' > jq-pipe.txt`);
  const tixIds = readFileSync(join(dir, 'jq-tix.txt'), 'utf8').split('\n');
  const pipeIds = readFileSync(join(dir, 'jq-pipe.txt'), 'utf8')
    .split('\n')
    .map((line) => (line === '' ? '' : JSON.parse(line)));
  if (tixIds.length !== pipeIds.length || tixIds.some((id, i) => id !== pipeIds[i])) {
    throw new Error(`--jq check: tix --jq printed ${tixIds.length - 1} lines, tix | jq ${pipeIds.length - 1}, or they differ`);
  }
  return tixIds.length - 1;
}
