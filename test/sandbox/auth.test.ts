/** Authentication (seed 5): header or query key, header precedence, the no-sales key, never echoing keys. */
import { describe, expect, it } from 'vitest';
import { FIXED_NOW, SANDBOX_API_KEY, SANDBOX_NOSALES_KEY, request, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox({ now: FIXED_NOW, events: 200 });

function paths(): string[] {
  const e = sandbox().events[0]!;
  return [
    '/events?pageSize=1',
    `/events/${e.id}`,
    '/events/ticketmaster?pageSize=1&dateFrom=2024-01-01',
    `/events/stubhub/${e.stubhubId}`,
    `/inventory/STUBHUB/${e.stubhubId}`,
    `/events/stubhub/${e.stubhubId}/sales-summary`,
    `/events/stubhub/${e.stubhubId}/sales-details`,
    '/no/such/path',
  ];
}

describe('authentication', () => {
  it('accepts the key in x-api-key (any case), X-ApiKey, or the apiKey query parameter', async () => {
    const path = '/events?pageSize=1';
    for (const name of ['x-api-key', 'X-API-KEY', 'X-ApiKey', 'x-apikey']) {
      expect((await request(sandbox(), path, { key: null, headers: { [name]: SANDBOX_API_KEY } })).status, name).toBe(200);
    }
    expect((await request(sandbox(), `${path}&apiKey=${SANDBOX_API_KEY}`, { key: null })).status).toBe(200);
    expect((await request(sandbox(), `${path}&APIKEY=${SANDBOX_API_KEY}`, { key: null })).status).toBe(200);
  });

  it('answers 401 on every path without a key, with a wrong key, or with a key in the wrong case', async () => {
    for (const path of paths()) {
      const none = await request(sandbox(), path, { key: null });
      expect(none.status, path).toBe(401);
      expect(none.json).toEqual({
        status: 401,
        error: 'Unauthorized',
        message: 'missing API key: send it in the x-api-key header (or the apiKey query parameter)',
      });
      for (const key of ['wrong-key', SANDBOX_API_KEY.toUpperCase(), `${SANDBOX_API_KEY}x`]) {
        const wrong = await request(sandbox(), path, { key });
        expect(wrong.status, `${path} ${key}`).toBe(401);
        expect(wrong.json).toEqual({ status: 401, error: 'Unauthorized', message: 'invalid API key' });
      }
    }
  });

  it('lets the header win over the query parameter', async () => {
    expect((await request(sandbox(), `/events?pageSize=1&apiKey=bogus`, { key: SANDBOX_API_KEY })).status).toBe(200);
    expect((await request(sandbox(), `/events?pageSize=1&apiKey=${SANDBOX_API_KEY}`, { key: 'bogus' })).status).toBe(401);
    const e = sandbox().events[0]!;
    const sales = `/events/stubhub/${e.stubhubId}/sales-summary`;
    expect((await request(sandbox(), `${sales}?apiKey=${SANDBOX_API_KEY}`, { key: SANDBOX_NOSALES_KEY })).status).toBe(403);
    expect((await request(sandbox(), `${sales}?apiKey=${SANDBOX_NOSALES_KEY}`, { key: SANDBOX_API_KEY })).status).toBe(200);
  });

  it('gives the no-sales key 403 on the two sales endpoints only', async () => {
    for (const path of paths()) {
      const response = await request(sandbox(), path, { key: SANDBOX_NOSALES_KEY });
      if (path.includes('/sales-')) {
        expect(response.status, path).toBe(403);
        expect(response.json).toEqual({ status: 403, error: 'Forbidden', message: 'this API key may not use the sales endpoints' });
      } else {
        expect(response.status, path).toBe(path === '/no/such/path' ? 404 : 200);
      }
    }
    // Even a malformed sales request is forbidden before it is validated.
    expect((await request(sandbox(), '/events/stubhub/abc/sales-details?startDate=x', { key: SANDBOX_NOSALES_KEY })).status).toBe(403);
  });

  it('never echoes a key in a body', async () => {
    const secret = 'tix-secret-9f8e7d';
    for (const path of [...paths(), `/events?apiKey=${secret}`, `/events/${secret}`, `/inventory/${secret}/1`]) {
      for (const options of [{ key: secret }, { key: null }]) {
        const response = await request(sandbox(), path.replace('?', `?apiKey=${secret}&`), options);
        expect(response.text.includes(secret) && !path.includes(`/${secret}`), `${path}: ${response.text}`).toBe(false);
        expect(response.text).not.toContain(SANDBOX_API_KEY);
      }
    }
    const full = await request(sandbox(), '/events/ebay', { key: SANDBOX_API_KEY });
    expect(full.status).toBe(404);
    expect(full.text).not.toContain(SANDBOX_API_KEY);
  });
});
