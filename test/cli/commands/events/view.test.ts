/** `tix events view`: the built tix against the sandbox, compared with what the API and `tix inventory` say. */
import { createServer, type Server } from 'node:http';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_CODES } from '../../../../src/api/agents.js';
import { apiGet } from '../../../helpers/api.js';
import { SANDBOX_NOSALES_KEY, useSandbox, type Sandbox } from '../../../helpers/sandbox.js';
import { runTix } from '../../../helpers/tix.js';
import { sandboxEnv } from '../../../helpers/tix-env.js';

// One fixed clock for every sandbox here and for tix itself: listings change every 15 minutes of the
// sandbox clock, these tests compare runs of tix with each other and with the API, and the events, listings
// and sales they pick must be the same whatever the time of day the suite runs.
const NOW = new Date('2026-06-15T12:07:00Z');
const sandbox = useSandbox({ now: NOW });
const tix = (args: string[], options: Parameters<typeof runTix>[1] = {}) => runTix(args, { now: () => NOW, ...options });
const view = (...args: string[]) => tix(['events', 'view', ...args, '--retries', '0'], { env: sandboxEnv(sandbox().url) });

type Listing = { section: string; row: string; quantity: number; price: number; listingId: string };
type SandboxEvent = Sandbox['events'][number];

function onSale(): SandboxEvent[] {
  const now = NOW.toISOString();
  return sandbox().events.filter((e) => e.presaleDate < now && e.publicSaleDate < now && e.eventDate > now);
}
const agentCount = (e: SandboxEvent) => Object.keys(e.agentIds).length;
const everyAgent = () => onSale().find((e) => agentCount(e) === 9)!;
const someAgents = () => onSale().find((e) => agentCount(e) === 4)!;

/** Figures computed here, independently of src/market: count, tickets, min, median (to the cent), max. */
function figures(listings: readonly Listing[]) {
  const prices = listings.map((l) => l.price).sort((a, b) => a - b);
  const mid = Math.floor(prices.length / 2);
  const median =
    prices.length === 0 ? null : prices.length % 2 ? prices[mid]! : Math.round(((prices[mid - 1]! + prices[mid]!) / 2) * 100) / 100;
  return {
    listings: listings.length,
    tickets: listings.reduce((n, l) => n + l.quantity, 0),
    minPrice: prices[0] ?? null,
    medianPrice: median,
    maxPrice: prices.at(-1) ?? null,
  };
}

/** What `tix inventory <agent> <id> -o json` prints, one agent at a time. */
async function inventoryOf(agent: string, id: string, ...filters: string[]): Promise<{ listings: Listing[]; timestamp: string }> {
  const result = await tix(['inventory', agent, id, '-o', 'json', ...filters], { env: sandboxEnv(sandbox().url) });
  expect(result.code).toBe(0);
  const body = JSON.parse(result.stdout);
  return { listings: body.data[0].sections, timestamp: body.timestamp };
}

