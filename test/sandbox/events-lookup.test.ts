/** GET /events/{serviceEventId}, /events/{agent}/{agentIds} and /events/{agent} (seed 4.2-4.4). */
import { describe, expect, it } from 'vitest';
import type { SandboxEvent } from '../../src/sandbox/index.js';
import { FIXED_NOW, getJson, request, useSandbox } from '../helpers/sandbox.js';

// 8,000 events over the world's twelve years: more than 1,000 of one agent's in the next two years, so paging shows.
const sandbox = useSandbox({ now: FIXED_NOW, events: 8000 });
const DAY = 86_400_000;
const NOW = Date.parse(FIXED_NOW);
const plain = (e: SandboxEvent) => JSON.parse(JSON.stringify(e));

describe('GET /events/{serviceEventId}', () => {
  it('returns the listing object of the event', async () => {
    for (const e of sandbox().events.slice(0, 20)) expect(await getJson(sandbox(), `/events/${e.id}`)).toEqual(plain(e));
  });

  it('is 404 for a well-formed unknown id and 400 for a malformed one', async () => {
    const unknown = await request(sandbox(), '/events/evt_0000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ status: 404, error: 'Not Found', message: "event 'evt_0000000000' not found" });
    for (const id of ['evt_', 'evt_abc%21', 'evt_a%2Fb', 'evt_has-dash']) {
      const bad = await request(sandbox(), `/events/${id}`);
      expect(bad.status, id).toBe(400);
      expect(bad.json.message).toMatch(/^serviceEventId must be 'evt_' followed by letters and digits \(got '.*'\)$/);
    }
  });
});

describe('GET /events/{agent}/{agentIds}', () => {
  it('finds one event by an agent id, for every agent, by code or name in any case', async () => {
    const e = sandbox().events.find((x) => Object.keys(x.agentIds).length >= 6)!;
    const names: Record<string, string> = { TMUSA: 'ticketMaster', STUBHUB: 'stubhub', VIVID: 'VIVIDSEATS', GAMETIME: 'gametime' };
    for (const [code, id] of Object.entries(e.agentIds)) {
      for (const agent of [code, code.toLowerCase(), names[code] ?? code]) {
        const body = await getJson(sandbox(), `/events/${agent}/${id}`);
        expect(body).toEqual({ events: [plain(e)] });
      }
    }
  });

  it('returns several events in the order asked, skipping unknown ids and repeats', async () => {
    const events = sandbox().events.slice(100, 106);
    const ids = events.map((e) => e.agentIds.STUBHUB!).reverse();
    const body = await getJson(sandbox(), `/events/stubHub/${[ids[0], '999', ...ids.slice(1), ids[0]].join(',')}`);
    expect(body.events.map((e: { id: string }) => e.id)).toEqual([...events].reverse().map((e) => e.id));
  });

  it('is 404 when none is found, including ids of another agent', async () => {
    const e = sandbox().events.find((x) => x.agentIds.SEATGEEK && !x.agentIds.VIVID)!;
    const other = await request(sandbox(), `/events/vividSeats/${e.agentIds.SEATGEEK}`);
    expect(other.status).toBe(404);
    expect(other.json).toEqual({ status: 404, error: 'Not Found', message: `no VIVID event found for id ${e.agentIds.SEATGEEK}` });
    const none = await request(sandbox(), '/events/tmusa/abc,def');
    expect(none.status).toBe(404);
    expect(none.json.message).toBe('no TMUSA event found for ids abc, def');
  });

  it('is 404 for an unknown agent and 400 for a bad id list', async () => {
    const agent = await request(sandbox(), '/events/ebay/123');
    expect(agent.status).toBe(404);
    expect(agent.json.message).toMatch(/^agent 'ebay' not found; agents are ticketMaster \(TMUSA\), stubHub \(STUBHUB\), /);
    const many = Array.from({ length: 101 }, (_, i) => String(100_000_000 + i)).join(',');
    const cases: [string, string][] = [
      [`/events/stubhub/${many}`, 'at most 100 agent event ids per request (got 101)'],
      ['/events/stubhub/1,,2', "agent event ids must be a comma-separated list without empty entries (got '1,,2')"],
      ['/events/stubhub/1,a%20b', "agent event ids may contain only letters, digits, '-' and '_' (got 'a b')"],
    ];
    for (const [path, message] of cases) {
      const response = await request(sandbox(), path);
      expect(response.status, path).toBe(400);
      expect(response.json).toEqual({ status: 400, error: 'Bad Request', message });
    }
    const hundred = await request(
      sandbox(),
      `/events/stubhub/${sandbox()
        .events.slice(0, 100)
        .map((e) => e.stubhubId)
        .join(',')}`,
    );
    expect(hundred.status).toBe(200);
    expect(hundred.json.events).toHaveLength(100);
  });
});

describe('GET /events/{agent}', () => {
  const knownTo = (code: string) => (e: SandboxEvent) => e.agentIds[code] !== undefined;
  const byDate = (a: SandboxEvent, b: SandboxEvent) => a.eventTime - b.eventTime || (a.id < b.id ? -1 : 1);
  const ids = (body: { events: { id: string }[] }) => body.events.map((e) => e.id);

  it('defaults to events from today (UTC) to two years on, by event date, 1,000 a page', async () => {
    const today = Math.floor(NOW / DAY) * DAY;
    const end = Date.parse('2028-03-16T00:00:00Z');
    const want = sandbox()
      .events.filter((e) => knownTo('SEATGEEK')(e) && e.eventTime >= today && e.eventTime < end)
      .sort(byDate)
      .map((e) => e.id);
    expect(want.length).toBeGreaterThan(500);
    const page1 = await getJson(sandbox(), '/events/seatGeek');
    const page2 = await getJson(sandbox(), '/events/SEATGEEK?pageNumber=2');
    expect([...ids(page1), ...ids(page2)]).toEqual(want);
    expect(page1.events.length).toBe(Math.min(1000, want.length));
  });

  it('honours dateFrom, dateTo (dates inclusive, or date-times), eventName, pageSize and pageNumber', async () => {
    const filter = (from: number, to: number, name?: RegExp) =>
      sandbox()
        .events.filter((e) => knownTo('TMUSA')(e) && e.eventTime >= from && e.eventTime <= to && (!name || name.test(e.name)))
        .sort(byDate)
        .map((e) => e.id);
    const all = filter(Date.parse('2025-06-01T00:00Z'), Date.parse('2025-12-31T23:59:59.999Z'));
    expect(ids(await getJson(sandbox(), '/events/ticketmaster?dateFrom=2025-06-01&dateTo=2025-12-31&pageSize=5000'))).toEqual(all);
    expect(ids(await getJson(sandbox(), '/events/ticketmaster?dateFrom=2025-06-01&dateTo=2025-12-31&pageSize=7&pageNumber=3'))).toEqual(
      all.slice(14, 21),
    );
    const timed = filter(Date.parse('2025-06-01T12:00Z'), Date.parse('2025-06-30T12:00Z'));
    expect(ids(await getJson(sandbox(), '/events/tmusa?dateFrom=2025-06-01T12:00:00Z&dateTo=2025-06-30T12:00:00Z&pageSize=5000'))).toEqual(
      timed,
    );
    const named = filter(Date.parse('2025-01-01T00:00Z'), Date.parse('2027-12-31T23:59:59.999Z'), /vs\./i);
    expect(named.length).toBeGreaterThan(10);
    expect(ids(await getJson(sandbox(), '/events/tmusa?dateFrom=2025-01-01&dateTo=2027-12-31&eventName=%25VS.%25&pageSize=5000'))).toEqual(
      named,
    );
  });

  it('answers 200 with an empty list past the last page', async () => {
    expect(await getJson(sandbox(), '/events/gameTime?pageNumber=50')).toEqual({ events: [] });
  });

  it('is 404 for an unknown agent and 400 for bad parameters', async () => {
    const agent = await request(sandbox(), '/events/ticketbastard');
    expect(agent.status).toBe(404);
    expect(agent.json.message).toMatch(/^agent 'ticketbastard' not found; agents are /);
    for (const [query, message] of [
      [
        'dateFrom=soon',
        "dateFrom must be a date YYYY-MM-DD or a date-time YYYY-MM-DDTHH:MM[:SS] with optional Z or ±HH:MM offset (got 'soon')",
      ],
      [
        'dateTo=2026-02-29',
        "dateTo must be a date YYYY-MM-DD or a date-time YYYY-MM-DDTHH:MM[:SS] with optional Z or ±HH:MM offset (got '2026-02-29')",
      ],
      ['dateFrom=2026-05-01&dateTo=2026-04-01', 'dateFrom must not be after dateTo'],
      ['pageSize=5001', 'pageSize must be between 1 and 5000 (got 5001)'],
      ['pageNumber=-1', 'pageNumber must be between 1 and 2147483647 (got -1)'],
    ]) {
      const response = await request(sandbox(), `/events/skybox?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.json).toEqual({ status: 400, error: 'Bad Request', message });
    }
  });
});
