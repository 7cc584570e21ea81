/**
 * Reads one JSON document as it arrives, holding only what the caller asks to see, so a 140 MB response
 * costs the memory of its largest piece rather than of the whole (JSON.parse needs the whole text, then
 * builds every object of it at once).
 *
 * The caller names the arrays to stream (`['salesDetails']`, `['salesDetails', '*', 'soldTickets']`, `[ANY_MEMBER]`). The
 * containers on the way to them are walked (events `open`, `close`), each other value is handed over whole
 * as it completes (`value`), and the elements of a streamed array arrive in batches (`items`). The text of
 * every value and batch is parsed by JSON.parse: scanning for boundaries is a simple loop over bytes, and
 * V8's own parser does the rest far faster than a parser written in JavaScript could.
 */

import { ExitCode } from '../shared/errors.js';
import { parserReason } from './body.js';
import { ApiError } from './errors.js';
import { parseKeepingDigits } from './exact-json.js';
import { MAX_VALUES_AT_ONCE, tooManyValues } from './page-bound.js';

export type PathItem = string | number;
export type JsonPath = readonly PathItem[];

export type JsonStreamEvent =
  | { type: 'open'; path: JsonPath; kind: 'object' | 'array' }
  | { type: 'close'; path: JsonPath; kind: 'object' | 'array' }
  | { type: 'value'; path: JsonPath; value: unknown }
  | { type: 'items'; path: JsonPath; items: unknown[] };

/** In a streamed path, any member of an object (`*` is any element of an array). */
export const ANY_MEMBER = '\u0000any member';

/** Thrown for text that is not one JSON document; the message reads like JSON.parse's. */
export class JsonStreamError extends SyntaxError {}

/**
 * Thrown, before it is parsed, for a value read whole that holds more than MAX_VALUES_AT_ONCE values
 * (page-bound.ts): `where` names it (`events[0]`), for the caller's tooManyValues.
 */
export class TooManyValuesError extends Error {
  constructor(readonly where: string) {
    super(`more than ${MAX_VALUES_AT_ONCE} values in ${where}`);
  }
}

/**
 * What the parser threw, as the API's failure: a body that is not JSON, or holds too many values (exit 1, not
 * retried); anything else as it was.
 */
