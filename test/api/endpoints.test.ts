import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import type { ApiClient } from '../../src/api/client.js';
import { type EventSearchParams, getEvent, getEventsByAgentIds, listEventsByAgentLater, searchEventsLater } from '../../src/api/events.js';
import { getInventory } from '../../src/api/inventory.js';
import { getSalesDetails, getSalesSummary } from '../../src/api/sales.js';
import { ExitCode, UsageError } from '../../src/shared/errors.js';
import { makeClient, rejectionOf, sendJson, startServer } from './helpers.js';

/** One search page, parsed at once. */
async function searchEvents(client: ApiClient, params: EventSearchParams) {
  return (await searchEventsLater(client, params)).whole();
}

/** The API's answer to the probe that confirms a 404 came from the API (src/api/identity.ts). */
const PROBE_URL = '/events?pageSize=1';
function answerProbe(res: Parameters<typeof sendJson>[0]): void {
  sendJson(res, 200, { events: [{ id: 'evt_probe', name: 'Probe' }] });
}

/** A server that answers every request with the same status and body, and the probe as the API does. */
async function answering(status: number, body: unknown) {
  const server = await startServer((req, res) =>
    req.url === PROBE_URL && status === 404 ? answerProbe(res) : sendJson(res, status, body),
  );
  return { server, client: makeClient(server.baseUrl).client };
}

describe('searchEvents', () => {
  it('sends every seed 4.1 parameter under its contract name', async () => {
    const { server, client } = await answering(200, { events: [] });
    await searchEvents(client, {
      type: 2,
      category: 1,
      date: 13,
      sortBy: 3,
      direction: 1,
      dateStart: '2025-01-01T00:00:00',
      dateEnd: '2025-02-01T00:00:00',
      q: 'Europe/Berlin',
      name: 'Rock%',
      venue: 'Arena',
      city: 'Berlin',
      state: 'BE',
      country: 'DE',
      password: 'pw',
      omit: 'x',
      ticketAgent: 'TMUSA',
      eventSearchSpecifiedDate: '2025-01-05',
      eventSearchSpecifiedDateEnding: '2025-01-06',
      pageNumber: 3,
      pageSize: 500,
    });
    const url = new URL(server.requests[0]?.url ?? '', 'http://x');
    expect(url.pathname).toBe('/events');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      type: '2',
      category: '1',
      date: '13',
      sortBy: '3',
      direction: '1',
      dateStart: '2025-01-01T00:00:00',
      dateEnd: '2025-02-01T00:00:00',
      q: 'Europe/Berlin',
      name: 'Rock%',
      venue: 'Arena',
      city: 'Berlin',
      state: 'BE',
      country: 'DE',
      password: 'pw',
      omit: 'x',
      ticketAgent: 'TMUSA',
      eventSearchSpecifiedDate: '2025-01-05',
      eventSearchSpecifiedDateEnding: '2025-01-06',
      pageNumber: '3',
      pageSize: '500',
    });
  });

  it('sends only the parameters given, and nothing a caller object smuggles in', async () => {
    const { server, client } = await answering(200, { events: [] });
    await searchEvents(client, { name: 'x', apiKey: 'leak' } as never);
    expect(server.requests[0]?.url).toBe('/events?name=x');
  });

  it('passes unknown fields through untouched', async () => {
    const body = { events: [{ id: 'evt_1', name: 'A', extra: { nested: [1, 2] } }], totalCount: 1, page: { n: 1 } };
    const { client } = await answering(200, body);
    await expect(searchEvents(client, {})).resolves.toEqual(body);
  });

  it('turns the contract 404 "events not found" into an empty result', async () => {
    const { client } = await answering(404, { status: 404, error: 'Not Found', message: 'events not found' });
    await expect(searchEvents(client, { name: 'nothing' })).resolves.toEqual({ events: [] });
  });

  it.each([
    [{ events: 'nope' }, '"events" is not an array (a string)'],
    [{ data: [] }, '"events" is missing'],
    [[], 'expected a JSON object, got an array'],
    [{ events: [{ id: 'evt_1' }, { id: 7 }] }, '"events[1].id" is not a string'],
    [{ events: [null] }, 'events[0] is not an object (null)'],
  ])('rejects the shape %j with exit 1', async (body, problem) => {
    const { client } = await answering(200, body);
    const error = await rejectionOf(searchEvents(client, {}));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.exitCode).toBe(ExitCode.ERROR);
    expect(error.message).toBe(`unexpected response from GET /events: ${problem}`);
  });

  it('still fails on other errors', async () => {
    const { client } = await answering(401, { message: 'no' });
    expect((await rejectionOf(searchEvents(client, {}))).exitCode).toBe(ExitCode.AUTH);
  });
});

