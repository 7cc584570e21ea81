import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../../src/sandbox/index.js';
import { apiGet } from '../../../helpers/api.js';
import { runTix } from '../../../helpers/tix.js';
import { sandboxEnv } from '../../../helpers/tix-env.js';

let sandbox: Sandbox;
let env: Record<string, string>;
/** A stubhub id with sales in the last 30 days, and one whose history is long. */
let recentId: string;
let summary: any;

beforeAll(async () => {
  // The sandbox's clock is the real one, like tix's, so relative dates (-30d, yesterday) find sales.
  sandbox = await startSandbox({ events: 400, seed: 21 });
  env = sandboxEnv(sandbox.url);
  for (const event of sandbox.events) {
    const body = (await apiGet(sandbox.url, `/events/stubhub/${event.agentIds.STUBHUB}/sales-summary`)).body;
    const recent = body.salesData.filter((d: any) => d.date >= isoDaysAgo(30));
    if (recent.length >= 10 && body.salesData.length >= 40) {
      recentId = event.agentIds.STUBHUB!;
      summary = body;
      break;
    }
  }
  expect(recentId).toBeDefined();
});
afterAll(() => sandbox.close());

function isoDaysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

const tix = (...args: string[]) => runTix(args, { env });

describe('tix sales summary', () => {
  it('prints the API payload untouched as JSON', async () => {
    const result = await tix('sales', 'summary', recentId);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ ...summary, _request: expect.any(Object) });
  });

  it.each(['json', 'ndjson', 'csv', 'tsv', 'table'])('prints one row per day as %s', async (format) => {
    const result = await tix('sales', 'summary', recentId, '-o', format);
    expect(result.code).toBe(0);
    const days = summary.salesData.length;
    if (format === 'csv') {
      const rows: Record<string, string>[] = parseCsv(result.stdout, { columns: true });
      expect(rows).toHaveLength(days);
      expect(Object.keys(rows[0]!)).toEqual([
        'marketplaceId',
        'name',
        'date',
        'totalTickets',
        'totalSales',
        'minSoldPrice',
        'maxSoldPrice',
        'avgSoldPrice',
      ]);
      expect(rows[0]).toMatchObject({
        marketplaceId: recentId,
        date: summary.salesData[0].date,
        totalTickets: String(summary.salesData[0].totalTickets),
      });
    } else if (format === 'tsv') {
      expect(result.stdout.trim().split('\n')).toHaveLength(days + 1);
    } else if (format === 'ndjson') {
      expect(
        result.stdout
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l).date),
      ).toEqual(summary.salesData.map((d: any) => d.date));
    } else if (format === 'table') {
      expect(result.stdout).toContain(summary.name);
      expect(result.stdout).toMatch(/Sales data: \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}/);
      const tickets = summary.salesData.reduce((n: number, d: any) => n + d.totalTickets, 0);
      const revenue = summary.salesData.reduce((n: number, d: any) => n + d.totalSales, 0);
      expect(result.stdout).toContain(
        `Total: ${tickets.toLocaleString('en-US')} tickets, ${revenue.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} revenue`,
      );
    }
  });

  it.each([
    [['--from', '-30d'], () => isoDaysAgo(30), undefined],
    [['--from', 'yesterday', '--to', 'yesterday'], () => isoDaysAgo(1), () => isoDaysAgo(1)],
    [['--from', '2026-01-01', '--to', '2026-03-31'], () => '2026-01-01', () => '2026-03-31'],
    [['--from', '2026-02-01T10:00:00Z', '--to', '-2w'], () => '2026-02-01', () => isoDaysAgo(14)],
  ])('sends %j as startDate/endDate', async (flags, start, end) => {
    const before = sandbox.log.length;
    const result = await tix('sales', 'summary', recentId, ...flags);
    expect(result.code).toBe(0);
    const query = new URL(`http://x${sandbox.log.slice(before).at(-1)!.path}`).searchParams;
    expect(query.get('startDate')).toBe(start());
    expect(query.get('endDate')).toBe(end ? end() : null);
    for (const day of JSON.parse(result.stdout).salesData) {
      expect(day.date >= start()).toBe(true);
      if (end) expect(day.date <= end()).toBe(true);
    }
  });

  it('draws a chart with labelled axes for tickets and revenue', async () => {
    const result = await tix('sales', 'summary', recentId, '--chart', '--from', '-30d');
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    const title = /^Tickets sold per day, (\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})$/.exec(lines[0]!);
    expect(title).not.toBeNull();
    expect(title![1]).toBe(isoDaysAgo(30));
    const days = (Date.parse(title![2]!) - Date.parse(title![1]!)) / 86_400_000 + 1;
    const bars = lines.filter((l) => l.includes('┤'));
    expect(bars).toHaveLength(16); // 8 rows for tickets, 8 for revenue
    for (const bar of bars) expect(bar.split('┤')[1]).toHaveLength(days); // one column per day
    expect(lines.filter((l) => /^ +0 └─+$/.test(l))).toHaveLength(2); // each chart's baseline is labelled 0
    const max = Math.max(...summary.salesData.filter((d: any) => d.date >= title![1]!).map((d: any) => d.totalTickets));
    expect(bars[0]!.trim().startsWith(max.toLocaleString('en-US'))).toBe(true); // the axis is labelled with the peak
    expect(lines.some((l) => /^Revenue per day/.test(l))).toBe(true);
    expect(result.stdout).toMatch(/█/);
  });

  it('buckets a wide range by week to fit the terminal', async () => {
    const first = summary.salesData[0].date as string;
    const last = new Date(Date.parse(first) + 300 * 86_400_000).toISOString().slice(0, 10);
    const result = await tix('sales', 'summary', recentId, '--chart', '--from', first, '--to', last);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Tickets sold per week/);
    const bars = result.stdout.split('\n').filter((l) => l.includes('┤'));
    for (const bar of bars) expect(bar.split('┤')[1]!.length).toBeGreaterThanOrEqual(43); // 301 days, 43-44 weeks
    for (const line of result.stdout.split('\n')) expect(line.length).toBeLessThanOrEqual(100);
  });
});

