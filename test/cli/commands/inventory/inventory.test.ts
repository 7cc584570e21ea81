import { createServer, type Server } from 'node:http';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../../src/sandbox/index.js';
import { apiGet } from '../../../helpers/api.js';
import { runTix } from '../../../helpers/tix.js';
import { sandboxEnv, tempDir } from '../../../helpers/tix-env.js';

let sandbox: Sandbox;
let env: Record<string, string>;
let tmIds: string[];

beforeAll(async () => {
  sandbox = await startSandbox({ events: 1500, seed: 3 });
  env = sandboxEnv(sandbox.url);
  tmIds = sandbox.events.flatMap((e) => (e.agentIds.TMUSA ? [e.agentIds.TMUSA] : []));
  expect(tmIds.length).toBeGreaterThan(200);
});
afterAll(() => sandbox.close());

/** Events on sale now: they have listings (past events and those not yet on sale have none). */
function onSale() {
  const now = new Date().toISOString();
  return sandbox.events.filter((e) => e.publicSaleDate < now && e.eventDate > now);
}

const tix = (...args: string[]) => runTix(args, { env });
const inventoryRequests = (from: number) => sandbox.log.slice(from).filter((r) => r.path.startsWith('/inventory/'));

describe('tix inventory', () => {
  it('prints one event as the API payload', async () => {
    const result = await tix('inventory', 'tmusa', tmIds[0]!);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual((await apiGet(sandbox.url, `/inventory/TMUSA/${tmIds[0]}`)).body);
  });

  it.each([
    [10, 1],
    [11, 2],
    [95, 10],
  ])('asks for %i ids in %i requests of at most 10 and merges them in the order given', async (count, requests) => {
    const ids = tmIds.slice(100, 100 + count).reverse();
    const before = sandbox.log.length;
    const result = await tix('inventory', 'TMUSA', ...ids, '--debug');
    expect(result.code).toBe(0);
    const merged = JSON.parse(result.stdout);
    expect(merged.data.map((d: { eventId: string }) => d.eventId)).toEqual(ids);
    expect(merged.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    expect(inventoryRequests(before)).toHaveLength(requests);
    expect(result.stderr.match(/GET \S+\/inventory\/TMUSA\//g)).toHaveLength(requests);
    expect(result.stderr).not.toContain('sandbox-key');
  });

  // Every request in flight used to add an abort listener to the one signal of the run: 16 at once made Node
  // print MaxListenersExceededWarning on stderr. runTix fails any run that prints a Node warning.
  it.each(['6', '16'])('asks for 95 and 1,000 ids with --concurrency %s without a Node warning', async (concurrency) => {
    for (const count of [95, 1000]) {
      // Those on sale first, so some have listings to print whatever the day (the world is fixed, the clock real).
      const selling = onSale().flatMap((e) => (e.agentIds.TMUSA ? [e.agentIds.TMUSA] : []));
      const ids = [...new Set([...selling, ...tmIds])].slice(0, count);
      const result = await runTix(['inventory', 'TMUSA', '-', '-o', 'ndjson', '--concurrency', concurrency], {
        env,
        input: ids.join('\n'),
      });
      expect(result.code).toBe(0);
      expect(result.stderr).toBe('');
      expect(
        new Set(
          result.stdout
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line).eventId),
        ).size,
      ).toBeGreaterThan(0);
    }
  });

  it('asks for duplicate ids once and reads ids from stdin', async () => {
    const ids = tmIds.slice(0, 12);
    const before = sandbox.log.length;
    const result = await runTix(['inventory', 'TMUSA', '-', '-o', 'json'], {
      env,
      input: `${ids.join('\n')}\n${ids.slice(0, 5).join(',')}\n`,
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).data.map((d: { eventId: string }) => d.eventId)).toEqual(ids);
    expect(inventoryRequests(before)).toHaveLength(2);
  });

  it('keeps the timestamp column in the header when there are no listings', async () => {
    const past = sandbox.events.find((e) => e.eventDate < new Date(Date.now() - 2 * 86_400_000).toISOString() && e.agentIds.TMUSA)!;
    const result = await tix('inventory', 'TMUSA', past.agentIds.TMUSA!, '-o', 'csv');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('ticketAgent,eventId,section,row,quantity,price,listingId,timestamp\r\n');
  });

  it('writes one CSV row per listing, documented columns first, then extras, then the timestamp', async () => {
    const ids = onSale()
      .flatMap((e) => (e.agentIds.SKYBOX ? [e.agentIds.SKYBOX] : []))
      .slice(0, 5);
    const result = await tix('inventory', 'SKYBOX', ids.join(','), '-o', 'csv');
    expect(result.code).toBe(0);
    const rows: Record<string, string>[] = parseCsv(result.stdout, { columns: true });
    const direct = (await apiGet(sandbox.url, `/inventory/SKYBOX/${ids.join(',')}`)).body;
    const listings = direct.data.flatMap((d: any) => d.sections);
    expect(listings.length).toBeGreaterThan(0);
    expect(rows).toHaveLength(listings.length);
    const header = result.stdout.split(/\r?\n/)[0]!.split(',');
    expect(header.slice(0, 7)).toEqual(['ticketAgent', 'eventId', 'section', 'row', 'quantity', 'price', 'listingId']);
    expect(header.at(-1)).toBe('timestamp');
    expect(rows[0]!.ticketAgent).toBe('SKYBOX');
    expect(Number(rows[0]!.price)).toBe(listings[0].price);
  });

  it('sorts a table by event, then price, and sums each event up on stderr', async () => {
    const ids = onSale()
      .flatMap((e) => (e.agentIds.TMUSA ? [e.agentIds.TMUSA] : []))
      .slice(0, 3);
    const result = await tix('inventory', 'TMUSA', ...ids, '-o', 'table');
    expect(result.code).toBe(0);
    const summaries = result.stderr.trim().split('\n');
    expect(summaries).toHaveLength(3);
    summaries.forEach((line, i) =>
      expect(line).toMatch(new RegExp(`^${ids[i]}: (no listings|\\d+ listings, \\d+ tickets, lowest [\\d,.]+, median [\\d,.]+)$`)),
    );
    const positions = ids.map((id) => result.stdout.indexOf(id)).filter((p) => p >= 0);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('names the known agent codes when the agent is unknown (exit 2, a usage error)', async () => {
    const result = await tix('inventory', 'TICKETBASTION', '123');
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim()).toMatch(
      /^tix: <agent>: 'TICKETBASTION' is not a ticket agent; agents: TMUSA \(ticketMaster\), STUBHUB \(stubHub\), SKYBOX/,
    );
  });
});

describe('tix inventory when a batch keeps failing', () => {
  // A proxy in front of the sandbox that answers 503 to every request naming one chosen id.
  let proxy: Server;
  let proxyUrl: string;
  const poisoned = () => tmIds[45]!;
  beforeAll(async () => {
    proxy = createServer(async (req, res) => {
      if (req.url!.includes(poisoned())) {
        res.writeHead(503, { 'content-type': 'application/json' }).end('{"status":503,"error":"Service Unavailable","message":"down"}');
        return;
      }
      const upstream = await fetch(sandbox.url + req.url, { headers: { 'x-api-key': String(req.headers['x-api-key']) } });
      res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(Buffer.from(await upstream.arrayBuffer()));
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const address = proxy.address() as { port: number };
    proxyUrl = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

  it('fails, names the ids it could not fetch, and writes no file', async () => {
    const file = join(tempDir(), 'inventory.csv');
    const result = await runTix(['inventory', 'TMUSA', ...tmIds.slice(30, 60), '--retries', '0', '--out', file], {
      env: sandboxEnv(proxyUrl),
    });
    expect(result.code).toBe(5);
    expect(result.stderr.trim()).toMatch(new RegExp(`could not fetch inventory for 10 of 30 ids \\(${tmIds[40]},.*\\)`));
    expect(existsSync(file)).toBe(false);
  });

  it('with --partial prints what it fetched, warns which ids are missing and exits 1', async () => {
    const ids = tmIds.slice(30, 60);
    const result = await runTix(['inventory', 'TMUSA', ...ids, '--retries', '0', '--partial'], { env: sandboxEnv(proxyUrl) });
    expect(result.code).toBe(1);
    const fetched = JSON.parse(result.stdout).data.map((d: { eventId: string }) => d.eventId);
    expect(fetched).toEqual([...ids.slice(0, 10), ...ids.slice(20, 30)]);
    expect(result.stderr).toMatch(new RegExp(`warning: inventory is missing for 10 of 30 ids \\(${ids[10]}, `));
  });
});
