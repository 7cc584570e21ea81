import { findAgent, TICKET_AGENTS, type TicketAgent } from '../../../api/agents.js';
import { UsageError } from '../../../shared/errors.js';
import { printable } from '../../../shared/printable.js';

/** A ticket agent by code or name, any case; anything else is a usage error naming the agents (exit 2). */
export function parseAgent(where: string, name: string): TicketAgent {
  const agent = findAgent(name);
  if (!agent)
    throw new UsageError(
      `${where}: '${printable(name)}' is not a ticket agent; agents: ${TICKET_AGENTS.map((a) => `${a.code} (${a.name})`).join(', ')}`,
    );
  return agent;
}
