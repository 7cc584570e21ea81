/**
 * Issue 19 §1: the service's event in the store. `track` fills tables `events` and `event_agents`, from the
 * listing of an evt_ entry or by looking an AGENT:ID entry up once (GET /events/{agent}/{ids}), then from
 * the store; upserts keep first_seen and move last_seen and the fields to the latest sighting.
 */
import { beforeAll, expect, it } from 'vitest';
import { FIXED_NOW, type Sandbox } from '../helpers/sandbox.js';
import { describeStores } from './stores.js';
import { MINUTE, onSale, tixAt, useClockedSandbox } from './support.js';

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
  const event = sandbox.events.find((e) => e.id === eventId)!;
  return {
    event_id: event.id,
    name: event.name,
    category: event.category,
    venue: event.place.name,
    city: event.place.city,
    state: event.place.state,
    country: event.place.country,
    event_date: iso(event.eventDate),
  };
}

/** Requests of GET /events/{agent}/{ids} that asked for `id`. */
const lookups = (sandbox: Sandbox, agent: string, id: string) =>
  sandbox.log.filter((r) => r.path.split('?')[0]!.startsWith(`/events/${agent}/`) && r.path.includes(id)).length;

const EVENT_SQL = `SELECT event_id, name, category, venue, city, state, country, strftime(event_date AT TIME ZONE 'UTC', '%Y-%m-%dT%H:%M:%S.000Z') AS event_date,
  strftime(first_seen AT TIME ZONE 'UTC', '%Y-%m-%dT%H:%M:%S.000Z') AS first_seen, strftime(last_seen AT TIME ZONE 'UTC', '%Y-%m-%dT%H:%M:%S.000Z') AS last_seen
  FROM events ORDER BY event_id`;
const PG_EVENT_SQL = `SELECT event_id, name, category, venue, city, state, country, to_char(event_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"') AS event_date,
  to_char(first_seen AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"') AS first_seen, to_char(last_seen AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"') AS last_seen
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
    // Every agent the listing names is known from then on, not only the one tracked.
    const agents = await where.sql(agentsSql);
    const expectedAgents = [a.id, b.id].flatMap((id) => Object.keys(sandbox.events.find((e) => e.id === id)!.agentIds).length);
    expect(agents.length).toBe(expectedAgents.reduce((x, y) => x + y, 0));
    expect(agents.find((r) => r.agent_event_id === a.agentId)).toMatchObject({ event_id: a.id, agent: 'TMUSA' });
  });
});
