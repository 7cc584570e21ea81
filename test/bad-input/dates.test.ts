/**
 * Every flag that takes a date or a time reads it with one strict parser: a date that is not in the
 * calendar (2026-02-30), a time past 23:59:59, or a zone offset beyond ±14:00 is a usage error naming the
 * flag and the accepted forms (exit 2), never `unexpected error: Invalid time value`, and never a date
 * quietly rolled over into the next month.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { expectCleanFailure } from '../reliability/support/expect-output.js';
import { runTix as tix } from '../helpers/tix.js';
import { sandboxEnv as apiEnv } from '../helpers/tix-env.js';
import { BAD_VALUES, DATE_FLAGS } from './date-cases.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ events: 1200, now: '2026-03-15T03:00:00Z' });
});
afterAll(() => sandbox.close());

const ACCEPTED =
  /\(use YYYY-MM-DD, an ISO 8601 date-time such as 2026-01-01T10:00:00Z .*offsets up to ±14:00.*today, yesterday, tomorrow, or a relative date like -7d/;

async function expectRefused(flag: string, args: string[], value: string): Promise<void> {
  const result = await tix(args, { env: apiEnv(sandbox.url) });
  expectCleanFailure(result, 2, new RegExp(`^tix: ${flag}: '${value.replace('+', '\\+')}' is not a date `));
  expect(result.stderr).toMatch(ACCEPTED);
  expect(result.stderr).not.toMatch(/unexpected error|Invalid time value/);
}

it.each(DATE_FLAGS)(
  '%s of %j refuses an offset of 25 hours: exit 2 naming the flag and the accepted forms',
  async (flag, before, after) => {
    await expectRefused(flag, [...before, '2026-01-01T10:00:00+25:00', ...after], '2026-01-01T10:00:00+25:00');
  },
);

it.each(BAD_VALUES)('--date-start refuses %s: exit 2 naming the flag and the accepted forms', async (_why, value) => {
  await expectRefused('--date-start', ['events', 'search', '--date-start', value], value);
});

describe('tix sandbox --now', () => {
  it.each([
    ['2026-02-30', 'an impossible date (once rolled over into March)'],
    ['2026-02-30T12:00:00Z', 'an impossible date with a time'],
    ['2026-06-01T12:00:00+25:00', 'an offset of 25 hours'],
    ['2026-06-01T25:00:00Z', 'hour 25'],
  ])('refuses %s (%s): exit 2 naming --now and the accepted forms, no sandbox started', async (value) => {
    const result = await tix(['sandbox', '--events', '10', '--now', value], { timeoutMs: 15_000 });
    expectCleanFailure(
      result,
      2,
      /^tix: --now must be an ISO 8601 date-time such as 2026-06-01T12:00:00Z .*offsets up to ±14:00.*or YYYY-MM-DD/,
    );
    expect(result.stderr).toContain(`not '${value}'`);
    expect(result.stderr).not.toMatch(/listening/);
  });
});

describe('valid dates still work', () => {
  it('an offset without a colon means the same instant as the UTC time', async () => {
    const withOffset = await tix(
      ['events', 'search', '--date-start', '2026-04-01T10:00:00+0530', '--date-end', '2026-04-20', '--all', '-o', 'csv', '--fields', 'id'],
      { env: apiEnv(sandbox.url) },
    );
    const inUtc = await tix(
      ['events', 'search', '--date-start', '2026-04-01T04:30:00Z', '--date-end', '2026-04-20', '--all', '-o', 'csv', '--fields', 'id'],
      { env: apiEnv(sandbox.url) },
    );
    expect(withOffset.code, withOffset.stderr).toBe(0);
    expect(inUtc.code, inUtc.stderr).toBe(0);
    expect(withOffset.stdout.split('\r\n').length).toBeGreaterThan(2);
    expect(withOffset.stdout).toBe(inUtc.stdout);
  });

  it('a leap day in a leap year is a date', async () => {
    const result = await tix(['events', 'search', '--on', '2028-02-29', '-o', 'csv', '--fields', 'id'], { env: apiEnv(sandbox.url) });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^id\r\n/);
  });
});
