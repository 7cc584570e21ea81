import { agentIdsOf } from '../../../api/agent-ids.js';
import { findAgent } from '../../../api/agents.js';
import { isNotFound } from '../../../api/errors.js';
import { getEvent } from '../../../api/events.js';
import { eventsByAgentIdBatches } from '../../../recording/event-records.js';
import type { EventListing } from '../../../api/types.js';
import { ExitCode, TixError } from '../../../shared/errors.js';
import { mapSettled } from '../../../shared/concurrency.js';
import type { Runtime } from '../../kit/runtime.js';
import { writeEventPages } from './write-event-pages.js';
import type { OutputOptions } from '../../kit/output-options.js';
import { messageOf } from '../../../shared/message-of.js';

export interface EventsGetOptions {
  ids: string[];
  /** When set, the ids are this agent's own event ids. */
  agent?: string;
  /** Print the events found when some ids are not (exit 1), instead of nothing (exit 4). */
  partial: boolean;
  concurrency: number;
  output: OutputOptions;
}

/** What came back for the ids asked: the events in the order asked, and the ids that got none. */
interface Lookup {
  events: EventListing[];
  notFound: string[];
  /** Ids not found that cannot be named: the API's listings did not carry the agent's ids to match. */
  unnamedNotFound: number;
  /** Ids whose request failed otherwise (after retries), with the first such error. */
  failed: { ids: string[]; error: unknown } | undefined;
}

/**
 * All or nothing, for service ids and agent ids alike: an id not found fails the command (exit 4, nothing
 * printed) rather than printing a list that looks complete; --partial prints what was found and exits 1.
 * JSON is always `{"events":[...]}`, however many ids were given.
 */
export async function runEventsGet(options: EventsGetOptions, rt: Runtime): Promise<number> {
  const lookup = options.agent === undefined ? await byServiceIds(options, rt) : await byAgentIds(options.agent, options, rt);
  const what = options.agent === undefined ? 'no event found for' : `no ${options.agent} event found for`;
  const total = options.ids.length;
  const notFound = [
    ...(lookup.notFound.length > 0 ? [describeIds(lookup.notFound, total)] : []),
    ...(lookup.unnamedNotFound > 0 ? [`${lookup.unnamedNotFound} of ${total} ids (the API's listings do not say which)`] : []),
  ].join(' and ');

  if (!options.partial) {
    if (lookup.failed) throw lookup.failed.error;
    if (notFound !== '')
      throw new TixError(`${what} ${notFound}; nothing was printed (--partial prints the events found)`, ExitCode.NOT_FOUND);
  }

  await writeEventPages(rt, options.output, single(lookup.events));

  if (notFound !== '') rt.warn(`${what} ${notFound}`);
  if (lookup.failed) rt.warn(`could not fetch ${describeIds(lookup.failed.ids, total)}: ${messageOf(lookup.failed.error)}`);
  return notFound !== '' || lookup.failed ? ExitCode.ERROR : ExitCode.OK;
}

/** GET /events/{id} for each id, --concurrency at a time; all are asked, so the error names every id not found. */
async function byServiceIds(options: EventsGetOptions, rt: Runtime): Promise<Lookup> {
  const client = await rt.client();
  const settled = await mapSettled(options.ids, options.concurrency, (id) => getEvent(client, id, { signal: rt.signal }), {
    stopOnFailure: false,
  });
  const lookup: Lookup = { events: [], notFound: [], unnamedNotFound: 0, failed: undefined };
  settled.forEach((s, i) => {
    if (s.ok) lookup.events.push(s.value);
    else addFailure(lookup, [options.ids[i]!], s.error);
  });
  return lookup;
}

/** GET /events/{agent}/{ids} in batches; an id is found when an event answered carries it as that agent's id. */
async function byAgentIds(agent: string, options: EventsGetOptions, rt: Runtime): Promise<Lookup> {
  const client = await rt.client();
  const code = findAgent(agent)?.code ?? agent.toUpperCase();
  const asked = await eventsByAgentIdBatches(client, agent, options.ids, { concurrency: options.concurrency, signal: rt.signal });
  const lookup: Lookup = { events: [], notFound: [], unnamedNotFound: 0, failed: undefined };
  for (const { batch, outcome } of asked) {
    if (!outcome.ok) {
      addFailure(lookup, batch, outcome.error);
      continue;
    }
    lookup.events.push(...outcome.value.events);
    const answered = new Set(outcome.value.events.map((event) => agentIdsOf(event).get(code)));
    // Listings without the agent's ids still say how many were found, if not which.
    if (answered.has(undefined)) lookup.unnamedNotFound += Math.max(0, batch.length - outcome.value.events.length);
    else lookup.notFound.push(...batch.filter((id) => !answered.has(id)));
  }
  return lookup;
}

/** A 404 is an id not found; anything else a failed request, of which the first is kept to report. */
function addFailure(lookup: Lookup, ids: string[], error: unknown): void {
  if (isNotFound(error)) lookup.notFound.push(...ids);
  else if (lookup.failed) lookup.failed.ids.push(...ids);
  else lookup.failed = { ids: [...ids], error };
}

function describeIds(ids: readonly string[], total: number): string {
  const shown = ids.slice(0, 10).join(', ');
  return `${ids.length === 1 ? 'id' : 'ids'} ${shown}${ids.length > 10 ? ', …' : ''} (${ids.length} of ${total})`;
}

async function* single(events: EventListing[]): AsyncGenerator<EventListing[]> {
  yield events;
}
