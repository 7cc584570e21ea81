/**
 * The generated events. Event i is built from hash(seed, i) alone, so it is the same whatever the total
 * number of events, and whatever the clock: the events (names, venues, dates, sales dates, agent ids) are
 * one world per seed, which the sandbox's clock only moves through (inventory and sales follow the clock).
 * Dates are kept as epoch milliseconds (the ISO text is made when an event is served), and agent ids are
 * computed on demand from the index: both keep a 400,000-event list quick to build and small.
 */
import { TICKET_AGENTS } from '../../api/agents.js';
import { EVENT_CATEGORY } from '../../api/enums.js';
import type { EventListing } from '../../api/types.js';
import { Permutation, Rng, hash } from '../random.js';
import { DAY, MINUTE, dayNumber, isoSeconds, localToUtc } from '../time.js';
import { AGENT_COVERAGE, AgentIdCodec, STUBHUB_AGENT } from './agent-ids.js';
import {
  ARENA_SPORTS,
  ARTISTS,
  ARTS_SHOWS,
  COMEDIANS,
  COMEDY_TOURS,
  FAMILY_SHOWS,
  MISC_EVENTS,
  TEAMS,
  TOUR_WORDS,
  VENUE_BY_NAME,
  type League,
  type Team,
  type Venue,
  venuesOfKind,
} from './names.js';

export const CATEGORY_CONCERTS = 1;
export const CATEGORY_ARTS = 2;
export const CATEGORY_FAMILY = 3;
export const CATEGORY_SPORTS = 4;
export const CATEGORY_MISC = 5;

const CATEGORY_NAMES: readonly string[] = EVENT_CATEGORY.map((c) => c.label);

/**
 * The span of every seed's world: events fall on days from WORLD_FIRST_DAY through WORLD_LAST_DAY (UTC day
 * numbers), spread evenly, whatever the clock. Twelve years, so that a clock anywhere from 2023 to 2032
 * (today's date, a test's fixed --now, a user trying tix for years) has past events with their sales
 * behind it and upcoming ones on sale ahead of it; presales and public sales of the earliest events open
 * in late 2021.
 */
export const WORLD_FIRST_DAY = dayNumber(2022, 1, 1);
export const WORLD_LAST_DAY = dayNumber(2033, 12, 31);

/** What every event of one sandbox shares: the seed and the id codecs. Nothing in it depends on the clock. */
export class EventContext {
  readonly agentIds: AgentIdCodec;
  /** Permutes the index into the `evt_` id, so ids look random yet decode back in O(1). */
  readonly idPermutation: Permutation;

  constructor(readonly seed: number) {
    this.agentIds = new AgentIdCodec(seed);
    this.idPermutation = new Permutation(hash(seed, 0x1dc0de));
  }
}

/** One generated event. Fields are plain data; the listing's text fields are getters computed on demand. */
export class SandboxEvent {
  constructor(
    readonly index: number,
    /** `evt_` id. */
    readonly id: string,
    readonly name: string,
    /** EventCategory value, 1..5. */
    readonly categoryId: number,
    readonly place: Venue,
    /** Epoch milliseconds. presaleTime < publicSaleTime < eventTime; addedTime < presaleTime. */
    readonly eventTime: number,
    readonly presaleTime: number,
    readonly publicSaleTime: number,
    readonly addedTime: number,
    /** Bit i set when TICKET_AGENTS[i] lists the event. */
    readonly agentMask: number,
    /** 0..1: drives listing counts, sales volume and prices. */
    readonly popularity: number,
    /** A typical ticket price in dollars for this event. */
    readonly basePrice: number,
    private readonly context: EventContext,
  ) {}

