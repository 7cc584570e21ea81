/**
 * Event endpoints (seed 4.1-4.4).
 *
 * Decisions where the contract is silent:
 * - `/events/{x}` is the service-id lookup when x starts with `evt_`, otherwise the events of agent x.
 * - `type` chooses which date the date filters (`date`, `dateStart`, `dateEnd`) apply to: 0 presale,
 *   1 public sale, 2 event date (default), 4 presale or public sale, 5 "post sale" = the event was on
 *   general sale during the range (public sale before the range ends, event after it starts), 14 presale
 *   or post sale = on sale in any form during the range (presale before the range ends, event after it
 *   starts), 17 "just added" = the date the event was added. Without date filters `type` changes nothing.
 * - Date presets are calendar days in time zone `q` (default UTC): Today, Tomorrow, Yesterday; Next N
 *   days = today and the N-1 days after; Past N days/months/year = that many days/months before today,
 *   excluding today; Future including Today = from the start of today; Future = from the start of tomorrow;
 *   Past = before the start of today; This Week = Sunday through Saturday of the current week.
 * - `dateStart`/`dateEnd`: a date (whole day, in `q`) or a date-time (in `q` unless it has Z or an offset);
 *   both bounds inclusive; combined with `date` they narrow it further.
 * - `eventSearchSpecifiedDate`/`eventSearchSpecifiedDateEnding` are YYYY-MM-DD (days in `q`).
 * - `name`, `venue`, `city`: case- and accent-insensitive; `%` is a wildcard over the whole value, and
 *   without `%` the text matches anywhere in the value. `state`, `country`: whole value, any case
 *   (country codes US, CA, GB; UK and USA are accepted as aliases).
 * - `ticketAgent`: an agent code or name (any case); only events that agent lists.
 * - `omit`: comma-separated listing fields to leave out of each event (any but id and name).
 * - `password`: accepted and ignored (the sandbox has no protected events).
 * - Sorting ties (and every order) are broken by id, ascending, in both directions.
 * - A search page with no events is 404 (the contract's "events not found"); an agent's events page past
 *   the end is 200 with an empty list.
 * - `/events/{agent}/{ids}` always answers `{ events: [...] }` in the order asked (duplicates once),
 *   404 when none is found, at most 100 ids.
 */
import { TICKET_AGENTS, findAgent, type TicketAgent } from '../../api/agents.js';
import {
  EVENT_CATEGORY,
  EVENT_SEARCH_DATE,
  EVENT_SEARCH_SORT_BY,
  EVENT_SEARCH_TYPE,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  SORT_DIRECTION,
  SPECIFIED_DATE,
  SPECIFIED_DATE_RANGE,
} from '../../api/enums.js';
import type { EventListing } from '../../api/types.js';
import { LISTING_FIELDS, type SandboxEvent, listing, listingJson } from '../data/events.js';
import { SORT_EVENT_DATE, type SortOrder } from '../data/store.js';
import { badRequest, notFound, quote } from '../errors.js';
import type { Query } from '../query.js';
import { DAY, addMonths, localDay, localDayStart, weekday } from '../time.js';
import { gzip } from 'node:zlib';
import { Lru } from '../lru.js';
import { type Reply, type RouteRequest, ok } from './context.js';
import { exactMatcher, textMatcher } from './match.js';

export const PAGE_NUMBER_MAX = 2_147_483_647;
export const AGENT_IDS_MAX = 100;

const TYPE_PRESALE = 0;
const TYPE_PUBLIC_SALE = 1;
const TYPE_EVENT = 2;
const TYPE_PRESALE_OR_PUBLIC = 4;
const TYPE_POST_SALE = 5;
const TYPE_PRESALE_OR_POST = 14;
const TYPE_JUST_ADDED = 17;

interface Range {
  from: number;
  /** Exclusive. */
  to: number;
}

