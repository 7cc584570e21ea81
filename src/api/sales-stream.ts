/**
 * GET /events/{provider}/{eventId}/sales-details read as it arrives. A million sales are a ~140 MB
 * response; parsed whole it took ~700 MB of memory. Read with json-stream.ts it takes the memory of one
 * chunk's sales, and the same checks of its shape as getSalesDetails makes are made along the way.
 */
import type { ApiClient, RequestInit } from './client.js';
import { ExitCode } from '../shared/errors.js';
import { ApiError } from './errors.js';
import { explainNotFound } from './identity.js';
import { type JsonPath, type JsonStreamEvent, JsonStreamParser, responseFailure } from './json-stream.js';
import type { SalesRange } from './sales.js';
import { type JsonObject, shapeError } from './shape.js';
import type { EventHeader, SoldTicket } from './types.js';
import { endpointFor } from './url.js';

export type SalesDetailsPart =
  /** The response's own fields (all but salesDetails); always first. */
  | { kind: 'header'; header: EventHeader }
  /** Some of a day's sales, in order; a day's sales may come in several parts. */
  | { kind: 'sales'; date: string | undefined; sales: SoldTicket[] }
  /** A day's own fields (all but soldTickets), after its sales. */
  | { kind: 'day'; day: JsonObject };

const STREAMED: readonly (readonly string[])[] = [['salesDetails'], ['salesDetails', '*', 'soldTickets']];

export interface SalesDetailsBody {
  endpoint: string;
  status: number;
  /** The decoded body; read it to the end, or break out of it, to free the connection. */
  body: AsyncIterable<Buffer>;
  /** Parse it as the client's keepDigits says (false when absent). */
  keepDigits?: boolean;
}

/** Sends the request; errors before the body (a status, the network) are thrown here, like getSalesDetails's. */
export async function openSalesDetails(
  client: ApiClient,
  provider: string,
  eventId: string,
  range: SalesRange = {},
  init?: RequestInit,
): Promise<SalesDetailsBody> {
  const path = ['events', provider, eventId, 'sales-details'];
  const query = { startDate: range.startDate, endDate: range.endDate };
  const response = await explainNotFound(client, client.getStream(path, query, init), `event ${eventId} not found at provider ${provider}`);
  return { endpoint: endpointFor(path), status: response.status, body: withoutByteOrderMark(response.body), keepDigits: client.keepDigits };
}

/** The body as parts: the header, then for each day its sales (in batches) and its own fields. */
export async function* salesDetailsParts(response: SalesDetailsBody): AsyncGenerator<SalesDetailsPart> {
  const reader = new SalesDetailsReader(response.endpoint, true);
  for await (const { events } of parsed(response)) {
    for (const event of events) yield* reader.accept(event);
  }
  yield* reader.finish();
}

/**
 * The body's bytes unchanged (-o json), each chunk checked before it is passed on. Nothing is passed on
 * until salesDetails has been seen to be an array, so a body of the wrong shape writes nothing at all.
 */
export async function* checkedSalesDetailsBytes(
  response: SalesDetailsBody,
  counted: { days: number } = { days: 0 },
): AsyncGenerator<Buffer> {
  const reader = new SalesDetailsReader(response.endpoint, false, counted);
  let held: Buffer[] | undefined = [];
  for await (const { chunk, events } of parsed(response)) {
    for (const event of events) for (const _part of reader.accept(event));
    if (!held) yield chunk;
    else {
      held.push(chunk);
      if (reader.daysStarted) {
        yield Buffer.concat(held);
        held = undefined;
      }
    }
  }
  for (const _part of reader.finish());
  if (held) yield Buffer.concat(held);
}

/** Each chunk with the events it completed; JSON errors worded as parseJson words them for get(). */
async function* parsed({
  endpoint,
  status,
  body,
  keepDigits,
}: SalesDetailsBody): AsyncGenerator<{ chunk: Buffer; events: JsonStreamEvent[] }> {
  const parser = new JsonStreamParser(STREAMED, keepDigits === true);
  let bytes = 0;
  for await (const chunk of body) {
    bytes += chunk.length;
    yield { chunk, events: check(() => parser.push(chunk)) };
  }
  if (bytes === 0)
    throw new ApiError(`expected JSON from ${endpoint} but the body was empty (HTTP ${status})`, ExitCode.ERROR, { endpoint, status });
  yield { chunk: Buffer.alloc(0), events: check(() => parser.end()) };

  function check(read: () => JsonStreamEvent[]): JsonStreamEvent[] {
    try {
      return read();
    } catch (error) {
      throw responseFailure(error, endpoint, status);
    }
  }
}

