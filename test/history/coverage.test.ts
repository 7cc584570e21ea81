/**
 * What the history says when data is missing (issue 28): a history made by `track` every 15 sandbox minutes
 * with a 3-hour pause, read soon after its last run and a month later (tracking stopped): `history coverage`,
 * the changes and stale note of `history summary`, `summary --since/--until`, and the listing filters
 * (--min-quantity, --section) checked against what `tix inventory` printed at each run.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { beforeAll, expect, it } from 'vitest';
import { marketFigures } from '../../src/market/figures.js';
import { DAY, eventOnSaleUntil, HOUR, T0, tixNow, trackAt } from './analysis-support.js';
import { describeStores, type StoreLocation } from './stores.js';
import { MINUTE, useClockedSandbox } from './support.js';

const clock = useClockedSandbox();
const tix = tixNow(clock);
/** Every 15 minutes for 2 hours, nothing for 3 hours, then every 15 minutes for another hour. */
const RUNS = [...Array.from({ length: 9 }, (_, i) => i * 15 * MINUTE), ...Array.from({ length: 5 }, (_, i) => 5 * HOUR + i * 15 * MINUTE)];
const LAST = T0 + RUNS.at(-1)!;
/** Soon after the last run: tracking as usual. */
const SOON = LAST + 5 * MINUTE;
/** A month later: tracking stopped long ago. */
const LATER = LAST + 30 * DAY;
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

interface Listing {
  section: string;
  quantity: number;
  price: number;
}