describe('tix sales details', () => {
  it('agrees with the summary: sum of quantity equals sum of totalTickets', async () => {
    const details = await tix('sales', 'details', recentId, '--from', '-30d', '-o', 'csv');
    const sums = await tix('sales', 'summary', recentId, '--from', '-30d', '-o', 'ndjson');
    expect(details.code).toBe(0);
    const rows: Record<string, string>[] = parseCsv(details.stdout, { columns: true });
    expect(Object.keys(rows[0]!)).toEqual([
      'marketplaceId',
      'date',
      'soldDate',
      'sectionName',
      'row',
      'seats',
      'quantity',
      'price',
      'priceFormatted',
    ]);
    const sold = rows.reduce((n, r) => n + Number(r.quantity), 0);
    const total = sums.stdout
      .trim()
      .split('\n')
      .reduce((n, l) => n + JSON.parse(l).totalTickets, 0);
    expect(sold).toBe(total);
    expect(sold).toBeGreaterThan(0);
  });

  it('prints only the per-day aggregates with --daily', async () => {
    const result = await tix('sales', 'details', recentId, '--daily', '-o', 'ndjson');
    expect(result.code).toBe(0);
    const days = result.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(days.map((d) => d.date)).toEqual(summary.salesData.map((d: any) => d.date));
    expect(days[0]).not.toHaveProperty('soldTickets');
    expect(days[0]).toHaveProperty('minimumSalesDataDate');
  });

  it('sends the provider lower-case', async () => {
    const before = sandbox.log.length;
    const result = await tix('sales', 'details', recentId, '--provider', 'StubHub', '--from', 'yesterday', '--json');
    expect(result.code).toBe(0);
    expect(sandbox.log.slice(before).at(-1)!.path).toMatch(new RegExp(`^/events/stubhub/${recentId}/sales-details\\?`));
  });
});

describe('tix sales errors', () => {
  it('says the key is not allowed sales data (403, exit 3)', async () => {
    const result = await runTix(['sales', 'summary', recentId], { env: sandboxEnv(sandbox.url, 'sandbox-key-nosales') });
    expect(result.code).toBe(3);
    expect(result.stderr.trim()).toMatch(/^tix: this API key is not allowed sales data \(HTTP 403/);
  });

  it('exit 4 for an unknown event or provider', async () => {
    const unknown = await tix('sales', 'summary', '999999999999');
    expect(unknown.code).toBe(4);
    expect(unknown.stderr).toMatch(/no sales data for event '999999999999' at provider 'stubhub'/);
    const provider = await tix('sales', 'details', recentId, '--provider', 'vividseats');
    expect(provider.code).toBe(4);
  });

  it.each([
    [['--from', '2026-05-02', '--to', '2026-05-01'], /--from \(2026-05-02\) is after --to \(2026-05-01\)/],
    [['--from', '2026-13-01'], /--from: '2026-13-01' is not a date/],
    [['--provider', 'stub hub'], /--provider must be a provider code/],
    [['--chart', '-o', 'csv'], /--chart draws for people; it cannot be combined with --output csv/],
  ])('%j → exit 2', async (flags, message) => {
    const result = await tix('sales', 'summary', recentId, ...flags);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(message);
  });
});

describe('tix agents', () => {
  it('lists the nine agent codes and the provider', async () => {
    const json = await runTix(['agents', '--json']);
    expect(json.code).toBe(0);
    const body = JSON.parse(json.stdout);
    expect(body.ticketAgents.map((a: any) => a.code)).toEqual([
      'TMUSA',
      'STUBHUB',
      'SKYBOX',
      'TICKETEVOLUTION',
      'SEATGEEK',
      'VIVID',
      'TICKPICK',
      'TICKETNETWORK',
      'GAMETIME',
    ]);
    expect(body.salesProviders).toEqual([{ code: 'stubhub', platform: 'StubHub' }]);
    const csv = await runTix(['agents', '-o', 'csv']);
    expect(csv.stdout.trim().split(/\r?\n/)).toHaveLength(11);
  });
});
