/** `tix inventory` with the listing filters: applied before anything is printed or summed up. */
import { describe, expect, it } from 'vitest';
import { parse as parseCsv } from 'csv-parse/sync';
import { apiGet } from '../../../helpers/api.js';
import { useSandbox } from '../../../helpers/sandbox.js';
import { runTix } from '../../../helpers/tix.js';
import { sandboxEnv } from '../../../helpers/tix-env.js';

// A fixed clock (now, when the file loads): listings change every 15 minutes of the sandbox clock, and
// these tests compare tix's answers with the API's own.
const sandbox = useSandbox({ events: 1500, seed: 3, now: new Date() });
const tix = (...args: string[]) => runTix(args, { env: sandboxEnv(sandbox().url) });

type Listing = { section: string; row: string; quantity: number; price: number; listingId: string };

/** TMUSA ids of events on sale now, which have listings. */
function tmusaOnSale(count: number): string[] {
  const now = new Date(sandbox().now()).toISOString();
  return sandbox()
    .events.filter((e) => e.presaleDate < now && e.eventDate > now && e.agentIds.TMUSA)
    .slice(0, count)
    .map((e) => e.agentIds.TMUSA!);
}

async function apiInventory(ids: string[]) {
  return (await apiGet(sandbox().url, `/inventory/TMUSA/${ids.join(',')}`)).body as {
    data: { eventId: string; ticketAgent: string; sections: Listing[] }[];
    timestamp: string;
  };
}

const amount = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The summary line tix prints for an event's listings, computed here independently. */
function summary(eventId: string, listings: Listing[]): string {
  const prices = listings.map((l) => l.price).sort((a, b) => a - b);
  const mid = Math.floor(prices.length / 2);
  const median = prices.length % 2 ? prices[mid]! : Math.round(((prices[mid - 1]! + prices[mid]!) / 2) * 100) / 100;
  const tickets = listings.reduce((n, l) => n + l.quantity, 0);
  return `${eventId}: ${listings.length} listings, ${tickets} tickets, lowest ${amount(prices[0]!)}, median ${amount(median)}`;
}

describe('tix inventory with listing filters', () => {
  it('keeps the API shape in JSON with only the matching listings in each event', async () => {
    const ids = tmusaOnSale(4);
    const direct = await apiInventory(ids);
    const keep = (l: Listing) => l.quantity >= 2 && l.price >= 60 && l.price <= 250;
    const result = await tix('inventory', 'TMUSA', ...ids, '--min-quantity', '2', '--min-price', '60', '--max-price', '250', '-o', 'json');
    expect(result.code).toBe(0);
    const expected = { ...direct, data: direct.data.map((event) => ({ ...event, sections: event.sections.filter(keep) })) };
    expect(JSON.parse(result.stdout)).toEqual(expected);
    // The filters did something, and not everything.
    const before = direct.data.flatMap((e) => e.sections).length;
    const after = expected.data.flatMap((e) => e.sections).length;
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThan(before);
  });

  it('filters rows by section pattern, any case, and sums up the filtered listings on stderr', async () => {
    const ids = tmusaOnSale(3);
    const direct = await apiInventory(ids);
    const sectionNames = direct.data.flatMap((e) => e.sections.map((l) => l.section));
    const target = sectionNames[0]!;
    const pattern = `${target.slice(0, 2).toUpperCase()}*`;
    const prefix = target.slice(0, 2).toLowerCase();

    const csv = await tix('inventory', 'TMUSA', ...ids, '--section', pattern, '-o', 'csv');
    expect(csv.code).toBe(0);
    const rows: Record<string, string>[] = parseCsv(csv.stdout, { columns: true });
    const expected = direct.data.flatMap((e) => e.sections.filter((l) => l.section.toLowerCase().startsWith(prefix)));
    expect(rows.map((r) => r.listingId)).toEqual(expected.map((l) => l.listingId));

    const table = await tix('inventory', 'TMUSA', ...ids, '--section', pattern, '-o', 'table');
    expect(table.code).toBe(0);
    const lines = table.stderr.trim().split('\n');
    direct.data.forEach((event, i) => {
      const kept = event.sections.filter((l) => l.section.toLowerCase().startsWith(prefix));
      expect(lines[i]).toBe(kept.length === 0 ? `${event.eventId}: no listings match the filters` : summary(event.eventId, kept));
    });
  });

  it('prints no listing when none matches, and says so', async () => {
    const ids = tmusaOnSale(1);
    const result = await tix('inventory', 'TMUSA', ...ids, '--min-price', '999999999', '-o', 'table');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim()).toBe(`${ids[0]}: no listings match the filters`);
  });

  it.each([
    ['--min-quantity', 'lots', "--min-quantity must be a whole number from 1 to 1000000, not 'lots'"],
    ['--min-price', '€5', "--min-price must be an amount such as 150 or 99.50 (no currency symbol), not '€5'"],
    ['--max-price', '10.999', "--max-price must be an amount such as 150 or 99.50 (no currency symbol), not '10.999'"],
    ['--section', ' ', "--section needs a pattern, such as '101' or 'floor*'"],
  ])('refuses a bad %s with one line and exit 2', async (flag, value, message) => {
    const result = await tix('inventory', 'TMUSA', 'G5v8HKyBKZbyJN', flag, value);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`tix: ${message}\n`);
  });

  it('refuses a minimum price above the maximum', async () => {
    const result = await tix('inventory', 'TMUSA', 'G5v8HKyBKZbyJN', '--min-price', '300', '--max-price', '100');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('tix: --min-price 300 is above --max-price 100: no listing could match\n');
  });
});