  get category(): string {
    return CATEGORY_NAMES[this.categoryId] as string;
  }
  get venue(): string {
    return this.place.name;
  }
  get city(): string {
    return this.place.city;
  }
  get state(): string {
    return this.place.state;
  }
  get country(): string {
    return this.place.country;
  }
  get timeZone(): string {
    return this.place.timeZone;
  }
  get eventDate(): string {
    return isoSeconds(this.eventTime);
  }
  get presaleDate(): string {
    return isoSeconds(this.presaleTime);
  }
  get publicSaleDate(): string {
    return isoSeconds(this.publicSaleTime);
  }
  get dateAdded(): string {
    return isoSeconds(this.addedTime);
  }

  knownTo(agent: number): boolean {
    return (this.agentMask & (1 << agent)) !== 0;
  }

  /** This event's id at the agent (index into TICKET_AGENTS), or undefined when the agent does not list it. */
  agentId(agent: number): string | undefined {
    return this.knownTo(agent) ? this.context.agentIds.encode(agent, this.index) : undefined;
  }

  /** The event's StubHub id: every event has one, and its sales are keyed by it. */
  get stubhubId(): string {
    return this.context.agentIds.encode(STUBHUB_AGENT, this.index);
  }

  /** Agent code -> that agent's id for this event, in TICKET_AGENTS order. */
  get agentIds(): Record<string, string> {
    const ids: Record<string, string> = {};
    for (let agent = 0; agent < TICKET_AGENTS.length; agent++) {
      if (this.knownTo(agent)) ids[(TICKET_AGENTS[agent] as { code: string }).code] = this.context.agentIds.encode(agent, this.index);
    }
    return ids;
  }

  /** The event listing as served. */
  toJSON(): EventListing {
    return listing(this);
  }
}

/** Listing fields in the order they are served; `omit` may remove any but id and name. */
export const LISTING_FIELDS = [
  'id',
  'name',
  'category',
  'venue',
  'city',
  'state',
  'country',
  'eventDate',
  'presaleDate',
  'publicSaleDate',
  'dateAdded',
  'agentIds',
] as const;
export type ListingField = (typeof LISTING_FIELDS)[number];

export function listing(event: SandboxEvent, omit?: ReadonlySet<string>): EventListing {
  if (!omit || omit.size === 0) {
    return {
      id: event.id,
      name: event.name,
      category: event.category,
      venue: event.place.name,
      city: event.place.city,
      state: event.place.state,
      country: event.place.country,
      eventDate: isoSeconds(event.eventTime),
      presaleDate: isoSeconds(event.presaleTime),
      publicSaleDate: isoSeconds(event.publicSaleTime),
      dateAdded: isoSeconds(event.addedTime),
      agentIds: event.agentIds,
    };
  }
  const out: EventListing = { id: event.id, name: event.name };
  for (const field of LISTING_FIELDS) {
    if (field === 'id' || field === 'name' || omit.has(field)) continue;
    out[field] = event[field];
  }
  return out;
}

const AGENT_KEYS = TICKET_AGENTS.map((agent) => `"${agent.code}":"`);
const CATEGORY_JSON = CATEGORY_NAMES.map((name) => `"category":${JSON.stringify(name)},`);
const venueJson = new Map<Venue, string>();

/**
 * The listing as JSON text, byte for byte what JSON.stringify(listing(event)) gives, but without building
 * objects: search pages of 5,000 events are served several times faster this way.
 */
export function listingJson(event: SandboxEvent): string {
  let place = venueJson.get(event.place);
  if (place === undefined) {
    const { name, city, state, country } = event.place;
    place = `"venue":${JSON.stringify(name)},"city":${JSON.stringify(city)},"state":${JSON.stringify(state)},"country":${JSON.stringify(country)},`;
    venueJson.set(event.place, place);
  }
  let ids = '';
  for (let agent = 0; agent < AGENT_KEYS.length; agent++) {
    if ((event.agentMask & (1 << agent)) === 0) continue;
    ids += `${ids === '' ? '' : ','}${AGENT_KEYS[agent]}${event.agentId(agent)}"`;
  }
  return (
    `{"id":"${event.id}","name":${JSON.stringify(event.name)},${CATEGORY_JSON[event.categoryId]}${place}` +
    `"eventDate":"${isoSeconds(event.eventTime)}","presaleDate":"${isoSeconds(event.presaleTime)}",` +
    `"publicSaleDate":"${isoSeconds(event.publicSaleTime)}","dateAdded":"${isoSeconds(event.addedTime)}","agentIds":{${ids}}}`
  );
}

