/**
 * A page of events read (and decoded) by client.getBody() while earlier pages are written, and parsed only
 * when its turn comes: whole, or in batches of events parsed a slice at a time (json-stream.ts), so that
 * no page of a long export is ever a multi-megabyte string or a page's worth of objects at once
 * (see BENCHMARKS.md).
 */
import { bodySlices, parseBody, type RawBody } from './client.js';
import { JsonStreamParser, type JsonStreamEvent, responseFailure } from './json-stream.js';
import { expectArrayField, expectEvent, expectEventList, expectObject } from './shape.js';
import type { EventListing, EventsResponse } from './types.js';

/**
 * A piece of a page in the order the API sent it: a top-level member other than `events`, whole, or the
 * `events` array, opened by a part with no events and then in batches of a few hundred.
 */
export type EventsPagePart = { member: string; value: unknown } | { events: EventListing[] };

export interface DeferredEventsPage {
  /** The page as the API sent it, its shape checked. */
  whole(): Promise<EventsResponse>;
  /** The page's events in order, in batches of a few hundred. */
  batches(): AsyncGenerator<EventListing[]>;
  /** The whole page in parts, its shape checked as it is read: one page as a document, without holding it whole. */
  parts(): AsyncGenerator<EventsPagePart>;
  /**
   * The page's JSON text, decoded a slice at a time as batches() reads it, for a reader of its own (csv and tsv
   * rows made straight from it: output/delimited-transcoder.ts), and what to call once that reader has found
   * the documented shape. Absent for an empty page.
   */
  text?: { slices(): AsyncGenerator<Buffer>; checked(): void };
  /** The page has been read for the last time: its memory may hold another (RawBody.release). */
  release(): void;
}

/**
 * A page with no events: the API's 404 for a search that matched nothing, or past the end. `confirm` runs
 * first, when the page's turn comes (identity.ts): pages fetched ahead and never used cost nothing.
 */
export function emptyPage(confirm: () => Promise<void>): DeferredEventsPage {
  return {
    whole: async () => {
      await confirm();
      return { events: [] };
    },
    // biome-ignore lint/correctness/useYield: an empty page has no batch to yield; it only waits for the base URL to be confirmed.
    batches: async function* () {
      await confirm();
    },
    parts: async function* () {
      await confirm();
      yield { events: [] };
    },
    release: () => {},
  };
}

/** About 150 events: small enough that a batch's objects die young. */
const SLICE_BYTES = 64 * 1024;

/** `checked` is told once the whole page has been found to have the documented shape. */
export function deferredEventsPage(body: RawBody, checked: () => void): DeferredEventsPage {
  return {
    whole: async () => {
      const page = expectEventList(expectObject(await parseBody<unknown>(body), body.endpoint), body.endpoint);
      checked();
      return page;
    },
    batches: async function* () {
      for await (const part of eventParts(body)) if ('events' in part && part.events.length > 0) yield part.events;
      checked();
    },
    parts: async function* () {
      yield* eventParts(body);
      checked();
    },
    text: { slices: () => bodySlices(body, SLICE_BYTES), checked },
    release: () => body.release(),
  };
}

async function* eventParts(body: RawBody): AsyncGenerator<EventsPagePart> {
  const { endpoint, status } = body;
  const parser = new JsonStreamParser([['events']], body.keepDigits, { bounded: true });
  let index = 0;
  let sawEvents = false;
  const check = (events: JsonStreamEvent[]): EventsPagePart[] => {
    const parts: EventsPagePart[] = [];
    for (const event of events) {
      if (event.path.length === 0) {
        if (event.type === 'value' || (event.type === 'open' && event.kind !== 'object'))
          expectObject(event.type === 'value' ? event.value : [], endpoint);
      } else if (event.path[0] === 'events') {
        if (event.type === 'value' || (event.type === 'open' && event.kind !== 'array'))
          expectArrayField({ events: event.type === 'value' ? event.value : {} }, 'events', endpoint);
        if (event.type === 'open') {
          sawEvents = true;
          parts.push({ events: [] });
        }
        if (event.type === 'items') {
          const batch: EventListing[] = [];
          for (const item of event.items) batch.push(expectEvent(item, endpoint, `events[${index++}]`));
          parts.push({ events: batch });
        }
      } else if (event.type === 'value' && event.path.length === 1) {
        parts.push({ member: String(event.path[0]), value: event.value });
      }
    }
    return parts;
  };
  try {
    // Decoded and parsed a slice at a time: no page is ever whole in memory but as the compressed bytes it came as.
    for await (const slice of withoutByteOrderMark(bodySlices(body, SLICE_BYTES))) yield* check(parser.push(slice));
    yield* check(parser.end());
  } catch (error) {
    throw responseFailure(error, endpoint, status);
  }
  if (!sawEvents) expectArrayField({}, 'events', endpoint);
}

/** A byte-order mark is legal in front of UTF-8 JSON on the wire (as in parseJson): dropped here. */
async function* withoutByteOrderMark(slices: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let head: Buffer | undefined = Buffer.alloc(0);
  for await (const slice of slices) {
    if (head === undefined) {
      yield slice;
      continue;
    }
    head = head.length === 0 ? slice : Buffer.concat([head, slice]);
    if (head.length < 3) continue;
    yield head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? head.subarray(3) : head;
    head = undefined;
  }
  if (head !== undefined && head.length > 0) yield head;
}