describe('getEvent', () => {
  it('fetches /events/{id} and returns the listing as sent', async () => {
    const event = { id: 'evt_1', name: 'A', venue: { name: 'V' } };
    const { server, client } = await answering(200, event);
    await expect(getEvent(client, 'evt_1')).resolves.toEqual(event);
    expect(server.requests[0]?.url).toBe('/events/evt_1');
  });

  it('says which event was not found, exit 4', async () => {
    const { client } = await answering(404, { message: 'event not found' });
    const error = await rejectionOf(getEvent(client, 'evt_x'));
    expect(error.exitCode).toBe(ExitCode.NOT_FOUND);
    expect(error.status).toBe(404);
    expect(error.message).toBe('event evt_x not found (HTTP 404 from GET /events/evt_x)');
  });

  it('rejects an answer without a string id', async () => {
    const { client } = await answering(200, { events: [] });
    await expect(getEvent(client, 'evt_1')).rejects.toThrow('unexpected response from GET /events/evt_1: "id" is not a string');
  });

  it('cannot be steered to another endpoint by the id', async () => {
    const { server, client } = await answering(200, { id: 'x' });
    await getEvent(client, '../inventory/TMUSA/1');
    expect(server.requests[0]?.url).toBe('/events/..%2Finventory%2FTMUSA%2F1');
    await expect(getEvent(client, '..')).rejects.toBeInstanceOf(UsageError);
  });
});

describe('getEventsByAgentIds', () => {
  const listing = { id: 'evt_1', name: 'A' };
  it.each([
    ['{ events }', { events: [listing], extra: true }, { events: [listing], extra: true }],
    ['an array', [listing, { ...listing, id: 'evt_2' }], { events: [listing, { ...listing, id: 'evt_2' }] }],
    ['a single listing', listing, { events: [listing] }],
  ])('normalises %s to { events }', async (_label, body, expected) => {
    const { server, client } = await answering(200, body);
    await expect(getEventsByAgentIds(client, 'stubHub', ['101', '102'])).resolves.toEqual(expected);
    expect(server.requests[0]?.url).toBe('/events/stubHub/101,102');
  });

  it('rejects an answer that is none of those', async () => {
    const { client } = await answering(200, { name: 'no id' });
    await expect(getEventsByAgentIds(client, 'stubHub', ['1'])).rejects.toThrow(/unexpected response from GET \/events\/stubHub\/1/);
  });

  it('maps 404 to exit 4', async () => {
    const { client } = await answering(404, {});
    const error = await rejectionOf(getEventsByAgentIds(client, 'stubHub', ['1', '2']));
    expect(error.exitCode).toBe(ExitCode.NOT_FOUND);
    expect(error.message).toContain('no stubHub event found for id 1, 2');
  });
});

describe('listEventsByAgentLater', () => {
  it('sends the by-agent query', async () => {
    const { server, client } = await answering(200, { events: [] });
    await listEventsByAgentLater(client, 'ticketMaster', {
      dateFrom: '2025-01-01',
      dateTo: '2025-12-31',
      eventName: 'Jazz%',
      pageNumber: 2,
      pageSize: 10,
    });
    expect(server.requests[0]?.url).toBe(
      '/events/ticketMaster?dateFrom=2025-01-01&dateTo=2025-12-31&eventName=Jazz%25&pageNumber=2&pageSize=10',
    );
  });

  it('says the agent was not found, exit 4 with status 404 kept', async () => {
    const { client } = await answering(404, {});
    const error = await rejectionOf(listEventsByAgentLater(client, 'nobody'));
    expect(error.exitCode).toBe(ExitCode.NOT_FOUND);
    expect(error.status).toBe(404);
    expect(error.message).toContain('agent nobody not found');
  });
});

