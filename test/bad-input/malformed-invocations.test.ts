/**
 * More than 100 malformed invocations. Each must exit 2 with one clear line on stderr and no stack trace;
 * where the input is in fact valid (an id the contract does not forbid, 10,000 ids, a leap day), it must
 * give the right result instead. Every run has a working base URL and key, so a usage error is about the
 * input and nothing else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { expectCleanFailure, expectNoStackTrace } from '../reliability/support/expect-output.js';
import { runTix as tix } from '../helpers/tix.js';
import { sandboxEnv as apiEnv } from '../helpers/tix-env.js';
import { ROWS } from './malformed-rows.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ events: 300, now: '2026-03-15T03:00:00Z' });
});
afterAll(() => sandbox.close());

describe.concurrent('malformed invocations', () => {
  it('are at least 100', () => {
    expect(ROWS.filter((row) => row.usage).length).toBeGreaterThanOrEqual(100);
  });

  it.for(ROWS)('$why', { timeout: 120_000 }, async (row) => {
    const result = await tix(row.args, {
      env: { ...apiEnv(sandbox.url), ...row.env },
      ...(row.input !== undefined ? { input: row.input } : {}),
      timeoutMs: 120_000,
    });
    expectNoStackTrace(result.stderr);
    if (row.usage) expectCleanFailure(result, 2, row.usage);
    else row.valid!(result);
  });
});