/** The instants a `date` preset covers, in time zone `zone`, on the clock `now`. */
export function presetRange(preset: number, now: number, zone: string, specified?: number, specifiedEnd?: number): Range {
  const today = localDay(zone, now);
  const start = (day: number) => localDayStart(zone, day);
  const next = (days: number): Range => ({ from: start(today), to: start(today + days) });
  const past = (fromDay: number): Range => ({ from: start(fromDay), to: start(today) });
  switch (preset) {
    case 0:
      return { from: start(today), to: start(today + 1) };
    case 1:
      return { from: start(today + 1), to: start(today + 2) };
    case 2:
      return { from: start(today - 1), to: start(today) };
    case 3:
      return { from: start(today), to: Infinity };
    case 19:
      return { from: start(today + 1), to: Infinity };
    case 7:
      return next(3);
    case 8:
      return next(7);
    case 9:
      return next(10);
    case 10:
      return next(14);
    case 11:
      return next(30);
    case 4:
      return { from: -Infinity, to: start(today) };
    case 12:
      return past(today - 7);
    case 5:
      return past(today - 30);
    case 16:
      return past(addMonths(today, -3));
    case 17:
      return past(addMonths(today, -6));
    case 18:
      return past(addMonths(today, -12));
    case SPECIFIED_DATE:
      return { from: start(specified as number), to: start((specified as number) + 1) };
    case SPECIFIED_DATE_RANGE:
      return { from: start(specified as number), to: start((specifiedEnd as number) + 1) };
    case 14: {
      const sunday = today - weekday(today);
      return { from: start(sunday), to: start(sunday + 7) };
    }
    default:
      return { from: -Infinity, to: Infinity };
  }
}

type Test = (event: SandboxEvent) => boolean;

function dateTest(type: number, range: Range): Test | undefined {
  const { from, to } = range;
  if (from === -Infinity && to === Infinity) return undefined;
  const inRange = (t: number) => t >= from && t < to;
  switch (type) {
    case TYPE_PRESALE:
      return (e) => inRange(e.presaleTime);
    case TYPE_PUBLIC_SALE:
      return (e) => inRange(e.publicSaleTime);
    case TYPE_PRESALE_OR_PUBLIC:
      return (e) => inRange(e.presaleTime) || inRange(e.publicSaleTime);
    case TYPE_POST_SALE:
      return (e) => e.publicSaleTime < to && e.eventTime >= from;
    case TYPE_PRESALE_OR_POST:
      return (e) => e.presaleTime < to && e.eventTime >= from;
    case TYPE_JUST_ADDED:
      return (e) => inRange(e.addedTime);
    default: // TYPE_EVENT, and the API's default
      return (e) => inRange(e.eventTime);
  }
}

function agentParam(query: Query, name: string): TicketAgent | undefined {
  const text = query.get(name);
  if (text === undefined) return undefined;
  const agent = findAgent(text.trim());
  if (!agent) throw badRequest(`${name} must be an agent code or name such as TMUSA or ticketMaster (got ${quote(text)})`);
  return agent;
}

const OMITTABLE = LISTING_FIELDS.filter((field) => field !== 'id' && field !== 'name');

function omitParam(query: Query): Set<string> | undefined {
  const text = query.get('omit');
  if (text === undefined) return undefined;
  const omit = new Set<string>();
  for (const raw of text.split(',')) {
    const wanted = raw.trim().toLowerCase();
    if (wanted === '') continue;
    if (wanted === 'id' || wanted === 'name') throw badRequest('omit cannot remove id or name');
    const field = OMITTABLE.find((f) => f.toLowerCase() === wanted);
    if (!field) throw badRequest(`omit must be a comma-separated list of ${OMITTABLE.join(', ')} (got ${quote(raw.trim())})`);
    omit.add(field);
  }
  return omit;
}

