/**
 * Scenario 6: the price history. `tix track` of 1,000 events at one agent (fetch, figures, one DuckDB
 * transaction) against exporting the same inventory to CSV; the same track into PostgreSQL (a throw-away
 * server the benchmark starts; skipped, with the reason, when PostgreSQL is not installed); and
 * `tix history` reading 1,000 snapshots of one event.
 */
import { join } from 'node:path';
import { nodeCommand, runOnce, shellCommand } from '../measure.mjs';
import { withDuckDb } from '../duckdb.mjs';
import { startBenchPostgres } from '../postgres.mjs';
import { count, figureRow, infoRatioRow, ratioRow, timeRow } from '../rows.mjs';
import { withSandbox } from '../sandbox-process.mjs';

export const TRACK_GOAL = 1.3;
export const HISTORY_GOAL_MS = 300;
/** EventSearchDate "future": events from tomorrow on, which have listings. */
const FUTURE = 19;

export async function history(ctx) {
  const { events, snapshots, latencyMs } = ctx.sizes.history;
  const postgres = await startBenchPostgres(ctx.sandboxBase.repo);
  try {
    return await withSandbox({ ...ctx.sandboxBase, events: 5_000, latencyMs }, async (sandbox) => {
      const ids = await futureTicketmasterIds(ctx, sandbox, events);
      const env = ctx.tixEnv(sandbox);
      const entries = ids.map((id) => `TMUSA:${id}`).join(' ');
      const db = join(ctx.workDir, 'track.duckdb');
      const exportCsv = nodeCommand(
        `tix inventory TMUSA <${count(events)} ids> -o csv`,
        [ctx.tixBin, 'inventory', 'TMUSA', ids.join(','), '-o', 'csv', '--out', 'inventory.csv'],
        { env },
      );
      // Every run stores its snapshots afresh: the sandbox's listings change only every 15 minutes, and a
      // snapshot already in the file would be skipped. Removing the file costs bash's start-up, a few ms.
      const track = shellCommand(
        `tix track <${count(events)} TMUSA:ids> (a new file each run)`,
        `rm -f '${db}' '${db}.wal' && exec '${process.execPath}' '${ctx.tixBin}' track ${entries} --db '${db}'`,
        { env },
      );
      await runOnce(track, ctx.runOptions());
      await expectSnapshots(db, events);

      // The same into PostgreSQL: a new schema each run (named from bash's clock, no extra process), so
      // tix creates its tables each time as it creates a new file above.
      let trackPg;
      if (postgres.cluster) {
        const url = postgres.cluster.url();
        trackPg = shellCommand(
          `tix track <${count(events)} TMUSA:ids> --db postgres://… (a new schema each run)`,
          `exec '${process.execPath}' '${ctx.tixBin}' track ${entries} --db '${url}' --schema "run_\${EPOCHREALTIME/./_}"`,
          { env },
        );
        await runOnce(trackPg, ctx.runOptions());
        await expectPgSnapshots(postgres.cluster, events);
      } else {
        ctx.log(`  PostgreSQL row skipped: ${postgres.skipped}`);
      }

      const historyDb = join(ctx.workDir, 'history.duckdb');
      await buildHistory(ctx, env, historyDb, ids[0], snapshots);
      const read = nodeCommand(
        `tix history TMUSA <id> -o csv (${count(snapshots)} snapshots)`,
        [ctx.tixBin, 'history', 'TMUSA', ids[0], '--db', historyDb, '-o', 'csv'],
        { env },
      );
      const listings = nodeCommand(`tix history TMUSA <id> --listings -o csv`, [...read.argv, '--listings'], { env });
      const measured = [exportCsv, track, ...(trackPg ? [trackPg] : []), read, listings];
      const results = await ctx.measure(measured, ctx.sizes.history);
      const [exportResult, trackResult] = results;
      const [readResult, listingsResult] = results.slice(-2);
      const pgRow = trackPg
        ? infoRatioRow(results[2], trackResult, 'the same requests, then one PostgreSQL transaction (server on this machine)')
        : { label: `tix track <${count(events)} TMUSA:ids> --db postgres://…`, note: `skipped: ${postgres.skipped}` };
      return [
        timeRow(exportResult, `${count(events / 10)} requests of 10 ids`),
        ratioRow(trackResult, exportResult, TRACK_GOAL, 'the same requests, then one transaction'),
        pgRow,
        { ...timeRow(readResult), ...goalMs(readResult) },
        timeRow(listingsResult, 'one row per listing ever seen; for context'),
      ];
    });
  } finally {
    postgres.cluster?.stop();
  }
}