describeStores('what the history says when data is missing', (store) => {
  let at: StoreLocation;
  let event: { id: string; agentIds: Record<string, string>; eventDate: string };
  let tmusa: string;
  /** Another event, tracked from the end of the pause on: coverage of every event shows it without a gap. */
  let steady: string;
  /** TMUSA's listings as `tix inventory -o json` printed them at each run. */
  const printed: { at: number; listings: Listing[] }[] = [];
  const run = (args: readonly string[], now: number, options: { columns?: number } = {}) =>
    tix([...args, ...at.args], {
      now: () => new Date(now),
      ...(options.columns ? { terminal: { columns: options.columns } } : {}),
    });
  const json = async (args: readonly string[], now = SOON) => {
    const result = await run([...args, '-o', 'json'], now);
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout);
  };

  beforeAll(async () => {
    at = store.fresh();
    clock.setClock(T0);
    const found = eventOnSaleUntil(clock.sandbox(), RUNS.at(-1)!);
    event = clock.sandbox().events.find((e) => e.id === found.id)!;
    tmusa = event.agentIds.TMUSA!;
    steady = clock
      .sandbox()
      .events.find(
        (e) =>
          e.id !== event.id &&
          e.agentIds.TMUSA &&
          e.publicSaleDate < new Date(T0).toISOString() &&
          e.eventDate > new Date(LATER).toISOString(),
      )!.id;
    for (const after of RUNS) {
      clock.setClock(T0 + after);
      const inventory = await tix(['inventory', 'TMUSA', tmusa, '-o', 'json']);
      expect(inventory.code, inventory.stderr).toBe(0);
      printed.push({ at: Date.parse(JSON.parse(inventory.stdout).timestamp), listings: JSON.parse(inventory.stdout).data[0].sections });
      await trackAt(clock, at, [{ after, entries: after >= 5 * HOUR ? [event.id, steady] : [event.id] }]);
    }
  }, 240_000);

  it('coverage: first and last snapshot, the usual interval, the pause as a gap; stale only once tracking stopped', async () => {
    const soon = (await json(['history', 'coverage', event.id])).coverage as Record<string, unknown>[];
    const agents = Object.keys(event.agentIds).sort();
    expect(soon.map((r) => r.agent)).toEqual(agents);
    for (const row of soon) {
      expect(row).toEqual({
        event_id: event.id,
        name: expect.any(String),
        agent: row.agent,
        agent_event_id: event.agentIds[row.agent as string],
        snapshots: RUNS.length,
        first_snapshot: iso(T0),
        last_snapshot: iso(LAST),
        interval_minutes: 15,
        stale: false,
        gaps: [{ start: iso(T0 + 2 * HOUR), end: iso(T0 + 5 * HOUR), minutes: 180 }],
      });
    }
    // A month later the same history is stale; one agent's event alone, by AGENT:ID.
    const later = (await json(['history', 'coverage', `TMUSA:${tmusa}`], LATER)).coverage;
    expect(later).toEqual([{ ...soon.find((r) => r.agent === 'TMUSA'), stale: true }]);
    // Every tracked event when none is named: the other one, tracked since the pause ended, has no gap.
    const every = (await json(['history', 'coverage'])).coverage as Record<string, unknown>[];
    expect(every.filter((r) => r.event_id === event.id)).toEqual(soon);
    const others = every.filter((r) => r.event_id === steady);
    expect(others.length).toBeGreaterThan(0);
    for (const row of others) {
      expect(row).toMatchObject({ snapshots: 5, first_snapshot: iso(T0 + 5 * HOUR), interval_minutes: 15, gaps: [] });
    }
    expect(every).toHaveLength(soon.length + others.length);
  });

  it('coverage as csv and as a table: one row per gap, the stale flag and the gap on each', async () => {
    const csv = await run(['history', 'coverage', event.id, '-o', 'csv'], LATER);
    expect(csv.code, csv.stderr).toBe(0);
    const rows = parseCsv(csv.stdout, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(Object.keys(event.agentIds).length);
    for (const row of rows) {
      expect(row).toMatchObject({
        event_id: event.id,
        snapshots: String(RUNS.length),
        interval_minutes: '15',
        stale: 'true',
        gap_start: iso(T0 + 2 * HOUR),
        gap_end: iso(T0 + 5 * HOUR),
        gap_minutes: '180',
      });
    }
    const table = await run(['history', 'coverage', event.id], LATER, { columns: 120 });
    expect(table.code, table.stderr).toBe(0);
    const header = table.stdout.split('\n').find((line) => line.includes('agent'))!;
    for (const column of ['last_snapshot', 'stale', 'gap_start', 'gap_minutes']) expect(header).toContain(column);
    expect(table.stdout.split('\n').filter((line) => line.includes('TMUSA'))).toHaveLength(1);
  });

  it('summary a month after tracking stopped: no 24-hour or 7-day change, a stale note, latest kept at 80 columns', async () => {
    const soon = await run(['history', 'summary', event.id, '-o', 'json'], SOON);
    expect({ code: soon.code, stderr: soon.stderr }).toEqual({ code: 0, stderr: '' });
    const fresh = JSON.parse(soon.stdout).agents as Record<string, unknown>[];
    // Soon after: the history is 6 hours long, so there is no snapshot 24 hours back either.
    expect(fresh.map((r) => r.change_24h)).toEqual(fresh.map(() => null));

    const later = await run(['history', 'summary', event.id, '-o', 'json'], LATER);
    expect(later.code, later.stderr).toBe(0);
    const rows = JSON.parse(later.stdout).agents as Record<string, unknown>[];
    for (const row of rows) {
      // Before: the latest snapshot compared with itself, 0.
      expect([row.change_24h, row.change_7d]).toEqual([null, null]);
      expect(row.latest).toBe(iso(LAST));
      expect(row.current_price).toBe(fresh.find((r) => r.agent === row.agent)!.current_price);
    }
    const notes = later.stderr.trim().split('\n');
    expect(notes).toHaveLength(Object.keys(event.agentIds).length);
    expect(notes.find((n) => n.includes(`TMUSA:${tmusa}`))).toBe(
      `tix: note: the newest snapshot of TMUSA:${tmusa} is 30d 0h old (${iso(LAST)}), more than 2 times its usual interval of 15m: its current price is that old; is 'tix track' still running?`,
    );

    const narrow = await run(['history', 'summary', event.id], LATER, { columns: 80 });
    expect(narrow.code, narrow.stderr).toBe(0);
    const header = narrow.stdout.split('\n').find((line) => line.includes('agent'))!;
    expect(header).toContain('latest');
    expect(header).not.toContain('snapshots');
  });

  it('summary --since/--until: the change over a window, empty for a window inside the pause', async () => {
    const lowestAt = (ms: number) => {
      const known = printed.filter((p) => p.at <= ms).at(-1)!;
      return marketFigures(known.listings).minPrice!;
    };
    const since = T0 + 30 * MINUTE;
    const until = T0 + 5 * HOUR + 30 * MINUTE;
    const [row] = (await json(['history', 'summary', 'TMUSA', tmusa, '--since', iso(since), '--until', iso(until)])).agents;
    expect(row.change_range).toBe(Math.round((lowestAt(until) - lowestAt(since)) * 100) / 100);
    // Until defaults to now.
    const [toNow] = (await json(['history', 'summary', 'TMUSA', tmusa, '--since', iso(since)])).agents;
    expect(toNow.change_range).toBe(Math.round((lowestAt(LAST) - lowestAt(since)) * 100) / 100);
    // No snapshot between 2:30 and 4:00: the change is empty, not 0.
    const [paused] = (await json(['history', 'summary', 'TMUSA', tmusa, '--since', iso(T0 + 150 * MINUTE), '--until', iso(T0 + 4 * HOUR)]))
      .agents;
    expect(paused.change_range).toBeNull();
    // Without --since there is no such column.
    const [plain] = (await json(['history', 'summary', 'TMUSA', tmusa])).agents;
    expect(plain).not.toHaveProperty('change_range');
  });

  it('--min-quantity and --section: every figure from the stored listings they keep, as tix inventory printed them', async () => {
    const keep = (l: Listing) => l.quantity >= 4 && /^1/i.test(l.section);
    const snapshots = (await json(['history', 'TMUSA', tmusa, '--min-quantity', '4', '--section', '1*'])).snapshots;
    expect(snapshots).toEqual(
      printed.map((p) => {
        const f = marketFigures(p.listings.filter(keep));
        return {
          api_timestamp: iso(p.at),
          listings: f.listings,
          tickets: f.tickets,
          min_price: f.minPrice,
          median_price: f.medianPrice,
          max_price: f.maxPrice,
        };
      }),
    );
    expect(snapshots.some((s: { listings: number }, i: number) => s.listings < printed[i]!.listings.length)).toBe(true);

    const pairs = (await json(['history', 'TMUSA', tmusa, '--min-quantity', '4'])).snapshots as { min_price: number | null }[];
    const lowest4 = (p: { listings: Listing[] }) => marketFigures(p.listings.filter((l) => l.quantity >= 4)).minPrice;
    expect(pairs.map((s) => s.min_price)).toEqual(printed.map(lowest4));

    const [summary] = (await json(['history', 'summary', 'TMUSA', tmusa, '--min-quantity', '4'])).agents;
    expect(summary.current_price).toBe(lowest4(printed.at(-1)!));
    const every = printed.map(lowest4).filter((p): p is number => p !== null);
    expect(summary.lowest_price).toBe(Math.min(...every));

    // By days before the event: every run is in one day, 0 or more before the event's date.
    const days = (await json(['history', 'TMUSA', tmusa, '--by', 'days-to-event', '--min-quantity', '4'])).periods;
    const before = (ms: number) => Math.floor((Date.parse(event.eventDate) - ms) / DAY);
    const expected = new Map<number, number>();
    for (const p of printed) {
      const price = lowest4(p);
      if (price !== null) expected.set(before(p.at), Math.min(price, expected.get(before(p.at)) ?? Infinity));
    }
    expect(days).toEqual([...expected].sort(([a], [b]) => b - a).map(([days_before, TMUSA]) => ({ days_before, TMUSA })));

    const chart = await run(['history', 'TMUSA', tmusa, '--chart', '--min-quantity', '4'], SOON);
    expect(chart.code, chart.stderr).toBe(0);

    const bad = await run(['history', 'TMUSA', tmusa, '--min-quantity', 'two'], SOON);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--min-quantity');
    const withListings = await run(['history', 'TMUSA', tmusa, '--listings', '--section', '1*'], SOON);
    expect(withListings.code).toBe(2);
  });

  it('refuses what does not apply, in one line with exit 2; an event never tracked is exit 4', async () => {
    const refused = async (args: readonly string[], line: string) => {
      const result = await run(args, SOON);
      expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 2, stderr: `${line}\n` });
    };
    await refused(
      ['history', 'coverage', '--since', '-1d'],
      'tix: --since does not apply to history coverage (it reports on every snapshot of the events it covers: one event, or all of them)',
    );
    // Given an event too, it does not tell the user to give one.
    await refused(
      ['history', 'coverage', 'TMUSA', 'nosuchevent', '--section', 'floor*'],
      'tix: --section does not apply to history coverage (it reports on every snapshot of the events it covers: one event, or all of them)',
    );
    await refused(
      ['history', 'list', '--min-quantity', '2'],
      'tix: --min-quantity does not apply to history list (its filters are --upcoming, --since and --name)',
    );
    const never = await run(['history', 'coverage', 'TMUSA', 'nosuchevent'], SOON);
    expect(never.code).toBe(4);
    expect(never.stderr).toContain("record them with 'tix track TMUSA:nosuchevent'");
  });
});
