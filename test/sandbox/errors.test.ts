/**
 * Seed section 7, row by row, plus what the server adds: 405 for other methods, 404 for unknown paths,
 * 500 when a handler throws (and the server keeps serving). Every error body is { status, error, message }.
 */
import { describe, expect, it } from 'vitest';
import { FIXED_NOW, SANDBOX_NOSALES_KEY, request, useSandbox } from '../helpers/sandbox.js';

let crash = false;
const sandbox = useSandbox({
  now: FIXED_NOW,
  events: 300,
  hook: ({ path }) => {
    if (crash && path.startsWith('/events')) throw new Error('boom');
  },
});

interface Row {
  endpoint: string;
  status: number;
  path: () => string;
  key?: string | null;
  message: RegExp;
}

const e = () => sandbox().events[0]!;
const elevenIds = Array.from({ length: 11 }, (_, i) => i + 1).join(',');

// One or more requests per row of the seed's error table.
const ROWS: Row[] = [
  { endpoint: 'Event search', status: 400, path: () => '/events?date=99', message: /^date must be one of / },
  { endpoint: 'Event search', status: 400, path: () => '/events?dateStart=someday', message: /^dateStart must be a date/ },
  { endpoint: 'Event search', status: 404, path: () => '/events?name=zzzz%25', message: /^no events match the search$/ },
  { endpoint: 'Event by service id', status: 400, path: () => '/events/evt_%24%24', message: /^serviceEventId must be 'evt_'/ },
  { endpoint: 'Event by service id', status: 404, path: () => '/events/evt_abcdefghij', message: /^event 'evt_abcdefghij' not found$/ },
  {
    endpoint: 'Event by agent and agent id',
    status: 400,
    path: () => '/events/tmusa/a,,b',
    message: /^agent event ids must be a comma-separated list/,
  },
  {
    endpoint: 'Event by agent and agent id',
    status: 404,
    path: () => '/events/tmusa/doesnotexist',
    message: /^no TMUSA event found for id doesnotexist$/,
  },
  { endpoint: 'Events by agent', status: 400, path: () => '/events/seatgeek?dateTo=later', message: /^dateTo must be a date/ },
  { endpoint: 'Events by agent', status: 404, path: () => '/events/nobody', message: /^agent 'nobody' not found/ },
  {
    endpoint: 'Inventory lookup',
    status: 400,
    path: () => `/inventory/TMUSA/${elevenIds}`,
    message: /^at most 10 event ids per request \(got 11\)$/,
  },
  { endpoint: 'Inventory lookup', status: 404, path: () => '/inventory/NOPE/1', message: /^ticket agent 'NOPE' not recognized/ },
  {
    endpoint: 'Sales summary',
    status: 400,
    path: () => `/events/stubhub/${e().stubhubId}/sales-summary?startDate=03-01-2026`,
    message: /^startDate must be a date in the form YYYY-MM-DD/,
  },
  {
    endpoint: 'Sales details',
    status: 400,
    path: () => `/events/stubhub/${e().stubhubId}/sales-details?endDate=yesterday`,
    message: /^endDate must be a date in the form YYYY-MM-DD/,
  },
  { endpoint: 'Sales summary', status: 404, path: () => '/events/stubhub/123/sales-summary', message: /^event 123 not found at stubhub$/ },
  {
    endpoint: 'Sales details',
    status: 404,
    path: () => '/events/seatgeek/123/sales-details',
    message: /^provider 'seatgeek' not supported/,
  },
  {
    endpoint: 'Sales summary',
    status: 401,
    key: null,
    path: () => `/events/stubhub/${e().stubhubId}/sales-summary`,
    message: /^missing API key/,
  },
  {
    endpoint: 'Sales details',
    status: 401,
    key: 'nope',
    path: () => `/events/stubhub/${e().stubhubId}/sales-details`,
    message: /^invalid API key$/,
  },
  {
    endpoint: 'Sales summary',
    status: 403,
    key: SANDBOX_NOSALES_KEY,
    path: () => `/events/stubhub/${e().stubhubId}/sales-summary`,
    message: /^this API key may not use the sales endpoints$/,
  },
  {
    endpoint: 'Sales details',
    status: 403,
    key: SANDBOX_NOSALES_KEY,
    path: () => `/events/stubhub/${e().stubhubId}/sales-details`,
    message: /^this API key may not use the sales endpoints$/,
  },
];

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

describe('seed section 7', () => {
  it.each(ROWS.map((row) => [row.endpoint, row.status, row] as const))('%s: %i', async (_endpoint, status, row) => {
    const response = await request(sandbox(), row.path(), row.key === undefined ? {} : { key: row.key });
    expect(response.status).toBe(status);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Object.keys(response.json)).toEqual(['status', 'error', 'message']);
    expect(response.json.status).toBe(status);
    expect(response.json.error).toBe(REASONS[status]);
    expect(response.json.message).toMatch(row.message);
  });
});

describe('seed section 7: Inventory lookup 503 (under failRate)', () => {
  const failing = useSandbox({ failRate: 1, events: 20 });
  it('answers 503 on inventory, and on other endpoints with a generic message', async () => {
    const inventory = await request(failing(), '/inventory/TMUSA/1,2');
    expect(inventory.status).toBe(503);
    expect(inventory.json).toEqual({
      status: 503,
      error: 'Service Unavailable',
      message: 'Inventory service temporarily unavailable (sandbox failRate)',
    });
    const events = await request(failing(), '/events');
    expect(events.status).toBe(503);
    expect(events.json.message).toBe('Service temporarily unavailable (sandbox failRate)');
  });
});

describe('beyond the table', () => {
  it('answers 404 for any other path', async () => {
    for (const path of [
      '/',
      '/event',
      '/events/stubhub/1/sales',
      '/events/stubhub/1/sales-summary/x',
      '/inventory/TMUSA',
      '/inventory',
      '/available-services',
      '/events//x',
    ]) {
      const response = await request(sandbox(), path);
      expect(response.status, path).toBe(404);
      expect(response.json.error).toBe('Not Found');
    }
  });

  it('answers 405 with Allow: GET for other methods', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const response = await request(sandbox(), '/events', { method });
      expect(response.status, method).toBe(405);
      expect(response.headers.allow).toBe('GET');
      expect(response.json).toEqual({
        status: 405,
        error: 'Method Not Allowed',
        message: `method ${method} not allowed; the API only answers GET`,
      });
    }
  });

  it('turns a handler exception into a 500 and keeps serving', async () => {
    crash = true;
    try {
      const response = await request(sandbox(), '/events?pageSize=1');
      expect(response.status).toBe(500);
      expect(response.json).toEqual({ status: 500, error: 'Internal Server Error', message: 'internal server error: boom' });
    } finally {
      crash = false;
    }
    expect((await request(sandbox(), '/events?pageSize=1')).status).toBe(200);
  });

  it('answers 400 for a path with malformed percent-encoding', async () => {
    const response = await request(sandbox(), '/events/%E0%A4%A');
    expect(response.status).toBe(400);
    expect(response.json.message).toBe('the path has malformed percent-encoding');
  });
});
