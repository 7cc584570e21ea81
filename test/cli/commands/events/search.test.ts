import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../../src/sandbox/index.js';
import { apiGet } from '../../../helpers/api.js';
import { runTix } from '../../../helpers/tix.js';
import { sandboxEnv } from '../../../helpers/tix-env.js';

const NOW = '2026-06-15T12:00:00Z';
let sandbox: Sandbox;
let env: Record<string, string>;

beforeAll(async () => {
  sandbox = await startSandbox({ now: NOW, events: 3000, seed: 7 });
  env = sandboxEnv(sandbox.url);
});
afterAll(() => sandbox.close());

const tix = (...args: string[]) => runTix(args, { env });
const events = (stdout: string): any[] => JSON.parse(stdout).events;

describe('tix events search', () => {
  it('prints the API payload untouched as JSON when stdout is not a terminal', async () => {
    const result = await tix('events', 'search', '--page-size', '50');
    expect(result.code).toBe(0);
    const direct = await apiGet(sandbox.url, '/events', { q: 'UTC', pageNumber: 1, pageSize: 50 });
    expect(JSON.parse(result.stdout)).toEqual(direct.body);
    expect(result.stderr).toContain('Showing page 1 (50 events); more may follow: use --page 2 or --all');
  });

  it('says "1 event" for a full page of one', async () => {
    const result = await tix('events', 'search', '--page-size', '1', '--page', '3');
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('Showing page 3 (1 event); more may follow: use --page 4 or --all.\n');
  });

  it('maps each enum flag by name or number to the API value', async () => {
    const byName = await tix(
      'events',
      'search',
      '--category',
      'concerts',
      '--type',
      'event',
      '--sort',
      'name',
      '--asc',
      '--page-size',
      '20',
    );
    const byNumber = await tix('events', 'search', '--category', '1', '--type', '2', '--sort', '3', '--asc', '--page-size', '20');
    expect(byName.code).toBe(0);
    expect(byName.stdout).toBe(byNumber.stdout);
    const list = events(byName.stdout);
    expect(list.length).toBe(20);
    expect(list.every((e) => e.category === 'Concerts')).toBe(true);
    const direct = await apiGet(sandbox.url, '/events', { category: 1, type: 2, sortBy: 3, direction: 0, q: 'UTC', pageSize: 20 });
    expect(list).toEqual(direct.body.events);
  });

  it('sends every filter as the query parameter the contract names', async () => {
    const before = sandbox.log.length;
    const result = await tix(
      'events',
      'search',
      '--category',
      'sports',
      '--type',
      'public-sale',
      '--date',
      'next-30-days',
      '--sort',
      'city',
      '--desc',
      '--name',
      '%a%',
      '--venue',
      'Arena',
      '--city',
      'Boston',
      '--state',
      'MA',
      '--country',
      'US',
      '--tz',
      'America/New_York',
      '--password',
      'pw1',
      '--omit',
      'agentIds',
      '--ticket-agent',
      'TMUSA',
      '--page',
      '2',
      '--page-size',
      '7',
    );
    expect([0]).toContain(result.code);
    const request = sandbox.log.slice(before).find((r) => r.path.startsWith('/events?'));
    const query = Object.fromEntries(new URL(`http://x${request!.path}`).searchParams);
    expect(query).toEqual({
      category: '4',
      type: '1',
      date: '11',
      sortBy: '5',
      direction: '1',
      name: '%a%',
      venue: 'Arena',
      city: 'Boston',
      state: 'MA',
      country: 'US',
      q: 'America/New_York',
      password: 'pw1',
      omit: 'agentIds',
      ticketAgent: 'TMUSA',
      pageNumber: '2',
      pageSize: '7',
    });
  });

  it('turns --on and --from/--to into Specified Date and Specified Date Range', async () => {
    const on = await tix('events', 'search', '--on', '2026-07-04', '--all');
    expect(on.code).toBe(0);
    for (const e of on.stdout ? events(on.stdout) : []) expect(e.eventDate.slice(0, 10)).toBe('2026-07-04');

    const range = await tix('events', 'search', '--from', '2026-07-01', '--to', '2026-07-31', '--all');
    expect(range.code).toBe(0);
    const list = events(range.stdout);
    expect(list.length).toBeGreaterThan(10);
    for (const e of list) expect(e.eventDate.slice(0, 10) >= '2026-07-01' && e.eventDate.slice(0, 10) <= '2026-07-31').toBe(true);
  });

  it('accepts relative dates, resolved against today in --tz', async () => {
    const result = await tix('events', 'search', '--from', 'today', '--to', '+7d', '--all', '--debug');
    expect(result.code).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect(result.stderr).toContain(`eventSearchSpecifiedDate=${today}`);
  });

  it('filters by name with % wildcards', async () => {
    const result = await tix('events', 'search', '--name', '%vs.%', '--all');
    expect(result.code).toBe(0);
    const list = events(result.stdout);
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((e) => e.name.toLowerCase().includes('vs.'))).toBe(true);
  });

  it('pages: --page and --page-size pick a slice, --limit stops after n records', async () => {
    const all = events((await tix('events', 'search', '--page-size', '30')).stdout);
    const page2 = events((await tix('events', 'search', '--page', '2', '--page-size', '10')).stdout);
    expect(page2.map((e) => e.id)).toEqual(all.slice(10, 20).map((e) => e.id));
    const limited = await tix('events', 'search', '--limit', '25', '--page-size', '10');
    expect(events(limited.stdout).map((e) => e.id)).toEqual(all.slice(0, 25).map((e) => e.id));
  });

  it('prints nothing on stdout and says so on stderr when nothing matches, exit 0', async () => {
    const json = await tix('events', 'search', '--name', 'no event is called this');
    expect(json).toMatchObject({ code: 0, stdout: '' });
    expect(json.stderr).toContain('No events found.');
    const csv = await tix('events', 'search', '--name', 'no event is called this', '-o', 'csv');
    expect(csv.code).toBe(0);
    expect(csv.stdout.trim()).toBe('id,name');
  });

  it('writes CSV that parses back to the same values as the JSON output', async () => {
    const json = events((await tix('events', 'search', '--page-size', '200')).stdout);
    const csv = await tix('events', 'search', '--page-size', '200', '-o', 'csv');
    expect(csv.code).toBe(0);
    const rows: Record<string, string>[] = parseCsv(csv.stdout, { columns: true });
    expect(rows.length).toBe(json.length);
    rows.forEach((row, i) => {
      const e = json[i];
      expect(row.id).toBe(e.id);
      expect(row.name).toBe(e.name);
      expect(row.eventDate).toBe(e.eventDate);
      for (const [agent, id] of Object.entries(e.agentIds)) expect(row[`agentIds.${agent}`]).toBe(id);
    });
    expect(Object.keys(rows[0]!).slice(0, 2)).toEqual(['id', 'name']);
  });

  it('chooses columns with --fields and drops the header with --no-header', async () => {
    const result = await tix('events', 'search', '--page-size', '5', '-o', 'tsv', '--fields', 'name,id', '--no-header');
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(5);
    for (const line of lines) expect(line.split('\t')[1]).toMatch(/^evt_/);
    const nd = await tix('events', 'search', '--page-size', '3', '-o', 'ndjson', '--fields', 'id');
    expect(
      nd.stdout
        .trim()
        .split('\n')
        .map((l) => Object.keys(JSON.parse(l))),
    ).toEqual([['id'], ['id'], ['id']]);
  });

  it('renders a table with the default columns and no colour when asked for one off a terminal', async () => {
    const result = await tix('events', 'search', '--page-size', '5', '-o', 'table');
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(/\u001b\[/);
    expect(result.stdout).toMatch(/id.*name.*eventDate/s);
    expect(result.stdout.match(/evt_/g)).toHaveLength(5);
  });
});

