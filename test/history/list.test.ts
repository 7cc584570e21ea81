import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { parse as parseCsv } from 'csv-parse/sync';
import { beforeAll, expect, it } from 'vitest';
import { differencesFromCsv, readParquet } from '../helpers/parquet.js';
import type { Sandbox } from '../helpers/sandbox.js';
import { tempDir } from '../helpers/tix-env.js';
import {
  byAgent,
  DAY,
  eventOnSaleUntil,
  HOUR,
  lowestOf,
  printedHistory,
  T0,
  tixNow,
  trackAt,
  type PrintedSnapshot,
} from './analysis-support.js';
import { describeStores, type StoreLocation, type StoreUnderTest } from './stores.js';
import { MINUTE, useClockedSandbox } from './support.js';

const clock = useClockedSandbox();
const tix = tixNow(clock);
type SandboxEvent = Sandbox['events'][number];

/** A row of `history list -o json` as it should be, from what `tix history -o json` printed for the event. */
function expectedRow(eventId: string | null, event: SandboxEvent | undefined, agents: string[], snapshots: PrintedSnapshot[]) {
  const time = (s: PrintedSnapshot) => Date.parse(s.api_timestamp);
  const ordered = [...snapshots].sort((a, b) => time(a) - time(b) || ((a.agent ?? '') < (b.agent ?? '') ? -1 : 1));
  const lowest = lowestOf(ordered.map((s) => s.min_price));
  const cheapest = ordered.find((s) => s.min_price === lowest)!;
  const latest = [...byAgent(ordered).values()].map((series) => series.at(-1)!);
  return {
    event_id: eventId,
    name: event?.name ?? null,
    event_date: event ? new Date(event.eventDate).toISOString().replace('.000Z', 'Z') : null,
    agents,
    snapshots: ordered.length,
    first_snapshot: ordered[0]!.api_timestamp,
    last_snapshot: ordered.at(-1)!.api_timestamp,
    current_price: lowestOf(latest.map((s) => s.min_price)),
    // Tracked together: every agent's latest snapshot counts (the market floor leaves none out).
    stale_agents: [],
    lowest_price: lowest,
    lowest_at: cheapest.api_timestamp,
    lowest_agent: cheapest.agent ?? agents[0]!.split(':')[0],
  };
}

/** Removes what the store knows of an agent's event, as a history kept before tix knew evt_ ids would lack it. */
async function forgetEventOf(store: StoreUnderTest, at: StoreLocation, agent: string, id: string): Promise<void> {
  const statement = `DELETE FROM event_agents WHERE agent = '${agent}' AND agent_event_id = '${id}'`;
  if (store.name === 'PostgreSQL') {
    await at.sql(statement);
    return;
  }
  const instance = await DuckDBInstance.create(at.db);
  try {
    const connection = await instance.connect();
    await connection.run(statement);
    connection.closeSync();
  } finally {
    instance.closeSync();
  }
}

