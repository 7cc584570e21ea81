/**
 * Scenario 10: alerts (issue 20). `tix track` of 1,000 events at one agent into a DuckDB file holding 1,000
 * active alert rules, one per event, against the same track into the same file without rules. Every run
 * starts from a copy of a prepared file (the schema, the events; no snapshots), so each stores its
 * snapshots afresh and evaluates every rule. Two sets of rules: none of them matches (what most runs of a
 * cron job do: evaluate, fire nothing), and none has a condition (each rule's first new low: a notification
 * for every event that has a listing).
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { nodeCommand, runOnce, shellCommand } from '../measure.mjs';
import { count, infoRatioRow, ratioRow, timeRow } from '../rows.mjs';
import { withSandbox } from '../sandbox-process.mjs';
import { withDuckDb } from '../duckdb.mjs';
import { futureTicketmasterIds } from './history.mjs';

export const ALERTS_GOAL = 1.1;

export async function alerts(ctx) {
  const { events, latencyMs } = ctx.sizes.alerts;
  return withSandbox({ ...ctx.sandboxBase, events: 5_000, latencyMs }, async (sandbox) => {
    const ids = await futureTicketmasterIds(ctx, sandbox, events);
    const env = ctx.tixEnv(sandbox);
    const entries = ids.map((id) => `TMUSA:${id}`).join(' ');
    const bare = join(ctx.workDir, 'alerts-none.duckdb');
    await runOnce(
      nodeCommand('tix track (prepare)', [ctx.tixBin, 'track', entries.split(' ')[0], '--db', bare], { env }),
      ctx.runOptions(),
    );
    await withDuckDb(bare, (c) => c.run('DELETE FROM listings; DELETE FROM snapshots; CHECKPOINT'));
    const quiet = join(ctx.workDir, 'alerts-quiet.duckdb');
    const firing = join(ctx.workDir, 'alerts-firing.duckdb');
    // Rules inserted as `tix alert add TMUSA:<id> [--below 1]` stores them (a thousand tix runs would take minutes).
    await copyWithRules(bare, quiet, ids, 1);
    await copyWithRules(bare, firing, ids, null);

    const work = join(ctx.workDir, 'alerts-work.duckdb');
    const track = (label, template) =>
      shellCommand(
        label,
        `cp '${template}' '${work}' && rm -f '${work}.wal' && exec '${process.execPath}' '${ctx.tixBin}' track ${entries} --db '${work}'`,
        { env },
      );
    const without = track(`tix track <${count(events)} TMUSA:ids>, no rules`, bare);
    const withQuiet = track(`the same, ${count(events)} rules, none matching`, quiet);
    const withFiring = track(`the same, ${count(events)} rules, each firing if its event has a listing`, firing);
    await runOnce(withFiring, ctx.runOptions());
    const fired = await expectNotifications(work);
    const [noRules, quietResult, firingResult] = await ctx.measure([without, withQuiet, withFiring], ctx.sizes.alerts);
    return [
      timeRow(noRules, 'a copy of a file with the events, then the track'),
      ratioRow(quietResult, noRules, ALERTS_GOAL, 'every rule evaluated in the track transaction; none fires'),
      infoRatioRow(firingResult, noRules, `${count(fired)} notifications written; for context`),
    ];
  });
}

async function copyWithRules(from, to, ids, below) {
  copyFileSync(from, to);
  await withDuckDb(to, async (c) => {
    for (const id of ids) {
      await c.run(
        `INSERT INTO alert_rules (target, agent, agent_event_id, below, paused, created_at) VALUES ('TMUSA:${id}', 'TMUSA', '${id}', ${below ?? 'NULL'}, false, now())`,
      );
    }
    await c.run('CHECKPOINT');
  });
}

/** A rule without conditions fires for each event with a listing: one notification each. */
async function expectNotifications(file) {
  const [n, listed] = await withDuckDb(file, async (c) =>
    (await c.runAndReadAll('SELECT (SELECT count(*) FROM alert_notifications), (SELECT count(*) FROM snapshots WHERE listings > 0)'))
      .getRowsJS()[0]
      .map(Number),
  );
  if (n !== listed || n === 0) throw new Error(`alerts: the firing run made ${n} notifications, for ${listed} events with listings`);
  return n;
}
