/**
 * One world per seed (issue 35 §3): restarting the sandbox with the same seed and another clock gives the same
 * events (ids, names, venues, dates, presale and public sale dates, dates added, agent ids), while the market
 * (inventory listings, sales so far) follows the clock. In-process, through `tix sandbox --seed --now` (the
 * built binary, as a user restarts it day after day) and through `tix --sandbox` (the real clock).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../../src/sandbox/index.js';
import { FIXED_NOW, getJson } from '../helpers/sandbox.js';
import { runTix } from '../helpers/tix.js';
import { cleanEnv, TIX_BIN } from '../helpers/tix-env.js';

const SEED = 7;
const EVENTS = 600;
/** The two restarts two days apart, then half a year and nearly three years on. */
const NOWS = ['2026-11-19T12:00:00Z', '2026-11-21T12:00:00Z', '2027-05-21T12:00:00Z', '2029-08-01T09:30:00Z'] as const;
const [DAY_ONE, DAY_THREE, HALF_YEAR] = NOWS.map((now) => Date.parse(now)) as [number, number, number];

interface Listing {
  id: string;
  eventDate: string;
  presaleDate: string;
  publicSaleDate: string;
  agentIds: Record<string, string>;
}

describe('the same seed at different clocks (in-process)', () => {
  const sandboxes: Sandbox[] = [];
  beforeAll(async () => {
    for (const now of NOWS) sandboxes.push(await startSandbox({ seed: SEED, events: EVENTS, now }));
  });
  afterAll(async () => {
    await Promise.all(sandboxes.map((s) => s.close()));
  });

  it('serves the same events, with the same dates and agent ids, whatever the clock', async () => {
    const [first, ...others] = await Promise.all(sandboxes.map((s) => getJson(s, '/events?pageSize=5000&sortBy=2')));
    const events = first.events as Listing[];
    expect(events).toHaveLength(EVENTS);
    for (const other of others) expect(other.events).toEqual(events);
    // A world around every clock: events over and events to come.
    for (const now of NOWS) {
      expect(events.filter((e) => e.eventDate < now).length).toBeGreaterThan(50);
      expect(events.filter((e) => e.eventDate > now).length).toBeGreaterThan(50);
    }
    for (const sandbox of sandboxes.slice(1))
      expect(sandbox.events.map((e) => e.toJSON())).toEqual(sandboxes[0]!.events.map((e) => e.toJSON()));
  });

  it('finds an event by its agent ids under every clock, and only that event', async () => {
    const sample = sandboxes[0]!.events.filter((_, i) => i % 60 === 0);
    for (const event of sample) {
      const byId = await Promise.all(sandboxes.map((s) => getJson(s, `/events/${event.id}`)));
      for (const listing of byId) expect(listing).toEqual(event.toJSON());
      for (const [code, agentId] of Object.entries(event.agentIds)) {
        for (const sandbox of sandboxes) expect((await getJson(sandbox, `/events/${code}/${agentId}`)).events).toEqual([event.toJSON()]);
      }
    }
  });

  it('moves the market with the clock: listings change, sales grow, none before the public sale or after the event', async () => {
    const [dayOne, dayThree, halfYear] = sandboxes as [Sandbox, Sandbox, Sandbox];
    // Events StubHub has on sale at the first clock and the second, and are over by the third.
    const open = dayOne.events
      .filter((e) => e.publicSaleTime < DAY_ONE && e.eventTime > DAY_THREE + 86_400_000 && e.eventTime < HALF_YEAR)
      .sort((a, b) => b.popularity - a.popularity);
    expect(open.length).toBeGreaterThanOrEqual(5);
    const ids = open.slice(0, 5).map((e) => e.stubhubId);
    const listings = async (sandbox: Sandbox) => {
      const body = await getJson(sandbox, `/inventory/STUBHUB/${ids.join(',')}`);
      return (body.data as { sections: { listingId: string; price: number }[] }[]).map((d) =>
        d.sections.map((l) => `${l.listingId} ${l.price}`),
      );
    };
    const [one, three, half] = await Promise.all([listings(dayOne), listings(dayThree), listings(halfYear)]);
    expect(one.flat().length).toBeGreaterThan(0);
    expect(three.flat().length).toBeGreaterThan(0);
    expect(three).not.toEqual(one);
    expect(half.flat()).toEqual([]);

    // Sales: one history, of which a later clock has seen more (all of it, once the event is over).
    const event = open[0]!;
    const sales = (sandbox: Sandbox) =>
      getJson(sandbox, `/events/stubhub/${event.stubhubId}/sales-summary`).then(
        (b) => b.salesData as { date: string; totalTickets: number }[],
      );
    const [early, late] = await Promise.all([sales(dayOne), sales(halfYear)]);
    expect(early.length).toBeGreaterThan(0);
    expect(late.length).toBeGreaterThan(early.length);
    expect(late.slice(0, early.length - 1)).toEqual(early.slice(0, -1));

    // An event still to go on public sale at the first clock has no listings at StubHub yet, and has some half a year on.
    const later = dayOne.events
      .filter((e) => e.publicSaleTime > DAY_THREE && e.publicSaleTime < HALF_YEAR - 86_400_000 && e.eventTime > HALF_YEAR + 86_400_000)
      .sort((a, b) => b.popularity - a.popularity)[0]!;
    expect(later).toBeDefined();
    const sections = async (sandbox: Sandbox) =>
      ((await getJson(sandbox, `/inventory/STUBHUB/${later.stubhubId}`)).data[0].sections as unknown[]).length;
    expect(await sections(dayOne)).toBe(0);
    expect(await sections(halfYear)).toBeGreaterThan(0);
  });
});

