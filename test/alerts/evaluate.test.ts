/**
 * Alert rules evaluated by `tix track` over both stores: a history made at several sandbox clocks (the
 * sandbox's listings change every 15 minutes of its clock), rules of every kind, and exactly which runs
 * fire and with what. The expected firings are worked out here from the listings the store holds, by
 * the rule of docs/alerts.md: a matching listing strictly below the price last notified (with --drop, that far
 * below the baseline); the same clock again stores nothing new and fires nothing.
 */
import { beforeAll, expect, it } from 'vitest';
import { FIXED_NOW } from '../helpers/sandbox.js';
import { describeStores } from '../history/stores.js';
import { MINUTE, onSale, tixAt, useClockedSandbox } from '../history/support.js';
import { alertLines, ndjsonAlerts } from './support.js';

const clock = useClockedSandbox();
/** tix's clock is the sandbox's, so a rule retired by its event's date is judged at the market's time. */
const tix = (args: readonly string[]) => tixAt(clock.sandbox(), args, { now: () => new Date(clock.now()) });
const CLOCKS = [0, 15, 30, 45, 60, 75, 90, 105].map((m) => Date.parse(FIXED_NOW) + m * MINUTE);
/** The run from which the paused rule is resumed. */
const RESUME_AT = 5;

interface StoredListing {
  agent: string;
  event_id: string;
  at: string;
  listing_id: string;
  section: string;
  quantity: number;
  price: number;
}

interface RuleSpec {
  args: string[];
  /** Whose listings it looks at. */
  covers: (l: StoredListing) => boolean;
  keep?: (l: StoredListing) => boolean;
  below?: number;
  drop?: number;
  from?: number;
}

let tm: { id: string; agentId: string };
let other: { id: string; agentId: string };
beforeAll(() => {
  clock.setClock(FIXED_NOW);
  [tm, other] = onSale(clock.sandbox(), 'TMUSA').slice(0, 2) as [typeof tm, typeof tm];
});

