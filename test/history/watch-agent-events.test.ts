/**
 * `tix watch <agent> <ids> --record` stores the service event of each of the agent's ids (tables `events`
 * and `event_agents`) as `tix track AGENT:ID` does: looked up once by the agent's id (GET
 * /events/{agent}/{ids}), or read from the store when it knows the id. So `history list` names what watch
 * recorded, and `history evt_...` reads it offline. A lookup that fails is a warning; the snapshots are
 * stored all the same.
 */
import { createServer } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXED_NOW, type Sandbox, useSandbox } from '../helpers/sandbox.js';
import { runTix } from '../helpers/tix.js';
import { tempDir } from '../helpers/tix-env.js';
import { describeStores } from './stores.js';
import { MINUTE, freshDb, onSale, sql, tixAt, useClockedSandbox } from './support.js';

const clock = useClockedSandbox();
const tix = (args: readonly string[], options: Parameters<typeof tixAt>[2] = {}) => tixAt(clock.sandbox(), args, options);
const at = (minutes: number) => clock.setClock(Date.parse(FIXED_NOW) + minutes * MINUTE);

let tm: { id: string; agentId: string }[];
/** A base URL nothing listens on: a run that needed the API would fail. */
let closedUrl: string;

beforeAll(async () => {
  at(0);
  tm = onSale(clock.sandbox(), 'TMUSA');
  expect(tm.length).toBeGreaterThan(10);
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedUrl = `http://127.0.0.1:${(probe.address() as { port: number }).port}`;
  await new Promise((resolve) => probe.close(resolve));
});

/** Requests of GET /events/{agent}/{ids} that asked for `id`. */
const lookups = (sandbox: Sandbox, agent: string, id: string) =>
  sandbox.log.filter((r) => r.path.split('?')[0]!.startsWith(`/events/${agent}/`) && r.path.includes(id)).length;

const listed = async (args: string[]) => {
  const list = await tix(['history', 'list', '-o', 'json', ...args]);
  expect(list.code, list.stderr).toBe(0);
  return (JSON.parse(list.stdout).events as { event_id: string; name: string; agents: string[]; snapshots: number }[]).map(
    ({ event_id, name, agents, snapshots }) => ({ event_id, name, agents, snapshots }),
  );
};

describeStores('watch --record of an agent’s ids stores their service events', (store) => {
  // Each store its own events: the sandbox's request log is shared by both.
  const pick = (i: number) => (store.name === 'DuckDB' ? tm[i]! : tm[i + 5]!);

  it('looks each id up once; history list names the events, history evt_ works offline; the next watch asks nothing', async () => {
    const where = store.fresh();
    const sandbox = clock.sandbox();
    const [a, b] = [pick(0), pick(1)];
    const nameOf = (id: string) => sandbox.events.find((e) => e.id === id)!.name;

    at(0);
    const first = await tix(['watch', 'TMUSA', a.agentId, b.agentId, '--count', '2', '--interval', '1s', ...where.args]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).not.toMatch(/warning/);
    expect(lookups(sandbox, 'TMUSA', a.agentId)).toBe(1);
    expect(lookups(sandbox, 'TMUSA', b.agentId)).toBe(1);

    const expected = [a, b]
      .map((e) => ({ event_id: e.id, name: nameOf(e.id), agents: ['TMUSA'], snapshots: 1 }))
      .sort((x, y) => (x.event_id < y.event_id ? -1 : 1));
    expect((await listed(where.args)).sort((x, y) => (x.event_id < y.event_id ? -1 : 1))).toEqual(expected);

    // The store alone answers for the evt_ id: no key, and an API that is not there.
    const offline = await runTix(['history', a.id, '-o', 'json', ...where.args], {
      env: { HOME: tempDir('tix-home-'), TIX_BASE_URL: closedUrl },
    });
    expect(offline.code, offline.stderr).toBe(0);
    expect(JSON.parse(offline.stdout).snapshots.map((s: { agent: string }) => s.agent)).toEqual(['TMUSA']);

    // A second watch, later: the store knows both ids, so nothing is looked up, and the events are seen again.
    at(15);
    const second = await tix(['watch', 'TMUSA', a.agentId, b.agentId, '--count', '1', ...where.args]);
    expect(second.code, second.stderr).toBe(0);
    expect(lookups(sandbox, 'TMUSA', a.agentId)).toBe(1);
    expect(lookups(sandbox, 'TMUSA', b.agentId)).toBe(1);
    expect(await listed(where.args)).toEqual(expect.arrayContaining(expected.map((e) => ({ ...e, snapshots: 2 }))));
    const lastSeen = await where.sql(`SELECT count(*) AS n FROM events WHERE last_seen > first_seen`);
    expect(Number(lastSeen[0]!.n)).toBe(2);
  });

  it('an id the API knows no event for: a warning once, and its snapshots are stored under the agent id', async () => {
    const where = store.fresh();
    const a = pick(2);
    at(0);
    // An id the inventory answers for (every listing is generated) but no service event carries.
    const unknown = store.name === 'DuckDB' ? 'NOEVENT1' : 'NOEVENT2';
    const watch = await tix(['watch', 'TMUSA', a.agentId, unknown, '--count', '2', '--interval', '1s', ...where.args]);
    expect(watch.code, watch.stderr).toBe(0);
    const warnings = watch.stderr.split('\n').filter((line) => line.startsWith('tix: warning:'));
    expect(warnings).toEqual([
      `tix: warning: no service event (evt_ id) found for TMUSA:${unknown}: its snapshots are stored under the agent's id only`,
    ]);
    const rows = await listed(where.args);
    expect(rows.find((r) => r.event_id === a.id)).toMatchObject({ agents: ['TMUSA'] });
  });
});

describe('watch --record when the lookup by agent id fails', () => {
  const failing = useSandbox({
    now: () => new Date(FIXED_NOW),
    events: 600,
    hook: ({ path }) => {
      if (/^\/events\/TMUSA\/./.test(path)) throw new Error('lookups are down');
    },
  });

  it('warns once, stores every poll’s snapshots (exit 0), and the next watch asks again', async () => {
    const sandbox = failing();
    const db = freshDb();
    const event = onSale(sandbox, 'TMUSA')[0]!;
    const run = () => tixAt(sandbox, ['watch', 'TMUSA', event.agentId, '--count', '2', '--interval', '1s', '--db', db, '--retries', '0']);
    const first = await run();
    expect(first.code, first.stderr).toBe(0);
    const warnings = first.stderr.split('\n').filter((line) => line.startsWith('tix: warning:'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      new RegExp(
        `^tix: warning: could not look up the service event of TMUSA:${event.agentId} \\(.*HTTP 500.*\\): its snapshots are stored, and the next run asks again$`,
      ),
    );
    expect(await sql(db, 'SELECT count(*)::INTEGER AS n FROM snapshots')).toEqual([{ n: 1 }]);
    expect(await sql(db, 'SELECT count(*)::INTEGER AS n FROM events')).toEqual([{ n: 0 }]);

    await run();
    expect(lookups(sandbox, 'TMUSA', event.agentId)).toBe(2);
  });
});
