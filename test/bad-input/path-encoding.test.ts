/**
 * Path segments are percent-encoded, so no id can change which endpoint is called. The proof: ids such as
 * `../../events` are sent by every command that puts a value in the path, and the sandbox's own request
 * log shows each arrived as one encoded segment of the intended route; none reached the event search.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { expectCleanFailure } from '../reliability/support/expect-output.js';
import { runTix as tix } from '../helpers/tix.js';
import { sandboxEnv as apiEnv } from '../helpers/tix-env.js';
import { COMMANDS, HOSTILE } from './path-cases.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ events: 100, now: '2026-03-15T03:00:00Z' });
});
afterAll(() => sandbox.close());

// Not concurrent: each test reads the part of the sandbox's log its own run wrote.
describe.each(COMMANDS)('$name', ({ value = (id: string) => id, args, route }) => {
  it.for(HOSTILE)('sends %j as one encoded segment of its own route', async (id) => {
    const before = sandbox.log.length;
    const result = await tix(args(value(id)), { env: apiEnv(sandbox.url) });
    // The API refuses the id (400) or finds nothing (404): a clean failure, and no data from another route.
    expect([1, 4]).toContain(result.code);
    expectCleanFailure(result, result.code!, /HTTP (400|404)/);

    // Before a 404 is believed, tix checks once that the base URL answers like the API (src/api/identity.ts):
    // that probe is not the id's request.
    const sent = sandbox.log.slice(before).filter((entry) => entry.path !== '/events?pageSize=1');
    expect(sent.length).toBeGreaterThan(0);
    for (const entry of sent) {
      expect(entry.path).toMatch(route);
      expect(entry.path).toContain(encodeURIComponent(value(id)));
      // A search would have been answered 200 with events; these were all refused.
      expect(entry.status).not.toBe(200);
    }
  });
});

describe('the sandbox decodes what tix sent back into the very same id', () => {
  it('an id of ../../events reaches the event-by-id route as that id, not the search', async () => {
    const before = sandbox.log.length;
    const result = await tix(['events', 'get', 'evt_../../events'], { env: apiEnv(sandbox.url) });
    expectCleanFailure(
      result,
      1,
      /HTTP 400 from GET \/events\/evt_\.\.%2F\.\.%2Fevents\): serviceEventId must be 'evt_' followed by letters and digits \(got 'evt_\.\.\/\.\.\/events'\)/,
    );
    expect(sandbox.log.slice(before).map((entry) => entry.path)).toEqual(['/events/evt_..%2F..%2Fevents']);
  });
});
