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