/** Walks an order (forward, or backward by runs of equal keys so ties stay id-ascending) and pages the matches. */
function page(
  events: readonly SandboxEvent[],
  order: SortOrder,
  descending: boolean,
  tests: readonly Test[],
  pageNumber: number,
  pageSize: number,
): { found: SandboxEvent[]; matched: number } {
  const skip = (pageNumber - 1) * pageSize;
  const found: SandboxEvent[] = [];
  let matched = 0;
  const visit = (position: number): boolean => {
    const event = events[order.indexes[position] as number] as SandboxEvent;
    for (const test of tests) if (!test(event)) return false;
    matched++;
    if (matched > skip) found.push(event);
    return found.length >= pageSize;
  };
  const count = order.indexes.length;
  if (!descending) {
    for (let i = 0; i < count; i++) if (visit(i)) break;
  } else {
    let end = count - 1;
    outer: while (end >= 0) {
      const key = order.keys[end];
      let start = end;
      while (start > 0 && order.keys[start - 1] === key) start--;
      for (let i = start; i <= end; i++) if (visit(i)) break outer;
      end = start - 1;
    }
  }
  return { found, matched };
}

const EVENTS_OPEN = Buffer.from('{"events":[');
const EVENTS_CLOSE = Buffer.from(']}');
const COMMA = Buffer.from(',');

/**
 * Each listing's JSON, encoded on first use and kept: the data never changes, and re-encoding every
 * listing of every page made a bulk export's deep pages cost the sandbox ~100 ms each, so that benchmarks
 * of clients measured the sandbox instead (npm run bench). A page is then one copy of its listings' bytes.
 */
const encodedListings = new WeakMap<SandboxEvent, Buffer>();

function encodedListing(event: SandboxEvent): Buffer {
  let encoded = encodedListings.get(event);
  if (!encoded) {
    encoded = Buffer.from(listingJson(event));
    encodedListings.set(event, encoded);
  }
  return encoded;
}

/**
 * gzip of large pages, kept for the next request of the same page: compressing a 5,000-event page costs
 * the sandbox ~25 ms of CPU, which on a small machine comes out of the client being benchmarked. A gzip
 * body may be several members, so the reply is this cached member and a fresh one for an empty tail
 * (http.ts). Bounded: at most this many pages of ~600 KB.
 */
const pageGzip = new Lru<string, Promise<Buffer>>(128);
const CACHED_GZIP_MIN_EVENTS = 1_000;
const EMPTY = Buffer.alloc(0);

function cachedGzip(events: readonly SandboxEvent[], body: Buffer): () => Promise<Buffer> {
  return () => {
    const key = events.map((event) => event.index).join(',');
    let compressed = pageGzip.get(key);
    if (!compressed) {
      compressed = new Promise((resolve, reject) => gzip(body, { level: 1 }, (error, result) => (error ? reject(error) : resolve(result))));
      pageGzip.set(key, compressed);
    }
    return compressed;
  };
}

/** `{ events: [...] }`, serialised by hand on the common path (objects only when fields are omitted). */
function eventsReply(events: readonly SandboxEvent[], omit?: ReadonlySet<string>): Reply {
  if (omit && omit.size > 0) return ok({ events: events.map((event): EventListing => listing(event, omit)) }, 'events');
  const parts: Buffer[] = [EVENTS_OPEN];
  for (let i = 0; i < events.length; i++) {
    if (i > 0) parts.push(COMMA);
    parts.push(encodedListing(events[i] as SandboxEvent));
  }
  parts.push(EVENTS_CLOSE);
  const body = Buffer.concat(parts);
  if (events.length < CACHED_GZIP_MIN_EVENTS) return { status: 200, shape: 'events', chunks: [body] };
  return { status: 200, shape: 'events', chunks: [body, EMPTY], gzipHead: cachedGzip(events, body) };
}

