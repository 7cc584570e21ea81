/**
 * --fields in every format. json keeps its envelope and cuts each record to those fields, in that order
 * (as gh's --json does); names that no record of the output had are named in one warning at the end, with
 * the closest name the records did have; the exit code stays 0, since fields vary by agent.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { FIXED_NOW } from '../../helpers/sandbox.js';
import { runTix } from '../../helpers/tix.js';
import { sandboxEnv } from '../../helpers/tix-env.js';
import { testDir as tempDir } from '../../helpers/tix-env.js';

let sandbox: Sandbox;
let env: Record<string, string>;
let tmIds: string[];
beforeAll(async () => {
  sandbox = await startSandbox({ events: 200, seed: 7, now: FIXED_NOW });
  env = sandboxEnv(sandbox.url);
  tmIds = sandbox.events
    .filter((e) => e.agentIds.TMUSA && e.publicSaleDate < FIXED_NOW && e.eventDate > FIXED_NOW)
    .slice(0, 3)
    .map((e) => e.agentIds.TMUSA!);
  expect(tmIds).toHaveLength(3);
});
afterAll(() => sandbox.close());

const tix = (args: string[]) => runTix(args, { env });

describe('-o json --fields', () => {
  it('events search: the {"events":[...]} envelope, each event with only those fields, in that order', async () => {
    const result = await tix(['events', 'search', '-o', 'json', '--fields', 'name,id']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    const { events, ...rest } = JSON.parse(result.stdout);
    expect(rest).toEqual({});
    expect(events.length).toBeGreaterThan(5);
    for (const event of events) expect(Object.keys(event)).toEqual(['name', 'id']);
  });

  it('dotted names keep their nesting, null where a record lacks one, across pages of --all', async () => {
    const result = await tix(['events', 'search', '--all', '--page-size', '30', '-o', 'json', '--fields', 'id,agentIds.TMUSA']);
    expect(result.code, result.stderr).toBe(0);
    const { events } = JSON.parse(result.stdout) as { events: { id: string; agentIds: { TMUSA: string | null } }[] };
    expect(events.length).toBe(sandbox.events.length);
    const byId = new Map(sandbox.events.map((e) => [e.id, e.agentIds.TMUSA ?? null]));
    for (const event of events) expect(event).toEqual({ id: event.id, agentIds: { TMUSA: byId.get(event.id) } });
  });

  it('inventory: {"listings":[...]}, the rows csv has, cut to the fields', async () => {
    const json = await tix(['inventory', 'TMUSA', ...tmIds, '-o', 'json', '--fields', 'eventId,price,timestamp']);
    expect(json.code, json.stderr).toBe(0);
    const csv = await tix(['inventory', 'TMUSA', ...tmIds, '-o', 'csv', '--fields', 'eventId,price,timestamp']);
    const csvRows = csv.stdout
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(','));
    const { listings } = JSON.parse(json.stdout) as { listings: { eventId: string; price: number; timestamp: string }[] };
    expect(listings.length).toBeGreaterThan(0);
    expect(listings.map((l) => [l.eventId, String(l.price), l.timestamp])).toEqual(csvRows);
    for (const listing of listings) expect(Object.keys(listing)).toEqual(['eventId', 'price', 'timestamp']);
  });

  it('sales summary: {"salesData":[...]}, each day cut to the fields', async () => {
    const stubhubId = sandbox.events.find((e) => e.agentIds.STUBHUB && e.publicSaleDate < FIXED_NOW && e.eventDate > FIXED_NOW)!.agentIds
      .STUBHUB!;
    const result = await tix(['sales', 'summary', stubhubId, '-o', 'json', '--fields', 'date,totalTickets']);
    expect(result.code, result.stderr).toBe(0);
    const { salesData } = JSON.parse(result.stdout) as { salesData: object[] };
    for (const day of salesData) expect(Object.keys(day)).toEqual(['date', 'totalTickets']);
  });

  it('--out file.json is cut the same way', async () => {
    const file = join(tempDir('tix-fields-'), 'events.json');
    const result = await tix(['events', 'search', '--limit', '4', '--fields', 'id', '--out', file]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).events.map((e: object) => Object.keys(e))).toEqual([['id'], ['id'], ['id'], ['id']]);
  });
});

describe('--fields that no record had', () => {
  it('csv: the column is empty, and one warning at the end says so with "did you mean"; exit 0', async () => {
    const result = await tix(['events', 'search', '--limit', '3', '-o', 'csv', '--fields', 'id,nmae']);
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\r\n');
    expect(lines[0]).toBe('id,nmae');
    expect(lines.slice(1).every((line) => /^evt_\w+,$/.test(line))).toBe(true);
    expect(result.stderr).toBe(
      'tix: warning: --fields: no record had nmae (did you mean name?), so it is empty in every row (null in json)\n',
    );
  });

  it('ndjson: every unseen name is listed, dotted ones compared with dotted names', async () => {
    const result = await tix(['events', 'search', '--limit', '3', '-o', 'ndjson', '--fields', 'id,agentIds.TMSA,qqqqqq']);
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(3);
    expect(result.stderr).toBe(
      'tix: warning: --fields: no record had agentIds.TMSA (did you mean agentIds.TMUSA?), qqqqqq, so they are empty in every row (null in json)\n',
    );
  });

  it('json: the same warning; the records carry null', async () => {
    const result = await tix(['events', 'search', '--limit', '2', '-o', 'json', '--fields', 'id,categroy']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).events.map((e: { categroy: unknown }) => e.categroy)).toEqual([null, null]);
    expect(result.stderr).toMatch(/^tix: warning: --fields: no record had categroy \(did you mean category\?\)/);
  });

  it('a field only some agents send is no mistake: no warning when any record had it', async () => {
    const result = await tix(['inventory', 'TMUSA', ...tmIds, '-o', 'csv', '--fields', 'listingId,offerType']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/,standard\r\n|,resale\r\n/);
    expect(result.stderr).toBe('');
  });

  it('no records at all: no verdict on the names', async () => {
    const result = await tix(['events', 'search', '--name', 'no such event anywhere', '-o', 'csv', '--fields', 'id,nmae']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('id,nmae\r\n');
    expect(result.stderr).not.toMatch(/warning/);
  });
});
