/**
 * An agent code tix does not know is bad input, not "not found": every command that takes an agent
 * (`events get --agent`, `events by-agent`, `inventory`, `watch`) says so in one line naming the flag or
 * argument, the value and the agents, exits 2, and sends no request. (The sandbox, like the API, would
 * answer such a request 404; tix never asks.)
 */
import { describe, expect, it } from 'vitest';
import { TICKET_AGENTS } from '../../../../src/api/agents.js';
import { useSandbox } from '../../../helpers/sandbox.js';
import { runTix } from '../../../helpers/tix.js';
import { sandboxEnv } from '../../../helpers/tix-env.js';

const sandbox = useSandbox({ now: '2026-06-15T12:00:00Z', events: 50, seed: 5 });
const AGENTS = TICKET_AGENTS.map((a) => `${a.code} (${a.name})`).join(', ');

// Not concurrent: each test counts the requests its own run sent.
describe('an unknown agent is a usage error, before any request', () => {
  it.each([
    [['events', 'get', '--agent', 'FOO', 'G5v8HKyBKZbyJN'], '--agent', 'FOO'],
    [['events', 'get', '--agent', 'ticketMastr', 'a,b', '-o', 'csv'], '--agent', 'ticketMastr'],
    [['events', 'by-agent', 'FOO'], '<agent>', 'FOO'],
    [['events', 'by-agent', '../../events', '--limit', '1'], '<agent>', '../../events'],
    [['inventory', 'NOPE', 'x1'], '<agent>', 'NOPE'],
    [['watch', 'TMUAS', 'G5v8HKyBKZbyJN', '--count', '1'], '<agent>', 'TMUAS'],
  ])('tix %j: exit 2, one line naming %s and %s', async (args, where, value) => {
    const before = sandbox().requests;
    const result = await runTix(args, { env: sandboxEnv(sandbox().url) });
    expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 2, stdout: '' });
    expect(result.stderr).toBe(`tix: ${where}: '${value}' is not a ticket agent; agents: ${AGENTS}\n`);
    expect(sandbox().requests).toBe(before);
  });

  it('a known agent by code or by name, in any case, is still asked', async () => {
    const event = sandbox().events.find((e) => e.agentIds.TMUSA)!;
    for (const agent of ['tmusa', 'TICKETMASTER']) {
      const get = await runTix(['events', 'get', '--agent', agent, event.agentIds.TMUSA!, '-o', 'json'], {
        env: sandboxEnv(sandbox().url),
      });
      expect(get.code, get.stderr).toBe(0);
      expect(JSON.parse(get.stdout).events.map((e: { id: string }) => e.id)).toEqual([event.id]);
    }
    // inventory asks by the agent's code, whatever name it was given as.
    const before = sandbox().log.length;
    const inventory = await runTix(['inventory', 'ticketMaster', event.agentIds.TMUSA!, '-o', 'json'], { env: sandboxEnv(sandbox().url) });
    expect(inventory.code, inventory.stderr).toBe(0);
    expect(
      sandbox()
        .log.slice(before)
        .map((entry) => entry.path),
    ).toEqual([`/inventory/TMUSA/${event.agentIds.TMUSA}`]);
  });
});
