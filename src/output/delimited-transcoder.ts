import { isBeyondDouble } from '../shared/exact-number.js';
import { cellText, dialectOf } from './delimited-writer.js';
import type { RowTextPlan } from './row-writer-interface.js';

/**
 * csv or tsv rows made straight from the bytes of a page of records (`{"events":[{...},...]}`), without
 * making an object of any record or a string of any plain value: a value is copied from the page into the
 * row as it is. For a long export, parsing every record and collecting what it left behind was most of
 * tix's time (issue 29 §5, BENCHMARKS.md).
 *
 * It takes only what it can prove it writes as DelimitedWriter.write() would: records whose keys are all
 * among the plan's columns (scalars, and one level of nesting such as `agentIds.TMUSA`), each key once, with
 * strings, numbers, true, false and null for values. A string with an escape, a control character or a
 * non-ASCII byte, and every number, goes through JSON.parse() and the writer's own cellText() (a number a
 * double cannot hold keeps its text, as the writer keeps an ExactNumber's). Anything
 * else (a new column, a nested array, a duplicate key, a missing or non-string required key, the echoed
 * API key, text that is not JSON) makes it give up on the whole page, which then goes the usual way and
 * gets the usual columns, warnings and errors.
 */
export interface TranscodeOptions {
  plan: RowTextPlan;
  /** The page is exactly `{"<arrayKey>":[...]}`. */
  arrayKey: string;
  /** Every record has this key, with a string value (the API's shape check, shape.ts). */
  requiredString: string;
  /** Text that must not appear anywhere in the page or the rows (the API key: only the usual way names its fields). */
  watchFor?: string;
  memory: TranscodeMemory;
}

/** The rows of a page. */
export interface TranscodedRows {
  text: Uint8Array;
  rows: number;
  /** Once `text` has been written (Sink.written), its memory goes back for the next page's rows. */
  release(): void;
}

/**
 * Memory the pages of one run share: the rows of a page (about half its JSON: ~1.2 MB for 5,000 events) and
 * the bytes being read. A transcoder makes almost no JavaScript objects, so V8 would seldom collect arrays
 * made anew for every page, and a 200,000-event export grew by ~45 MB of them (BENCHMARKS.md).
 */
export class TranscodeMemory {
  readonly #free: Buffer[] = [];

