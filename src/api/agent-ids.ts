import { ExactNumber } from '../shared/exact-number.js';
import { findAgent } from './agents.js';
import type { EventListing } from './types.js';

/**
 * The agents that list an event, and each one's own id for it: ticket agent code (upper case) -> id.
 *
 * The contract documents only `id` and `name` for an event listing; the sandbox (and, we assume, the real
 * API) adds a map `agentIds` keyed by agent code. This is the one function that reads it, so a different
 * shape from the real API is a change here and nowhere else. Keys given as agent type names
 * (`ticketMaster`) are accepted and turned into codes; unknown agents are kept, upper-cased, because the
 * contract says the list of agents comes from a separate endpoint and may grow.
 */
export function agentIdsOf(event: EventListing): Map<string, string> {
  const ids = new Map<string, string>();
  const raw = event.agentIds;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return ids;
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    // A numeric id keeps its digits where the run kept them (ExactNumber's text is the API's).
    const id = typeof value === 'number' || value instanceof ExactNumber ? String(value) : value;
    if (typeof id !== 'string' || id.trim() === '') continue;
    ids.set(findAgent(key)?.code ?? key.toUpperCase(), id.trim());
  }
  return ids;
}
