import { ExitCode } from '../shared/errors.js';
import { ApiError } from './errors.js';

/**
 * The largest body tix reads whole (a page of events, an inventory, `tix api`'s answer), compressed as it came
 * or decoded. What is read whole is then parsed whole, and costs about ten times its size in memory at its
 * peak (the text, the parsed objects, the rows made from them; jq's copy with --jq): a page of 9 MB peaked at
 * 113-177 MB, one of 60 MB at 366-625 MB, depending on the format. This bound keeps one page within tix's
 * memory promise (README, "Memory"; BENCHMARKS.md, scenario 12) and is still about twice the largest page the
 * API gives in one request (5,000 events, ~2.3 MB). Answers that tix streams (sales details) are not bound.
 */
export const MAX_PAGE_BYTES = 4 * 1024 * 1024;

/** The one line for a body beyond MAX_PAGE_BYTES: exit 1, not retried (asking again gets the same page). */
export function pageTooLarge(endpoint: string): ApiError {
  return new ApiError(
    `the response from ${endpoint} is larger than ${MAX_PAGE_BYTES / 2 ** 20} MB, the most tix reads as one page; stopped rather than hold it (ask for less: a smaller --page-size, where the command has one)`,
    ExitCode.ERROR,
    { endpoint },
  );
}

/** The body's chunks as they come, failing with pageTooLarge as soon as they add up to more than MAX_PAGE_BYTES. */
export async function* boundedBody(body: AsyncIterable<Uint8Array>, endpoint: string): AsyncGenerator<Uint8Array> {
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_PAGE_BYTES) throw pageTooLarge(endpoint);
    yield chunk;
  }
}

/**
 * The most JSON values (array elements and object members, about) tix builds into objects at once: one event
 * of a page, one sale, or a whole body where it is parsed whole. The byte bound alone lets a page hold two
 * million values (`[1,1,1,...]` in 3.9 MB), which as objects, and again as jq's, took 130-174 MB (issue 36
 * §4, BENCHMARKS.md). Events hold ~41,000 values a MB of text (the sandbox's 2,000: 0.9 MB, 38,000 values; a
 * page of 5,000, the API's largest, ~95,000), sales details ~50,000: a 4 MB body of either is within this.
 */
export const MAX_VALUES_AT_ONCE = 250_000;

/** The one line for a piece of a body beyond MAX_VALUES_AT_ONCE: exit 1, not retried, as pageTooLarge. */
export function tooManyValues(endpoint: string, where: string): ApiError {
  return new ApiError(
    `the response from ${endpoint} has more than ${MAX_VALUES_AT_ONCE.toLocaleString('en-US')} JSON values in ${where}, the most tix builds at once; stopped rather than hold them`,
    ExitCode.ERROR,
    { endpoint },
  );
}

/**
 * Whether a JSON text holds more than `limit` values (array elements and object members, about: each comma
 * and each opening bracket outside strings counts one), read without building them. A value takes two
 * characters at the least (`1,`, `[]`), so a text of no more than twice the limit is not read at all.
 */
export function holdsMoreValuesThan(text: string, limit: number): boolean {
  if (text.length <= 2 * limit) return false;
  let values = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x2c || c === 0x5b || c === 0x7b) {
      if (++values > limit) return true;
    }
  }
  return false;
}