/** GET /events (seed 4.1). */
export function searchEvents(request: RouteRequest): Reply {
  const { query, now, app } = request;
  const zone = query.timeZone('q');
  const type = query.enumValue('type', EVENT_SEARCH_TYPE, TYPE_EVENT) as number;
  const category = query.enumValue('category', EVENT_CATEGORY, 0) as number;
  const preset = query.enumValue('date', EVENT_SEARCH_DATE, undefined);
  const sortBy = query.enumValue('sortBy', EVENT_SEARCH_SORT_BY, SORT_EVENT_DATE) as number;
  const direction = query.enumValue('direction', SORT_DIRECTION, 0) as number;
  const pageNumber = query.int('pageNumber', 1, PAGE_NUMBER_MAX, 1);
  const pageSize = query.int('pageSize', 1, PAGE_SIZE_MAX, PAGE_SIZE_DEFAULT);
  const dateStart = query.dateTime('dateStart', zone);
  const dateEnd = query.dateTime('dateEnd', zone);
  const specified = query.date('eventSearchSpecifiedDate');
  const specifiedEnd = query.date('eventSearchSpecifiedDateEnding');
  const agent = agentParam(query, 'ticketAgent');
  const omit = omitParam(query);
  query.get('password'); // accepted, no effect: the sandbox has no password-protected events

  if (preset === SPECIFIED_DATE && specified === undefined) {
    throw badRequest('eventSearchSpecifiedDate (YYYY-MM-DD) is required when date is 6 (Specified Date)');
  }
  if (preset === SPECIFIED_DATE_RANGE && (specified === undefined || specifiedEnd === undefined)) {
    throw badRequest(
      'eventSearchSpecifiedDate and eventSearchSpecifiedDateEnding (YYYY-MM-DD) are both required when date is 13 (Specified Date Range)',
    );
  }
  if (preset === SPECIFIED_DATE_RANGE && (specifiedEnd as number) < (specified as number)) {
    throw badRequest('eventSearchSpecifiedDateEnding must not be before eventSearchSpecifiedDate');
  }

  // dateEnd is inclusive: a bare date runs through the end of that day.
  const endExclusive = dateEnd && (dateEnd.day !== undefined ? localDayStart(zone, dateEnd.day + 1) : dateEnd.instant + 1);
  if (dateStart && endExclusive !== undefined && dateStart.instant >= endExclusive) throw badRequest('dateStart must not be after dateEnd');
  const range = preset === undefined ? { from: -Infinity, to: Infinity } : presetRange(preset, now, zone, specified, specifiedEnd);
  if (dateStart) range.from = Math.max(range.from, dateStart.instant);
  if (endExclusive !== undefined) range.to = Math.min(range.to, endExclusive);

  const tests: Test[] = [];
  if (category !== 0) tests.push((e) => e.categoryId === category);
  if (agent) {
    const bit = 1 << app.store.agentIndex(agent.code);
    tests.push((e) => (e.agentMask & bit) !== 0);
  }
  const byDate = dateTest(type, range);
  if (byDate) tests.push(byDate);
  const text = (name: string, field: (e: SandboxEvent) => string, exact = false, aliases = false) => {
    const value = query.get(name);
    if (value === undefined) return;
    const match = exact ? exactMatcher(value, aliases) : textMatcher(value);
    tests.push((e) => match(field(e)));
  };
  text('name', (e) => e.name);
  text('venue', (e) => e.place.name);
  text('city', (e) => e.place.city);
  text('state', (e) => e.place.state, true);
  text('country', (e) => e.place.country, true, true);

  const { found, matched } = page(app.store.events, app.store.order(sortBy), direction === 1, tests, pageNumber, pageSize);
  if (found.length === 0) {
    throw notFound(
      matched === 0
        ? 'no events match the search'
        : `no events on page ${pageNumber}: the search matched ${matched} events (${Math.ceil(matched / pageSize)} pages of ${pageSize})`,
    );
  }
  return eventsReply(found, omit);
}