/** `tix sandbox --seed 7 --events 600 --now <now>`, the built binary in its own process; resolves to its URL. */
async function startTixSandbox(now: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [TIX_BIN, 'sandbox', '--seed', String(SEED), '--events', String(EVENTS), '--now', now], {
    env: cleanEnv(),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr);
      if (match && stderr.includes('Ctrl-C')) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`tix sandbox exited (${code}): ${stderr}`)));
  });
  return { url, child };
}

describe('restarting `tix sandbox --seed N` with a later --now', () => {
  const running: ChildProcess[] = [];
  afterAll(async () => {
    await Promise.all(
      running.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
  });

  it('lists the same events with the same dates and agent ids, and other listings', async () => {
    const started = await Promise.all(NOWS.slice(0, 3).map((now) => startTixSandbox(now)));
    running.push(...started.map((s) => s.child));
    const urls = started.map((s) => s.url);
    const tix = (url: string, args: string[]) => runTix(args, { env: { TIX_BASE_URL: url, TIX_API_KEY: 'sandbox-key' } });
    const search = ['events', 'search', '--all', '-o', 'ndjson'];
    const searched = await Promise.all(urls.map((url) => tix(url, search)));
    for (const run of searched) expect(run.code).toBe(0);
    const events = searched[0]!.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Listing);
    expect(events).toHaveLength(EVENTS);
    for (const run of searched.slice(1)) expect(run.stdout).toBe(searched[0]!.stdout);

    // The example: an event on sale at the first restart keeps its date at the next ones.
    const upcoming = events.find((e) => e.publicSaleDate < NOWS[0] && e.eventDate > NOWS[1] && e.eventDate < NOWS[2])!;
    expect(upcoming).toBeDefined();
    const get = ['events', 'get', upcoming.id, '-o', 'json'];
    const got = await Promise.all(urls.map((url) => tix(url, get)));
    expect(JSON.parse(got[0]!.stdout).events[0]).toMatchObject({
      id: upcoming.id,
      eventDate: upcoming.eventDate,
      agentIds: upcoming.agentIds,
    });
    for (const run of got.slice(1)) expect(run.stdout).toBe(got[0]!.stdout);

    // The market follows each sandbox's clock: other listings two days on, none once the event is over.
    const inventory = ['inventory', 'STUBHUB', upcoming.agentIds.STUBHUB!, '-o', 'json'];
    const [dayOne, dayThree, halfYear] = await Promise.all(
      urls.map(async (url) => {
        const run = await tix(url, inventory);
        expect(run.code).toBe(0);
        return JSON.parse(run.stdout).data[0].sections as { listingId: string; price: number }[];
      }),
    );
    expect(dayOne!.length).toBeGreaterThan(0);
    expect(dayThree!.length).toBeGreaterThan(0);
    expect(dayThree).not.toEqual(dayOne);
    expect(halfYear).toEqual([]);
  });
});