/** The one schema a run made holds every snapshot; dropped after, so the timed runs start from the same state. */
async function expectPgSnapshots(cluster, expected) {
  const schemas = await cluster.sql("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'run\\_%'");
  if (schemas.length !== 1) throw new Error(`history: PostgreSQL has ${schemas.length} run schemas, not 1`);
  const schema = schemas[0].nspname;
  const [{ n }] = await cluster.sql(`SELECT count(*)::int AS n FROM "${schema}".snapshots`);
  if (n !== expected) throw new Error(`history: PostgreSQL schema ${schema} holds ${n} snapshots, not ${expected}`);
  await cluster.sql(`DROP SCHEMA "${schema}" CASCADE`);
}

function goalMs(result) {
  const row = figureRow(result.label, `${result.medianMs.toFixed(0)} ms`, `≤ ${HISTORY_GOAL_MS} ms`, result.medianMs <= HISTORY_GOAL_MS);
  return { figure: row.figure, goal: row.goal, ok: row.ok };
}

/** The first `wanted` Ticketmaster ids of future events (with listings) in the sandbox; scenario 9 uses them too. */
export async function futureTicketmasterIds(ctx, sandbox, wanted) {
  const response = await fetch(`${sandbox.url}/events?q=UTC&date=${FUTURE}&pageSize=5000`, { headers: { 'x-api-key': ctx.apiKey } });
  if (!response.ok) throw new Error(`history: the sandbox answered the id search with ${response.status}`);
  const { events } = await response.json();
  const ids = events.map((event) => event.agentIds?.TMUSA).filter((id) => typeof id === 'string');
  if (ids.length < wanted) throw new Error(`history: the sandbox has only ${ids.length} future Ticketmaster events`);
  return ids.slice(0, wanted);
}

/**
 * A file with `snapshots` snapshots of one event, 15 minutes apart: one real `tix track`, then its
 * snapshot and listings copied back in time with SQL (a thousand sandboxes at a thousand clock times
 * would take minutes and show nothing more).
 */
async function buildHistory(ctx, env, file, id, snapshots) {
  await runOnce(nodeCommand('tix track', [ctx.tixBin, 'track', `TMUSA:${id}`, '--db', file], { env }), ctx.runOptions());
  await withDuckDb(file, async (connection) => {
    const shifted = (table, columns) =>
      `INSERT INTO ${table} SELECT ${columns.replace('api_timestamp', 'api_timestamp - to_minutes(15 * i) AS api_timestamp')} FROM ${table}, range(1, ${snapshots}) AS steps(i)`;
    await connection.run(
      shifted('snapshots', 'agent, event_id, api_timestamp, fetched_at, listings, tickets, min_price, median_price, max_price'),
    );
    await connection.run(shifted('listings', 'agent, event_id, api_timestamp, listing_id, section, "row", quantity, price, extra'));
  });
  await expectSnapshots(file, snapshots);
}

async function expectSnapshots(file, expected) {
  const stored = await withDuckDb(file, async (connection) =>
    Number((await connection.runAndReadAll('SELECT count(*) AS n FROM snapshots')).getRowsJS()[0][0]),
  );
  if (stored !== expected) throw new Error(`history: ${file} holds ${stored} snapshots, not ${expected}`);
}
