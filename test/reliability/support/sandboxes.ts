/**
 * Sandboxes for fault tests. A faulty sandbox is paired with a healthy twin (same seed, same clock): what
 * tix prints against the twin is, byte for byte, what "complete and correct" means under the fault.
 */
import { afterAll, beforeAll } from 'vitest';
import { type Sandbox, type SandboxOptions, startSandbox } from '../../../src/sandbox/index.js';
import { apiGet } from '../../helpers/api.js';

export type { Sandbox, SandboxOptions };

/** A fixed clock, so inventory (which changes every 15 minutes) is the same in both twins. */
export const CLOCK = '2026-03-15T03:00:00Z';

/** Starts a sandbox for the enclosing describe block (or file) and closes it afterwards. */
export function useSandbox(options: SandboxOptions): () => Sandbox {
  let sandbox: Sandbox | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox({ now: CLOCK, ...options });
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  return () => {
    if (!sandbox) throw new Error('sandbox not started: call useSandbox() at describe level');
    return sandbox;
  };
}

/** Ticketmaster ids of the first `count` events that have one. */
export function tmusaIds(sandbox: Sandbox, count: number): string[] {
  const ids = sandbox.events.flatMap((e) => (e.agentIds.TMUSA ? [e.agentIds.TMUSA] : []));
  if (ids.length < count) throw new Error(`only ${ids.length} events have a TMUSA id`);
  return ids.slice(0, count);
}

/** The StubHub id of an event with at least `minDays` days of sales (asked of a healthy sandbox). */
export async function eventWithSales(healthy: Sandbox, minDays = 10): Promise<string> {
  const now = new Date(healthy.now()).toISOString();
  for (const event of healthy.events) {
    if (event.publicSaleDate > now) continue;
    const { status, body } = await apiGet(healthy.url, `/events/stubhub/${event.stubhubId}/sales-summary`);
    if (status === 200 && body.salesData.length >= minDays) return event.stubhubId;
  }
  throw new Error('no event with enough sales');
}

/** Statuses the sandbox sent, from its request log. */
export function statuses(sandbox: Sandbox, from = 0): number[] {
  return sandbox.log.slice(from).map((entry) => entry.status);
}