// ---------------------------------------------------------------------------------------------------------
// Generation

const ID_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford base32, lower case, in ASCII order

/** `evt_` + 5 characters of the permuted index (so ids sort like the permuted index) + 5 of noise. */
export function serviceId(context: EventContext, index: number): string {
  let head = context.idPermutation.forward(index);
  let noise = hash(context.seed, 0x5e1d, index);
  let text = '';
  for (let i = 0; i < 5; i++) {
    text = ID_ALPHABET[head & 31] + text;
    head >>>= 5;
  }
  for (let i = 0; i < 5; i++) {
    text += ID_ALPHABET[noise & 31];
    noise >>>= 5;
  }
  return `evt_${text}`;
}

/** The index an `evt_` id would belong to, or -1; the caller checks serviceId(index) === id. */
export function serviceIdIndex(context: EventContext, id: string): number {
  if (id.length !== 14 || !id.startsWith('evt_')) return -1;
  let head = 0;
  for (let i = 4; i < 9; i++) {
    const digit = ID_ALPHABET.indexOf(id[i] as string);
    if (digit < 0) return -1;
    head = head * 32 + digit;
  }
  return head < 1 << 24 ? context.idPermutation.backward(head) : -1;
}

const STADIUMS = venuesOfKind('stadium');
const ARENAS = venuesOfKind('arena');
const AMPHITHEATERS = venuesOfKind('amphitheater');
const THEATERS = venuesOfKind('theater');
const CLUBS = venuesOfKind('club');
const CONVENTIONS = venuesOfKind('convention');
const BIG_ROOMS = [...ARENAS, ...STADIUMS];
const FAMILY_ROOMS = [...ARENAS, ...ARENAS, ...THEATERS];
const MISC_ROOMS = [...CONVENTIONS, ...CONVENTIONS, ...ARENAS, ...STADIUMS];

const TEAMS_BY_LEAGUE = new Map<League, Team[]>();
for (const team of TEAMS) {
  const list = TEAMS_BY_LEAGUE.get(team.league) ?? [];
  list.push(team);
  TEAMS_BY_LEAGUE.set(team.league, list);
}

/** Local start times (minutes after midnight) by kind of event. */
const CONCERT_TIMES = [19 * 60, 19 * 60 + 30, 20 * 60, 20 * 60];
const THEATER_TIMES = [14 * 60, 19 * 60, 19 * 60 + 30, 20 * 60];
const FAMILY_TIMES = [10 * 60 + 30, 11 * 60, 14 * 60, 15 * 60, 19 * 60];
const MISC_TIMES = [9 * 60, 10 * 60, 11 * 60, 18 * 60];
const LEAGUE_TIMES: Readonly<Record<League, readonly number[]>> = {
  NBA: [19 * 60, 19 * 60 + 30, 20 * 60],
  NHL: [19 * 60, 19 * 60 + 30, 19 * 60],
  NFL: [13 * 60, 16 * 60 + 25, 20 * 60 + 20],
  MLB: [13 * 60 + 5, 19 * 60 + 5, 19 * 60 + 10],
  MLS: [19 * 60 + 30, 19 * 60 + 30, 17 * 60],
  'Premier League': [12 * 60 + 30, 15 * 60, 17 * 60 + 30],
  WNBA: [19 * 60, 20 * 60],
};

/** Category shares: concerts and sports dominate real listings. */
function pickCategory(rng: Rng): number {
  const r = rng.next();
  if (r < 0.38) return CATEGORY_CONCERTS;
  if (r < 0.68) return CATEGORY_SPORTS;
  if (r < 0.82) return CATEGORY_ARTS;
  if (r < 0.92) return CATEGORY_FAMILY;
  return CATEGORY_MISC;
}

