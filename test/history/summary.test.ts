import { parse as parseCsv } from 'csv-parse/sync';
import { beforeAll, expect, it } from 'vitest';
import {
  byAgent,
  DAY,
  eventOnSaleUntil,
  floorReference,
  HOUR,
  lowestOf,
  printedHistory,
  T0,
  tixNow,
  trackAt,
  type PrintedSnapshot,
} from './analysis-support.js';
import { describeStores, type StoreLocation } from './stores.js';
import { MINUTE, useClockedSandbox } from './support.js';

const clock = useClockedSandbox();
const tix = tixNow(clock);
const RUNS = [0, 15 * MINUTE, 3 * HOUR, 25 * HOUR, 8 * DAY];
/** The run's clock for the summaries: 24 hours back is after the run at +25 h, 7 days back after the one at +3 h. */
const NOW = T0 + 8 * DAY + 5 * MINUTE;

interface ListingLife {
  agent?: string;
  section: string;
  row: string;
  first_seen: string;
  last_seen: string;
  lowest_price: number;
}

const at_ = (s: PrintedSnapshot) => Date.parse(s.api_timestamp);
const cents = (n: number) => Math.round(n * 100) / 100;
const change = (now: number | null, then: number | null | undefined) => (now == null || then == null ? null : cents(now - then));

/** A summary row as it should be, from the snapshots `tix history -o json` printed (for ALL, every agent's), by docs/history.md's definitions. */
function expectedRow(agent: string, agents: Map<string, PrintedSnapshot[]>, daysLeft: number | null) {
  const all = [...agents.values()].flat();
  const floor = floorReference(agents);
  const times = floor.instants();
  const latest = times.at(-1)!;
  const mine = agents.size === 1 ? [...agents.keys()][0]! : undefined;
  // ALL's price at an instant is the floor's; one agent's is its own snapshot that counts then.
  const priceAt = (instant: number) => (mine === undefined ? floor.price(instant) : floor.agentPrice(mine, instant));
  const current = mine === undefined ? floor.price(latest) : agents.get(mine)!.at(-1)!.min_price;
  const previous =
    mine === undefined ? (times.length > 1 ? floor.price(times.at(-2)!) : null) : (agents.get(mine)!.at(-2)?.min_price ?? null);
  const lowest = lowestOf(all.map((s) => s.min_price));
  const lowestAt = all.filter((s) => s.min_price === lowest).sort((a, b) => at_(a) - at_(b))[0]!;
  // A change needs a snapshot inside its window (at or after its start), and the price that counted at its start.
  const since = (start: number) => (latest >= start ? priceAt(start) : null);
  return {
    agent,
    snapshots: all.length,
    latest: new Date(latest).toISOString().replace('.000Z', 'Z'),
    current_price: current,
    current_agent: mine ?? floor.agent(latest),
    stale_agents: agent === 'ALL' ? floor.counted(latest).stale : null,
    change: change(current, previous),
    change_24h: change(current, since(NOW - DAY)),
    change_7d: change(current, since(NOW - 7 * DAY)),
    lowest_price: lowest,
    lowest_at: lowestAt.api_timestamp,
    highest_price: Math.max(...all.map((s) => s.max_price ?? -1)),
    listings_now: mine === undefined ? floor.listings(latest) : agents.get(mine)!.at(-1)!.listings,
    listings_peak: mine === undefined ? Math.max(...times.map(floor.listings)) : Math.max(...agents.get(mine)!.map((s) => s.listings)),
    tickets_now: mine === undefined ? floor.tickets(latest) : agents.get(mine)!.at(-1)!.tickets,
    tickets_peak: mine === undefined ? Math.max(...times.map(floor.tickets)) : Math.max(...agents.get(mine)!.map((s) => s.tickets)),
    days_left: daysLeft,
  };
}

