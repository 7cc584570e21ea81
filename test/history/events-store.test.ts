/**
 * Issue 19 §1: the service's event in the store. `track` fills tables `events` and `event_agents`, from the
 * listing of an evt_ entry or by looking an AGENT:ID entry up once (GET /events/{agent}/{ids}), then from
 * the store; upserts keep first_seen and move last_seen and the fields to the latest sighting.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open.js';
import type { EventRecord } from '../../src/store/store.js';
import { listing, snapshot } from '../store/contract.js';
import { FIXED_NOW, type Sandbox, useSandbox } from '../helpers/sandbox.js';
import { describeStores } from './stores.js';
import { MINUTE, freshDb, onSale, sql, tixAt, useClockedSandbox } from './support.js';

const clock = useClockedSandbox();
const tix = (args: readonly string[], options: Parameters<typeof tixAt>[2] = {}) => tixAt(clock.sandbox(), args, options);
const at = (minutes: number) => clock.setClock(Date.parse(FIXED_NOW) + minutes * MINUTE);
const iso = (text: string) => new Date(text).toISOString();

let tm: { id: string; agentId: string }[];
beforeAll(() => {
  at(0);
  tm = onSale(clock.sandbox(), 'TMUSA');
  expect(tm.length).toBeGreaterThan(20);
});

/** The sandbox's event as table `events` should hold it. */
function expectedEvent(sandbox: Sandbox, eventId: string) {
  const { id, name, category, venue, city, state, country, eventDate, presaleDate, publicSaleDate } = sandbox.events
    .find((e) => e.id === eventId)!
    .toJSON();
  return {
    ...{ event_id: id, name, category, venue, city, state, country, event_date: iso(String(eventDate)) },
    ...{ presale_date: iso(String(presaleDate)), public_sale_date: iso(String(publicSaleDate)) },
  };
}

/** Requests of GET /events/{agent}/{ids} that asked for `id`. */
const lookups = (sandbox: Sandbox, agent: string, id: string) =>
  sandbox.log.filter((r) => r.path.split('?')[0]!.startsWith(`/events/${agent}/`) && r.path.includes(id)).length;

const EVENT_SQL = `SELECT event_id, name, category, venue, city, state, country, strftime(event_date AT TIME ZONE 'UTC', '%Y-%m-%dT%H:%M:%S.000Z') AS event_date,
  strftime(first_seen AT TIME ZONE 'UTC', '%Y-%m-%dT%H:%M:%S.000Z') AS first_seen, strftime(last_seen AT TIME ZONE 'UTC', '%Y-%m-%dT%H:%M:%S.000Z') AS last_seen,
  strftime(presale_date AT TIME ZONE 'UTC', '%Y-%m-%dT%H:%M:%S.000Z') AS presale_date, strftime(public_sale_date AT TIME ZONE 'UTC', '%Y-%m-%dT%H:%M:%S.000Z') AS public_sale_date
  FROM events ORDER BY event_id`;
const PG_EVENT_SQL = `SELECT event_id, name, category, venue, city, state, country, to_char(event_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"') AS event_date,
  to_char(first_seen AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"') AS first_seen, to_char(last_seen AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"') AS last_seen,
  to_char(presale_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"') AS presale_date, to_char(public_sale_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"') AS public_sale_date
  FROM events ORDER BY event_id`;
const AGENTS_SQL = (ts: (c: string) => string) =>
  `SELECT event_id, agent, agent_event_id, ${ts('first_seen')} AS first_seen, ${ts('last_seen')} AS last_seen FROM event_agents ORDER BY event_id, agent`;
const DUCK_TS = (c: string) => `strftime(${c} AT TIME ZONE 'UTC', '%Y-%m-%dT%H:%M:%S.000Z')`;
const PG_TS = (c: string) => `to_char(${c} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"')`;

