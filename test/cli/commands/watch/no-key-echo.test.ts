/**
 * `tix watch` never shows the API key, raw or encoded, on stdout or stderr: with --debug, when the key is
 * refused (the sandbox's 401; a server's 401 and 403 that quote the key), when polls fail with the key in
 * the server's message, and in a watch that works, is recorded, and stops after its polls. The key comes
 * from the environment, as test/security/secrets.test.ts gives it to every other command.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../../src/sandbox/index.js';
import { FIXED_NOW } from '../../../helpers/sandbox.js';
import { echoTheKey, expectNoLeak, KEY } from '../../../helpers/key-leaks.js';
import { runTix } from '../../../helpers/tix.js';
import { tempDir } from '../../../helpers/tix-env.js';
import { sendJson, startStubApi, type StubApi } from '../../../reliability/support/stub-api.js';

let accepting: Sandbox;
let refusing: Sandbox;
let hostile: StubApi;
/** Answers every request with `status`, quoting the key it was sent. */
let forbidding: StubApi;
let unauthorised: StubApi;
let event: { id: string; tmusa: string };

function quotingTheKey(status: number): Promise<StubApi> {
  return startStubApi({
    handle: (request, response) => {
      const key = String(request.headers['x-api-key'] ?? '');
      sendJson(response, status, { status, error: `key ${key} (${encodeURIComponent(key)}) may not do this` });
    },
  });
}

beforeAll(async () => {
  [accepting, refusing, hostile, forbidding, unauthorised] = await Promise.all([
    startSandbox({ now: FIXED_NOW, events: 100, seed: 4, extraApiKeys: [KEY] }),
    startSandbox({ now: FIXED_NOW, events: 100, seed: 4 }),
    echoTheKey(),
    quotingTheKey(403),
    quotingTheKey(401),
  ]);
  const found = accepting.events.find((e) => e.agentIds.TMUSA && Object.keys(e.agentIds).length >= 2)!;
  event = { id: found.id, tmusa: found.agentIds.TMUSA! };
});
afterAll(() => Promise.all([accepting, refusing, hostile, forbidding, unauthorised].map((server) => server?.close())));

const watch = (url: string, args: string[]) =>
  runTix(['--debug', '--retries', '1', 'watch', ...args], { env: { TIX_API_KEY: KEY, TIX_BASE_URL: url } });

describe('tix watch never echoes the key', () => {
  it('when the sandbox refuses it (401): exit 3', async () => {
    for (const target of [['TMUSA', 'G5v8HKyBKZbyJN'], ['evt_fnt7jz3fkx']]) {
      const result = await watch(refusing.url, [...target, '--count', '2', '--interval', '1s']);
      expect(result.code, result.stderr).toBe(3);
      expect(result.stderr).toMatch(/^tix: .*401/m);
      expectNoLeak(result, `watch ${target.join(' ')} with a refused key`);
    }
  });

  it.each([
    ['403', () => forbidding.url],
    ['401', () => unauthorised.url],
  ])('when a server refuses it with %s and quotes it: exit 3', async (status, url) => {
    for (const target of [['TMUSA', 'G5v8HKyBKZbyJN'], ['evt_fnt7jz3fkx']]) {
      const result = await watch(url(), [...target, '--count', '1']);
      expect(result.code, result.stderr).toBe(3);
      expect(result.stderr).toContain(`HTTP ${status}`);
      expectNoLeak(result, `watch ${target.join(' ')} against a ${status} that quotes the key`);
    }
  });

  it("when every poll fails with the key in the server's message: warnings with the key masked", async () => {
    const polls = await watch(hostile.url, ['TMUSA', 'G5v8HKyBKZbyJN', '--count', '2', '--interval', '1s']);
    expect(polls.code, polls.stderr).toBe(0);
    expect(polls.stderr).toMatch(/^tix: warning: poll 2: no inventory for TMUSA G5v8HKyBKZbyJN: .*key \*\*\* \(\*\*\*\) is not valid/m);
    expectNoLeak(polls, 'watch TMUSA against a server that echoes the key');

    const events = await watch(hostile.url, ['evt_fnt7jz3fkx', '--count', '1']);
    expect(events.code).toBe(1);
    expect(events.stderr).toMatch(/key \*\*\* \(\*\*\*\) is not valid/);
    expectNoLeak(events, 'watch evt_ against a server that echoes the key');
  });

  it('when it works: two polls, recorded, then stopped by --count', async () => {
    const db = join(tempDir(), 'watch.duckdb');
    for (const target of [['TMUSA', event.tmusa], [event.id]]) {
      const result = await watch(accepting.url, [...target, '--count', '2', '--interval', '1s', '--db', db]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/"type":"snapshot"/);
      // --debug traced the requests, so the key was there to leak.
      expect(result.stderr).toMatch(/GET http:\/\/\S+\/inventory\/TMUSA\//);
      expectNoLeak(result, `watch ${target.join(' ')} --db`);
    }
  });
});