describe('tix events search: bad input', () => {
  it.each([
    [['--category', 'concrts'], /--category: 'concrts' is not allowed \(did you mean concerts\?\); use one of all, concerts/],
    [['--type', '3'], /--type: '3' is not allowed/],
    [['--date', 'next-week'], /--date: 'next-week' is not allowed/],
    [['--sort', 'price'], /--sort: 'price' is not allowed/],
    [['--on', '2026-02-30'], /--on: '2026-02-30' is not a date \(use YYYY-MM-DD/],
    [['--from', 'yesterdayy', '--to', 'today'], /--from: 'yesterdayy' is not a date/],
    [['--from', '-7x', '--to', 'today'], /--from: '-7x' is not a date/],
    [['--from', '2026-08-01', '--to', '2026-07-01'], /--from \(2026-08-01\) is after --to \(2026-07-01\)/],
    [['--from', '2026-08-01'], /--from and --to go together/],
    [['--date', 'today', '--on', '2026-07-01'], /--date and --on cannot be used together/],
    [['--page-size', '0'], /--page-size must be a whole number from 1 to 5000, not '0'/],
    [['--page-size', '5001'], /--page-size must be a whole number from 1 to 5000/],
    [['--page-size', 'abc'], /--page-size must be a whole number/],
    [['--page-size', '1e3'], /--page-size must be a whole number/],
    [['--page', '0'], /--page must be a whole number from 1/],
    [['--tz', 'Mars/Olympus'], /--tz must be an IANA time zone/],
    [['--name', ''], /--name must not be empty/],
    [['--name', 'x'.repeat(100_000)], /--name is 100000 characters long; at most 200/],
    [['--asc', '--desc'], /--asc and --desc cannot be used together/],
    [['-o', 'xml'], /--output must be one of table, json, ndjson, csv, tsv, parquet, not 'xml'/],
    [['--catgory', 'concerts'], /unknown option '--catgory' \(did you mean --category\?\)/],
  ])('%j → exit 2 with one clear line', async (args, message) => {
    const result = await tix('events', 'search', ...args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^tix: /);
    expect(lines[0]).toMatch(message);
  });

  it('suggests the closest command for a typo', async () => {
    const result = await tix('evnts', 'search');
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe("tix: unknown command 'evnts' (did you mean events?)");
  });

  it('refuses --json with another --output', async () => {
    const result = await tix('events', 'search', '-o', 'csv', '--json');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^tix: --json and --output csv disagree: give one of them\n/);
  });

  it('also reports the error as one JSON line with -o json', async () => {
    const result = await tix('events', 'search', '--page-size', '0', '-o', 'json');
    expect(result.code).toBe(2);
    const lines = result.stderr.trim().split('\n');
    expect(JSON.parse(lines[1]!)).toEqual({ error: { code: 2, message: expect.stringContaining('--page-size') } });
  });
});
