/**
 * `tix report` over a history `tix track` made at sandbox clocks: three events tracked every 3 hours (one every
 * 6, one stopped a day before the end: stale), a pause of a day, StubHub's sales. The report's figures must be
 * those of `tix history summary -o json` and `history coverage -o json`; the page must open from file:// with
 * the network off in headless Chromium, with no console error, no failed request, nothing wider than the
 * viewport at 390 and 1280 px, the overview's figures read from the DOM equal to summary's, and sorting by a
 * column must reorder the rows. In DuckDB and in PostgreSQL.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, expect, it } from 'vitest';
import { tempDir } from '../../../helpers/tix-env.js';
import { DAY, HOUR, T0, tixNow, trackAt } from '../../../history/analysis-support.js';
import { describeStores, duckdbStore, type StoreLocation } from '../../../history/stores.js';
import { useClockedSandbox } from '../../../history/support.js';

const clock = useClockedSandbox();
const tix = tixNow(clock);
const END = 4 * DAY;
const NOW = T0 + END + 10 * 60_000;
const CHROMIUM = '/usr/bin/chromium';

describeStores('tix report', (store) => {
  let where: StoreLocation;
  let ids: string[];

  beforeAll(async () => {
    where = store.fresh();
    clock.setClock(T0);
    const now = new Date(T0).toISOString();
    const until = new Date(T0 + END + DAY).toISOString();
    const chosen = clock
      .sandbox()
      .events.filter((e) => e.agentIds.STUBHUB && Object.keys(e.agentIds).length >= 3 && e.publicSaleDate < now && e.eventDate > until)
      .slice(0, 3);
    ids = chosen.map((e) => e.id);
    const runs: { after: number; entries: string[] }[] = [];
    for (let t = 0; t <= END; t += 3 * HOUR) {
      if (t > 1.5 * DAY && t < 2.5 * DAY) continue; // a pause of a day
      const entries = [ids[0]!];
      if (t % (6 * HOUR) === 0) entries.push(ids[1]!);
      if (t <= END - DAY) entries.push(ids[2]!); // stopped: stale at the end
      runs.push({ after: t, entries: t === 0 ? [...entries, '--sales'] : entries });
    }
    await trackAt(clock, where, runs);
    clock.setClock(NOW);
  }, 600_000);

  const json = async (args: readonly string[]) => {
    const result = await tix([...args, ...where.args, '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout);
  };

  it('-o json: each event with the figures history summary and history coverage give', async () => {
    const report = await json(['report']);
    expect(report.events.map((e: { target: string }) => e.target).sort()).toEqual([...ids].sort());
    for (const event of report.events) {
      const summary = (await json(['history', 'summary', event.target])).agents;
      expect(event.summary).toEqual(summary);
      const all = summary.at(-1);
      expect([event.current_price, event.current_agent, event.change_24h, event.change_7d, event.lowest_price, event.lowest_at]).toEqual([
        all.current_price,
        all.current_agent,
        all.change_24h,
        all.change_7d,
        all.lowest_price,
        all.lowest_at,
      ]);
      expect([event.listings_now, event.listings_peak, event.tickets_now, event.tickets_peak, event.days_left]).toEqual([
        all.listings_now,
        all.listings_peak,
        all.tickets_now,
        all.tickets_peak,
        all.days_left,
      ]);
      expect(event.coverage).toEqual((await json(['history', 'coverage', event.target])).coverage);
      // Supply per round: on offer as ALL counts it; the first round has nothing gone before it.
      expect(event.supply[0].gone).toBeNull();
      expect(event.supply.at(-1).listings).toBe(all.listings_now);
      expect(event.index[0].index).toBe(100);
    }
    const stale = report.events.find((e: { target: string }) => e.target === ids[2]);
    expect(stale.stale_agents.length).toBeGreaterThan(0);
    const pauseGaps = report.events.find((e: { target: string }) => e.target === ids[0]).gaps;
    expect(pauseGaps).toBeGreaterThan(0);
    expect(report.events.some((e: { sales: unknown[] }) => e.sales.length > 0)).toBe(true);
    // The events given, and a watch list file, as track reads it.
    const list = join(tempDir('tix-report-'), 'watchlist.txt');
    writeFileSync(list, `# two of them\n${ids[0]}\n\n${ids[1]}\n`);
    expect((await json(['report', '--from-file', list])).events.map((e: { target: string }) => e.target)).toEqual([ids[0], ids[1]]);
    expect((await json(['report', ids[1]!])).events).toHaveLength(1);
  });

  // The same history in the other engine (copied by history export) gives the same report, figure for figure:
  // the section and zone floors, supply and gone, sorting and collation of section names included.
  it.runIf(store.name === 'PostgreSQL')(
    'the same history in a DuckDB file: the same report -o json, but for where it was read',
    async () => {
      const file = duckdbStore.fresh();
      const copy = await tix(['history', 'export', ...where.args, '--to', file.db]);
      expect(copy.code, copy.stderr).toBe(0);
      const args = ['report', '--since', new Date(T0 + DAY).toISOString(), '-o', 'json'];
      const read = async (location: StoreLocation) => {
        const result = await tix([...args, ...location.args]);
        expect(result.code, result.stderr).toBe(0);
        const { made_at: _made, store: _store, ...report } = JSON.parse(result.stdout);
        return report;
      };
      const fromPostgres = await read(where);
      expect(fromPostgres.events.some((e: { sections: unknown[] }) => e.sections.length > 1)).toBe(true);
      expect(await read(file)).toEqual(fromPostgres);
    },
  );

  it('--since bounds the charts; --min-quantity computes prices from the listings it keeps, as summary does', async () => {
    const since = new Date(T0 + 3 * DAY).toISOString();
    const report = await json(['report', ids[0]!, '--since', since, '--min-quantity', '2']);
    const event = report.events[0];
    expect(event.supply.every((r: { at: string }) => r.at >= since.replace('.000Z', 'Z'))).toBe(true);
    expect(event.summary).toEqual((await json(['history', 'summary', ids[0]!, '--min-quantity', '2'])).agents);
  });

  it('a window no snapshot falls in: the page still, its charts empty (not an unexpected error)', async () => {
    const out = join(tempDir('tix-report-'), 'report.html');
    const since = new Date(NOW + DAY).toISOString();
    const result = await tix(['report', ids[0]!, '--since', since, ...where.args, '--out', out]);
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain('no snapshots');
  });

  it('bad input: one line naming the flag, exit 2; a failed run leaves an existing --out file alone', async () => {
    const out = join(tempDir('tix-report-'), 'report.html');
    writeFileSync(out, 'before');
    for (const [args, flag] of [
      [['--min-quantity', '0'], '--min-quantity'],
      [['--since', 'someday'], '--since'],
      [['--from-file', '/nonexistent/list.txt'], '--from-file'],
      [['-o', 'csv'], '--out report.html'],
    ] as const) {
      const result = await tix(['report', ...args, ...where.args, '--out', out]);
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr.trim().split('\n'), result.stderr).toHaveLength(1);
      expect(result.stderr).toContain(flag);
    }
    const missing = await tix(['report', 'TMUSA:nosuchevent', ...where.args, '--out', out]);
    expect(missing.code).toBe(4);
    expect(readFileSync(out, 'utf8')).toBe('before');
  });

  it.skipIf(!existsSync(CHROMIUM))('the page: offline, no errors, fits 390 and 1280 px, overview = summary, sorts on click', async () => {
    const out = join(tempDir('tix-report-'), 'report.html');
    const result = await tix(['report', ...where.args, '--out', out, '--tz', 'UTC']);
    expect(result.code, result.stderr).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(html).not.toMatch(/<(script|link|img)[^>]+(src|href)=/i);
    expect(html).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      const summaries = new Map<string, Record<string, unknown>>();
      for (const id of ids) summaries.set(id, (await json(['history', 'summary', id])).agents.at(-1));
      for (const width of [390, 1280]) {
        const page = await browser.newPage({ viewport: { width, height: 900 } });
        const problems: string[] = [];
        page.on('console', (m) => {
          if (m.type() === 'error') problems.push(`console: ${m.text()}`);
        });
        page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
        page.on('requestfailed', (r) => problems.push(`failed: ${r.url()}`));
        await page.route('**', (r) => (r.request().url().startsWith('file:') ? r.continue() : r.abort()));
        await page.goto(pathToFileURL(out).href);
        // A string, run in the page: the test's own types know no DOM.
        const wide = (await page.evaluate(`(() => {
          const limit = window.innerWidth + 1;
          const over = [...document.querySelectorAll('body *')]
            .filter((el) => el.getBoundingClientRect().right > limit && !el.closest('.visually-hidden'))
            .map((el) => el.tagName + '.' + el.className);
          return { over: over.slice(0, 5), scroll: document.documentElement.scrollWidth, inner: window.innerWidth };
        })()`)) as { over: string[]; scroll: number; inner: number };
        expect(wide.over, `at ${width} px`).toEqual([]);
        expect(wide.scroll).toBeLessThanOrEqual(wide.inner);
        const rows = await page.$$eval('table.overview tbody tr', (trs) =>
          trs.map((tr) => ({ ...(tr as unknown as { dataset: Record<string, string> }).dataset })),
        );
        expect(rows.map((r) => r.target).sort()).toEqual([...ids].sort());
        for (const row of rows) {
          const all = summaries.get(row.target!)!;
          const number = (text: string | undefined) => (text === '' || text === undefined ? null : Number(text));
          expect([
            number(row.currentPrice),
            row.currentAgent || null,
            number(row['change-24h']),
            number(row['change-7d']),
            number(row.lowestPrice),
            number(row.listingsNow),
            number(row.listingsPeak),
            number(row.ticketsNow),
            number(row.daysLeft),
          ]).toEqual([
            all.current_price,
            all.current_agent,
            all.change_24h,
            all.change_7d,
            all.lowest_price,
            all.listings_now,
            all.listings_peak,
            all.tickets_now,
            all.days_left,
          ]);
        }
        // Sorting by the floor now: ascending, then descending on a second click.
        const prices = () =>
          page.$$eval('table.overview tbody tr', (trs) =>
            trs.map((tr) => (tr as unknown as { dataset: Record<string, string> }).dataset.currentPrice).map(Number),
          );
        await page.click('th[data-key="current_price"] button');
        const up = await prices();
        expect(up).toEqual([...up].sort((a, b) => a - b));
        await page.click('th[data-key="current_price"] button');
        const down = await prices();
        expect(down).toEqual([...up].reverse());
        expect(await page.$$eval('svg[role="img"] title', (t) => t.length)).toBeGreaterThan(ids.length * 3);
        expect(problems).toEqual([]);
        await page.close();
      }
    } finally {
      await browser.close();
    }
  });
});
