import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { parse as parseCsv } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { marketFigures } from '../../src/market/figures.js';
import { FIXED_NOW } from '../helpers/sandbox.js';
import { tempDir } from '../helpers/tix-env.js';
import { describeStores, type StoreLocation } from './stores.js';
import { listingLife, MINUTE, onSale, tixAt, useClockedSandbox } from './support.js';

const clock = useClockedSandbox();
const tix = (args: readonly string[], options: Parameters<typeof tixAt>[2] = {}) => tixAt(clock.sandbox(), args, options);
/** tix's spelling of an instant: UTC, whole seconds as the API's own timestamp, a fraction only when there is one. */
const iso = (text: string) => new Date(text).toISOString().replace('.000Z', 'Z');
const TIMES = [0, 15, 30].map((m) => iso(new Date(Date.parse(FIXED_NOW) + m * MINUTE).toISOString()));

interface Listing {
  listingId: string;
  section: string;
  row: string;
  quantity: number;
  price: number;
}

describeStores('tix history', (store) => {
  let at: StoreLocation;
  let ids: string[];
  let event: { id: string; agentIds: Record<string, string> };
  /** What `tix inventory -o json` printed for ids[0] at each of TIMES. */
  const printed: { timestamp: string; sections: Listing[] }[] = [];

  beforeAll(async () => {
    at = store.fresh();
    clock.setClock(FIXED_NOW);
    const tm = onSale(clock.sandbox(), 'TMUSA');
    ids = tm.slice(0, 3).map((e) => e.agentId);
    event = clock.sandbox().events.find((e) => e.id === tm[0]!.id)!;
    for (const time of TIMES) {
      clock.setClock(time);
      const inventory = await tix(['inventory', 'TMUSA', ids[0]!, '-o', 'json']);
      const payload = JSON.parse(inventory.stdout);
      printed.push({ timestamp: payload.timestamp, sections: payload.data[0].sections });
      const track = await tix(['track', ...ids.map((id) => `TMUSA:${id}`), event.id, ...at.args]);
      expect(track.code, track.stderr).toBe(0);
    }
  }, 60_000);

  const expectedSnapshots = () =>
    printed.map((p) => {
      const f = marketFigures(p.sections);
      return {
        api_timestamp: iso(p.timestamp),
        listings: f.listings,
        tickets: f.tickets,
        min_price: f.minPrice,
        median_price: f.medianPrice,
        max_price: f.maxPrice,
      };
    });

  it('prints the time series as json, ndjson, csv, tsv and a table', async () => {
    const expected = expectedSnapshots();
    const json = await tix(['history', 'TMUSA', ids[0]!, ...at.args, '-o', 'json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ snapshots: expected });

    const ndjson = await tix(['history', 'TMUSA', ids[0]!, ...at.args, '-o', 'ndjson']);
    expect(
      ndjson.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual(expected);

    for (const [format, delimiter] of [
      ['csv', ','],
      ['tsv', '\t'],
    ] as const) {
      const result = await tix(['history', 'TMUSA', ids[0]!, ...at.args, '-o', format]);
      expect(result.code).toBe(0);
      const rows = parseCsv(result.stdout, { columns: true, delimiter, cast: true }) as Record<string, unknown>[];
      expect(rows).toEqual(expected);
    }

    const table = await tix(['history', 'TMUSA', ids[0]!, ...at.args, '-o', 'table']);
    expect(table.code).toBe(0);
    const lines = table.stdout.trim().split('\n');
    expect(lines.join('\n')).toMatch(/api_timestamp.*listings.*tickets.*min_price.*median_price.*max_price/);
    for (const snapshot of expected) {
      const line = lines.find((l) => l.includes(snapshot.api_timestamp.slice(0, 16).replace('T', ' ')))!;
      expect(line).toContain(snapshot.min_price!.toFixed(2));
      expect(line).toContain(String(snapshot.tickets));
    }

    const out = join(tempDir('tix-out-'), 'history.csv');
    const toFile = await tix(['history', 'TMUSA', ids[0]!, ...at.args, '--out', out, '--fields', 'api_timestamp,min_price']);
    expect(toFile.stdout).toBe('');
    expect(readFileSync(out, 'utf8')).toBe(
      `api_timestamp,min_price\r\n${expected.map((s) => `${s.api_timestamp},${s.min_price}`).join('\r\n')}\r\n`,
    );
  });

  it('takes the agent by name in any case, or as AGENT:ID', async () => {
    const byCode = await tix(['history', 'TMUSA', ids[1]!, ...at.args, '-o', 'json']);
    for (const agent of ['ticketmaster', 'tmusa'])
      expect((await tix(['history', agent, ids[1]!, ...at.args, '-o', 'json'])).stdout).toBe(byCode.stdout);
    expect((await tix(['history', `TMUSA:${ids[1]}`, ...at.args, '-o', 'json'])).stdout).toBe(byCode.stdout);
  });

  it('gives every agent of an evt_ id, with an agent column', async () => {
    const result = await tix(['history', event.id, ...at.args, '-o', 'json']);
    expect(result.code).toBe(0);
    const rows = JSON.parse(result.stdout).snapshots as { agent: string; api_timestamp: string }[];
    const agents = Object.keys(event.agentIds).sort();
    expect(rows.map((r) => `${r.api_timestamp} ${r.agent}`)).toEqual(TIMES.flatMap((t) => agents.map((a) => `${t} ${a}`)));
    const tmusa = rows.filter((r) => r.agent === 'TMUSA').map(({ agent: _agent, ...rest }) => rest);
    expect(tmusa).toEqual(expectedSnapshots());
  });

  it('--since and --until pick a window, inclusive', async () => {
    const series = async (...flags: string[]) =>
      JSON.parse((await tix(['history', 'TMUSA', ids[0]!, ...at.args, '-o', 'json', ...flags])).stdout).snapshots.map(
        (s: { api_timestamp: string }) => s.api_timestamp,
      );
    expect(await series('--since', TIMES[1]!)).toEqual(TIMES.slice(1));
    expect(await series('--until', TIMES[1]!)).toEqual(TIMES.slice(0, 2));
    expect(await series('--since', TIMES[1]!, '--until', TIMES[1]!)).toEqual([TIMES[1]]);
    // A date is a whole day in the time zone: FIXED_NOW is 2026-03-14 in New York.
    expect(await series('--since', '2026-03-15', '--until', '2026-03-15', '--tz', 'UTC')).toEqual(TIMES);
    expect(await series('--until', '2026-03-14', '--tz', 'America/New_York')).toEqual(TIMES);
    expect(await series('--since', '2026-03-14T23:10', '--tz', 'America/New_York')).toEqual(TIMES.slice(1));
    const none = await tix(['history', 'TMUSA', ids[0]!, ...at.args, '--until', '2026-03-14', '--tz', 'UTC']);
    // An empty window is an empty answer (exit 0 and a note), not an event never tracked (exit 4).
    expect(none.code).toBe(0);
    expect(none.stderr).toContain('in that time window');
  });

  it('--listings follows every listing and marks those gone from the latest snapshot', async () => {
    const result = await tix(['history', 'TMUSA', ids[0]!, ...at.args, '--listings', '-o', 'json']);
    expect(result.code).toBe(0);
    const rows = JSON.parse(result.stdout).listings as Record<string, unknown>[];
    const seen = new Map<string, { at: string; listing: Listing }[]>();
    for (const p of printed)
      for (const l of p.sections) seen.set(l.listingId, [...(seen.get(l.listingId) ?? []), { at: iso(p.timestamp), listing: l }]);
    const latest = new Set(printed.at(-1)!.sections.map((l) => l.listingId));
    expect(rows).toHaveLength(seen.size);
    for (const row of rows) {
      const life = seen.get(row.listing_id as string)!;
      expect(row).toEqual(listingLife(life, !latest.has(row.listing_id as string)));
    }
    // The sandbox's listings come and go over 30 minutes: some are gone, others stay.
    expect(rows.filter((r) => r.gone).length).toBeGreaterThan(0);
    expect(rows.filter((r) => !r.gone).length).toBe(latest.size);

    const csv = await tix(['history', 'TMUSA', ids[0]!, ...at.args, '--listings', '-o', 'csv']);
    expect(csv.stdout.split('\r\n')[0]).toBe(
      'listing_id,section,row,quantity,first_seen,last_seen,first_price,last_price,lowest_price,gone',
    );
    const forEvent = await tix(['history', event.id, ...at.args, '--listings', '-o', 'csv']);
    expect(forEvent.stdout.split('\r\n')[0]).toBe(
      'agent,listing_id,section,row,quantity,first_seen,last_seen,first_price,last_price,lowest_price,gone',
    );
  });

  it("--chart draws each agent's lowest price over time, the y axis labelled at round prices between the lowest and the highest", async () => {
    const result = await tix(['history', 'TMUSA', ids[0]!, ...at.args, '--chart'], { env: { COLUMNS: '80' } });
    expect(result.code).toBe(0);
    const prices = expectedSnapshots().map((s) => s.min_price!);
    expect(result.stdout).toContain('Lowest price (min_price) at TMUSA, 2026-03-15 03:00 to 2026-03-15 03:30 (UTC)');
    const labels = [...result.stdout.matchAll(/^ *([\d,.]+) ┤/gm)].map((m) => Number(m[1]!.replace(/,/g, '')));
    expect(labels.length).toBeGreaterThanOrEqual(2);
    for (const label of labels) {
      expect(label).toBeGreaterThanOrEqual(Math.min(...prices));
      expect(label).toBeLessThanOrEqual(Math.max(...prices));
    }
    expect(result.stdout).toMatch(/^T TMUSA( {3}|$)/m);
    const forEvent = await tix(['history', event.id, ...at.args, '--chart']);
    expect(forEvent.code).toBe(0);
    for (const agent of Object.keys(event.agentIds)) expect(forEvent.stdout).toMatch(new RegExp(`(^|   )[A-Z] ${agent}\\b`, 'm'));
  });

  it('exits 4 with a hint to run tix track when there are no snapshots', async () => {
    const other = await tix(['history', 'TMUSA', 'never-tracked', ...at.args]);
    expect(other.code).toBe(4);
    expect(other.stderr.trim()).toBe(
      `tix: no snapshots of TMUSA:never-tracked in ${at.shown}: record them with 'tix track TMUSA:never-tracked' (every 15 minutes from cron, say)`,
    );
    const noFile = await tix(['history', 'TMUSA', ids[0]!, ...store.fresh().args]);
    expect(noFile.code).toBe(4);
    expect(noFile.stderr).toContain('tix track');
    expect(noFile.stderr.trim().split('\n')).toHaveLength(1);
  });

  it.each([
    [['history'], /missing required argument 'event'/],
    [['history', 'TMUSA'], /<id>: missing/],
    [['history', 'evt_abc', 'extra'], /<id>: an evt_ id stands alone/],
    [['history', 'TMUSA', 'x', '--since', 'someday'], /--since: 'someday' is not a date/],
    [['history', 'TMUSA', 'x', '--since', '2026-03-02', '--until', '2026-03-01'], /--since .* is after --until/],
    [['history', 'TMUSA', 'x', '--lock-timeout', 'soon'], /--lock-timeout must be a number of seconds/],
    [['history', 'TMUSA', 'x', '--chart', '--listings'], /--chart .* cannot be combined with --listings/],
    [['history', 'TMUSA', 'x', '--chart', '-o', 'csv'], /--chart draws for people/],
    [['history', 'TMUSA', 'x', '--bogus'], /unknown option '--bogus'/],
    [['history', 'TMUSA', 'x', '--db', ''], /--db must be the path of a DuckDB file or a postgres:\/\/ URL/],
    [['track'], /no events to track/],
    [['track', 'not-an-entry'], /<entries>: 'not-an-entry' is not AGENT:ID/],
    [['track', '--from-file', '/nonexistent/watchlist.txt'], /--from-file: cannot read/],
    [['track', 'TMUSA:x', '--lock-timeout', '-1'], /--lock-timeout must be a number of seconds from 0 to 3600/],
  ])('refuses %j with one line and exit 2', async (args, message) => {
    const result = await tix([...args, ...(args.includes('--db') ? [] : [...at.args])]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(message);
  });

  it('names the line of a watch list that is not an entry', async () => {
    const result = await tix(['track', '-', ...at.args], { input: 'TMUSA:abc\n\nwhat is this\n' });
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe("tix: stdin line 3: 'what is this' is not AGENT:ID (such as TMUSA:G5v8HKyBKZbyJN) or an evt_ id");
  });
});

describe("history's command definition", () => {
  it('dispatches a subcommand such as export by name, with its own --db and --schema, and anything else to its own action', async () => {
    const calls: unknown[][] = [];
    const program = () => {
      const root = buildProgram();
      const history = root.commands.find((c) => c.name() === 'history')!;
      history.action(
        (event: string, id: string | undefined, flags: Record<string, unknown>) =>
          void calls.push(['history', event, id, flags.listings === true, flags.db]),
      );
      history.commands
        .find((c) => c.name() === 'export')!
        .action(
          (flags: Record<string, unknown>, cmd: Command) =>
            void calls.push(['export', cmd.optsWithGlobals().db, cmd.optsWithGlobals().schema, flags.to]),
        );
      return root;
    };
    await program().parseAsync(['history', 'export', '--db', 'a.duckdb', '--schema', 's1', '--to', 'postgres://db/tix'], { from: 'user' });
    await program().parseAsync(['history', 'TMUSA', 'G5v8HKyBKZbyJN', '--listings', '--db', 'h.duckdb'], { from: 'user' });
    await program().parseAsync(['history', 'evt_fnt7jz3fkx'], { from: 'user' });
    expect(calls).toEqual([
      ['export', 'a.duckdb', 's1', 'postgres://db/tix'],
      ['history', 'TMUSA', 'G5v8HKyBKZbyJN', true, 'h.duckdb'],
      ['history', 'evt_fnt7jz3fkx', undefined, false, undefined],
    ]);
  });
});