  /** The smallest free array of at least this size, or a new one. */
  take(atLeast: number): Buffer {
    let best = -1;
    for (const [index, buffer] of this.#free.entries()) {
      if (buffer.length >= atLeast && (best < 0 || buffer.length < this.#free[best]!.length)) best = index;
    }
    return best >= 0 ? this.#free.splice(best, 1)[0]! : Buffer.allocUnsafeSlow(atLeast);
  }

  give(buffer: Buffer): void {
    if (this.#free.length < 4) this.#free.push(buffer);
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

/** Thrown inside the scanner to give up on the page; never leaves this module. */
const GIVE_UP = Symbol('give up');
/** The record being read goes past the bytes seen so far: wait for the next slice. */
const MORE = Symbol('more');

interface Level {
  /** The keys of this level, as bytes, and what each is: a column (its index) or a nested level. */
  keys: { bytes: Buffer; column: number; nested?: Level }[];
  /** For each key, the number of the last object it was seen in (a key seen twice in one object gives up). */
  seenIn: Int32Array;
}

/**
 * Whether rows by `plan` can be made this way at all: plain column names (one level of nesting at most), the
 * required key among them, no --excel-safe, no suffixed columns.
 */
export function canTranscode(plan: RowTextPlan, requiredString: string): boolean {
  return levelsOf(plan) !== undefined && plan.columns.includes(requiredString);
}

function levelsOf(plan: RowTextPlan): Level | undefined {
  if (plan.excelSafe || plan.collided.length > 0) return undefined;
  const top: Level = { keys: [], seenIn: new Int32Array(0) };
  const nested = new Map<string, Level>();
  for (const [column, name] of plan.columns.entries()) {
    const path = name.split('.');
    if (path.length > 2 || path.some((key) => key === '' || key in Object.prototype)) return undefined;
    if (path.length === 1) {
      if (nested.has(name)) return undefined;
      top.keys.push({ bytes: Buffer.from(name), column });
      continue;
    }
    const [outer, inner] = path as [string, string];
    if (top.keys.some((key) => key.nested === undefined && key.bytes.equals(Buffer.from(outer)))) return undefined;
    let level = nested.get(outer);
    if (level === undefined) {
      level = { keys: [], seenIn: new Int32Array(0) };
      nested.set(outer, level);
      top.keys.push({ bytes: Buffer.from(outer), column: -1, nested: level });
    }
    level.keys.push({ bytes: Buffer.from(inner), column });
  }
  top.seenIn = new Int32Array(top.keys.length);
  for (const level of nested.values()) level.seenIn = new Int32Array(level.keys.length);
  return top;
}

/** A cell of the record being read: where its text is in the page, or its text made by cellText(). */
const ABSENT = 0;
const RAW = 1;
const RAW_QUOTED = 2;
const MADE = 3;

export class DelimitedTranscoder {
  readonly #top: Level;
  readonly #options: TranscodeOptions;
  readonly #prefix: Buffer;
  readonly #separator: number;
  readonly #eol: Buffer;
  readonly #field: (text: string) => string;
  /** The column of the key every record must have as a string. */
  readonly #required: number;
  readonly #watch: Buffer | undefined;
  readonly #out: Output;
  /** The bytes being read: the start of a record the last slice cut, then the next slice. */
  #work: Buffer;
  #workLength = 0;
  /** Numbers each object read, for Level.seenIn. */
  #objects = 0;
  #state: 'start' | 'records' | 'after' | 'done' | 'failed' = 'start';
  /** Whether a record came already (a comma comes before each other one). */
  #first = true;
  #rows = 0;
  // The record being read, by column: what each cell is, and where it is.
  readonly #kind: Uint8Array;
  readonly #start: Int32Array;
  readonly #end: Int32Array;
  readonly #made: string[];

  constructor(options: TranscodeOptions) {
    const top = levelsOf(options.plan);
    if (top === undefined) throw new Error('DelimitedTranscoder: the plan cannot be transcoded (canTranscode)');
    this.#top = top;
    this.#options = options;
    this.#prefix = Buffer.from(`{${JSON.stringify(options.arrayKey)}:[`);
    const dialect = dialectOf(options.plan.dialect);
    this.#separator = dialect.separator.charCodeAt(0);
    this.#eol = Buffer.from(dialect.eol);
    this.#field = dialect.field;
    this.#required = options.plan.columns.indexOf(options.requiredString);
    if (this.#required < 0) throw new Error('DelimitedTranscoder: the required key is not a column (canTranscode)');
    this.#watch = options.watchFor ? Buffer.from(options.watchFor) : undefined;
    this.#out = new Output(options.memory);
    this.#work = options.memory.take(WORK_BYTES);
    const columns = options.plan.columns.length;
    this.#kind = new Uint8Array(columns);
    this.#start = new Int32Array(columns);
    this.#end = new Int32Array(columns);
    this.#made = new Array<string>(columns).fill('');
  }

  /** Reads the next slice of the page; false once it has given up (the rest need not be pushed). */
  push(slice: Buffer): boolean {
    if (this.#state === 'failed') return false;
    const length = this.#workLength + slice.length;
    if (length > this.#work.length) {
      const grown = this.#options.memory.take(Math.max(length, this.#work.length * 2));
      this.#work.copy(grown, 0, 0, this.#workLength);
      this.#options.memory.give(this.#work);
      this.#work = grown;
    }
    slice.copy(this.#work, this.#workLength);
    const bytes = this.#work.subarray(0, length);
    try {
      const used = this.#read(bytes);
      // What is left (a cut record) moves to the front for the next slice to follow.
      this.#workLength = this.#work.copy(this.#work, 0, used, length);
      return true;
    } catch (error) {
      if (error !== GIVE_UP) throw error;
      this.#fail();
      return false;
    }
  }

  /** The page will not be read to its end (its decoding failed): the memory goes back. */
  abandon(): void {
    if (this.#state !== 'failed') this.#fail();
  }

  /** Gives the memory back: the page goes the usual way. */
  #fail(): void {
    this.#state = 'failed';
    this.#options.memory.give(this.#work);
    this.#out.release();
  }

  /** The page's rows, or undefined if it gave up or the page was not whole. Call it once. */
  end(): TranscodedRows | undefined {
    if (this.#state === 'failed') return undefined;
    let whole = this.#state === 'done' && this.#rows > 0;
    for (let i = 0; i < this.#workLength; i++) if (!isSpace(this.#work[i]!)) whole = false;
    const text = this.#out.bytes();
    if (whole && this.#watch && text.includes(this.#watch)) whole = false;
    if (!whole) {
      this.#fail();
      return undefined;
    }
    this.#options.memory.give(this.#work);
    return { text, rows: this.#rows, release: () => this.#out.release() };
  }

  /** Reads whole records from `bytes`; returns how many bytes it used (the rest waits for more). */
  #read(bytes: Buffer): number {
    if (this.#watch && bytes.includes(this.#watch)) throw GIVE_UP;
    let i = 0;
    if (this.#state === 'start') {
      // The page's opening, exactly: anything else (a byte-order mark, spaces, other keys) goes the usual way.
      if (bytes.length < this.#prefix.length) return 0;
      if (!bytes.subarray(0, this.#prefix.length).equals(this.#prefix)) throw GIVE_UP;
      i = this.#prefix.length;
      this.#state = 'records';
    }
    while (this.#state === 'records') {
      const at = skipSpace(bytes, i);
      if (at >= bytes.length) return i;
      const c = bytes[at]!;
      if (c === CLOSE_ARRAY) {
        i = at + 1;
        this.#state = 'after';
        break;
      }
      let from = at;
      if (!this.#first) {
        if (c !== COMMA) throw GIVE_UP;
        from = skipSpace(bytes, at + 1);
        if (from >= bytes.length) return i;
      }
      const next = this.#record(bytes, from);
      if (next === MORE) return i;
      this.#first = false;
      i = next;
    }
    if (this.#state === 'after') {
      const at = skipSpace(bytes, i);
      if (at >= bytes.length) return i;
      if (bytes[at] !== CLOSE_OBJECT) throw GIVE_UP;
      this.#state = 'done';
      return at + 1;
    }
    // Done: nothing but spaces may follow (end() checks what is left).
    return i;
  }

  /** One record from `i` (its `{`), written as a row; returns where it ended, or MORE if it goes on past the bytes. */
  #record(bytes: Buffer, i: number): number | typeof MORE {
    if (bytes[i] !== OPEN_OBJECT) throw GIVE_UP;
    this.#kind.fill(ABSENT);
    const end = this.#object(bytes, i, this.#top);
    if (end === MORE) return MORE;
    // The API's shape check: a record without its string id goes the usual way, which reports it (a value
    // that is not a string gave up already).
    if (this.#kind[this.#required] === ABSENT) throw GIVE_UP;
    this.#writeRow(bytes);
    this.#rows++;
    return end;
  }

  /** An object of `level` from its `{` at `i`; returns where it ended, or MORE. */
  #object(bytes: Buffer, i: number, level: Level): number | typeof MORE {
    const n = bytes.length;
    let at = skipSpace(bytes, i + 1);
    if (at >= n) return MORE;
    // An empty object would be a column of its own: the usual way decides.
    if (bytes[at] === CLOSE_OBJECT) throw GIVE_UP;
    const object = ++this.#objects;
    for (;;) {
      if (bytes[at] !== QUOTE) throw GIVE_UP;
      const keyEnd = stringEnd(bytes, at + 1);
      if (keyEnd === MORE) return MORE;
      const index = findKey(level, bytes, at + 1, keyEnd);
      if (index < 0) throw GIVE_UP; // a new column, or a key with an escape
      // A duplicate key: JSON.parse keeps the last value; the usual way decides.
      if (level.seenIn[index] === object) throw GIVE_UP;
      level.seenIn[index] = object;
      const entry = level.keys[index]!;
      at = skipSpace(bytes, keyEnd + 1);
      if (at >= n) return MORE;
      if (bytes[at] !== COLON) throw GIVE_UP;
      at = skipSpace(bytes, at + 1);
      if (at >= n) return MORE;
      const valueEnd = entry.nested ? this.#nested(bytes, at, entry.nested) : this.#value(bytes, at, entry.column);
      if (valueEnd === MORE) return MORE;
      at = skipSpace(bytes, valueEnd);
      if (at >= n) return MORE;
      const c = bytes[at]!;
      if (c === CLOSE_OBJECT) return at + 1;
      if (c !== COMMA) throw GIVE_UP;
      at = skipSpace(bytes, at + 1);
      if (at >= n) return MORE;
    }
  }

  #nested(bytes: Buffer, i: number, level: Level): number | typeof MORE {
    if (bytes[i] !== OPEN_OBJECT) throw GIVE_UP; // a scalar where the columns have an object: a new column
    return this.#object(bytes, i, level);
  }

  /** A scalar value at `i` for `column`; returns where it ended, or MORE. */
  #value(bytes: Buffer, i: number, column: number): number | typeof MORE {
    const n = bytes.length;
    const required = column === this.#required;
    if (bytes[i] === QUOTE) {
      // One pass: where the string ends, and whether its bytes are its text (no escape, no control
      // character, ASCII only) and hold a comma.
      let plain = true;
      let comma = false;
      let end = i + 1;
      for (; end < n; end++) {
        const c = bytes[end]!;
        if (c === QUOTE) break;
        if (c === BACKSLASH) {
          plain = false;
          end++;
        } else if (c < 0x20 || c >= 0x7f) plain = false;
        else if (c === COMMA) comma = true;
      }
      if (end >= n) return MORE;
      if (plain) {
        this.#kind[column] = comma && this.#separator === COMMA ? RAW_QUOTED : RAW;
        this.#start[column] = i + 1;
        this.#end[column] = end;
      } else {
        this.#make(column, bytes.toString('utf8', i, end + 1));
      }
      return end + 1;
    }
    if (required) throw GIVE_UP; // not a string: the usual way reports the shape error
    const first = bytes[i]!;
    if (first === OPEN_OBJECT || first === OPEN_ARRAY) throw GIVE_UP; // nested where the columns have a scalar
    // A number, true, false or null: up to the next delimiter, judged by JSON.parse.
    let end = i;
    while (end < n) {
      const b = bytes[end]!;
      if (b === COMMA || b === CLOSE_OBJECT || b === CLOSE_ARRAY || isSpace(b)) break;
      end++;
    }
    if (end >= n) return MORE;
    this.#make(column, bytes.toString('latin1', i, end));
    return end;
  }

  /** A cell made as the writer makes it, from the JSON text of its value. */
  #make(column: number, json: string): void {
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch {
      throw GIVE_UP;
    }
    if (this.#watch && typeof value === 'string' && value.includes(this.#options.watchFor!)) throw GIVE_UP;
    this.#kind[column] = MADE;
    // A number a double cannot hold is written as the API wrote it, as the writer writes an ExactNumber.
    this.#made[column] = typeof value === 'number' && isBeyondDouble(json) ? json : cellText(value, false, this.#field);
  }

  #writeRow(bytes: Buffer): void {
    const out = this.#out;
    const count = this.#kind.length;
    for (let column = 0; column < count; column++) {
      if (column > 0) out.byte(this.#separator);
      switch (this.#kind[column]) {
        case RAW:
          out.copy(bytes, this.#start[column]!, this.#end[column]!);
          break;
        case RAW_QUOTED:
          out.byte(QUOTE);
          out.copy(bytes, this.#start[column]!, this.#end[column]!);
          out.byte(QUOTE);
          break;
        case MADE:
          out.text(this.#made[column]!);
          break;
      }
    }
    out.copy(this.#eol, 0, this.#eol.length);
  }
}

/** Where a string's closing quote is, from its first character at `i`; MORE if it is not in the bytes. */
function stringEnd(bytes: Buffer, i: number): number | typeof MORE {
  const n = bytes.length;
  while (i < n) {
    const c = bytes[i]!;
    if (c === QUOTE) return i;
    i += c === BACKSLASH ? 2 : 1;
  }
  return MORE;
}

/** The index of the key of `level` whose bytes are bytes[from, to), or -1. */
function findKey(level: Level, bytes: Buffer, from: number, to: number): number {
  const length = to - from;
  const { keys } = level;
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!.bytes;
    if (key.length !== length) continue;
    let k = 0;
    while (k < length && key[k] === bytes[from + k]) k++;
    if (k === length) return index;
  }
  return -1;
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

function skipSpace(bytes: Buffer, i: number): number {
  while (i < bytes.length && isSpace(bytes[i]!)) i++;
  return i;
}

/** What a page's bytes are read in: a slice (64 KB) and the record it cut. */
const WORK_BYTES = 80 * 1024;
/** The rows of a page of 5,000 events take ~1.2 MB. */
const ROW_BYTES = 2 * 1024 * 1024;

/** The rows' bytes, in one array from TranscodeMemory that grows as needed. */
class Output {
  #bytes: Buffer;
  #length = 0;

  constructor(private readonly memory: TranscodeMemory) {
    this.#bytes = memory.take(ROW_BYTES);
  }

  /** The array goes back to TranscodeMemory: bytes() must not be used after. */
  release(): void {
    this.memory.give(this.#bytes);
  }

  byte(c: number): void {
    this.#room(1);
    this.#bytes[this.#length++] = c;
  }

  copy(source: Buffer, from: number, to: number): void {
    this.#room(to - from);
    this.#length += source.copy(this.#bytes, this.#length, from, to);
  }

  text(text: string): void {
    this.#room(text.length * 3);
    this.#length += this.#bytes.write(text, this.#length, 'utf8');
  }

  bytes(): Buffer {
    return this.#bytes.subarray(0, this.#length);
  }

  #room(more: number): void {
    if (this.#length + more <= this.#bytes.length) return;
    const grown = this.memory.take(Math.max(this.#length + more, this.#bytes.length * 2));
    this.#bytes.copy(grown, 0, 0, this.#length);
    this.memory.give(this.#bytes);
    this.#bytes = grown;
  }
}
