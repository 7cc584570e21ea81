/**
 * Faults tix cannot recover from: it must fail cleanly. The right exit code, one line on stderr naming the
 * problem, no stack trace, no partial file, and no retry where a retry cannot help.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACKOFF_CAP_MS } from '../../src/api/retry.js';
import { SETTING_DEFAULTS } from '../../src/config/settings.js';
import { expectCleanFailure, retryLines } from './support/expect-output.js';
import { eventWithSales, tmusaIds, useSandbox } from './support/sandboxes.js';
import { runBuiltTix as tix } from '../helpers/tix-binary.js';
import { sandboxEnv as apiEnv, testDir as tempDir } from '../helpers/tix-env.js';

/** Start-up, connection and scheduling slack on a loaded 2-core CI machine; generous on purpose. */
const SLACK_MS = 10_000;

describe('503 on every request', () => {
  const down = useSandbox({ events: 500, failRate: 1 });

  it('exits 5 after the configured retries, within retries x backoff cap', async () => {
    const before = down().requests;
    const result = await tix(['--retries', '2', 'events', 'search'], { env: apiEnv(down().url) });
    expectCleanFailure(result, 5, /the API is unavailable \(HTTP 503 from GET \/events\), gave up after 3 attempts/);
    // One request and 2 retries: exactly 3 requests reached the server.
    expect(down().requests - before).toBe(3);
    expect(result.ms).toBeLessThan(2 * BACKOFF_CAP_MS + SLACK_MS);
  });

  it('with the default 3 retries, --all also gives up within 3 x the backoff cap', async () => {
    const result = await tix(['events', 'search', '--all', '--page-size', '50'], { env: apiEnv(down().url) });
    expectCleanFailure(result, 5, /gave up after 4 attempts/);
    expect(result.ms).toBeLessThan(3 * BACKOFF_CAP_MS + SLACK_MS);
  });

  it('with --out, creates no file and leaves an existing one untouched', async () => {
    const dir = tempDir();
    const existing = join(dir, 'yesterday.csv');
    writeFileSync(existing, 'id,name\r\nevt_old,Yesterday\r\n');
    for (const out of [existing, join(dir, 'new.csv'), join(dir, 'new.json')]) {
      const result = await tix(['events', 'search', '--all', '--page-size', '50', '--out', out], { env: apiEnv(down().url) });
      expectCleanFailure(result, 5, /HTTP 503/);
    }
    expect(readdirSync(dir)).toEqual(['yesterday.csv']);
    expect(readFileSync(existing, 'utf8')).toBe('id,name\r\nevt_old,Yesterday\r\n');
  });

  it('inventory and sales fail the same way', async () => {
    for (const args of [
      ['inventory', 'TMUSA', 'a1', 'b2'],
      ['sales', 'details', '123456'],
    ]) {
      const result = await tix(['--retries', '1', ...args], { env: apiEnv(down().url) });
      expectCleanFailure(result, 5, /HTTP 503 .*gave up after 2 attempts/);
    }
  });
});

describe('a response slower than --timeout', () => {
  const slow = useSandbox({ events: 50, fault: 'slow', slowMs: 60_000 });

  it('exits 5 and the message names the timeout and how to change it', async () => {
    const result = await tix(['--timeout', '1', '--retries', '1', 'events', 'search', '--debug'], { env: apiEnv(slow().url) });
    expectCleanFailure(
      result,
      5,
      /request timed out after 1s \(GET \/events\), gave up after 2 attempts; allow more time with --timeout <seconds>/,
    );
    expect(retryLines(result.stderr)).toHaveLength(1);
    // Two attempts of one second each and one backoff, not the sandbox's 60 s.
    expect(result.ms).toBeGreaterThanOrEqual(2000);
    expect(result.ms).toBeLessThan(2000 + BACKOFF_CAP_MS + SLACK_MS);
  });

  it('leaves no file behind with --out', async () => {
    const dir = tempDir();
    const result = await tix(['--timeout', '0.5', '--retries', '0', 'events', 'search', '--out', join(dir, 'events.csv')], {
      env: apiEnv(slow().url),
    });
    expectCleanFailure(result, 5, /timed out after 0\.5s/);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('Retry-After longer than tix will wait', () => {
  const limited = useSandbox({ events: 50, fault: 'rate-limit', retryAfter: '600' });
  it('gives up at once and says how long the API asked for', async () => {
    const result = await tix(['events', 'search'], { env: apiEnv(limited().url) });
    expectCleanFailure(result, 5, /rate limited by the API \(HTTP 429 from GET \/events\).*asked to wait 600s/);
    expect(result.ms).toBeLessThan(SLACK_MS);
  });
});

/**
 * A complete 200 that is not what the API promised: a proxy's HTML page (labelled text/html, or mislabelled
 * application/json) or JSON of the wrong shape. Retrying would get the same answer, so exactly one request.
 */
describe.each([
  [
    'an HTML page labelled text/html',
    'html',
    /expected JSON from GET \S+ but got text\/html \(HTTP 200\); is the base URL right, or is a proxy in the way\?/,
  ],
  // (Streamed sales details word the parser's complaint differently; both say what is wrong.)
  [
    'an HTML page labelled application/json',
    'not-json',
    /the response from GET \S+ is not valid JSON \(HTTP 200\): (it looks like an HTML page; is the base URL right, or is a proxy in the way\?|Unexpected token '<')/,
  ],
  ['JSON of the wrong shape', 'bad-shape', /unexpected response from GET \S+: "(events|data|salesDetails|salesData)" is not an array/],
] as const)('a 200 response that is %s', (_what, fault, message) => {
  const healthy = useSandbox({ seed: 5, events: 300 });
  const broken = useSandbox({ seed: 5, events: 300, fault });

  it.each(['events search', 'events search --all', 'events by-agent', 'inventory', 'sales summary', 'sales details'])(
    '%s: exits 1 with a message that says what was wrong, after one request',
    async (command) => {
      const args = {
        'events search': ['events', 'search'],
        'events search --all': ['events', 'search', '--all', '-o', 'csv'],
        'events by-agent': ['events', 'by-agent', 'ticketMaster', '--from', '2025-01-01'],
        inventory: ['inventory', 'TMUSA', ...tmusaIds(healthy(), 3)],
        'sales summary': ['sales', 'summary', await eventWithSales(healthy(), 1)],
        'sales details': ['sales', 'details', await eventWithSales(healthy(), 1), '-o', 'csv'],
      }[command]!;
      const before = broken().requests;
      const dir = tempDir();
      const result = await tix([...args, '--out', join(dir, 'out.json')], { env: apiEnv(broken().url) });
      expectCleanFailure(result, 1, message);
      expect(result.stderr).not.toMatch(/<html|<!DOCTYPE/i);
      // --all may have had further pages in flight (the default --concurrency) when the first answer came back; none was retried.
      const sent = broken().requests - before;
      if (command.endsWith('--all')) expect(sent).toBeLessThanOrEqual(SETTING_DEFAULTS.concurrency);
      else expect(sent).toBe(1);
      expect(existsSync(join(dir, 'out.json'))).toBe(false);
      expect(readdirSync(dir)).toEqual([]);
    },
  );
});
