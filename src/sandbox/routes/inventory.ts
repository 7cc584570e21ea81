/**
 * GET /inventory/{ticketAgent}/{ids} (seed 4.5). The agent is a code or name, any case, echoed as the
 * upper-case code. One `data` element per requested id, in the order asked; an id the agent does not list
 * gets `sections: []`. `timestamp` is the start of the current 15-minute refresh slot. An agent named in
 * the failAgents option answers 503, as the contract's inventory 503 (seed 7), to every request.
 */
import { findAgent, AGENT_CODES } from '../../api/agents.js';
import { INVENTORY_IDS_MAX } from '../../api/enums.js';
import type { InventoryEvent } from '../../api/types.js';
import { REFRESH_MS, refreshSlot } from '../data/inventory.js';
import { HttpError, notFound, quote } from '../errors.js';
import { isoSeconds } from '../time.js';
import { type Reply, type RouteRequest, ok } from './context.js';
import { idList } from './events.js';

export function inventory(request: RouteRequest, agentName: string, idsText: string): Reply {
  const agent = findAgent(agentName);
  if (!agent) throw notFound(`ticket agent ${quote(agentName)} not recognized; codes are ${AGENT_CODES.join(', ')}`);
  if (request.app.failingAgents.has(agent.code))
    throw new HttpError(503, `Inventory service for ${agent.code} temporarily unavailable (sandbox failAgents)`);
  const ids = idList(idsText, INVENTORY_IDS_MAX, 'event ids');
  const { store, inventory: generator } = request.app;
  const agentIndex = store.agentIndex(agent.code);
  const slot = refreshSlot(request.now);
  const data: InventoryEvent[] = ids.map((eventId) => {
    const event = store.byAgentId(agentIndex, eventId);
    return { eventId, ticketAgent: agent.code, sections: event ? generator.listings(event, agentIndex, eventId, slot) : [] };
  });
  return ok({ data, timestamp: isoSeconds(slot * REFRESH_MS) }, 'inventory');
}
