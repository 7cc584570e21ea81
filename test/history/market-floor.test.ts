/**
 * ALL, the market floor, on a history shaped as an analyst's cron makes it (issue 35): `tix track` every 3
 * sandbox hours, some runs 20 minutes late, a pause of 36 hours; one event tracked by its evt_ id every run,
 * one by its evt_ id every other run with one agent's id every run, one every fourth run that stopped two
 * days before the end, and one tracked by its evt_ id for two and a half days and then by one agent's id
 * alone in the last day (every other agent stale). The chart's points, `--by day`, `history summary` and
 * `history list` must all give the floor of docs/history.md's one definition, computed here independently
 * (floorReference) from what `tix history -o json` printed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { tempDir } from '../helpers/tix-env.js';
import { byAgent, DAY, floorReference, HOUR, printedHistory, T0, tixNow, trackAt, type PrintedSnapshot } from './analysis-support.js';
import { ndjsonAlerts } from '../alerts/support.js';
import { describeStores, type StoreLocation } from './stores.js';
import { MINUTE, useClockedSandbox } from './support.js';

const clock = useClockedSandbox();
const tix = tixNow(clock);

/** Run k is at k × 3 h (every fifth one 20 minutes late), but for a pause of 36 hours from 3.5 days. */
const RUNS = Array.from({ length: 56 }, (_, k) => k).filter((k) => k * 3 * HOUR < 3.5 * DAY || k * 3 * HOUR >= 5 * DAY);
const at = (k: number) => k * 3 * HOUR + (k % 5 === 2 ? 20 * MINUTE : 0);
const END = at(RUNS.at(-1)!);
const NOW = T0 + END + 5 * MINUTE;

interface Tracked {
  id: string;
  tmusa: string;
}