describeStores('the event in the store', (store) => {
  const eventsSql = store.name === 'DuckDB' ? EVENT_SQL : PG_EVENT_SQL;
  const agentsSql = AGENTS_SQL(store.name === 'DuckDB' ? DUCK_TS : PG_TS);

  it('track evt_ stores the event and every agent id it lists; a later run keeps first_seen and moves last_seen', async () => {
    const where = store.fresh();
    const eventId = tm[0]!.id;
    const sandbox = clock.sandbox();
    const agentIds = sandbox.events.find((e) => e.id === eventId)!.agentIds;

    at(0);
    const first = await tix(['track', eventId, ...where.args]);
    expect(first.code, first.stderr).toBe(0);
    at(30);
    const second = await tix(['track', eventId, ...where.args]);
    expect(second.code, second.stderr).toBe(0);

    const start = iso(FIXED_NOW);
    const later = new Date(Date.parse(FIXED_NOW) + 30 * MINUTE).toISOString();
    expect(await where.sql(eventsSql)).toEqual([{ ...expectedEvent(sandbox, eventId), first_seen: start, last_seen: later }]);
    expect(await where.sql(agentsSql)).toEqual(
      Object.entries(agentIds)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([agent, id]) => ({ event_id: eventId, agent, agent_event_id: id, first_seen: start, last_seen: later })),
    );

    // The same run again (same clock) changes nothing: one row each, the same times.
    const again = await tix(['track', eventId, ...where.args]);
    expect(again.code).toBe(0);
    expect(await where.sql(eventsSql)).toEqual([{ ...expectedEvent(sandbox, eventId), first_seen: start, last_seen: later }]);
  });

  it('track AGENT:ID looks the event up once by the agent id; the next run knows it from the store and asks nothing', async () => {
    const where = store.fresh();
    const sandbox = clock.sandbox();
    const [a, b] = store.name === 'DuckDB' ? [tm[1]!, tm[2]!] : [tm[3]!, tm[4]!];
    const entries = [`TMUSA:${a.agentId}`, `TMUSA:${b.agentId}`];

    at(0);
    const first = await tix(['track', ...entries, ...where.args]);
    expect({ code: first.code, stderr: first.stderr }).toEqual({
      code: 0,
      stderr: `track: 2 events: 2 snapshots stored, 0 already stored, 0 failed (${where.shown})\n`,
    });
    expect(lookups(sandbox, 'TMUSA', a.agentId)).toBe(1);
    expect(lookups(sandbox, 'TMUSA', b.agentId)).toBe(1);

    at(15);
    const second = await tix(['track', ...entries, ...where.args]);
    expect(second.code, second.stderr).toBe(0);
    expect(lookups(sandbox, 'TMUSA', a.agentId)).toBe(1);
    expect(lookups(sandbox, 'TMUSA', b.agentId)).toBe(1);

    const rows = await where.sql(eventsSql);
    expect(rows.map((r) => r.event_id)).toEqual([a.id, b.id].sort());
    for (const row of rows) {
      expect(row).toEqual({
        ...expectedEvent(sandbox, String(row.event_id)),
        first_seen: iso(FIXED_NOW),
        last_seen: new Date(Date.parse(FIXED_NOW) + 15 * MINUTE).toISOString(),
      });
    }
    // The agent tracked, once per id: the ids this history follows.
    const agents = await where.sql(agentsSql);
    expect(agents.map((r) => [r.event_id, r.agent, r.agent_event_id])).toEqual(
      [a, b].map((e) => [e.id, 'TMUSA', e.agentId]).sort(([x], [y]) => (String(x) < String(y) ? -1 : 1)),
    );
  });

  it('history export copies the events and their agents, first_seen and last_seen included, and a second copy changes nothing', async () => {
    const from = store.fresh();
    const to = store.fresh();
    const [a, b] = store.name === 'DuckDB' ? [tm[11]!, tm[12]!] : [tm[13]!, tm[14]!];
    for (const minutes of [0, 30]) {
      at(minutes);
      const track = await tix(['track', a.id, `TMUSA:${b.agentId}`, ...from.args]);
      expect(track.code, track.stderr).toBe(0);
    }
    const toArgs = to.args.includes('--schema')
      ? ['--to', to.db, '--to-schema', to.args[to.args.indexOf('--schema') + 1]!]
      : ['--to', to.db];
    for (let copy = 0; copy < 2; copy++) {
      const exported = await tix(['history', 'export', ...from.args, ...toArgs]);
      expect(exported.code, exported.stderr).toBe(0);
    }
    const original = { events: await from.sql(eventsSql), agents: await from.sql(agentsSql) };
    expect(original.events).toHaveLength(2);
    expect(original.agents.length).toBeGreaterThan(2);
    expect({ events: await to.sql(eventsSql), agents: await to.sql(agentsSql) }).toEqual(original);
    // The copy answers history evt_ alone, as the original does.
    const history = await tix(['history', b.id, ...to.args, '-o', 'csv', '--base-url', 'http://127.0.0.1:9']);
    expect({ code: history.code, stderr: history.stderr }).toEqual({ code: 0, stderr: '' });
  });

  it("record(): a later sighting moves last_seen and the fields, an earlier one (a replay) only first_seen; all in the snapshots' transaction", async () => {
    const where = store.fresh();
    const schema = where.args.includes('--schema') ? where.args[where.args.indexOf('--schema') + 1] : undefined;
    const open = () => openStore(where.db, { lockTimeoutSeconds: 5, createFolder: true, ...(schema ? { schema } : {}) });
    const seen = (seenAt: string, name: string | null, agentEventId = 'A1'): EventRecord => ({
      eventId: 'evt_contract1',
      name,
      category: 'Concerts',
      venue: null,
      city: 'Austin',
      state: 'TX',
      country: 'US',
      eventDate: '2026-05-01T20:00:00-05:00',
      presaleDate: name === 'Renamed' ? '2026-03-20T10:00:00-05:00' : null,
      publicSaleDate: null,
      agents: [{ agent: 'TMUSA', agentEventId }],
      seenAt,
    });
    const store1 = await open();
    try {
      await store1.record([], [], { events: [seen('2026-03-15T03:00:00Z', 'First name')] });
      await store1.record([], [], { events: [seen('2026-03-16T03:00:00Z', 'Renamed', 'A2')] });
      // A replay of an older run: its name and id do not undo the newer ones, its time is the earliest.
      await store1.record([], [], { events: [seen('2026-03-14T03:00:00Z', 'Old name', 'A0'), seen('2026-03-14T03:00:00Z', null)] });
      // The latest sighting without a name keeps the stored one; the same records again change nothing.
      await store1.record([], [], { events: [seen('2026-03-16T03:00:00Z', null, 'A2')] });
      // Snapshots that cannot be stored take the events with them.
      const bad = { ...seen('2026-03-17T03:00:00Z', 'Never stored'), eventId: 'evt_contract2' };
      const broken = snapshot('TMUSA', 'A2', 'not a time', [listing('L1', 10)]);
      await expect(store1.record([broken], [], { events: [bad] })).rejects.toThrow();
      expect(await store1.event('evt_contract2')).toBeUndefined();
      expect(await store1.event('evt_contract1')).toEqual({
        eventId: 'evt_contract1',
        name: 'Renamed',
        category: 'Concerts',
        venue: null,
        city: 'Austin',
        state: 'TX',
        country: 'US',
        eventDate: '2026-05-02T01:00:00.000Z',
        presaleDate: '2026-03-20T15:00:00.000Z',
        publicSaleDate: null,
        firstSeen: '2026-03-14T03:00:00.000Z',
        lastSeen: '2026-03-16T03:00:00.000Z',
        agents: [{ agent: 'TMUSA', agentEventId: 'A2', firstSeen: '2026-03-14T03:00:00.000Z', lastSeen: '2026-03-16T03:00:00.000Z' }],
      });
      expect(await store1.eventIdOf('TMUSA', 'A2')).toBe('evt_contract1');
      expect(await store1.eventIdOf('TMUSA', 'A1')).toBeUndefined();
    } finally {
      await store1.close();
    }
  });

  it('watch evt_ --record stores the event with its snapshots', async () => {
    const where = store.fresh();
    const sandbox = clock.sandbox();
    const event = store.name === 'DuckDB' ? tm[5]! : tm[6]!;
    at(0);
    const watch = await tix(['watch', event.id, '--count', '1', ...where.args]);
    expect(watch.code, watch.stderr).toBe(0);
    expect(await where.sql(eventsSql)).toEqual([
      { ...expectedEvent(sandbox, event.id), first_seen: iso(FIXED_NOW), last_seen: iso(FIXED_NOW) },
    ]);
    const agents = await where.sql(agentsSql);
    expect(agents.map((r) => [r.agent, r.agent_event_id])).toEqual(
      Object.entries(sandbox.events.find((e) => e.id === event.id)!.agentIds).sort(([a], [b]) => (a < b ? -1 : 1)),
    );
  });
});

