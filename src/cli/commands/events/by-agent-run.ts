import { TICKET_AGENTS } from '../../../api/agents.js';
import { ApiError, isNotFound } from '../../../api/errors.js';
import { ExitCode } from '../../../shared/errors.js';
import { listEventsByAgentLater } from '../../../api/events.js';
import type { Runtime } from '../../kit/runtime.js';
import { listEventPages } from './paged-events.js';
import type { PagingOptions } from '../../kit/paging.js';
import type { OutputOptions } from '../../kit/output-options.js';

export interface EventsByAgentOptions {
  agent: string;
  dateFrom?: string;
  dateTo?: string;
  eventName?: string;
  paging: PagingOptions;
  output: OutputOptions;
}

export async function runEventsByAgent(options: EventsByAgentOptions, rt: Runtime): Promise<void> {
  const client = await rt.client();
  const { paging, output, agent, ...query } = options;
  try {
    await listEventPages(rt, paging, output, (pageNumber, pageSize, signal) =>
      listEventsByAgentLater(client, agent, { ...query, pageNumber, pageSize }, { signal }),
    );
  } catch (error) {
    if (isNotFound(error)) {
      const known = TICKET_AGENTS.map((a) => a.name).join(', ');
      throw new ApiError(`agent '${agent}' not found (HTTP 404 from ${error.endpoint}); known agents: ${known}`, ExitCode.NOT_FOUND, {
        endpoint: error.endpoint,
        status: 404,
      });
    }
    throw error;
  }
}
