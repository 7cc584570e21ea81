import { ANY_MEMBER, JsonStreamError, type JsonStreamEvent, JsonStreamParser } from '../../../api/json-stream.js';

/**
 * A body is read a slice at a time, so that the items of its lists are parsed a few hundred at a time and die
 * young: parsed whole, a 3.9 MB page's objects took ~20 MB beside jq's copy (BENCHMARKS.md, issue 36 §4).
 */
const SLICE_BYTES = 64 * 1024;

/** Where a body's list is (findList's rule): undefined for a top-level array, else the one array member. */
export type ListPlace = { key: string | undefined } | undefined;

/**
 * Reads a body through once, keeping nothing of it: whether it is JSON, and where its list is. Undefined
 * where the answer is the whole parse's to give (not JSON, so its error; a byte-order mark; a member named
 * twice, of which JSON.parse keeps the last): the caller parses the body whole then, as before.
 */
export function scanBody(body: Buffer): { list: ListPlace } | undefined {
  if (body[0] === 0xef) return undefined;
  const parser = new JsonStreamParser([[], [ANY_MEMBER]], false, { bounded: true });
  let rootArray = false;
  const members = new Set<string>();
  const arrays: string[] = [];
  let twice = false;
  const note = (events: JsonStreamEvent[]) => {
    for (const event of events) {
      if (event.path.length === 0 && event.type === 'open') rootArray = event.kind === 'array';
      const key = event.path[0];
      if (event.path.length !== 1 || typeof key !== 'string' || (event.type !== 'open' && event.type !== 'value')) continue;
      if (members.has(key)) twice = true;
      members.add(key);
      if (event.type === 'open' && event.kind === 'array') arrays.push(key);
    }
  };
  try {
    for (const slice of slices(body)) note(parser.push(slice));
    note(parser.end());
  } catch (error) {
    if (error instanceof JsonStreamError) return undefined;
    throw error;
  }
  if (twice) return undefined;
  if (rootArray) return { list: { key: undefined } };
  return { list: arrays.length === 1 ? { key: arrays[0] } : undefined };
}

/** The items of the body's list, a batch at a time, as `keepDigits` says numbers are parsed (csv, tsv). */
export function* listBatches(body: Buffer, key: string | undefined, keepDigits: boolean): Generator<unknown[]> {
  const path = key === undefined ? [] : [key];
  const parser = new JsonStreamParser([path], keepDigits, { bounded: true });
  const items = (events: JsonStreamEvent[]) =>
    events.flatMap((event) => (event.type === 'items' && event.path.length === path.length ? event.items : []));
  for (const slice of slices(body)) {
    const batch = items(parser.push(slice));
    if (batch.length > 0) yield batch;
  }
  const last = items(parser.end());
  if (last.length > 0) yield last;
}

function* slices(body: Buffer): Generator<Buffer> {
  for (let at = 0; at < body.length; at += SLICE_BYTES) yield body.subarray(at, at + SLICE_BYTES);
}
