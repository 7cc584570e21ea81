/**
 * csv and tsv print a number as the API sent it when a double cannot hold it (issue 36 §5: 20-digit
 * integers came out rounded, 1e400 as an empty cell), on every way a response becomes rows: pages made
 * straight from their bytes (output/delimited-transcoder.ts), pages and single answers read record by record
 * (api/exact-json.ts), and the streamed sales details (api/json-stream.ts). A number a double does hold is
 * written as before (12.50 as 12.5, 1E2 as 100). docs/output.md#numbers says what each format does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStubApi, type StubApi } from '../reliability/support/stub-api.js';
import { runTix } from '../helpers/tix.js';
import { sandboxEnv } from '../helpers/tix-env.js';

/** The numbers of one event: the API's text, and what csv and tsv must print for it. */
const BIG = {
  seats: ['12345678901234567890', '12345678901234567890'],
  capacity: ['1e400', '1e400'],
  ratio: ['0.1000000000000000055511151231257827', '0.1000000000000000055511151231257827'],
  tiny: ['-1e-400', '-1e-400'],
  odd: ['9007199254740993', '9007199254740993'],
  price: ['12.50', '12.5'],
  score: ['1E2', '100'],
} as const;
const AGENT_ID = '98765432109876543210';

function event(id: number, extra = ''): string {
  const fields = Object.entries(BIG).map(([key, [text]]) => `"${key}":${text}`);
  return `{"id":"evt_${id}","name":"Event ${id}",${fields.join(',')},"agentIds":{"TMUSA":${AGENT_ID}}${extra}}`;
}

/** Every field of event(): what its row must hold. */
function expectedRow(id: number): Record<string, string> {
  const row: Record<string, string> = { id: `evt_${id}`, name: `Event ${id}`, 'agentIds.TMUSA': AGENT_ID };
  for (const [key, [, printed]] of Object.entries(BIG)) row[key] = printed;
  return row;
}

const PAGES = [
  `{"events":[${event(1)},${event(2)}]}`,
  // The same columns: made from its bytes.
  `{"events":[${event(3)},${event(4)}]}`,
  // A new column: record by record.
  `{"events":[${event(5, ',"weight":3.14159265358979323846264')},${event(6)}]}`,
];

const SALE = `{"soldDate":"2026-06-01T10:00:00Z","sectionName":"A","row":"1","seats":"1-2","quantity":${BIG.seats[0]},"price":${BIG.capacity[0]},"priceFormatted":"$1","fee":${BIG.ratio[0]}}`;
const BODIES: Record<string, string> = {
  '/events/evt_1': event(1),
  '/inventory/TMUSA/1': `{"data":[{"ticketAgent":"TMUSA","eventId":"1","sections":[{"section":"A","row":"1","quantity":${BIG.seats[0]},"price":${BIG.capacity[0]},"listingId":"L1","fee":${BIG.ratio[0]}}]}],"timestamp":"2026-06-15T12:00:00Z"}`,
  '/events/stubhub/55/sales-summary': `{"marketplaceId":"55","name":"Show","salesData":[{"date":"2026-06-01","totalTickets":${BIG.seats[0]},"totalSales":${BIG.capacity[0]},"minSoldPrice":${BIG.ratio[0]},"maxSoldPrice":2,"avgSoldPrice":${BIG.price[0]}}]}`,
  '/events/stubhub/55/sales-details': `{"marketplaceId":"55","name":"Show","salesDetails":[{"date":"2026-06-01","soldTickets":[${SALE},${SALE}]}]}`,
};

let stub: StubApi;
beforeAll(async () => {
  stub = await startStubApi({
    handle(request, response) {
      const url = new URL(request.url ?? '/', 'http://x');
      const body = url.pathname === '/events' ? PAGES[Number(url.searchParams.get('pageNumber')) - 1] : BODIES[url.pathname];
      if (body === undefined) response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not found"}');
      else response.writeHead(200, { 'content-type': 'application/json' }).end(body);
    },
  });
});
afterAll(() => stub.close());

const tix = (args: string[]) => runTix(args, { env: sandboxEnv(stub.url, 'a-key-of-the-stub') });

/** csv or tsv output as one record per row, by the header's names (no value here needs quoting). */
function rowsOf(text: string, format: 'csv' | 'tsv'): Record<string, string>[] {
  const [header, ...lines] = text.split(format === 'csv' ? '\r\n' : '\n').filter((line) => line !== '');
  const names = header!.split(format === 'csv' ? ',' : '\t');
  return lines.map((line) => {
    const cells = line.split(format === 'csv' ? ',' : '\t');
    return Object.fromEntries(names.map((name, i) => [name, cells[i]!]));
  });
}

describe.each(['csv', 'tsv'] as const)('-o %s keeps the digits the API sent', (format) => {
  it('events search --all: pages made from their bytes and pages read record by record', async () => {
    const result = await tix(['events', 'search', '--all', '--page-size', '2', '-o', format, '--debug']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`events page 2: ${format} rows made from its bytes`);
    expect(result.stderr).toContain('events page 3: read record by record');
    const rows = rowsOf(result.stdout, format);
    expect(rows).toHaveLength(6);
    for (const [index, row] of rows.entries()) expect(row).toMatchObject(expectedRow(index + 1));
  });

  it('events search --all --fields: every page record by record, a column of a later page included', async () => {
    const result = await tix(['events', 'search', '--all', '--page-size', '2', '-o', format, '--fields', 'id,seats,weight']);
    expect(result.code, result.stderr).toBe(0);
    expect(rowsOf(result.stdout, format)[4]).toEqual({ id: 'evt_5', seats: BIG.seats[0], weight: '3.14159265358979323846264' });
  });

  it('events get: one answer read whole', async () => {
    const result = await tix(['events', 'get', 'evt_1', '-o', format]);
    expect(result.code, result.stderr).toBe(0);
    expect(rowsOf(result.stdout, format)).toEqual([expect.objectContaining(expectedRow(1))]);
  });

  it('inventory', async () => {
    const result = await tix(['inventory', 'TMUSA', '1', '-o', format]);
    expect(result.code, result.stderr).toBe(0);
    expect(rowsOf(result.stdout, format)).toEqual([
      expect.objectContaining({ quantity: BIG.seats[0], price: BIG.capacity[0], fee: BIG.ratio[0], listingId: 'L1' }),
    ]);
  });

  it('sales summary', async () => {
    const result = await tix(['sales', 'summary', '55', '-o', format]);
    expect(result.code, result.stderr).toBe(0);
    expect(rowsOf(result.stdout, format)).toEqual([
      expect.objectContaining({
        totalTickets: BIG.seats[0],
        totalSales: BIG.capacity[0],
        minSoldPrice: BIG.ratio[0],
        avgSoldPrice: '12.5',
      }),
    ]);
  });

  it('sales details: the streamed response', async () => {
    const result = await tix(['sales', 'details', '55', '-o', format]);
    expect(result.code, result.stderr).toBe(0);
    const sale = { quantity: BIG.seats[0], price: BIG.capacity[0], fee: BIG.ratio[0] };
    expect(rowsOf(result.stdout, format)).toEqual([expect.objectContaining(sale), expect.objectContaining(sale)]);
  });

  it('tix api', async () => {
    const result = await tix(['api', 'events', '-f', 'pageNumber=1', '-o', format]);
    expect(result.code, result.stderr).toBe(0);
    expect(rowsOf(result.stdout, format)).toEqual([expect.objectContaining(expectedRow(1)), expect.objectContaining(expectedRow(2))]);
  });
});
