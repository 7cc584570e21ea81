import { findAgent, TICKET_AGENTS, type TicketAgent } from '../../../api/agents.js';
import { UsageError } from '../../../shared/errors.js';
import { printable } from '../../../shared/printable.js';
import { parsePathSegment } from './ids.js';

/** A ticket agent by code or name, any case; anything else is a usage error naming the agents (exit 2). */
export function parseAgent(where: string, name: string): TicketAgent {
  const agent = findAgent(name);
  if (!agent)
    throw new UsageError(
      `${where}: '${printable(name)}' is not a ticket agent; agents: ${TICKET_AGENTS.map((a) => `${a.code} (${a.name})`).join(', ')}`,
    );
  return agent;
}

/**
 * An agent argument or flag that goes into a request's path: checked as a path segment (empty, `..`,
 * control characters), then against the agents tix knows, so an unknown agent is exit 2 before any request
 * rather than whatever the API answers. The text is returned as given (trimmed): the API reads codes and
 * names in any case, and messages echo what the user wrote.
 */
export function parseAgentSegment(where: string, raw: string): { given: string; agent: TicketAgent } {
  const given = parsePathSegment(where, raw);
  return { given, agent: parseAgent(where, given) };
}
