/**
 * runWatch in-process, with its clock, sleep and onPoll hook injected: the history store records each
 * poll through the hook, and the wait between polls is the injected, cancellable sleep.
 */
import { PassThrough } from 'node:stream';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketFigures } from '../../../../src/market/figures.js';
import { Runtime } from '../../../../src/cli/kit/runtime.js';
import { runWatch } from '../../../../src/cli/commands/watch/watch-run.js';
import type { WatchOptions } from '../../../../src/cli/commands/watch/watch-run.js';
import { ExitCode } from '../../../../src/shared/errors.js';
import { REFRESH_MS, startSandbox, type Sandbox } from '../../../../src/sandbox/index.js';
import type { SnapshotRecord } from '../../../../src/store/store.js';
import { FIXED_NOW } from '../../../helpers/sandbox.js';
import { tempDir } from '../../../helpers/tix-env.js';

const NOW = Date.parse(FIXED_NOW);
const DAY = 86_400_000;

let sandbox: Sandbox;
let clock = NOW;
let ids: string[];

beforeAll(async () => {
  sandbox = await startSandbox({ now: () => new Date(clock), events: 1200, seed: 6 });
  ids = sandbox.events
    .filter((e) => e.agentIds.TMUSA && e.presaleTime < NOW - DAY && e.eventTime > NOW + 30 * DAY)
    .slice(0, 2)
    .map((e) => e.agentIds.TMUSA!);
});
afterAll(() => sandbox.close());

async function runtime(): Promise<{ rt: Runtime; stdout: PassThrough; stderr: PassThrough }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const env = { TIX_BASE_URL: sandbox.url, TIX_API_KEY: 'sandbox-key', TIX_CONFIG_DIR: tempDir(), TZ: 'UTC' };
  const rt = await Runtime.create(new Command('watch'), { stdout, stderr, stdin: new PassThrough(), env, now: () => new Date() });
  return { rt, stdout, stderr };
}

const options = (extra: Partial<WatchOptions> = {}): WatchOptions => ({
  target: { kind: 'agent', agent: 'TMUSA', ids },
  intervalMs: 60_000,
  filter: { minQuantity: 3 },
  ndjson: true,
  concurrency: 2,
  ...extra,
});

describe('runWatch', () => {
  it("passes each poll's snapshots to onPoll: every listing, unfiltered, with the agent's own fields in extra", async () => {
    const { rt, stdout } = await runtime();
    const polls: SnapshotRecord[][] = [];
    const waits: number[] = [];
    // A fake clock: each poll takes 5 s of it; the sleep moves it (and the sandbox) on by what was asked.
    let fake = NOW;
    clock = NOW;
    const code = await runWatch(options({ count: 3 }), rt, {
      now: () => new Date((fake += 5_000)),
      sleep: async (ms) => {
        waits.push(ms);
        clock += REFRESH_MS;
        fake += ms;
      },
      onPoll: (snapshots) => {
        polls.push(snapshots);
      },
    });
    await rt.close();
    expect(code).toBe(ExitCode.OK);
    // Interval 60 s, a poll "took" 10 s of the fake clock (its start and its fetchedAt): 50 s left to wait.
    expect(waits).toEqual([50_000, 50_000]);
    expect(polls).toHaveLength(3);
    for (const [n, snapshots] of polls.entries()) {
      expect(snapshots.map((s) => [s.agent, s.eventId])).toEqual(ids.map((id) => ['TMUSA', id]));
      for (const snapshot of snapshots) {
        expect(snapshot.apiTimestamp).toBe(new Date(NOW + n * REFRESH_MS).toISOString());
        expect(snapshot.fetchedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        expect(snapshot.figures).toEqual(marketFigures(snapshot.listings));
        expect(snapshot.listings.length).toBeGreaterThan(0);
        // Unfiltered: the store keeps what the agent listed, whatever this watch shows.
        expect(snapshot.listings.some((l) => l.quantity < 3)).toBe(true);
        for (const listing of snapshot.listings) {
          expect(Object.keys(listing)).toEqual(['listingId', 'section', 'row', 'quantity', 'price', 'extra']);
          expect(Object.keys(listing.extra)).toEqual(['offerType']);
        }
      }
    }
    const printed = String(stdout.read())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(printed.every((l) => l.type === 'snapshot' || l.quantity >= 3)).toBe(true);
    expect(printed.filter((l) => l.type === 'snapshot')).toHaveLength(6);
  });

  it('returns 130 when Ctrl-C comes during the wait, after the poll was printed and recorded', async () => {
    const { rt, stdout } = await runtime();
    let recorded = 0;
    const code = await runWatch(options(), rt, {
      sleep: (_ms, signal) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(signal.reason), { once: true });
          rt.controller.abort();
        }),
      onPoll: () => {
        recorded++;
      },
    });
    await rt.close();
    expect(code).toBe(ExitCode.INTERRUPTED);
    expect(recorded).toBe(1);
    expect(String(stdout.read())).toMatch(/"type":"snapshot".*\n$/);
  });
});
