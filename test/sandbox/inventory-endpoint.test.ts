/** GET /inventory/{ticketAgent}/{ids} (seed 4.5, 2.2). */
import { describe, expect, it } from 'vitest';
import type { SandboxEvent } from '../../src/sandbox/index.js';
import { FIXED_NOW, getJson, request, useSandbox } from '../helpers/sandbox.js';

const DAY = 86_400_000;
const NOW = Date.parse(FIXED_NOW);
let clock = NOW;
const sandbox = useSandbox({ now: () => new Date(clock) });

function onSale(code: string, skip = 0): SandboxEvent {
  return sandbox().events.filter((e) => e.agentIds[code] && e.publicSaleTime < NOW && e.eventTime > NOW + 20 * DAY && e.popularity > 0.2)[
    skip
  ]!;
}

describe('inventory lookup', () => {
  it('returns one data element per id, in order, with listings of the documented shape', async () => {
    clock = NOW;
    const a = onSale('TMUSA');
    const b = onSale('TMUSA', 1);
    const body = await getJson(sandbox(), `/inventory/TMUSA/${a.agentIds.TMUSA},nope,${b.agentIds.TMUSA},${a.agentIds.TMUSA}`);
    expect(Object.keys(body)).toEqual(['data', 'timestamp']);
    expect(body.data.map((d: { eventId: string }) => d.eventId)).toEqual([a.agentIds.TMUSA, 'nope', b.agentIds.TMUSA, a.agentIds.TMUSA]);
    expect(body.data[1]).toEqual({ eventId: 'nope', ticketAgent: 'TMUSA', sections: [] });
    expect(body.data[3]).toEqual(body.data[0]);
    for (const element of [body.data[0], body.data[2]]) {
      expect(element.ticketAgent).toBe('TMUSA');
      expect(element.sections.length).toBeGreaterThan(0);
      for (const listing of element.sections) {
        expect(typeof listing.section).toBe('string');
        expect(typeof listing.row).toBe('string');
        expect(Number.isInteger(listing.quantity) && listing.quantity > 0).toBe(true);
        expect(typeof listing.price === 'number' && listing.price > 0).toBe(true);
        expect(Math.round(listing.price * 100) / 100).toBe(listing.price);
        expect(typeof listing.listingId).toBe('string');
        expect(['standard', 'resale']).toContain(listing.offerType);
      }
    }
    expect(body.timestamp).toBe('2026-03-15T03:00:00Z');
  });

  it('matches the agent by code or name, any case, and echoes the upper-case code', async () => {
    clock = NOW;
    const e = onSale('VIVID');
    for (const agent of ['VIVID', 'vivid', 'vividSeats', 'VIVIDSEATS']) {
      const body = await getJson(sandbox(), `/inventory/${agent}/${e.agentIds.VIVID}`);
      expect(body.data[0].ticketAgent).toBe('VIVID');
      expect(body.data[0].sections.length).toBeGreaterThan(0);
      for (const listing of body.data[0].sections) expect(Array.isArray(listing.splits)).toBe(true);
    }
  });

  it('adds agent-specific fields', async () => {
    clock = NOW;
    const fields: Record<string, string> = {
      SKYBOX: 'inHandDate',
      TICKETEVOLUTION: 'wholesalePrice',
      STUBHUB: 'deliveryMethod',
      GAMETIME: 'zone',
    };
    for (const [code, field] of Object.entries(fields)) {
      const e = onSale(code);
      const body = await getJson(sandbox(), `/inventory/${code}/${e.agentIds[code]}`);
      expect(body.data[0].sections.length, code).toBeGreaterThan(0);
      for (const listing of body.data[0].sections) expect(listing, code).toHaveProperty(field);
    }
  });

  it('changes every 15 minutes of the clock and is stable within a slot', async () => {
    const e = onSale('SEATGEEK');
    const path = `/inventory/SEATGEEK/${e.agentIds.SEATGEEK}`;
    clock = NOW + 60_000;
    const first = await getJson(sandbox(), path);
    clock = NOW + 14 * 60_000;
    const same = await getJson(sandbox(), path);
    clock = NOW + 15 * 60_000;
    const next = await getJson(sandbox(), path);
    expect(same).toEqual(first);
    expect(first.timestamp).toBe('2026-03-15T03:00:00Z');
    expect(next.timestamp).toBe('2026-03-15T03:15:00Z');
    expect(next.data[0].sections).not.toEqual(first.data[0].sections);
  });

  it('lists nothing for an event that is over', async () => {
    clock = NOW;
    const e = sandbox().events.find((x) => x.agentIds.TICKPICK && x.eventTime < NOW - DAY)!;
    expect((await getJson(sandbox(), `/inventory/tickpick/${e.agentIds.TICKPICK}`)).data[0].sections).toEqual([]);
  });

  it('allows 10 ids and rejects 11 (400); rejects empty entries (400); unknown agent is 404', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => `id${i}`).join(',');
    expect((await getJson(sandbox(), `/inventory/TMUSA/${ten}`)).data).toHaveLength(10);
    const eleven = await request(sandbox(), `/inventory/TMUSA/${ten},id10`);
    expect(eleven.status).toBe(400);
    expect(eleven.json).toEqual({ status: 400, error: 'Bad Request', message: 'at most 10 event ids per request (got 11)' });
    const empty = await request(sandbox(), '/inventory/TMUSA/a,');
    expect(empty.status).toBe(400);
    expect(empty.json.message).toBe("event ids must be a comma-separated list without empty entries (got 'a,')");
    const agent = await request(sandbox(), '/inventory/EBAY/1');
    expect(agent.status).toBe(404);
    expect(agent.json).toEqual({
      status: 404,
      error: 'Not Found',
      message:
        "ticket agent 'EBAY' not recognized; codes are TMUSA, STUBHUB, SKYBOX, TICKETEVOLUTION, SEATGEEK, VIVID, TICKPICK, TICKETNETWORK, GAMETIME",
    });
  });
});

describe('inventory under failRate', () => {
  const failing = useSandbox({ failRate: 1, now: FIXED_NOW, events: 50 });
  it('answers 503 "Inventory service temporarily unavailable"', async () => {
    const response = await request(failing(), '/inventory/TMUSA/1');
    expect(response.status).toBe(503);
    expect(response.json).toEqual({
      status: 503,
      error: 'Service Unavailable',
      message: 'Inventory service temporarily unavailable (sandbox failRate)',
    });
  });
});