describe('tix --sandbox (the real clock)', () => {
  let fixed: Sandbox;
  beforeAll(async () => {
    fixed = await startSandbox({ now: FIXED_NOW });
  });
  afterAll(async () => {
    await fixed.close();
  });

  it("serves the default seed's world, the same as a sandbox whose clock is months away", async () => {
    const sample = fixed.events.filter((_, i) => i % 400 === 7);
    const run = await runTix(['--sandbox', 'events', 'get', ...sample.map((e) => e.id), '-o', 'ndjson']);
    expect(run.code).toBe(0);
    const got = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(got).toEqual(sample.map((e) => e.toJSON()));
  });
});

describe('TIX_SANDBOX_NOW: the clock of --sandbox, fixed so the guides reproduce', () => {
  let guides: Sandbox;
  beforeAll(async () => {
    guides = await startSandbox({ now: '2025-12-01T15:00:00Z' });
  });
  afterAll(async () => {
    await guides.close();
  });

  it("lists what a sandbox at that instant lists, the guides' event included, and says the clock is fixed", async () => {
    const env = { TIX_SANDBOX_NOW: '2025-12-01T15:00:00Z' };
    const run = await runTix(['--sandbox', 'inventory', 'TMUSA', 'G5v8HKyBKZbyJN', '-o', 'json'], { env });
    expect(run.code, run.stderr).toBe(0);
    const expected = await getJson(guides, '/inventory/TMUSA/G5v8HKyBKZbyJN');
    expect(JSON.parse(run.stdout).data).toEqual(expected.data);
    expect(JSON.parse(run.stdout).data[0].sections.length).toBeGreaterThan(0);
    expect(run.stderr).toContain('its clock fixed at 2025-12-01T15:00:00Z by TIX_SANDBOX_NOW');
    // A date alone is its midnight, UTC.
    const day = await runTix(['--sandbox', 'inventory', 'TMUSA', 'G5v8HKyBKZbyJN', '-o', 'json'], {
      env: { TIX_SANDBOX_NOW: '2025-12-01' },
    });
    expect(day.stderr).toContain('fixed at 2025-12-01T00:00:00Z');
  });

  it("is tix's clock too: a date counted from today falls in the sandbox's month", async () => {
    const env = { TIX_SANDBOX_NOW: '2025-12-01T15:00:00Z' };
    const run = await runTix(['--sandbox', 'sales', 'summary', '101459428', '--from', '-7d', '-o', 'json'], { env });
    expect(run.code, run.stderr).toBe(0);
    const dates: string[] = JSON.parse(run.stdout).salesData.map((day: { date: string }) => day.date);
    expect(dates.length).toBeGreaterThan(0);
    for (const date of dates) expect(date >= '2025-11-24' && date <= '2025-12-01', date).toBe(true);
  });

  it('refuses what is not an instant in one line, exit 2', async () => {
    const run = await runTix(['--sandbox', 'events', 'search', '--limit', '1'], { env: { TIX_SANDBOX_NOW: 'next tuesday' } });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      "tix: TIX_SANDBOX_NOW: 'next tuesday' is not an instant: give a date or a UTC time, such as 2025-12-01 or 2025-12-01T15:00:00Z\n",
    );
  });
});