export function responseFailure(error: unknown, endpoint: string, status: number): unknown {
  if (error instanceof TooManyValuesError) return tooManyValues(endpoint, error.where);
  if (!(error instanceof JsonStreamError)) return error;
  return new ApiError(`the response from ${endpoint} is not valid JSON (HTTP ${status}): ${error.message}`, ExitCode.ERROR, {
    endpoint,
    status,
    cause: error,
  });
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;
/** A batch of array elements is parsed once its text reaches this size, even within one chunk. */
const MAX_BATCH_BYTES = 1 << 20;
/** Between two objects of an array, as compact JSON writes it. */
const OBJECT_BOUNDARY = Buffer.from('},{');

type FrameState = 'first' | 'key' | 'colon' | 'value' | 'next';

interface Frame {
  kind: 'object' | 'array';
  path: PathItem[];
  state: FrameState;
  key: string;
  index: number;
  /** Elements are batched (a streamed array whose elements are not themselves walked). */
  batched: boolean;
  /** No element is walked either, so runs of object elements may be split quickly (#quickSplit). */
  quick: boolean;
}

/** A value being read whole: its bytes so far (earlier chunks) and where it stands. */
interface Capture {
  parts: Buffer[];
  start: number;
  form: 'string' | 'container' | 'bare';
  depth: number;
  inString: boolean;
  escaped: boolean;
  /** Its values so far (a container's elements and members, about: one for each comma and opening bracket). */
  values: number;
  /** Where it goes: an object key, a value, or an element of a batched array. */
  role: 'key' | 'value' | 'item';
  path: PathItem[];
}

/** The first character of a number, true, false or null. */
function isBareStart(c: number): boolean {
  return c === 0x2d || (c >= 0x30 && c <= 0x39) || c === 0x74 || c === 0x66 || c === 0x6e;
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

export class JsonStreamParser {
  readonly #patterns: readonly (readonly string[])[];
  readonly #stack: Frame[] = [];
  #capture: Capture | undefined;
  #events: JsonStreamEvent[] = [];
  #done = false;
  #offset = 0;
  // The batch of the innermost batched array: texts of elements that spanned chunks, then a region of
  // whole elements within the current chunk.
  #batchTexts: string[] = [];
  #regionStart = -1;
  #regionEnd = -1;
  /** A chunk in which a quick split failed; the rest of it is scanned byte by byte. */
  #noQuickSplit: Buffer | undefined;

  readonly #parseText: (text: string) => unknown;
  /** The values built so far, where the whole document is bound (`bounded`). */
  #built = 0;
  readonly #bounded: boolean;

  /**
   * `streamed`: paths of the arrays to stream; `*` stands for any index. `keepDigits`: numbers a double
   * cannot hold keep their text (exact-json.ts), for csv and tsv. Any one value read whole is bound to
   * MAX_VALUES_AT_ONCE; `bounded`, the whole document too: a page, which its reader may hold at once
   * (a table's rows, jq's copy), unlike a stream of sales.
   */
  constructor(streamed: readonly (readonly string[])[], keepDigits = false, { bounded = false } = {}) {
    this.#patterns = streamed;
    this.#parseText = keepDigits ? parseKeepingDigits : (text) => JSON.parse(text);
    this.#bounded = bounded;
  }

  /** Counts `values` more built, where the document is bound: beyond the bound, before they are parsed. */
  #build(values: number): void {
    if (!this.#bounded) return;
    this.#built += values;
    if (this.#built > MAX_VALUES_AT_ONCE) throw new TooManyValuesError('the body');
  }

  /** Reads one chunk; returns the events it completed, in document order. */
  push(chunk: Buffer): JsonStreamEvent[] {
    const n = chunk.length;
    let i = 0;
    while (i < n) {
      if (this.#capture) {
        i = this.#continueCapture(chunk, i);
        continue;
      }
      const c = chunk[i]!;
      if (isSpace(c)) {
        i++;
        continue;
      }
      const frame = this.#stack[this.#stack.length - 1];
      if (!frame) {
        if (this.#done) this.#fail(c, i);
        i = this.#startValue(chunk, i, []);
        continue;
      }
      if (frame.quick && c === OPEN_OBJECT && (frame.state === 'value' || frame.state === 'first')) {
        const next = this.#quickSplit(frame, chunk, i);
        if (next > i) {
          i = next;
          continue;
        }
      }
      i = this.#step(frame, chunk, i, c);
    }
    if (this.#capture) this.#carry(chunk);
    this.#flushBatch(chunk);
    this.#offset += n;
    return this.#take();
  }

  /** The document has ended: returns the last events, or throws if it was cut short. */
  end(): JsonStreamEvent[] {
    const capture = this.#capture;
    if (capture?.form === 'bare' && this.#stack.length === 0) {
      // A bare number or literal at the top ends with the text.
      this.#capture = undefined;
      this.#emitValue(capture, Buffer.concat(capture.parts).toString('utf8'));
      this.#done = true;
    }
    if (!this.#done || this.#capture) throw new JsonStreamError(`Unexpected end of JSON input`);
    return this.#take();
  }

  #take(): JsonStreamEvent[] {
    const events = this.#events;
    this.#events = [];
    return events;
  }

  /**
   * The fast path for an array of objects (a page of events, a day's sales): instead of scanning every
   * byte, take the text from this element to the last `},{` of the chunk and let JSON.parse judge it. If
   * that `},{` was inside a string or a nested value the text cannot parse (a string left open, brackets
   * unbalanced), and the chunk is scanned byte by byte as usual; if it parses, the cut was between two
   * elements of this array. Returns where to go on, or `i` when the fast path does not apply.
   */
  #quickSplit(frame: Frame, chunk: Buffer, i: number): number {
    if (chunk === this.#noQuickSplit) return i;
    const limit = Math.min(chunk.length, i + MAX_BATCH_BYTES);
    const boundary = chunk.lastIndexOf(OBJECT_BOUNDARY, limit - OBJECT_BOUNDARY.length);
    if (boundary <= i) return i;
    let items: unknown[];
    try {
      items = this.#parseText(`[${chunk.toString('utf8', i, boundary + 1)}]`) as unknown[];
    } catch {
      this.#noQuickSplit = chunk;
      return i;
    }
    // Not scanned byte by byte, so counted once built: a region of MAX_BATCH_BYTES at the most.
    if (this.#bounded) this.#build(countValues(items));
    this.#flushBatch(chunk);
    this.#events.push({ type: 'items', path: frame.path, items });
    frame.index += items.length;
    frame.state = 'value';
    return boundary + 2;
  }

  /** One structural character of an open container, at `i`; returns where to go on. */
  #step(frame: Frame, chunk: Buffer, i: number, c: number): number {
    const object = frame.kind === 'object';
    switch (frame.state) {
      case 'first':
        if (c === (object ? CLOSE_OBJECT : CLOSE_ARRAY)) return this.#close(chunk, i);
        if (object) return this.#expectKey(frame, chunk, i, c);
        return this.#value(frame, chunk, i);
      case 'key':
        return this.#expectKey(frame, chunk, i, c);
      case 'colon':
        if (c !== COLON) this.#fail(c, i);
        frame.state = 'value';
        return i + 1;
      case 'value':
        return this.#value(frame, chunk, i);
      case 'next':
        if (c === COMMA) {
          frame.state = object ? 'key' : 'value';
          return i + 1;
        }
        if (c === (object ? CLOSE_OBJECT : CLOSE_ARRAY)) return this.#close(chunk, i);
        return this.#fail(c, i);
    }
  }

  #expectKey(frame: Frame, _chunk: Buffer, i: number, c: number): number {
    if (c !== QUOTE) this.#fail(c, i);
    this.#capture = {
      parts: [],
      start: i,
      form: 'string',
      depth: 0,
      inString: true,
      escaped: false,
      values: 1,
      role: 'key',
      path: frame.path,
    };
    return i + 1;
  }

  #value(frame: Frame, chunk: Buffer, i: number): number {
    const path = [...frame.path, frame.kind === 'object' ? frame.key : frame.index];
    if (frame.kind === 'array') frame.index++;
    frame.state = 'next';
    return this.#startValue(chunk, i, path, frame.batched);
  }

  /**
   * A value starts at `i`: a container on the way to a streamed array is walked, anything else read whole.
   * Returns where scanning goes on: after the opening character, or at a bare value's first character.
   */
  #startValue(chunk: Buffer, i: number, path: PathItem[], batched = false): number {
    const c = chunk[i]!;
    const container = c === OPEN_OBJECT || c === OPEN_ARRAY;
    if (container && this.#walks(path)) {
      const kind = c === OPEN_OBJECT ? 'object' : 'array';
      // Elements batched before this walked one come first.
      if (batched) this.#flushBatch(chunk);
      const streamed = kind === 'array' && this.#isStreamed(path);
      const quick = streamed && !this.#walks([...path, 0]);
      this.#stack.push({ kind, path, state: 'first', key: '', index: 0, batched: streamed, quick });
      this.#events.push({ type: 'open', path, kind });
      return i + 1;
    }
    const form = c === QUOTE ? 'string' : container ? 'container' : 'bare';
    if (form === 'bare' && !isBareStart(c)) this.#fail(c, i);
    const role = batched ? 'item' : 'value';
    if (role === 'item' && this.#regionStart < 0) this.#regionStart = i;
    this.#capture = {
      parts: [],
      start: i,
      form,
      depth: container ? 1 : 0,
      inString: form === 'string',
      escaped: false,
      values: 1,
      role,
      path,
    };
    return form === 'bare' ? i : i + 1;
  }

  /** Scans a value read whole from `i`; returns the position after it, or the chunk's end if it goes on. */
  #continueCapture(chunk: Buffer, i: number): number {
    const capture = this.#capture!;
    const n = chunk.length;
    let { depth, inString, escaped, values } = capture;
    let end = -1;
    if (capture.form === 'bare') {
      while (i < n) {
        const c = chunk[i]!;
        if (c === COMMA || c === CLOSE_OBJECT || c === CLOSE_ARRAY || isSpace(c)) {
          end = i;
          break;
        }
        i++;
      }
    } else {
      // The hot loop: every byte of every value read whole passes here once.
      for (; i < n; i++) {
        const c = chunk[i]!;
        if (inString) {
          if (escaped) escaped = false;
          else if (c === BACKSLASH) escaped = true;
          else if (c === QUOTE) {
            inString = false;
            if (depth === 0) {
              end = i + 1;
              break;
            }
          }
        } else if (c === QUOTE) inString = true;
        else if (c === COMMA) values++;
        else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
          depth++;
          values++;
        } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
          if (--depth === 0) {
            end = i + 1;
            break;
          }
        }
      }
      // Counted over a chunk (64 KB from a page) before it is checked: the hot loop stays as it was.
      if (values > MAX_VALUES_AT_ONCE) throw new TooManyValuesError(pathText(capture.path));
    }
    if (end < 0) {
      Object.assign(capture, { depth, inString, escaped, values });
      return n;
    }
    this.#capture = undefined;
    // A member's name is not a value of its own (countValues does not count it either).
    if (capture.role !== 'key') this.#build(capture.values);
    this.#finishCapture(capture, chunk, end);
    return end;
  }

  #finishCapture(capture: Capture, chunk: Buffer, end: number): void {
    if (capture.role === 'item') {
      if (capture.parts.length === 0) {
        this.#regionEnd = end;
        // A source that hands over huge chunks must not make a huge batch.
        if (end - this.#regionStart >= MAX_BATCH_BYTES) this.#flushBatch(chunk);
      } else {
        // Began in an earlier chunk: its text joins the batch ahead of this chunk's region.
        this.#batchTexts.push(Buffer.concat([...capture.parts, chunk.subarray(0, end)]).toString('utf8'));
      }
      return;
    }
    const text =
      capture.parts.length === 0
        ? chunk.toString('utf8', capture.start, end)
        : Buffer.concat([...capture.parts, chunk.subarray(0, end)]).toString('utf8');
    if (capture.role === 'key') {
      const frame = this.#stack[this.#stack.length - 1]!;
      frame.key = this.#parse(text) as string;
      frame.state = 'colon';
      return;
    }
    this.#emitValue(capture, text);
    if (this.#stack.length === 0) this.#done = true;
  }

  #emitValue(capture: Capture, text: string): void {
    this.#events.push({ type: 'value', path: capture.path, value: this.#parse(text) });
  }

  #close(chunk: Buffer, i: number): number {
    if (this.#stack[this.#stack.length - 1]!.batched) this.#flushBatch(chunk);
    const frame = this.#stack.pop()!;
    this.#events.push({ type: 'close', path: frame.path, kind: frame.kind });
    if (this.#stack.length === 0) this.#done = true;
    return i + 1;
  }

  /** Keeps the unfinished value's bytes of this chunk for the next one. */
  #carry(chunk: Buffer): void {
    const capture = this.#capture!;
    // Copied: the source may reuse its buffer once this chunk has been read.
    capture.parts.push(Buffer.from(chunk.subarray(capture.start)));
    capture.start = 0;
  }

  /** Parses the complete elements batched so far (in this chunk's region, and any that spanned chunks). */
  #flushBatch(chunk: Buffer): void {
    this.#flushRegion(chunk);
    if (this.#batchTexts.length === 0) return;
    const frame = this.#stack[this.#stack.length - 1];
    const items = this.#parse(`[${this.#batchTexts.join(',')}]`) as unknown[];
    this.#batchTexts = [];
    if (frame) this.#events.push({ type: 'items', path: frame.path, items });
  }

  #flushRegion(chunk: Buffer): void {
    if (this.#regionEnd > this.#regionStart && this.#regionStart >= 0)
      this.#batchTexts.push(chunk.toString('utf8', this.#regionStart, this.#regionEnd));
    this.#regionStart = -1;
    this.#regionEnd = -1;
  }

  #parse(text: string): unknown {
    try {
      return this.#parseText(text);
    } catch (error) {
      throw new JsonStreamError(parserReason(error));
    }
  }

  /** Is `path` the path of a streamed array? */
  #isStreamed(path: JsonPath): boolean {
    return this.#patterns.some((pattern) => pattern.length === path.length && matches(pattern, path));
  }

  /** Is a container at `path` walked: a streamed array, or on the way to one? */
  #walks(path: JsonPath): boolean {
    return this.#patterns.some((pattern) => pattern.length >= path.length && matches(pattern, path));
  }

  #fail(c: number, i: number): never {
    throw new JsonStreamError(`Unexpected token '${String.fromCharCode(c)}' at byte ${this.#offset + i} of the JSON`);
  }
}