describe('tix events view', () => {
  it('shows an event listed by all nine agents: the listing untouched, each agent as tix inventory sees it', async () => {
    const event = everyAgent();
    const result = await view(event.id, '-o', 'json');
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout);
    expect(Object.keys(out)).toEqual(['event', 'market', 'wholeMarket', 'notListed', 'cheapest', 'sales']);
    expect(out.event).toEqual((await apiGet(sandbox().url, `/events/${event.id}`)).body);
    expect(out.notListed).toEqual([]);
    expect(out.market.map((r: { agent: string }) => r.agent).sort()).toEqual([...AGENT_CODES].sort());

    const inventories = new Map(
      await Promise.all(AGENT_CODES.map(async (agent) => [agent, await inventoryOf(agent, event.agentIds[agent]!)] as const)),
    );
    for (const row of out.market) {
      const inventory = inventories.get(row.agent)!;
      expect(row).toEqual({
        agent: row.agent,
        eventId: event.agentIds[row.agent],
        ...figures(inventory.listings),
        timestamp: inventory.timestamp,
      });
    }
    // Cheapest first, by minimum price.
    const minima = out.market.map((r: { minPrice: number }) => r.minPrice);
    expect(minima).toEqual([...minima].sort((a, b) => a - b));

    const all = AGENT_CODES.flatMap((agent) => inventories.get(agent)!.listings.map((l) => ({ agent, ...l })));
    expect(out.wholeMarket).toEqual(figures(all));
    const ten = [...all].sort((a, b) => a.price - b.price).slice(0, 10);
    expect(out.cheapest.map((l: Listing) => l.price)).toEqual(ten.map((l) => l.price));
    expect(Object.keys(out.cheapest[0])).toEqual(['agent', 'section', 'row', 'quantity', 'price', 'listingId']);
    for (const listing of out.cheapest) expect(all).toContainEqual(expect.objectContaining(listing));
  });

  it('asks only the agents that list the event and names the others as not listing it', async () => {
    const event = someAgents();
    const before = sandbox().log.length;
    const result = await view(event.id, '-o', 'json', '--no-sales');
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout);
    const listed = Object.keys(event.agentIds);
    expect(out.market.map((r: { agent: string }) => r.agent).sort()).toEqual([...listed].sort());
    expect(out.notListed).toEqual(AGENT_CODES.filter((code) => !listed.includes(code)));
    const asked = sandbox()
      .log.slice(before)
      .filter((r) => r.path.startsWith('/inventory/'));
    expect(asked.map((r) => r.path.split('/')[2]).sort()).toEqual([...listed].sort());
    expect(asked.every((r) => r.path === `/inventory/${r.path.split('/')[2]}/${event.agentIds[r.path.split('/')[2]!]}`)).toBe(true);
  });

  it('sums up the StubHub sales of the last 30 days by default, and of --sales-days', async () => {
    const event = someAgents();
    const today = NOW.toISOString().slice(0, 10);
    const daysAgo = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

    const month = JSON.parse((await view(event.id, '-o', 'json')).stdout).sales;
    expect(month).toMatchObject({ provider: 'stubhub', eventId: event.agentIds.STUBHUB, startDate: daysAgo(29), endDate: today });

    const week = await view(event.id, '-o', 'json', '--sales-days', '7');
    expect(week.code).toBe(0);
    const sales = JSON.parse(week.stdout).sales;
    const direct = (
      await apiGet(sandbox().url, `/events/stubhub/${event.agentIds.STUBHUB}/sales-summary`, { startDate: daysAgo(6), endDate: today })
    ).body;
    expect(sales.startDate).toBe(daysAgo(6));
    expect(sales.daily).toEqual(direct.salesData);
    const tickets = direct.salesData.reduce((n: number, d: { totalTickets: number }) => n + d.totalTickets, 0);
    const revenue = Math.round(direct.salesData.reduce((n: number, d: { totalSales: number }) => n + d.totalSales, 0) * 100) / 100;
    expect(tickets).toBeGreaterThan(0);
    expect(sales.totals).toEqual({ tickets, revenue, averagePrice: Math.round((revenue / tickets) * 100) / 100 });
  });

  it('skips the sales with --no-sales: no request, sales null', async () => {
    const event = someAgents();
    const before = sandbox().log.length;
    const result = await view(event.id, '-o', 'json', '--no-sales');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).sales).toBeNull();
    expect(
      sandbox()
        .log.slice(before)
        .some((r) => r.path.includes('sales')),
    ).toBe(false);
  });

  it('applies the listing filters before any figure: per agent, whole market and cheapest', async () => {
    const event = everyAgent();
    const filters = ['--min-quantity', '2', '--max-price', '400', '--section', '*1*'];
    const result = await view(event.id, '-o', 'json', '--no-sales', ...filters);
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout);
    const keep = (l: Listing) => l.quantity >= 2 && l.price <= 400 && l.section.includes('1');
    let kept = 0;
    let dropped = 0;
    for (const row of out.market) {
      const inventory = await inventoryOf(row.agent, row.eventId);
      const { timestamp } = inventory;
      const filtered = inventory.listings.filter(keep);
      kept += filtered.length;
      dropped += inventory.listings.length - filtered.length;
      expect(row).toEqual({ agent: row.agent, eventId: row.eventId, ...figures(filtered), timestamp });
      // tix inventory with the same flags agrees.
      expect((await inventoryOf(row.agent, row.eventId, ...filters)).listings).toEqual(filtered);
    }
    expect(kept).toBeGreaterThan(0);
    expect(dropped).toBeGreaterThan(0);
    expect(out.wholeMarket.listings).toBe(kept);
    for (const listing of out.cheapest) expect(keep(listing)).toBe(true);
  });

  it('--id adds an agent the listing lacks and overrides one it has (agent by code or name)', async () => {
    const event = someAgents();
    const missing = AGENT_CODES.find((code) => !event.agentIds[code])!;
    const donor = everyAgent();
    const replaced = Object.keys(event.agentIds).find((code) => code !== 'STUBHUB')!;
    const result = await view(
      event.id,
      '-o',
      'json',
      '--no-sales',
      '--id',
      `${missing.toLowerCase()}=${donor.agentIds[missing]}`,
      '--id',
      `${replaced}=${donor.agentIds[replaced]}`,
    );
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout);
    const row = (agent: string) => out.market.find((r: { agent: string }) => r.agent === agent);
    expect(out.notListed).not.toContain(missing);
    expect(row(missing).eventId).toBe(donor.agentIds[missing]);
    expect(row(missing)).toMatchObject(figures((await inventoryOf(missing, donor.agentIds[missing]!)).listings));
    expect(row(replaced).eventId).toBe(donor.agentIds[replaced]);
    expect(row(replaced)).toMatchObject(figures((await inventoryOf(replaced, donor.agentIds[replaced]!)).listings));
  });

  it('writes the per-agent rows as csv and ndjson, and every listing with --listings', async () => {
    const event = someAgents();
    const json = JSON.parse((await view(event.id, '-o', 'json', '--no-sales', '--listings')).stdout);

    const csv = await view(event.id, '-o', 'csv', '--no-sales');
    expect(csv.code).toBe(0);
    expect(csv.stdout.split('\r\n')[0]).toBe('agent,eventId,listings,tickets,minPrice,medianPrice,maxPrice,timestamp,error');
    const rows: Record<string, string>[] = parseCsv(csv.stdout, { columns: true });
    expect(rows.map((r) => [r.agent, r.eventId, Number(r.listings), Number(r.minPrice)])).toEqual(
      json.market.map((r: { agent: string; eventId: string; listings: number; minPrice: number }) => [
        r.agent,
        r.eventId,
        r.listings,
        r.minPrice,
      ]),
    );

    const ndjson = await view(event.id, '-o', 'ndjson', '--no-sales');
    expect(
      ndjson.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual(json.market);

    const listings = await view(event.id, '-o', 'csv', '--no-sales', '--listings');
    expect(listings.code).toBe(0);
    const header = listings.stdout.split('\r\n')[0]!.split(',');
    expect(header.slice(0, 7)).toEqual(['agent', 'eventId', 'section', 'row', 'quantity', 'price', 'listingId']);
    expect(header.at(-1)).toBe('timestamp');
    const listingRows: Record<string, string>[] = parseCsv(listings.stdout, { columns: true });
    expect(listingRows.length).toBe(json.wholeMarket.listings);
    expect(listingRows.map((r) => `${r.agent}/${r.listingId}`)).toEqual(
      json.listings.map((l: { agent: string; listingId: string }) => `${l.agent}/${l.listingId}`),
    );
    for (const agent of Object.keys(event.agentIds)) {
      const own = (await inventoryOf(agent, event.agentIds[agent]!)).listings.map((l) => l.listingId);
      expect(listingRows.filter((r) => r.agent === agent).map((r) => r.listingId)).toEqual(own);
    }
  });

  it('prints a table: the event with its local and UTC date, the agents and the whole market, the cheapest, the sales', async () => {
    const event = everyAgent();
    const result = await tix(['events', 'view', event.id, '-o', 'table', '--top', '3'], {
      env: { ...sandboxEnv(sandbox().url), COLUMNS: '160' },
    });
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe(`${event.name} (${event.id})`);
    expect(lines[1]).toBe([event.venue, event.city, event.state, event.country].join(', '));
    const utc = `${event.eventDate.slice(0, 10)} ${event.eventDate.slice(11, 16)} UTC`;
    expect(lines[2]).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}[+-]\\d{2}:\\d{2} local, ${utc}$`));
    for (const agent of AGENT_CODES) expect(result.stdout).toMatch(new RegExp(`│ ${agent} +│ ${event.agentIds[agent]} `));
    expect(result.stdout).toMatch(/│ ALL +│ +│ +\d+ │/);
    expect(result.stdout).toContain('Cheapest 3 listings:');
    expect(result.stdout).toMatch(/^Total: [\d,]+ tickets, [\d,.]+ revenue, average [\d,.]+ per ticket$/m);
    expect(result.stdout).toMatch(/^Tickets sold │[ ▁▂▃▄▅▆▇█]{30}│ per day, highest \d+$/m);
  });

  it('with --partial prints the market but warns and exits 1 when the key may not read sales', async () => {
    const event = someAgents();
    const result = await tix(['events', 'view', event.id, '-o', 'json', '--retries', '0', '--partial'], {
      env: sandboxEnv(sandbox().url, SANDBOX_NOSALES_KEY),
    });
    expect(result.code).toBe(1);
    const out = JSON.parse(result.stdout);
    expect(out.market).toHaveLength(agentCount(event));
    expect(out.sales).toBeNull();
    expect(out.salesError).toBe('this API key is not allowed sales data (HTTP 403); --no-sales leaves them out');
    expect(result.stderr).toContain('tix: warning: sales: this API key is not allowed sales data (HTTP 403); --no-sales leaves them out');
  });

  it('exits 4 when the event does not exist', async () => {
    const result = await view('evt_0000000000', '-o', 'json');
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^tix: event evt_0000000000 not found/);
  });

  it.each([
    [['nope'], "<evt_id>: 'nope' is not a service event id (they start with evt_)"],
    [['evt_x', '--id', 'SKYBOX'], "--id must be AGENT=ID, such as SKYBOX=12345, not 'SKYBOX'"],
    [['evt_x', '--id', 'TICKETBASTION=1'], "--id: 'TICKETBASTION' is not a ticket agent; agents: TMUSA (ticketMaster), "],
    [['evt_x', '--id', 'SKYBOX='], '--id SKYBOX must not be empty'],
    [['evt_x', '--top', 'ten'], "--top must be a whole number from 0 to 1000, not 'ten'"],
    [['evt_x', '--sales-days', '0'], "--sales-days must be a whole number from 1 to 365, not '0'"],
    [['evt_x', '--sales-days', '7', '--no-sales'], '--sales-days cannot be combined with --no-sales'],
    [['evt_x', '--min-quantity', '-1'], '--min-quantity must be a whole number'],
    [['evt_x', '--max-price', 'cheap'], "--max-price must be an amount such as 150 or 99.50 (no currency symbol), not 'cheap'"],
    [['evt_x', '--section', ''], '--section needs a pattern'],
  ])('refuses %j with one line and exit 2', async (args, message) => {
    const result = await view(...args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(`tix: ${message}`);
  });
});

describe('tix events view when agents fail', () => {
  const failing = useSandbox({ now: NOW, failAgents: ['SKYBOX', 'gameTime'] });
  const allDown = useSandbox({ now: NOW, failAgents: [...AGENT_CODES], events: 300 });

  it('with --partial prints the agents that answered, names the failed ones on stderr and in error, and exits 1', async () => {
    const event = everyAgent();
    const env = sandboxEnv(failing().url);
    const result = await tix(['events', 'view', event.id, '-o', 'json', '--retries', '0', '--partial'], { env });
    expect(result.code).toBe(1);
    const out = JSON.parse(result.stdout);
    const failed = out.market.filter((r: { error?: string }) => r.error !== undefined);
    expect(failed.map((r: { agent: string }) => r.agent)).toEqual(['SKYBOX', 'GAMETIME']);
    expect(failed[0]).toEqual({ agent: 'SKYBOX', eventId: event.agentIds.SKYBOX, error: expect.stringContaining('503') });
    expect(out.market.filter((r: { error?: string }) => r.error === undefined)).toHaveLength(7);
    expect(result.stderr).toMatch(new RegExp(`warning: SKYBOX \\(${event.agentIds.SKYBOX}\\) failed: .*503`));
    expect(result.stderr).toMatch(/warning: GAMETIME \(.*\) failed: /);

    // The same answers as a sandbox where nothing fails, for the agents that answered.
    const healthy = JSON.parse((await view(event.id, '-o', 'json')).stdout);
    const answered = out.market.filter((r: { error?: string }) => r.error === undefined);
    expect(answered).toEqual(healthy.market.filter((r: { agent: string }) => !['SKYBOX', 'GAMETIME'].includes(r.agent)));

    const table = await tix(['events', 'view', event.id, '-o', 'table', '--retries', '0', '--partial'], { env });
    expect(table.code).toBe(1);
    expect(table.stdout).toMatch(/│ TMUSA /);
    expect(table.stdout).not.toMatch(/│ SKYBOX /);
    expect(table.stderr).toMatch(/warning: SKYBOX/);
  });

  it('exits 5 with nothing on stdout when every agent fails', async () => {
    const now = NOW.toISOString();
    const event = allDown().events.find((e) => e.eventDate > now)!;
    const result = await tix(['events', 'view', event.id, '-o', 'json', '--retries', '0'], { env: sandboxEnv(allDown().url) });
    expect(result.code).toBe(5);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      new RegExp(`^tix: no ticket agent answered for ${event.id} \\(${Object.keys(event.agentIds).join(', ')}\\): `),
    );
  });
});

describe('tix events view of an event no agent lists', () => {
  // The sandbox gives every event a StubHub id; a proxy that drops the listing's agent ids stands in for
  // an event the API knows but no marketplace lists.
  let proxy: Server;
  let proxyUrl: string;
  beforeAll(async () => {
    proxy = createServer(async (req, res) => {
      const upstream = await fetch(sandbox().url + req.url, { headers: { 'x-api-key': String(req.headers['x-api-key']) } });
      const body = (await upstream.json()) as Record<string, unknown>;
      if (req.url!.startsWith('/events/evt_')) delete body.agentIds;
      res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

  it('reports every agent as not listing it, asks none, and exits 0', async () => {
    const event = someAgents();
    const before = sandbox().log.length;
    const result = await tix(['events', 'view', event.id, '-o', 'json'], { env: sandboxEnv(proxyUrl) });
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout);
    expect(out).toMatchObject({
      market: [],
      notListed: AGENT_CODES,
      cheapest: [],
      sales: null,
      wholeMarket: { listings: 0, tickets: 0, minPrice: null },
    });
    expect(result.stderr).toContain('No ticket agent lists this event.');
    expect(result.stderr).toContain('No StubHub id for this event, so no sales data.');
    expect(
      sandbox()
        .log.slice(before)
        .map((r) => r.path),
    ).toEqual([`/events/${event.id}`]);

    const csv = await tix(['events', 'view', event.id, '-o', 'csv'], { env: sandboxEnv(proxyUrl) });
    expect(csv.code).toBe(0);
    expect(csv.stdout).toBe('agent,eventId,listings,tickets,minPrice,medianPrice,maxPrice,timestamp,error\r\n');
  });
});