/** The `tix history sql` examples of docs/history.md over the new tables (the last two of section "SQL"). */
function guideEventExamples(): string[] {
  const guide = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'history.md'), 'utf8');
  return guide
    .split('\n')
    .filter((line) => line.startsWith('tix history sql "') && line.includes('event_agents'))
    .map((line) => /^tix history sql "(.*)"$/.exec(line)![1]!);
}

describeStores("the history guide's SQL over events", (store) => {
  it('gives the lowest price by days before the event, and per category, as the snapshots say', async () => {
    const where = store.fresh();
    const sandbox = clock.sandbox();
    const picked = store.name === 'DuckDB' ? [tm[7]!, tm[8]!] : [tm[9]!, tm[10]!];
    // Two days apart, so an event has two values of days_before.
    for (const minutes of [0, 26 * 60]) {
      at(minutes);
      const track = await tix(['track', ...picked.map((e) => e.id), ...where.args]);
      expect(track.code, track.stderr).toBe(0);
    }
    const [byDays, byCategory] = guideEventExamples();
    expect(byCategory).toBeDefined();

    // Expected, from `history evt_ -o json` and the sandbox's event dates.
    const expectedDays: Record<string, unknown>[] = [];
    const lowestByCategory = new Map<string, { lowest: number; events: number }>();
    for (const event of [...picked].sort((a, b) => (a.id < b.id ? -1 : 1))) {
      const history = await tix(['history', event.id, ...where.args, '-o', 'json']);
      const rows = JSON.parse(history.stdout).snapshots as { api_timestamp: string; min_price: number | null }[];
      const info = sandbox.events.find((e) => e.id === event.id)!;
      const days = new Map<number, number>();
      for (const row of rows) {
        if (row.min_price === null) continue;
        const d = Math.floor((Date.parse(info.eventDate) - Date.parse(row.api_timestamp)) / 86_400_000);
        days.set(d, Math.min(days.get(d) ?? Number.POSITIVE_INFINITY, row.min_price));
      }
      for (const [d, lowest] of [...days].sort((a, b) => b[0] - a[0]))
        expectedDays.push({ event_id: event.id, name: info.name, days_before: d, lowest });
      const lowest = Math.min(...days.values());
      const held = lowestByCategory.get(info.category);
      lowestByCategory.set(info.category, { lowest: Math.min(held?.lowest ?? lowest, lowest), events: (held?.events ?? 0) + 1 });
    }
    expect(expectedDays.length).toBeGreaterThanOrEqual(3);

    const days = await tix(['history', 'sql', byDays!, ...where.args, '-o', 'json']);
    expect(days.code, days.stderr).toBe(0);
    expect(JSON.parse(days.stdout).rows).toEqual(expectedDays);
    const categories = await tix(['history', 'sql', byCategory!, ...where.args, '-o', 'json']);
    expect(categories.code, categories.stderr).toBe(0);
    expect(JSON.parse(categories.stdout).rows).toEqual(
      [...lowestByCategory].map(([category, v]) => ({ category, ...v })).sort((a, b) => a.lowest - b.lowest),
    );
  });
});