/** The values of a parsed JSON value, itself included, counted as a capture counts them (about). */
function countValues(value: unknown): number {
  if (value === null || typeof value !== 'object') return 1;
  let count = 1;
  if (Array.isArray(value)) for (const item of value) count += countValues(item);
  else for (const key in value) count += countValues((value as Record<string, unknown>)[key]);
  return count;
}

/** A path as a reader writes it (`events[0].extra`); a member name that is not a plain word is `[…]`. */
function pathText(path: JsonPath): string {
  let text = '';
  for (const item of path)
    text += typeof item === 'number' ? `[${item}]` : /^[A-Za-z_]\w{0,63}$/.test(item) ? `${text ? '.' : ''}${item}` : '[…]';
  return text || 'the body';
}

/** Does `path` match the first path.length items of `pattern`? */
function matches(pattern: readonly string[], path: JsonPath): boolean {
  for (let i = 0; i < path.length; i++) {
    const want = pattern[i]!;
    const item = path[i];
    if (want === '*' ? typeof item !== 'number' : want === ANY_MEMBER ? typeof item !== 'string' : want !== item) return false;
  }
  return true;
}

/** The events of a whole byte stream, chunk by chunk: the next chunk is read only when these are consumed. */
export async function* jsonStreamEvents(
  source: AsyncIterable<Buffer | Uint8Array>,
  streamed: readonly (readonly string[])[],
): AsyncGenerator<JsonStreamEvent> {
  const parser = new JsonStreamParser(streamed);
  for await (const chunk of source)
    yield* parser.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  yield* parser.end();
}