describeStores('ALL, the market floor, on a mixed history', (store) => {
  let where: StoreLocation;
  let events: Record<'every' | 'mixed' | 'stopped' | 'again', Tracked>;
  const history = new Map<string, Map<string, PrintedSnapshot[]>>();

  beforeAll(async () => {
    where = store.fresh();
    clock.setClock(T0);
    const now = new Date(T0).toISOString();
    const until = new Date(T0 + END + DAY).toISOString();
    const [every, mixed, stopped, again] = clock
      .sandbox()
      .events.filter((e) => e.agentIds.TMUSA && Object.keys(e.agentIds).length >= 3 && e.publicSaleDate < now && e.eventDate > until)
      .map((e) => ({ id: e.id, tmusa: e.agentIds.TMUSA! }));
    events = { every: every!, mixed: mixed!, stopped: stopped!, again: again! };
    const runs = RUNS.map((k) => {
      const t = at(k);
      const entries = [events.every.id, `TMUSA:${events.mixed.tmusa}`];
      if (k % 2 === 0) entries.push(events.mixed.id);
      if (k % 4 === 0 && t < END - 2 * DAY) entries.push(events.stopped.id);
      if (t < 2.5 * DAY) entries.push(events.again.id);
      if (t >= END - DAY) entries.push(`TMUSA:${events.again.tmusa}`);
      return { after: t, entries };
    });
    await trackAt(clock, where, runs);
    clock.setClock(NOW);
    for (const e of Object.values(events)) history.set(e.id, byAgent(await printedHistory(clock, where, [e.id])));
  }, 600_000);

  const json = async (args: readonly string[]) => {
    const result = await tix([...args, ...where.args, '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    return { value: JSON.parse(result.stdout), stderr: result.stderr };
  };

  it('history summary: ALL is the floor at the latest snapshot, its changes against the floor then, stale agents named', async () => {
    for (const event of Object.values(events)) {
      const floor = floorReference(history.get(event.id)!);
      const times = floor.instants();
      const latest = times.at(-1)!;
      const { value, stderr } = await json(['history', 'summary', event.id]);
      const all = value.agents.at(-1);
      const cents = (a: number | null, b: number | null) => (a === null || b === null ? null : Math.round((a - b) * 100) / 100);
      const since = (start: number) => (latest >= start ? floor.price(start) : null);
      expect(
        [all.agent, all.current_price, all.stale_agents, all.change, all.change_24h, all.change_7d, all.listings_now, all.listings_peak],
        event.id,
      ).toEqual([
        'ALL',
        floor.price(latest),
        floor.counted(latest).stale,
        cents(floor.price(latest), floor.price(times.at(-2)!)),
        cents(floor.price(latest), since(NOW - DAY)),
        cents(floor.price(latest), since(NOW - 7 * DAY)),
        floor.listings(latest),
        Math.max(...times.map(floor.listings)),
      ]);
      const stale = floor.counted(latest).stale;
      if (stale.length > 0) expect(stderr).toContain(`ALL leaves out ${stale.join(', ')}`);
    }
    // The event tracked again by one agent: every other agent is left out, and named.
    const again = (await json(['history', 'summary', events.again.id])).value.agents.at(-1);
    expect(again.stale_agents.length).toBeGreaterThan(0);
    expect(again.stale_agents).not.toContain('TMUSA');
  });

  it('history --by day: ALL is the lowest the floor was at the instants of each day', async () => {
    for (const event of Object.values(events)) {
      const floor = floorReference(history.get(event.id)!);
      const byDay = new Map<string, number | null>();
      for (const t of floor.instants()) {
        const day = new Date(t).toISOString().slice(0, 10);
        const price = floor.price(t);
        const held = byDay.get(day);
        byDay.set(day, held === undefined ? price : price === null ? held : held === null ? price : Math.min(held, price));
      }
      const { value } = await json(['history', event.id, '--by', 'day', '--tz', 'UTC']);
      const shown = (value.periods as Record<string, unknown>[]).filter((p) => byDay.has(p.day as string));
      expect(
        shown.map((p) => [p.day, p.ALL]),
        event.id,
      ).toEqual([...byDay]);
    }
  });

  it('history --chart: every point of the ALL line is the floor at an instant, never above a price still on offer', async () => {
    for (const event of Object.values(events)) {
      const floor = floorReference(history.get(event.id)!);
      const out = join(tempDir(), 'chart.svg');
      const result = await tix(['history', event.id, '--chart', '--out', out, ...where.args]);
      expect(result.code, result.stderr).toBe(0);
      // The agents left out at some point are named on stderr, with how often.
      const leftOut = [...new Set(floor.instants().flatMap((t) => floor.counted(t).stale))].sort();
      for (const agent of leftOut)
        expect(result.stderr).toMatch(new RegExp(`ALL leaves out .*\\b${agent} at \\d+ of ${floor.instants().length} instants`));
      if (leftOut.length === 0) expect(result.stderr).not.toContain('leaves out');
      const svg = readFileSync(out, 'utf8');
      const area = svg.match(/<rect class="plot-area"[^>]*>/)![0];
      const attr = (name: string) => area.match(new RegExp(`${name}="([^"]*)"`))![1]!;
      const [left, top, width, height] = ['x', 'y', 'width', 'height'].map((n) => Number(attr(n))) as [number, number, number, number];
      const [t0, t1] = [Date.parse(attr('data-time-min')), Date.parse(attr('data-time-max'))];
      const [v0, v1] = [Number(attr('data-value-min')), Number(attr('data-value-max'))];
      const d = svg.match(/<path data-agent="ALL"[^>]* d="([^"]*)"/)![1]!;
      const points = [...d.matchAll(/[ML]([\d.]+),([\d.]+)/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) }));
      const expected = floor.instants().flatMap((t) => {
        const price = floor.price(t);
        return price === null ? [] : [{ t, price }];
      });
      expect(points, event.id).toHaveLength(expected.length);
      points.forEach(({ x, y }, i) => {
        expect(Math.abs(t0 + ((x - left) / width) * (t1 - t0) - expected[i]!.t)).toBeLessThanOrEqual((t1 - t0) / width);
        expect(Math.abs(v1 - ((y - top) / height) * (v1 - v0) - expected[i]!.price)).toBeLessThanOrEqual((v1 - v0) / height);
      });
    }
  });

  it('history list: current_price is the floor at each event’s latest snapshot, with the agents it leaves out', async () => {
    const { value } = await json(['history', 'list']);
    for (const event of Object.values(events)) {
      const floor = floorReference(history.get(event.id)!);
      const latest = floor.instants().at(-1)!;
      const row = (value.events as Record<string, unknown>[]).find((e) => e.event_id === event.id)!;
      expect([row.current_price, row.stale_agents], event.id).toEqual([floor.price(latest), floor.counted(latest).stale]);
    }
  });

  // Last: its run adds to the history the tests above read.
  it('an alert rule on a whole event weighs the agents that count, as ALL does: the current ones stored, no stale one', async () => {
    // No condition: a rule's first evaluation fires at the cheapest listing it weighs.
    for (const e of [events.mixed, events.again]) {
      const added = await tix(['alert', 'add', e.id, ...where.args]);
      expect(added.code, added.stderr).toBe(0);
    }
    clock.setClock(NOW + 3 * HOUR);
    const run = await tix(['track', `TMUSA:${events.mixed.tmusa}`, `TMUSA:${events.again.tmusa}`, ...where.args, '-o', 'ndjson']);
    expect(run.code, run.stderr).toBe(0);
    const alerts = ndjsonAlerts(run.stdout);
    for (const e of [events.mixed, events.again]) {
      const floor = floorReference(byAgent(await printedHistory(clock, where, [e.id])));
      const latest = floor.instants().at(-1)!;
      const alert = alerts.find((a) => a.event_id === e.id)!;
      expect([alert.price, alert.agent], e.id).toEqual([
        floor.price(latest),
        floor.counted(latest).current.find((c) => c.snapshot.min_price === floor.price(latest))!.agent,
      ]);
    }
    // The mixed event's other agents were tracked 3 hours before (current): the rule weighed them too.
    const mixed = floorReference(byAgent(await printedHistory(clock, where, [events.mixed.id])));
    expect(mixed.counted(mixed.instants().at(-1)!).current.length).toBeGreaterThan(1);
  });
});
