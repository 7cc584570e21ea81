/**
 * The event list with its lookups: by `evt_` id and by agent id (both decode the id back to the index,
 * see agent-ids.ts), and one sorted order per sort key, built on first use and kept.
 */
import { TICKET_AGENTS } from '../../api/agents.js';
import type { AgentIdCodec } from './agent-ids.js';
import { EventContext, type SandboxEvent, generateEvents, serviceId, serviceIdIndex } from './events.js';

/** EventSearchSortBy values (seed 4.1). */
export const SORT_PRESALE = 0;
export const SORT_PUBLIC_SALE = 1;
export const SORT_EVENT_DATE = 2;
export const SORT_NAME = 3;
export const SORT_VENUE = 4;
export const SORT_CITY = 5;
export const SORT_STATE = 6;
export const SORT_DATE_ADDED = 8;

const ID_SPACE = 2 ** 24;

export interface SortOrder {
  /** Event indexes, ascending by (key, id). */
  indexes: Int32Array;
  /** The sort key of each position, to find runs of equal keys (descending order keeps ids ascending). */
  keys: Float64Array;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export class EventStore {
  readonly events: readonly SandboxEvent[];
  private readonly orders = new Map<number, SortOrder>();

  constructor(
    readonly context: EventContext,
    count: number,
  ) {
    this.events = generateEvents(context, count);
  }

  get codec(): AgentIdCodec {
    return this.context.agentIds;
  }

  byServiceId(id: string): SandboxEvent | undefined {
    const index = serviceIdIndex(this.context, id);
    if (index < 0 || index >= this.events.length || serviceId(this.context, index) !== id) return undefined;
    return this.events[index];
  }

  /** The event the agent (index into TICKET_AGENTS) lists under `agentEventId`, if any. */
  byAgentId(agent: number, agentEventId: string): SandboxEvent | undefined {
    const index = this.codec.decode(agent, agentEventId);
    if (index < 0 || index >= this.events.length) return undefined;
    const event = this.events[index] as SandboxEvent;
    return event.knownTo(agent) && this.codec.encode(agent, index) === agentEventId ? event : undefined;
  }

  agentIndex(code: string): number {
    return TICKET_AGENTS.findIndex((agent) => agent.code === code);
  }

  /**
   * Events sorted by a sort key, ties broken by id. Keys and the id's permuted index are packed into one
   * float (key * 2^24 + permuted index) so a plain typed-array sort does the work: a 400,000-event sort
   * takes tens of milliseconds instead of seconds with a comparator.
   */
  order(sortBy: number): SortOrder {
    let order = this.orders.get(sortBy);
    if (!order) {
      order = this.buildOrder(sortBy);
      this.orders.set(sortBy, order);
    }
    return order;
  }

  private buildOrder(sortBy: number): SortOrder {
    const events = this.events;
    const count = events.length;
    const keyOf = this.keyFunction(sortBy);
    const packed = new Float64Array(count);
    const permutation = this.context.idPermutation;
    for (let i = 0; i < count; i++) packed[i] = keyOf(events[i] as SandboxEvent) * ID_SPACE + permutation.forward(i);
    packed.sort();
    const indexes = new Int32Array(count);
    const keys = new Float64Array(count);
    for (let i = 0; i < count; i++) {
      const value = packed[i] as number;
      const key = Math.floor(value / ID_SPACE);
      keys[i] = key;
      indexes[i] = permutation.backward(value - key * ID_SPACE);
    }
    return { indexes, keys };
  }

  private keyFunction(sortBy: number): (event: SandboxEvent) => number {
    const minutes = (ms: number) => Math.floor(ms / 60_000);
    switch (sortBy) {
      case SORT_PRESALE:
        return (e) => minutes(e.presaleTime);
      case SORT_PUBLIC_SALE:
        return (e) => minutes(e.publicSaleTime);
      case SORT_DATE_ADDED:
        return (e) => minutes(e.addedTime);
      case SORT_NAME:
        return this.rankBy((e) => e.name);
      case SORT_VENUE:
        return this.rankBy((e) => e.place.name);
      case SORT_CITY:
        return this.rankBy((e) => e.place.city);
      case SORT_STATE:
        return this.rankBy((e) => e.place.state);
      default:
        return (e) => minutes(e.eventTime);
    }
  }

  /** Text keys become ranks among the distinct values (a few thousand), sorted by a case-insensitive collator. */
  private rankBy(text: (event: SandboxEvent) => string): (event: SandboxEvent) => number {
    const distinct = new Set<string>();
    for (const event of this.events) distinct.add(text(event));
    const sorted = [...distinct].sort(collator.compare);
    const rank = new Map<string, number>();
    let current = 0;
    sorted.forEach((value, i) => {
      if (i > 0 && collator.compare(sorted[i - 1] as string, value) !== 0) current = i;
      rank.set(value, current);
    });
    return (event) => rank.get(text(event)) as number;
  }
}

export { EventContext };