describe('getInventory', () => {
  it('sends the ids as one segment with literal commas, each id encoded', async () => {
    const body = { data: [{ eventId: '1', ticketAgent: 'TMUSA', sections: [], extra: 1 }], timestamp: '2025-01-01T00:00:00Z', more: 'x' };
    const { server, client } = await answering(200, body);
    await expect(getInventory(client, 'TMUSA', ['1', 'a/b', 'c d'])).resolves.toEqual(body);
    expect(server.requests[0]?.url).toBe('/inventory/TMUSA/1,a%2Fb,c%20d');
  });

  it('refuses more than 10 ids, or none, without a request', async () => {
    const { server, client } = await answering(200, { data: [] });
    await expect(
      getInventory(
        client,
        'TMUSA',
        Array.from({ length: 11 }, (_, i) => String(i)),
      ),
    ).rejects.toThrow('at most 10 event ids');
    await expect(getInventory(client, 'TMUSA', [])).rejects.toBeInstanceOf(UsageError);
    expect(server.requests).toHaveLength(0);
  });

  it('says the agent was not recognized on 404', async () => {
    const { client } = await answering(404, {});
    const error = await rejectionOf(getInventory(client, 'NOPE', ['1']));
    expect(error.exitCode).toBe(ExitCode.NOT_FOUND);
    expect(error.message).toContain('ticket agent NOPE not recognized');
  });

  it('checks that data is an array', async () => {
    const { client } = await answering(200, { data: {} });
    await expect(getInventory(client, 'TMUSA', ['1'])).rejects.toThrow(
      'unexpected response from GET /inventory/TMUSA/1: "data" is not an array (an object)',
    );
  });
});

describe('sales', () => {
  it('fetches the summary with the date range and passes the payload through', async () => {
    const body = {
      marketplaceId: '9',
      salesData: [{ date: '2025-01-01', totalTickets: 2, extra: true }],
      _request: { requestTimestamp: 'x' },
    };
    const { server, client } = await answering(200, body);
    await expect(getSalesSummary(client, 'stubhub', '9', { startDate: '2025-01-01', endDate: '2025-01-31' })).resolves.toEqual(body);
    expect(server.requests[0]?.url).toBe('/events/stubhub/9/sales-summary?startDate=2025-01-01&endDate=2025-01-31');
  });

  it('fetches the details without a range', async () => {
    const body = { salesDetails: [] };
    const { server, client } = await answering(200, body);
    await expect(getSalesDetails(client, 'stubhub', '9')).resolves.toEqual(body);
    expect(server.requests[0]?.url).toBe('/events/stubhub/9/sales-details');
  });

  it('checks the list field of each', async () => {
    const { client } = await answering(200, { salesData: [] });
    await expect(getSalesDetails(client, 'stubhub', '9')).rejects.toThrow('"salesDetails" is missing');
    await expect(getSalesSummary(client, 'stubhub', '9')).resolves.toEqual({ salesData: [] });
  });

  it('maps 404 to exit 4 naming the event and provider, and 403 to exit 3', async () => {
    const server = await startServer((req, res) =>
      req.url === PROBE_URL ? answerProbe(res) : sendJson(res, req.url!.includes('summary') ? 404 : 403, { message: 'nope' }),
    );
    const { client } = makeClient(server.baseUrl);
    const notFound = await rejectionOf(getSalesSummary(client, 'stubhub', '9'));
    expect(notFound.exitCode).toBe(ExitCode.NOT_FOUND);
    expect(notFound.message).toContain('event 9 not found at provider stubhub');
    const forbidden = await rejectionOf(getSalesDetails(client, 'stubhub', '9'));
    expect(forbidden.exitCode).toBe(ExitCode.AUTH);
    expect(forbidden.message).toContain('not allowed to access this data');
  });
});