describe('a lookup by agent id that fails', () => {
  const failing = useSandbox({
    now: () => new Date(FIXED_NOW),
    events: 600,
    hook: ({ path }) => {
      if (/^\/events\/TMUSA\/./.test(path)) throw new Error('lookups are down');
    },
  });

  it('is a warning: the snapshot is stored all the same (exit 0), and the next run asks again', async () => {
    const sandbox = failing();
    const db = freshDb();
    const event = onSale(sandbox, 'TMUSA')[0]!;
    const run = () => tixAt(sandbox, ['track', `TMUSA:${event.agentId}`, '--db', db, '--retries', '0']);
    const first = await run();
    expect(first.code).toBe(0);
    const lines = first.stderr.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      new RegExp(
        `^tix: warning: could not look up the service event of TMUSA:${event.agentId} \\(.*HTTP 500.*\\): its snapshots are stored, and the next run asks again$`,
      ),
    );
    expect(lines[1]).toBe(`track: 1 event: 1 snapshot stored, 0 already stored, 0 failed (${db})`);
    expect(await sql(db, 'SELECT count(*)::INTEGER AS n FROM snapshots')).toEqual([{ n: 1 }]);
    expect(await sql(db, 'SELECT count(*)::INTEGER AS n FROM events')).toEqual([{ n: 0 }]);

    await run();
    expect(lookups(sandbox, 'TMUSA', event.agentId)).toBe(2);
  });
});