describeStores('tix history summary', (store) => {
  let at: StoreLocation;
  let event: { id: string; agentIds: Record<string, string>; eventDate: string };
  let tmusa: string;
  let everyAgent: Map<string, PrintedSnapshot[]>;
  let lives: ListingLife[];

  beforeAll(async () => {
    at = store.fresh();
    clock.setClock(T0);
    const found = eventOnSaleUntil(clock.sandbox(), RUNS.at(-1)!);
    event = clock.sandbox().events.find((e) => e.id === found.id)!;
    tmusa = event.agentIds.TMUSA!;
    await trackAt(
      clock,
      at,
      RUNS.map((after) => ({ after, entries: [event.id] })),
    );
    everyAgent = byAgent(await printedHistory(clock, at, [event.id]));
    const listings = await tix(['history', event.id, '--listings', ...at.args, '-o', 'json']);
    lives = JSON.parse(listings.stdout).listings;
    clock.setClock(NOW);
  }, 120_000);

  const summary = async (args: readonly string[]) => {
    const result = await tix(['history', 'summary', ...args, ...at.args, '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout).agents as Record<string, unknown>[];
  };
  const daysLeft = () => Math.floor((Date.parse(event.eventDate) - NOW) / DAY);

  /** Section and row of a listing at the agent's lowest price when it was seen, from `history --listings`. */
  const seatsAt = (agent: string | undefined, price: number, when: string) =>
    lives
      .filter((l) => (agent === undefined || l.agent === agent) && l.lowest_price === price && l.first_seen <= when && when <= l.last_seen)
      .map((l) => ({ lowest_section: l.section, lowest_row: l.row }));

  it('an evt_ id: one row per agent and ALL, every figure as tix history -o json gives it', async () => {
    const rows = await summary([event.id]);
    const agents = [...everyAgent.keys()].sort();
    expect(rows.map((r) => r.agent)).toEqual([...agents, 'ALL']);
    for (const row of rows) {
      const agent = row.agent as string;
      const series = agent === 'ALL' ? everyAgent : new Map([[agent, everyAgent.get(agent)!]]);
      const { lowest_section, lowest_row, ...figures } = row;
      expect(figures).toEqual(expectedRow(agent, series, daysLeft()));
      expect(seatsAt(agent === 'ALL' ? undefined : agent, row.lowest_price as number, row.lowest_at as string)).toContainEqual({
        lowest_section,
        lowest_row,
      });
    }
    // 7 days back, the latest snapshot (the run at +3 h) was already 21 hours old, and a day back the latest (+25 h)
    // 6 days old: far past twice the usual interval (2 h 45 m), so neither is a price of then, and a pause of a
    // week does not pass for "the last 24 hours" or "7 days".
    for (const row of rows) expect([row.agent, row.change_24h, row.change_7d]).toEqual([row.agent, null, null]);
  });

  it("one agent's event: its row alone, by AGENT ID or AGENT:ID; a change with no snapshot that old is empty", async () => {
    const rows = await summary(['TMUSA', tmusa]);
    const { lowest_section: _s, lowest_row: _r, ...figures } = rows[0]!;
    expect(rows).toHaveLength(1);
    expect(figures).toEqual(expectedRow('TMUSA', new Map([['TMUSA', everyAgent.get('TMUSA')!]]), daysLeft()));
    expect(await summary([`tmusa:${tmusa}`])).toEqual(rows);

    // Seen from 2 hours after the first run, nothing is 24 hours or 7 days old.
    const early = await tix(['history', 'summary', 'TMUSA', tmusa, ...at.args, '-o', 'json'], { now: () => new Date(T0 + 2 * HOUR) });
    const first = JSON.parse(early.stdout).agents[0];
    expect([first.change_24h, first.change_7d]).toEqual([null, null]);
  });

  it('csv and a table at a terminal hold the same figures', async () => {
    const rows = await summary([event.id]);
    const csv = await tix(['history', 'summary', event.id, ...at.args, '-o', 'csv']);
    const parsed = parseCsv(csv.stdout, { columns: true }) as Record<string, string>[];
    expect(parsed.map((r) => [r.agent, Number(r.current_price), Number(r.lowest_price)])).toEqual(
      rows.map((r) => [r.agent, r.current_price, r.lowest_price]),
    );
    const table = await tix(['history', 'summary', event.id, ...at.args], { terminal: { columns: 250 } });
    expect(table.code).toBe(0);
    const all = table.stdout.split('\n').find((line) => /^\W*ALL\b/.test(line))!;
    expect(all).toContain((rows.at(-1)!.current_price as number).toFixed(2));
  });

  it('refuses flags that do not apply, and an event never tracked', async () => {
    const listings = await tix(['history', 'summary', event.id, '--listings', ...at.args]);
    expect(listings.code).toBe(2);
    expect(listings.stderr.trim()).toBe('tix: --listings does not apply to history summary (it sums up the whole history of the event)');
    const until = await tix(['history', 'summary', event.id, '--until', 'today', ...at.args]);
    expect(until.code).toBe(2);
    expect(until.stderr.trim()).toBe('tix: --until needs --since in history summary (change_range is the change from --since to --until)');
    const noId = await tix(['history', 'summary', 'TMUSA', ...at.args]);
    expect(noId.code).toBe(2);
    expect(noId.stderr).toContain('<id>');
    const never = await tix(['history', 'summary', 'TMUSA', 'nosuchevent', ...at.args]);
    expect(never.code).toBe(4);
    expect(never.stderr.trim().split('\n')).toHaveLength(1);
    expect(never.stderr).toContain("record them with 'tix track TMUSA:nosuchevent'");
  });
});
