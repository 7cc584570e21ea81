/**
 * Faults tix must recover from: 503 on half the requests, a connection reset mid-body, a body cut short of
 * its Content-Length, and 429 with Retry-After. Each run's stdout must equal, byte for byte, the run against
 * a healthy twin sandbox, so "succeeded" also means "complete and correct".
 */
import { describe, expect, it } from 'vitest';
import { expectNoStackTrace, messageLines, retryLines } from './support/expect-output.js';
import { eventWithSales, statuses, tmusaIds, useSandbox, type Sandbox, type SandboxOptions } from './support/sandboxes.js';
import { runBuiltTix as tix } from '../helpers/tix-binary.js';
import { sandboxEnv as apiEnv } from '../helpers/tix-env.js';

const SEED = 7;
const EVENTS = 3_000;

/** The three workloads the issue names, as tix arguments for a given pair of sandboxes. */
async function workloads(healthy: Sandbox): Promise<Record<string, string[]>> {
  return {
    // 3,000 events in pages of 150: 20 pages, 4 in flight at a time.
    'events search --all': ['events', 'search', '--all', '--page-size', '150', '-o', 'ndjson'],
    // 40 ids: 4 batches of 10.
    'inventory with 40 ids': ['inventory', 'TMUSA', ...tmusaIds(healthy, 40)],
    'sales details': ['sales', 'details', await eventWithSales(healthy), '-o', 'csv'],
  };
}

/** Runs each workload against the healthy twin and the faulty sandbox, and compares. */
function recoversFrom(fault: string, faulty: SandboxOptions, expectRetry: RegExp): void {
  describe(fault, () => {
    const healthy = useSandbox({ seed: SEED, events: EVENTS });
    const broken = useSandbox({ seed: SEED, events: EVENTS, ...faulty });

    it.each(['events search --all', 'inventory with 40 ids', 'sales details'])(
      '%s succeeds with complete, correct output',
      async (name) => {
        const args = (await workloads(healthy()))[name]!;
        const expected = await tix(args, { env: apiEnv(healthy().url) });
        expect(expected.code, expected.stderr).toBe(0);
        expect(expected.stdout.length).toBeGreaterThan(1000);

        const before = broken().log.length;
        const result = await tix([...args, '--debug'], { env: apiEnv(broken().url) });
        expect(result.code, result.stderr.slice(-2000)).toBe(0);
        expect(result.stdout).toBe(expected.stdout);
        // Nothing but the trace on stderr: no warning, no error line, no stack.
        expect(messageLines(result.stderr)).toEqual([]);
        expectNoStackTrace(result.stderr);
        // --debug shows the retries, and the sandbox really did fail some requests.
        const retries = retryLines(result.stderr);
        expect(retries.length).toBeGreaterThan(0);
        for (const line of retries) expect(line).toMatch(expectRetry);
        expect(broken().log.length - before).toBeGreaterThan(retries.length);
      },
    );
  });
}

// Exactly half the requests answer 503: every request target's first try does, its retry is served. (A
// random half, below, could spare a one-request command altogether.)
recoversFrom('503 on half the requests', { failRate: 1, maxConsecutiveFailures: 1 }, /-> 503 in \d+ ms; retrying in \d+ ms \(backoff\)$/);

// Every request target's first try breaks off after half its body; the retry is served whole.
recoversFrom(
  'connection reset mid-body',
  { fault: 'reset', maxConsecutiveFailures: 1 },
  /-> (ECONNRESET|UND_ERR_SOCKET) after \d+ (ms|bytes of the body); retrying in \d+ ms \(backoff\)$/,
);
recoversFrom(
  'body cut short of its Content-Length',
  { fault: 'truncate', maxConsecutiveFailures: 1 },
  /-> (UND_ERR_SOCKET|UND_ERR_RES_CONTENT_LENGTH_MISMATCH|ECONNRESET) after \d+ (ms|bytes of the body); retrying in \d+ ms \(backoff\)$/,
);

describe('503 on a random half of the requests', () => {
  // failRate 0.5, and no target fails more than 3 times in a row: tix's default 3 retries always suffice,
  // so the test does not depend on chance, while some pages still need two or three retries.
  const broken = useSandbox({ seed: SEED, events: EVENTS, failRate: 0.5, maxConsecutiveFailures: 3 });
  it('about half of what tix sent was answered 503, and every page was finally served', async () => {
    const result = await tix(['events', 'search', '--all', '--page-size', '150', '-o', 'ndjson'], { env: apiEnv(broken().url) });
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(EVENTS);
    const sent = statuses(broken());
    const failed = sent.filter((s) => s === 503).length;
    expect(failed / sent.length).toBeGreaterThan(0.25);
    expect(sent.filter((s) => s === 200)).toHaveLength(20);
  });
});

describe('429 with Retry-After: 1', () => {
  const healthy = useSandbox({ seed: SEED, events: 200 });
  // Every target is rate limited once, then served.
  const limited = useSandbox({ seed: SEED, events: 200, fault: 'rate-limit', retryAfter: '1', maxConsecutiveFailures: 1 });

  it('waits about a second, as asked, then succeeds', async () => {
    const args = ['events', 'search', '--page-size', '50'];
    const expected = await tix(args, { env: apiEnv(healthy().url) });
    const result = await tix([...args, '--debug'], { env: apiEnv(limited().url) });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(expected.stdout);
    expect(statuses(limited())).toEqual([429, 200]);
    // The wait is the server's, not the backoff's: exactly 1000 ms, and the run took at least that long.
    expect(retryLines(result.stderr)).toEqual([expect.stringMatching(/-> 429 in \d+ ms; retrying in 1000 ms \(Retry-After\)$/)]);
    expect(result.ms).toBeGreaterThanOrEqual(1000);
    // Generous upper bound for a loaded CI machine: start-up plus the one-second wait.
    expect(result.ms).toBeLessThan(15_000);
  });
});