interface Draft {
  name: string;
  place: Venue;
  time: number;
  popularity: number;
  basePrice: number;
}

function concert(rng: Rng): Draft {
  const artist = rng.pick(ARTISTS);
  const place =
    artist.tier === 1
      ? rng.pick(rng.chance(0.7) ? STADIUMS : ARENAS)
      : artist.tier === 2
        ? rng.pick(rng.chance(0.65) ? ARENAS : rng.chance(0.6) ? AMPHITHEATERS : THEATERS)
        : rng.pick(rng.chance(0.5) ? THEATERS : CLUBS);
  const style = rng.next();
  let name: string;
  if (artist.tours && style < 0.7) name = `${artist.name} | ${rng.pick(artist.tours)}`;
  else if (style < 0.8) name = `${artist.name} - ${rng.pick(TOUR_WORDS)}`;
  else if (style < 0.9) name = `${artist.name} with Special Guest ${rng.pick(ARTISTS).name}`;
  else name = artist.name;
  const popularity = Math.min(1, rng.next() ** 2 * 0.6 + (artist.tier === 1 ? 0.4 : artist.tier === 2 ? 0.15 : 0));
  const basePrice = artist.tier === 1 ? 180 : artist.tier === 2 ? 95 : 45;
  return { name, place, time: rng.pick(CONCERT_TIMES), popularity, basePrice };
}

function sports(rng: Rng): Draft {
  if (rng.chance(0.15)) {
    return {
      name: rng.pick(ARENA_SPORTS),
      place: rng.pick(ARENAS),
      time: rng.pick([19 * 60, 19 * 60 + 30, 20 * 60]),
      popularity: rng.next() ** 2 * 0.7,
      basePrice: 70,
    };
  }
  const home = rng.pick(TEAMS);
  const league = TEAMS_BY_LEAGUE.get(home.league) as Team[];
  let away = rng.pick(league);
  if (away === home) away = league[(league.indexOf(home) + 1) % league.length] as Team;
  const separator = home.league === 'Premier League' ? ' v ' : ' vs. ';
  const basePrice = home.league === 'NFL' ? 160 : home.league === 'Premier League' ? 110 : home.league === 'MLB' ? 45 : 85;
  return {
    name: `${home.name}${separator}${away.name}`,
    place: VENUE_BY_NAME.get(home.venue) as Venue,
    time: rng.pick(LEAGUE_TIMES[home.league]),
    popularity: rng.next() ** 2 * 0.9 + 0.05,
    basePrice,
  };
}

function arts(rng: Rng): Draft {
  if (rng.chance(0.65)) {
    return {
      name: rng.pick(ARTS_SHOWS),
      place: rng.pick(THEATERS),
      time: rng.pick(THEATER_TIMES),
      popularity: rng.next() ** 2 * 0.8,
      basePrice: 110,
    };
  }
  const comedian = rng.pick(COMEDIANS);
  const name = rng.chance(0.3) ? comedian : `${comedian}: ${rng.pick(COMEDY_TOURS)}`;
  const place = rng.pick(rng.chance(0.6) ? THEATERS : rng.chance(0.5) ? ARENAS : CLUBS);
  return { name, place, time: rng.pick([19 * 60, 19 * 60 + 30, 21 * 60 + 30]), popularity: rng.next() ** 2 * 0.7, basePrice: 65 };
}

function family(rng: Rng): Draft {
  const name = rng.pick(FAMILY_SHOWS);
  const place = name.startsWith('Monster Jam') ? rng.pick(BIG_ROOMS) : rng.pick(FAMILY_ROOMS);
  return { name, place, time: rng.pick(FAMILY_TIMES), popularity: rng.next() ** 2 * 0.6, basePrice: 45 };
}

