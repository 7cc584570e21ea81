/**
 * Charts fit the width (COLUMNS through a pipe, and a real tmux window), and their title and axis name
 * the same range. Widths are counted here, one cell per character (the charts are box drawing, blocks,
 * digits and ASCII), independently of src/output.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiGet } from '../../helpers/api.js';
import { FIXED_NOW } from '../../helpers/sandbox.js';
import { runInWindow } from '../../helpers/terminal-window.js';
import { sandboxEnv } from '../../helpers/tix-env.js';
import { freshDb, MINUTE, onSale, tixAt, useClockedSandbox } from '../../history/support.js';

const clock = useClockedSandbox();
const tix = (args: string[], columns?: number) => tixAt(clock.sandbox(), args, columns ? { env: { COLUMNS: String(columns) } } : {});

const DAY = /\d{4}-\d{2}-\d{2}/g;
const MINUTE_OF_DAY = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}/g;

interface Chart {
  /** The title, its wrapped lines joined again. */
  title: string;
  /** Bars of each of the 8 rows (right of '┤'). */
  bars: string[];
  /** The labels under the baseline. */
  axis: string;
}

/** The charts of one run, in order: each is a title, 8 rows of bars, a baseline, and the range labels. */
function chartsOf(stdout: string): Chart[] {
  return stdout
    .trimEnd()
    .split('\n\n')
    .map((chart) => {
      const lines = chart.split('\n');
      const firstBar = lines.findIndex((line) => line.includes('┤'));
      const baseline = lines.findIndex((line) => line.includes('└'));
      return {
        title: lines.slice(0, firstBar).join(' '),
        bars: lines.slice(firstBar, baseline).map((line) => line.split('┤')[1]!),
        axis: lines.slice(baseline + 1).join('\n'),
      };
    });
}

function expectWithin(stdout: string, columns: number): void {
  for (const line of stdout.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(columns);
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

describe('sales summary --chart', () => {
  let stubhubId: string;
  let from: string;
  let to: string;

  beforeAll(async () => {
    for (const event of clock.sandbox().events) {
      const body = (await apiGet(clock.sandbox().url, `/events/stubhub/${event.agentIds.STUBHUB}/sales-summary`)).body;
      if (body.salesData.length < 60) continue;
      stubhubId = event.agentIds.STUBHUB!;
      const days: string[] = body.salesData.map((d: { date: string }) => d.date).sort();
      // A range that starts mid-week and ends mid-week, so whole weeks would reach past it at both ends.
      from = days[0]!;
      while (weekday(from) === 1) from = addDays(from, -1);
      to = days.at(-1)!;
      while (weekday(to) === 0) to = addDays(to, 1);
      break;
    }
    expect(stubhubId).toBeDefined();
  });

  it.each([40, 120])('at COLUMNS=%i: no line wider, and the title and the axis show the requested range', async (columns) => {
    const result = await tix(['sales', 'summary', stubhubId, '--chart', '--from', from, '--to', to], columns);
    expect(result.code, result.stderr).toBe(0);
    expectWithin(result.stdout, columns);
    const charts = chartsOf(result.stdout);
    expect(charts.map((c) => c.title.replace(/ per .*/, ''))).toEqual(['Tickets sold', 'Revenue']);
    for (const chart of charts) {
      expect(chart.title).toMatch(new RegExp(`^\\w+(?: \\w+)? per (day|week|\\d+ weeks), ${from} to ${to}$`));
      expect(chart.axis.match(DAY)).toEqual([from, to]);
      expect(chart.bars).toHaveLength(8);
      expect(chart.bars[0]!.length).toBeGreaterThan(1);
    }
  });

  it('fits a 40-column window: nothing wraps', async () => {
    const window = await runInWindow(['sales', 'summary', stubhubId, '--chart', '--from', from, '--to', to], {
      columns: 40,
      env: sandboxEnv(clock.sandbox().url),
    });
    expect(window.code).toBe(0);
    expect(window.lines).toEqual(window.rows);
    expect(window.lines.join('\n')).toContain(`${from} to`);
  });
});

describe('history --chart', () => {
  let args: string[];

  beforeAll(async () => {
    const db = freshDb();
    const agentId = onSale(clock.sandbox(), 'TMUSA')[0]!.agentId;
    args = ['history', 'TMUSA', agentId, '--db', db, '--chart'];
    // Twelve snapshots, 15 minutes apart.
    for (let i = 0; i < 12; i++) {
      clock.setClock(Date.parse(FIXED_NOW) + i * 15 * MINUTE);
      const track = await tix(['track', `TMUSA:${agentId}`, '--db', db]);
      expect(track.code, track.stderr).toBe(0);
    }
  }, 60_000);

  it.each([20, 40, 120])(
    'at COLUMNS=%i: no line wider, the title gives the span, and the time axis is ticked inside it',
    async (columns) => {
      const result = await tix(args, columns);
      expect(result.code, result.stderr).toBe(0);
      expectWithin(result.stdout, columns);
      const lines = result.stdout.split('\n');
      const baseline = lines.findIndex((line) => line.includes('└'));
      const span = lines
        .slice(
          0,
          lines.findIndex((line) => line.includes('┤')),
        )
        .join(' ')
        .match(MINUTE_OF_DAY);
      // The title names the event's date first (name · date · venue); the range charted follows it.
      expect(span!.slice(-2)).toEqual(['2026-03-15 03:00', '2026-03-15 05:45']);
      // Ticks fall on round times (`03-15 04:00`, `04:30`), all inside the range charted.
      const ticks = lines[baseline + 1]!.match(/(\d{2}-\d{2} )?\d{2}:\d{2}/g) ?? [];
      expect(ticks.length).toBeGreaterThan(0);
      for (const tick of ticks) {
        const at = `2026-${tick.length > 5 ? tick : `03-15 ${tick}`}`;
        expect(at >= '2026-03-15 03:00' && at <= '2026-03-15 05:45', at).toBe(true);
      }
    },
  );
});