async function* withoutByteOrderMark(body: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let first = true;
  for await (const chunk of body) {
    // A byte-order mark is legal in front of UTF-8 JSON on the wire (as in parseJson).
    yield first && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf ? chunk.subarray(3) : chunk;
    first = false;
  }
}

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

interface Day {
  fields: JsonObject;
  /** Sales that came before the day's date (an order the sandbox never sends): held until the date is known. */
  waiting: SoldTicket[] | undefined;
}

/** Turns parser events into parts, checking the shape the way getSalesDetails and the row code rely on it. */
class SalesDetailsReader {
  readonly #header: JsonObject = {};
  #day: Day | undefined;
  #sawDays = false;
  /** Parts held back while the header lacks marketplaceId (it came after salesDetails): rows need it. */
  #held: SalesDetailsPart[] | undefined;

  constructor(
    private readonly endpoint: string,
    private readonly emit: boolean,
    private readonly counted: { days: number } = { days: 0 },
  ) {}

  get daysStarted(): boolean {
    return this.#sawDays;
  }

  *accept(event: JsonStreamEvent): Generator<SalesDetailsPart> {
    const { path } = event;
    if (path.length === 0) {
      if (event.type === 'value' || (event.type === 'open' && event.kind !== 'object')) {
        throw this.#problem(`expected a JSON object, got ${event.type === 'value' ? kind(event.value) : 'an array'}`);
      }
      return;
    }
    if (path[0] !== 'salesDetails') {
      if (event.type === 'value') this.#header[path[0] as string] = event.value;
      return;
    }
    if (path.length === 1) {
      if (event.type === 'value' || (event.type === 'open' && event.kind !== 'array')) {
        throw this.#problem(`"salesDetails" is not an array (${event.type === 'value' ? kind(event.value) : 'an object'})`);
      }
      if (event.type === 'items') throw this.#problem(`a day in "salesDetails" is not an object (${kind(event.items[0])})`);
      if (event.type === 'open') {
        this.#sawDays = true;
        if (this.emit && typeof this.#header.marketplaceId === 'string')
          yield { kind: 'header', header: { ...this.#header } as EventHeader };
        else if (this.emit) this.#held = [];
      }
      return;
    }
    yield* this.#release(this.#dayEvent(event, path));
  }

  *finish(): Generator<SalesDetailsPart> {
    if (!this.#sawDays) throw this.#problem('"salesDetails" is missing');
    if (this.#held) {
      yield { kind: 'header', header: this.#header as EventHeader };
      yield* this.#held;
    }
  }

  /** Parts go out at once, or are held while the header is incomplete. */
  *#release(parts: SalesDetailsPart[]): Generator<SalesDetailsPart> {
    if (!this.emit) return;
    if (this.#held) this.#held.push(...parts);
    else yield* parts;
  }

  #dayEvent(event: JsonStreamEvent, path: JsonPath): SalesDetailsPart[] {
    if (path.length === 2) {
      if (event.type === 'open') {
        if (event.kind !== 'object') throw this.#problem(`salesDetails[${String(path[1])}] is not an object (an array)`);
        this.#day = { fields: {}, waiting: undefined };
        return [];
      }
      if (event.type === 'close') {
        this.counted.days++;
        const day = this.#day!;
        this.#day = undefined;
        const date = typeof day.fields.date === 'string' ? day.fields.date : undefined;
        const parts: SalesDetailsPart[] = day.waiting ? [{ kind: 'sales', date, sales: day.waiting }] : [];
        parts.push({ kind: 'day', day: day.fields });
        return parts;
      }
      return [];
    }
    const day = this.#day!;
    const key = path[2] as string;
    if (key !== 'soldTickets') {
      if (event.type === 'value') {
        day.fields[key] = event.value;
        if (key === 'date' && day.waiting && typeof event.value === 'string') {
          const waiting = day.waiting;
          day.waiting = undefined;
          return [{ kind: 'sales', date: event.value, sales: waiting }];
        }
      }
      return [];
    }
    if (event.type === 'value' || (event.type === 'open' && event.kind !== 'array')) {
      throw this.#problem(
        `salesDetails[${String(path[1])}].soldTickets is not an array (${event.type === 'value' ? kind(event.value) : 'an object'})`,
      );
    }
    if (event.type !== 'items' || event.items.length === 0) return [];
    const sales = event.items as SoldTicket[];
    for (const sale of sales) {
      if (typeof sale !== 'object' || sale === null || Array.isArray(sale))
        throw this.#problem(`a sale in salesDetails[${String(path[1])}] is not an object (${kind(sale)})`);
    }
    if (typeof day.fields.date === 'string') return [{ kind: 'sales', date: day.fields.date, sales }];
    (day.waiting ??= []).push(...sales);
    return [];
  }

  #problem(problem: string) {
    return shapeError(this.endpoint, problem);
  }
}
