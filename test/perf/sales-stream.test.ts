import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { checkedSalesDetailsBytes, salesDetailsParts, type SalesDetailsBody, type SalesDetailsPart } from '../../src/api/sales-stream.js';

const ENDPOINT = 'GET /events/stubhub/1/sales-details';

/** A body delivered in pieces of `size` bytes, as a socket would. */
function body(text: string, size = 7): SalesDetailsBody {
  const bytes = Buffer.from(text, 'utf8');
  return {
    endpoint: ENDPOINT,
    status: 200,
    body: (async function* () {
      for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
    })(),
  };
}

async function parts(text: string, size?: number): Promise<SalesDetailsPart[]> {
  const out: SalesDetailsPart[] = [];
  for await (const part of salesDetailsParts(body(text, size))) out.push(part);
  return out;
}

async function bytes(text: string, size?: number): Promise<string> {
  let out = '';
  for await (const chunk of checkedSalesDetailsBytes(body(text, size))) out += chunk.toString('utf8');
  return out;
}

/** The rows the CLI builds: every sale with its day's date. */
function sales(list: SalesDetailsPart[]): { date: string | undefined; price: unknown }[] {
  return list.flatMap((p) => (p.kind === 'sales' ? p.sales.map((s) => ({ date: p.date, price: s.price })) : []));
}

const response = {
  marketplaceId: '42',
  name: 'Show',
  salesDetails: [
    { date: '2026-01-01', soldTickets: [{ price: 1 }, { price: 2 }], totalTickets: 2 },
    { date: '2026-01-02', soldTickets: [], totalTickets: 0 },
    { date: '2026-01-03', soldTickets: [{ price: 3 }], totalTickets: 1 },
  ],
  _request: { requestTimestamp: 'now' },
};

describe('salesDetailsParts', () => {
  it("gives the header first, then each day's sales and its own fields, in order", async () => {
    for (const size of [1, 5, 64, 1 << 16]) {
      const list = await parts(JSON.stringify(response), size);
      expect(list[0]).toEqual({ kind: 'header', header: { marketplaceId: '42', name: 'Show' } });
      expect(sales(list)).toEqual([
        { date: '2026-01-01', price: 1 },
        { date: '2026-01-01', price: 2 },
        { date: '2026-01-03', price: 3 },
      ]);
      expect(list.filter((p) => p.kind === 'day').map((p) => (p as { day: object }).day)).toEqual([
        { date: '2026-01-01', totalTickets: 2 },
        { date: '2026-01-02', totalTickets: 0 },
        { date: '2026-01-03', totalTickets: 1 },
      ]);
    }
  });

  it("holds a day's sales until its date has come, and everything until marketplaceId has", async () => {
    const odd = { salesDetails: [{ soldTickets: [{ price: 5 }], date: '2026-02-01' }], marketplaceId: '7' };
    const list = await parts(JSON.stringify(odd), 3);
    expect(list[0]).toEqual({ kind: 'header', header: { marketplaceId: '7' } });
    expect(sales(list)).toEqual([{ date: '2026-02-01', price: 5 }]);
  });

  it.each([
    ['[]', /expected a JSON object, got an array/],
    ['"text"', /expected a JSON object, got a string/],
    ['{"salesDetails":"oops"}', /"salesDetails" is not an array \(a string\)/],
    ['{"salesDetails":{"a":1}}', /"salesDetails" is not an array \(an object\)/],
    ['{"marketplaceId":"1"}', /"salesDetails" is missing/],
    ['{"marketplaceId":"1","salesDetails":[1]}', /a day in "salesDetails" is not an object/],
    ['{"marketplaceId":"1","salesDetails":[{"soldTickets":7}]}', /soldTickets is not an array/],
    ['{"marketplaceId":"1","salesDetails":[{"soldTickets":[null]}]}', /is not an object \(null\)/],
  ])('refuses %s as the API refuses a wrong shape', async (text, message) => {
    const error = await parts(text).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toMatch(/^unexpected response from GET \/events\/stubhub\/1\/sales-details: /);
    expect((error as ApiError).message).toMatch(message);
  });

  it('reports a body cut short, or not JSON, as get() does', async () => {
    const cut = await parts(JSON.stringify(response).slice(0, 80)).catch((caught: unknown) => caught);
    expect((cut as ApiError).message).toMatch(
      /^the response from GET \/events\/stubhub\/1\/sales-details is not valid JSON \(HTTP 200\): /,
    );
    const empty = await parts('').catch((caught: unknown) => caught);
    expect((empty as ApiError).message).toBe(`expected JSON from ${ENDPOINT} but the body was empty (HTTP 200)`);
  });
});

describe('checkedSalesDetailsBytes', () => {
  it('passes the payload through byte for byte', async () => {
    const text = JSON.stringify(response, null, 2);
    for (const size of [1, 9, 1 << 16]) expect(await bytes(text, size)).toBe(text);
  });

  it('writes nothing for a body of the wrong shape', async () => {
    const seen: string[] = [];
    const error = await (async () => {
      for await (const chunk of checkedSalesDetailsBytes(body('{"marketplaceId":"1","salesDetails":"oops"}', 4)))
        seen.push(chunk.toString());
    })().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(seen).toEqual([]);
  });

  it('counts the days for the "no sales" note', async () => {
    const counted = { days: 0 };
    for await (const _chunk of checkedSalesDetailsBytes(body(JSON.stringify(response)), counted));
    expect(counted.days).toBe(3);
  });
});
