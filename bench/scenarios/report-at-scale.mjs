/**
 * Scenario 11: `tix report` at scale (issue 38's goals): the page of 50 events over the history of scenario 9
 * (1,000 tracked events, 100,000 snapshots of 10 listings each, bench/history-scale-store.mjs) in a DuckDB
 * file, offline (the store alone answers), in ≤ 3 s and ≤ 150 MB peak RSS, and an HTML file of ≤ 5 MB.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { nodeCommand, runOnce } from '../measure.mjs';
import { fillScaleDuckDb, scaleEventId } from '../history-scale-store.mjs';
import { count, figureRow, mb, timeRow } from '../rows.mjs';
import { withSandbox } from '../sandbox-process.mjs';

export const REPORT_GOAL_MS = 3_000;
export const REPORT_RSS_GOAL_MB = 150;
export const REPORT_SIZE_GOAL_MB = 5;
const EVENTS = 50;

export async function reportAtScale(ctx) {
  const size = ctx.sizes.scale;
  return withSandbox({ ...ctx.sandboxBase, events: 600, latencyMs: 0 }, async (sandbox) => {
    const env = ctx.tixEnv(sandbox);
    const seed = await oneTrackableEvent(ctx, sandbox);
    const file = join(ctx.workDir, 'report-scale.duckdb');
    await runOnce(nodeCommand('tix track (creates the tables)', [ctx.tixBin, 'track', seed, '--db', file], { env }), ctx.runOptions());
    const stored = await fillScaleDuckDb(file, size);
    ctx.log(`  DuckDB: ${count(stored)} snapshots of ${count(size.events)} events`);
    const events = Math.min(EVENTS, size.events);
    const ids = Array.from({ length: events }, (_, i) => scaleEventId(i * Math.floor(size.events / events)));
    const out = join(ctx.workDir, 'report.html');
    const offline = { TIX_BASE_URL: 'http://127.0.0.1:9', TIX_CONFIG_DIR: env.TIX_CONFIG_DIR, TZ: 'UTC' };
    const command = nodeCommand(
      `tix report <${events} evt ids> --out report.html, offline (DuckDB, ${count(stored)} snapshots)`,
      [ctx.tixBin, 'report', ...ids, '--db', file, '--out', out],
      { env: offline },
    );
    const [result] = await ctx.measure([command], size);
    const rss = await runOnce(command, { ...ctx.runOptions(), rss: true });
    const bytes = statSync(out).size / 1024 / 1024;
    const peak = rss.peakKb / 1024;
    return [
      figureRow(result.label, `${result.medianMs.toFixed(0)} ms`, `≤ ${REPORT_GOAL_MS} ms`, result.medianMs <= REPORT_GOAL_MS),
      figureRow('  its peak RSS', mb(peak), `≤ ${REPORT_RSS_GOAL_MB} MB`, peak <= REPORT_RSS_GOAL_MB),
      figureRow('  its HTML file', mb(bytes), `≤ ${REPORT_SIZE_GOAL_MB} MB`, bytes <= REPORT_SIZE_GOAL_MB),
      timeRow(result, 'median of the runs'),
    ];
  });
}

async function oneTrackableEvent(ctx, sandbox) {
  const response = await fetch(`${sandbox.url}/events?q=UTC&date=19&pageSize=100`, { headers: { 'x-api-key': ctx.apiKey } });
  const event = (await response.json()).events.find((e) => e.agentIds?.TMUSA);
  if (!event) throw new Error('report at scale: the sandbox has no future Ticketmaster event');
  return event.id;
}