const SERVICE_ID = /^evt_[A-Za-z0-9]{1,60}$/;
const AGENT_EVENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** GET /events/{serviceEventId} (seed 4.2). */
export function eventByServiceId(request: RouteRequest, id: string): Reply {
  if (!SERVICE_ID.test(id)) throw badRequest(`serviceEventId must be 'evt_' followed by letters and digits (got ${quote(id)})`);
  const event = request.app.store.byServiceId(id);
  if (!event) throw notFound(`event ${quote(id)} not found`);
  return ok(listing(event), 'event');
}

const AGENT_NAMES = TICKET_AGENTS.map((agent) => `${agent.name} (${agent.code})`).join(', ');

export function agentOrNotFound(name: string): TicketAgent {
  const agent = findAgent(name);
  if (!agent) throw notFound(`agent ${quote(name)} not found; agents are ${AGENT_NAMES}`);
  return agent;
}

/** Splits a comma-separated id list, checking each id and the count. */
export function idList(text: string, max: number, what: string): string[] {
  const ids = text.split(',').map((id) => id.trim());
  if (ids.some((id) => id === '')) throw badRequest(`${what} must be a comma-separated list without empty entries (got ${quote(text)})`);
  if (ids.length > max) throw badRequest(`at most ${max} ${what} per request (got ${ids.length})`);
  const bad = ids.find((id) => !AGENT_EVENT_ID.test(id));
  if (bad !== undefined) throw badRequest(`${what} may contain only letters, digits, '-' and '_' (got ${quote(bad)})`);
  return ids;
}

/** GET /events/{agent}/{agentIds} (seed 4.3). */
export function eventsByAgentIds(request: RouteRequest, agentName: string, idsText: string): Reply {
  const agent = agentOrNotFound(agentName);
  const ids = idList(idsText, AGENT_IDS_MAX, 'agent event ids');
  const store = request.app.store;
  const agentIndex = store.agentIndex(agent.code);
  const seen = new Set<number>();
  const found: SandboxEvent[] = [];
  for (const id of ids) {
    const event = store.byAgentId(agentIndex, id);
    if (event && !seen.has(event.index)) {
      seen.add(event.index);
      found.push(event);
    }
  }
  if (found.length === 0) throw notFound(`no ${agent.code} event found for ${ids.length === 1 ? 'id' : 'ids'} ${ids.join(', ')}`);
  return eventsReply(found);
}

/** GET /events/{agent} (seed 4.4): the agent's events by event date, from dateFrom (default today, UTC) to dateTo (default two years on). */
export function eventsByAgent(request: RouteRequest, agentName: string): Reply {
  const { query, now, app } = request;
  const agent = agentOrNotFound(agentName);
  const dateFrom = query.dateTime('dateFrom', 'UTC');
  const dateTo = query.dateTime('dateTo', 'UTC');
  const pageNumber = query.int('pageNumber', 1, PAGE_NUMBER_MAX, 1);
  const pageSize = query.int('pageSize', 1, PAGE_SIZE_MAX, PAGE_SIZE_DEFAULT);
  const eventName = query.get('eventName');

  const today = Math.floor(now / DAY);
  const from = dateFrom ? dateFrom.instant : today * DAY;
  const toInclusive = dateTo
    ? dateTo.day !== undefined
      ? (dateTo.day + 1) * DAY - 1
      : dateTo.instant
    : (addMonths(today, 24) + 1) * DAY - 1;
  if (from > toInclusive) throw badRequest('dateFrom must not be after dateTo');

  const bit = 1 << app.store.agentIndex(agent.code);
  const tests: Test[] = [(e) => (e.agentMask & bit) !== 0, (e) => e.eventTime >= from && e.eventTime <= toInclusive];
  if (eventName !== undefined) {
    const match = textMatcher(eventName);
    tests.push((e) => match(e.name));
  }
  const { found } = page(app.store.events, app.store.order(SORT_EVENT_DATE), false, tests, pageNumber, pageSize);
  return eventsReply(found);
}