function misc(rng: Rng): Draft {
  const place = rng.pick(MISC_ROOMS);
  const kind = rng.pick(MISC_EVENTS);
  let name: string;
  if (kind === 'Taste of the City') name = `Taste of ${place.city}`;
  else if (kind === 'Premium Parking Pass') name = `Premium Parking Pass - ${rng.pick(ARTISTS).name}`;
  else if (kind === 'Stadium Tour' || kind === 'VIP Tailgate Experience') name = `${place.name} ${kind}`;
  else name = `${place.city} ${kind}`;
  return { name, place, time: rng.pick(MISC_TIMES), popularity: rng.next() ** 2 * 0.4, basePrice: 30 };
}

const DRAFTERS: readonly ((rng: Rng) => Draft)[] = [concert, concert, arts, family, sports, misc];

/** Builds event `index` of the sandbox. Pure: same context and index, same event. */
export function generateEvent(context: EventContext, index: number): SandboxEvent {
  const rng = new Rng(hash(context.seed, 0xe7e27, index));
  const categoryId = pickCategory(rng);
  const draft = (DRAFTERS[categoryId] as (rng: Rng) => Draft)(rng);
  const zone = draft.place.timeZone;

  // Events spread evenly over the world's span (WORLD_FIRST_DAY to WORLD_LAST_DAY), whatever the clock.
  const eventDay = WORLD_FIRST_DAY + rng.int(WORLD_LAST_DAY - WORLD_FIRST_DAY + 1);
  const eventTime = localToUtcCached(zone, eventDay, draft.time);
  // Presale opens 14-200 days before, public sale 1-7 days after presale, both at 10:00 local.
  const presaleLead = rng.between(14, 200);
  const publicLead = presaleLead - rng.between(1, 7);
  const presaleTime = localToUtcCached(zone, eventDay - presaleLead, 10 * 60);
  const publicSaleTime = localToUtcCached(zone, eventDay - publicLead, 10 * 60);
  // Added to the catalogue 1-30 days before presale.
  const addedTime = presaleTime - rng.between(1, 30) * DAY - rng.int(24 * 60) * MINUTE;

  let agentMask = 0;
  for (let agent = 0; agent < TICKET_AGENTS.length; agent++) {
    const coverage = AGENT_COVERAGE[(TICKET_AGENTS[agent] as { code: string }).code] ?? 0.5;
    if (rng.chance(coverage)) agentMask |= 1 << agent;
  }
  agentMask |= 1 << STUBHUB_AGENT;

  const basePrice = Math.round(draft.basePrice * (0.6 + draft.popularity * 1.4) * (0.8 + rng.next() * 0.4));
  return new SandboxEvent(
    index,
    serviceId(context, index),
    draft.name,
    categoryId,
    draft.place,
    eventTime,
    presaleTime,
    publicSaleTime,
    addedTime,
    agentMask,
    draft.popularity,
    basePrice,
    context,
  );
}

/** localToUtc through a per-zone, per-day cache: thousands of events share a few thousand (zone, day) pairs. */
const offsetCache = new Map<string, Map<number, number>>();
function localToUtcCached(zone: string, day: number, minuteOfDay: number): number {
  let byDay = offsetCache.get(zone);
  if (!byDay) offsetCache.set(zone, (byDay = new Map()));
  let shift = byDay.get(day);
  if (shift === undefined) {
    // Offset in force at local noon; venue zones change offset at night, never around event times.
    shift = localToUtc(zone, day, 12 * 60) - (day * DAY + 12 * 60 * MINUTE);
    if (byDay.size > 20_000) byDay.clear();
    byDay.set(day, shift);
  }
  return day * DAY + minuteOfDay * MINUTE + shift;
}

export function generateEvents(context: EventContext, count: number): SandboxEvent[] {
  const events = new Array<SandboxEvent>(count);
  for (let i = 0; i < count; i++) events[i] = generateEvent(context, i);
  return events;
}