describeStores('tix history list', (store) => {
  let at: StoreLocation;
  let later: SandboxEvent;
  let sooner: SandboxEvent;
  let forgotten: string;
  let expected: ReturnType<typeof expectedRow>[];

  beforeAll(async () => {
    at = store.fresh();
    clock.setClock(T0);
    const sandbox = clock.sandbox();
    const now = new Date(T0).toISOString();
    const horizon = new Date(T0 + 3 * DAY).toISOString();
    later = sandbox.events.find((e) => e.id === eventOnSaleUntil(sandbox, 2 * DAY).id)!;
    // Two more events with a TMUSA id, tracked as TMUSA:ID: one sooner than `later`, one whose evt_ id is then forgotten.
    const others = sandbox.events.filter(
      (e) => e.id !== later.id && e.agentIds.TMUSA && e.publicSaleDate < now && e.eventDate > horizon && e.eventDate < later.eventDate,
    );
    sooner = others[0]!;
    forgotten = others[1]!.agentIds.TMUSA!;
    await trackAt(clock, at, [
      { after: 0, entries: [later.id, `TMUSA:${sooner.agentIds.TMUSA}`, `TMUSA:${forgotten}`] },
      { after: 15 * MINUTE, entries: [later.id, `TMUSA:${sooner.agentIds.TMUSA}`, `TMUSA:${forgotten}`] },
      { after: 3 * HOUR, entries: [later.id, `TMUSA:${sooner.agentIds.TMUSA}`] },
      { after: 2 * DAY, entries: [later.id, `TMUSA:${sooner.agentIds.TMUSA}`] },
    ]);
    await forgetEventOf(store, at, 'TMUSA', forgotten);
    const ofLater = await printedHistory(clock, at, [later.id]);
    const ofSooner = await printedHistory(clock, at, [sooner.id]);
    const ofForgotten = await printedHistory(clock, at, ['TMUSA', forgotten]);
    expected = [
      expectedRow(sooner.id, sooner, ['TMUSA'], ofSooner),
      expectedRow(later.id, later, [...byAgent(ofLater).keys()].sort(), ofLater),
      expectedRow(null, undefined, [`TMUSA:${forgotten}`], ofForgotten),
    ];
  }, 120_000);

  const list = async (...args: string[]) => {
    const result = await tix(['history', 'list', ...args, ...at.args, '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout).events as Record<string, unknown>[];
  };

  it('one row per tracked event, soonest first, every figure as tix history -o json gives it; an unknown evt_ id is AGENT:ID', async () => {
    expect(await list()).toEqual(expected);
  });

  it('--upcoming, --since and --name filter', async () => {
    // By the run's clock: after the sooner event, only the later one is still to come (the forgotten one has no date).
    const afterSooner = Date.parse(sooner.eventDate) + MINUTE;
    const upcoming = await tix(['history', 'list', '--upcoming', ...at.args, '-o', 'json'], { now: () => new Date(afterSooner) });
    expect(JSON.parse(upcoming.stdout).events).toEqual([expected[1]]);
    expect(await list('--upcoming')).toEqual(expected.slice(0, 2));
    // The forgotten event was last tracked at +15 minutes.
    expect(await list('--since', new Date(T0 + HOUR).toISOString())).toEqual(expected.slice(0, 2));
    expect(await list('--since', new Date(T0 + 15 * MINUTE).toISOString())).toEqual(expected);
    const part = later.name.slice(1, 6).toUpperCase();
    expect(await list('--name', part)).toEqual(expected.filter((e) => e.name?.toLowerCase().includes(part.toLowerCase())));
    const none = await tix(['history', 'list', '--name', 'no such event anywhere', ...at.args, '-o', 'json']);
    expect([none.code, none.stdout.trim(), none.stderr.trim()]).toEqual([0, '{"events":[]}', 'No tracked event matches.']);
  });

  it('csv, tsv and parquet join the agents with commas; ndjson keeps them a list; a table at a terminal', async () => {
    const joined = expected.map((e) => ({ ...e, agents: e.agents.join(',') }));
    const text = (row: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === null ? '' : String(v)]));
    for (const [format, delimiter] of [
      ['csv', ','],
      ['tsv', '\t'],
    ] as const) {
      const result = await tix(['history', 'list', ...at.args, '-o', format]);
      expect(parseCsv(result.stdout, { columns: true, delimiter })).toEqual(joined.map(text));
    }
    const ndjson = await tix(['history', 'list', ...at.args, '-o', 'ndjson']);
    expect(
      ndjson.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual(expected);
    const out = join(tempDir('tix-list-'), 'events.parquet');
    expect((await tix(['history', 'list', ...at.args, '--out', out])).code).toBe(0);
    const csv = await tix(['history', 'list', ...at.args, '-o', 'csv']);
    expect(differencesFromCsv(await readParquet(out), csv.stdout)).toEqual([]);
    const table = await tix(['history', 'list', ...at.args], { terminal: { columns: 250 } });
    expect(table.stdout).toContain(later.id);
    expect(table.stdout).toContain(`TMUSA:${forgotten}`);
  });

  it('refuses bad filters and flags that do not apply; no history at all is exit 4', async () => {
    const since = await tix(['history', 'list', '--since', 'soon', ...at.args]);
    expect(since.code).toBe(2);
    expect(since.stderr).toMatch(/^tix: --since: 'soon' is not a date/);
    const name = await tix(['history', 'list', '--name', ' ', ...at.args]);
    expect([name.code, name.stderr.trim()]).toEqual([2, 'tix: --name must not be empty']);
    const until = await tix(['history', 'list', '--until', 'today', ...at.args]);
    expect(until.code).toBe(2);
    expect(until.stderr).toContain('--until does not apply to history list');
    const nothing = await tix(['history', 'list', ...store.fresh().args]);
    expect(nothing.code).toBe(4);
    expect(nothing.stderr.trim().split('\n')).toHaveLength(1);
  });
});