describeStores('alerts evaluated by tix track', (store) => {
  it('fires each rule at each new low it matches, once, and nothing on a repeated run', async () => {
    const at = store.fresh();
    const event = clock.sandbox().events.find((e) => e.id === other.id)!;
    const agents = Object.keys(event.agentIds);
    expect(agents.length).toBeGreaterThan(2);
    const secondAgent = agents.find((a) => a !== 'TMUSA')!;

    // A first run: the history the thresholds are chosen from (the rules are added after it).
    clock.setClock(CLOCKS[0]!);
    const entries = [`TMUSA:${tm.agentId}`, other.id];
    expect((await tix(['track', ...entries, ...at.args])).code).toBe(0);
    const firstLows = await at.sql(
      `SELECT agent, min(price) AS low, min(section) AS section FROM listings WHERE event_id = '${tm.agentId}' GROUP BY agent`,
    );
    const tmLow = Number(firstLows[0]!.low);
    const sectionPattern = `${String(firstLows[0]!.section).slice(0, 1)}*`;

    const onTm = (l: StoredListing) => l.agent === 'TMUSA' && l.event_id === tm.agentId;
    const onOther = (l: StoredListing) => l.event_id === event.agentIds[l.agent];
    const specs: RuleSpec[] = [
      { args: [`TMUSA:${tm.agentId}`, '--below', (tmLow + 2).toFixed(2)], covers: onTm, below: tmLow + 2 },
      {
        args: [other.id, '--min-quantity', '2', '--section', sectionPattern, '--name', 'floor pairs'],
        covers: onOther,
        keep: (l) => l.quantity >= 2 && l.section.toLowerCase().startsWith(sectionPattern[0]!.toLowerCase()),
      },
      { args: [other.id, '--agent', 'TMUSA', '--drop', '0.5'], covers: (l) => onOther(l) && l.agent === 'TMUSA', drop: 0.5 },
      {
        args: [other.id, '--agent', secondAgent, '--below', '100000'],
        covers: (l) => onOther(l) && l.agent === secondAgent,
        below: 100000,
      },
      { args: [`TMUSA:${tm.agentId}`], covers: onTm },
      // Retired a minute after it is added, before the next run's snapshots: it fires nothing.
      { args: [other.id, '--until', '2026-03-15T03:01:00Z'], covers: () => false },
      { args: [`TMUSA:${tm.agentId}`, '--name', 'paused a while'], covers: onTm, from: RESUME_AT },
    ];
    const ids: number[] = [];
    for (const spec of specs) {
      const added = await tix(['alert', 'add', ...spec.args, ...at.args]);
      expect(added.code, added.stderr).toBe(0);
      ids.push(Number(added.stdout.trim()));
    }
    expect(ids).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect((await tix(['alert', 'pause', '7', ...at.args])).code).toBe(0);

    const fired: Record<string, unknown>[][] = [];
    for (const [i, time] of CLOCKS.entries()) {
      if (i === 0) continue;
      clock.setClock(time);
      if (i === RESUME_AT) expect((await tix(['alert', 'resume', '7', ...at.args])).code).toBe(0);
      const run = await tix(['track', ...entries, ...at.args, '-o', 'ndjson']);
      expect(run.code, run.stderr).toBe(0);
      const alerts = ndjsonAlerts(run.stdout);
      expect(alertLines(run.stderr)).toEqual(alerts.map((a) => `tix: alert: ${a.text}`));
      fired[i] = alerts;

      // The same clock again: every snapshot already stored, no alert.
      const again = await tix(['track', ...entries, ...at.args, '-o', 'ndjson']);
      expect(again.code).toBe(0);
      expect(ndjsonAlerts(again.stdout)).toEqual([]);
      expect(alertLines(again.stderr)).toEqual([]);
      expect(again.stderr).toContain('0 snapshots stored');
    }

    // What each run should have fired, from the listings the store holds.
    const stored = (await at.sql(
      `SELECT agent, event_id, CAST(api_timestamp AS VARCHAR) AS at, listing_id, section, quantity, price FROM listings ORDER BY api_timestamp`,
    )) as unknown as StoredListing[];
    const times = [...new Set(stored.map((l) => Date.parse(l.at.replace(' ', 'T').replace(/\+00(:00)?$/, 'Z'))))].sort();
    expect(times).toHaveLength(CLOCKS.length);
    const byRun = times.map((t) => stored.filter((l) => Date.parse(l.at.replace(' ', 'T').replace(/\+00(:00)?$/, 'Z')) === t));
    const expected: { rule: number; price: number; previous_price: number | null }[][] = CLOCKS.map(() => []);
    specs.forEach((spec, r) => {
      const lowestAt = (run: number) =>
        byRun[run]!.filter((l) => spec.covers(l) && (spec.keep?.(l) ?? true)).reduce<number | null>(
          (m, l) => (m === null || l.price < m ? l.price : m),
          null,
        );
      let last: number | null = null;
      // A --drop rule starts from the lowest price stored when it was added: the first run's.
      let baseline: number | null = spec.drop !== undefined ? lowestAt(0) : null;
      for (let i = Math.max(1, spec.from ?? 1); i < CLOCKS.length; i++) {
        const matching = byRun[i]!.filter((l) => spec.covers(l) && (spec.keep?.(l) ?? true));
        const lowest = lowestAt(i);
        const candidates = matching.filter((l) => spec.below === undefined || l.price <= spec.below);
        const best = candidates.reduce<number | null>((m, l) => (m === null || l.price < m ? l.price : m), null);
        if (spec.drop !== undefined && baseline === null) {
          baseline = lowest;
          continue;
        }
        if (best === null || (last !== null && !(best < last))) continue;
        if (spec.drop !== undefined && !(best <= baseline! * (1 - spec.drop / 100) + 1e-9)) continue;
        expected[i]!.push({ rule: r + 1, price: best, previous_price: last });
        last = best;
        baseline = best;
      }
    });
    const actual = CLOCKS.map((_, i) => (fired[i] ?? []).map((a) => ({ rule: a.rule, price: a.price, previous_price: a.previous_price })));
    expect(actual).toEqual(expected);
    // The rules that fire at all do (the thresholds were chosen so): the test does not pass by firing nothing.
    const firedRules = new Set(actual.flat().map((a) => a.rule));
    for (const rule of [1, 2, 3, 4, 5, 7]) expect(firedRules.has(rule), `rule ${rule} never fired`).toBe(true);
    expect(firedRules.has(6)).toBe(false);
    expect(actual.flat().filter((a) => a.rule === 5).length).toBeGreaterThan(1);

    // An evt_ rule's alert names the event (table events) and the agent and listing that fired it.
    const evtAlert = fired.flat().find((a) => a.rule === 2)!;
    expect(evtAlert).toMatchObject({
      type: 'alert',
      rule_name: 'floor pairs',
      target: other.id,
      event_id: other.id,
      event_name: event.name,
      view: `tix events view ${other.id}`,
    });
    expect(Date.parse(String(evtAlert.event_date))).toBe(Date.parse(event.eventDate));
    expect(String(evtAlert.text)).toContain(`New low for rule 2 "floor pairs": ${event.name}`);

    // The rules remember what they last notified; the retired one says so.
    const list = await tix(['alert', 'list', ...at.args, '-o', 'json']);
    const rules = JSON.parse(list.stdout).rules as Record<string, unknown>[];
    expect(rules.map((r) => r.state)).toEqual(['active', 'active', 'active', 'active', 'active', 'retired', 'active']);
    for (const [r, rule] of rules.entries()) {
      const mine = actual.flat().filter((a) => a.rule === r + 1);
      expect(rule.last_notified_price).toBe(mine.length > 0 ? mine[mine.length - 1]!.price : null);
    }
    const notifications = await at.sql('SELECT count(*)::INTEGER AS n FROM alert_notifications');
    expect(notifications).toEqual([{ n: actual.flat().length }]);

    // Removing a rule removes its notifications, and only its own.
    expect((await tix(['alert', 'rm', '5', ...at.args])).code).toBe(0);
    const left = await at.sql('SELECT count(*)::INTEGER AS n FROM alert_notifications');
    expect(left).toEqual([{ n: actual.flat().filter((a) => a.rule !== 5).length }]);
  }, 120_000);
});
