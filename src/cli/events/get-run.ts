import { getEvent, getEventsByAgentIds } from '../../api/events.js';
import type { EventListing } from '../../api/types.js';
import { mapConcurrent } from '../concurrency.js';
import { prettyJson, withSink, writeJson } from '../present.js';
import type { Runtime } from '../runtime.js';
import type { EventsGetOptions } from './get.js';
import { writeEventPages } from './write-event-pages.js';

/** How many agent ids go in one /events/{agent}/{ids} request; the contract sets no limit, so stay modest. */
const AGENT_IDS_PER_REQUEST = 50;

export async function runEventsGet(options: EventsGetOptions, rt: Runtime): Promise<void> {
  const client = await rt.client();
  const { output } = options;

  if (options.agent === undefined) {
    // All or nothing: a missing id fails the command (exit 4) rather than printing a list that looks complete.
    const events = await mapConcurrent(options.ids, options.concurrency, (id) => getEvent(client, id, { signal: rt.signal }));
    if (events.length === 1 && output.format === 'json' && output.fields === undefined) {
      await withSink(rt, output, (sink) => writeJson(sink, events[0], prettyJson(rt, output)));
      return;
    }
    await writeEventPages(rt, output, single(events));
    return;
  }

  const agent = options.agent;
  const batches: string[][] = [];
  for (let i = 0; i < options.ids.length; i += AGENT_IDS_PER_REQUEST) batches.push(options.ids.slice(i, i + AGENT_IDS_PER_REQUEST));
  const responses = await mapConcurrent(batches, options.concurrency, (batch) => getEventsByAgentIds(client, agent, batch, { signal: rt.signal }));
  if (responses.length === 1 && output.format === 'json' && output.fields === undefined) {
    await withSink(rt, output, (sink) => writeJson(sink, responses[0], prettyJson(rt, output)));
  } else {
    await writeEventPages(rt, output, single(responses.flatMap((r) => r.events)));
  }
  const found = responses.reduce((n, r) => n + r.events.length, 0);
  if (found < options.ids.length) rt.warn(`${options.ids.length - found} of ${options.ids.length} ids matched no event of ${agent}`);
}

async function* single(events: EventListing[]): AsyncGenerator<EventListing[]> {
  yield events;
}
