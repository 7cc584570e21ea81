import type { ApiClient, RequestInit } from './client.js';
import { type DeferredEventsPage, deferredEventsPage, emptyPage } from './events-stream.js';
import { isNotFound } from './errors.js';
import { confirmTheApi, explainNotFound, vouchFor } from './identity.js';
import { expectEvent, expectEventList, isObject, shapeError } from './shape.js';
import type { EventListing, EventsResponse } from './types.js';
import { endpointFor, type Query } from './url.js';

/** Seed 4.1, under the contract's own query names. Enums are their numbers; dates are passed as given. */
export interface EventSearchParams {
  type?: number;
  category?: number;
  date?: number;
  sortBy?: number;
  direction?: number;
  dateStart?: string;
  dateEnd?: string;
  /** The IANA time zone used to read dates (the contract calls it `q`). */
  q?: string;
  /** `%` is the wildcard. */
  name?: string;
  venue?: string;
  city?: string;
  state?: string;
  country?: string;
  password?: string;
  omit?: string;
  ticketAgent?: string;
  eventSearchSpecifiedDate?: string;
  eventSearchSpecifiedDateEnding?: string;
  pageNumber?: number;
  pageSize?: number;
}

// The list of names that go on the wire. Copying by name, not spreading, keeps anything else a caller's
// object happens to carry out of the URL.
const SEARCH_PARAMS = [
  'type',
  'category',
  'date',
  'sortBy',
  'direction',
  'dateStart',
  'dateEnd',
  'q',
  'name',
  'venue',
  'city',
  'state',
  'country',
  'password',
  'omit',
  'ticketAgent',
  'eventSearchSpecifiedDate',
  'eventSearchSpecifiedDateEnding',
  'pageNumber',
  'pageSize',
] as const satisfies readonly (keyof EventSearchParams)[];

/**
 * GET /events, a page at a time: the page is read now and parsed when its turn comes (see
 * events-stream.ts), so pages fetched ahead wait as bytes instead of parsed objects, which keeps a long
 * export's memory down (see BENCHMARKS.md). The contract answers 404 when nothing matches: for a search
 * that is an empty page, once the base URL is known to be the API's (identity.ts), checked when the page's
 * turn comes so that pages fetched past the end cost nothing.
 */
export async function searchEventsLater(client: ApiClient, params: EventSearchParams, init?: RequestInit): Promise<DeferredEventsPage> {
  const query: Query = {};
  for (const name of SEARCH_PARAMS) query[name] = params[name];
  try {
    return deferredEventsPage(await client.getBody(['events'], query, init), () => vouchFor(client));
  } catch (error) {
    if (isNotFound(error)) return emptyPage(() => confirmTheApi(client));
    throw error;
  }
}

/** GET /events/{serviceEventId}: one event by the service's own id (evt_...). */
export async function getEvent(client: ApiClient, serviceEventId: string, init?: RequestInit): Promise<EventListing> {
  const path = ['events', serviceEventId];
  const body = await explainNotFound(client, client.get<unknown>(path, undefined, init), `event ${serviceEventId} not found`);
  return expectEvent(body, endpointFor(path), 'the event');
}

/**
 * GET /events/{agent}/{id,id,...}: events by the agent's own ids, in one request. The contract says only
 * "event listing data", so `{ events: [...] }`, a bare array and a single listing are all accepted and
 * given the list shape; other top-level fields of an object answer are kept.
 */
export async function getEventsByAgentIds(
  client: ApiClient,
  agent: string,
  agentIds: readonly string[],
  init?: RequestInit,
): Promise<EventsResponse> {
  const path = ['events', agent, agentIds];
  const body = await explainNotFound(
    client,
    client.get<unknown>(path, undefined, init),
    `no ${agent} event found for id ${agentIds.join(', ')}`,
  );
  const endpoint = endpointFor(path);
  if (Array.isArray(body)) return expectEventList({ events: body }, endpoint);
  if (!isObject(body)) throw shapeError(endpoint, 'expected a JSON object or array');
  if ('events' in body) return expectEventList(body, endpoint);
  return { events: [expectEvent(body, endpoint, 'the event')] };
}

export interface EventsByAgentParams {
  dateFrom?: string;
  dateTo?: string;
  /** `%` is the wildcard. */
  eventName?: string;
  pageNumber?: number;
  pageSize?: number;
}

/**
 * GET /events/{agent}: an agent's events, a page at a time, read now and parsed when its turn comes, as
 * searchEventsLater's. 404 means the agent is unknown (exit 4).
 */
export async function listEventsByAgentLater(
  client: ApiClient,
  agent: string,
  params: EventsByAgentParams = {},
  init?: RequestInit,
): Promise<DeferredEventsPage> {
  const { dateFrom, dateTo, eventName, pageNumber, pageSize } = params;
  const path = ['events', agent];
  const body = await explainNotFound(
    client,
    client.getBody(path, { dateFrom, dateTo, eventName, pageNumber, pageSize }, init),
    `agent ${agent} not found`,
  );
  // A later page's 404 (the end) needs no probe once a page has been read whole.
  return deferredEventsPage(body, () => vouchFor(client));
}
