import { isNotFound } from './errors.js';

export interface PaginateOptions {
  /** Default 1. */
  firstPage?: number;
  /** The page size asked for; a page shorter than this is the last one. */
  pageSize: number;
  /** Fetch every page; otherwise only `firstPage`. */
  all: boolean;
  /** Stop after this many items in all: the last page is cut, and no page beyond it is requested. */
  limit?: number;
  /** Pages in flight at once with `all` (default 4). */
  concurrency?: number;
}

/** A page as fetched, and how to get its items when its turn comes: for pages that wait unparsed, and are then read whole or in batches. */
export interface DeferredPaginateOptions<P, T> extends PaginateOptions {
  items: (page: P) => Promise<T[] | AsyncIterable<T[]>>;
  /** How many of the API's items a batch stands for (default its length): a batch may be one page's rows, formatted. No `limit` then. */
  size?: (batch: T[]) => number;
  /** Called once the consumer has taken every batch of a page and asked for more: the page is no longer used. */
  done?: (page: P) => void;
}

export const DEFAULT_CONCURRENCY = 4;

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Yields each page's items in page order, keeping up to `concurrency` requests ahead of the consumer so a
 * slow page does not idle the others; memory holds at most `concurrency` pages. The API gives no total, so
 * the end is found by looking: a short page, an empty page, or a 404 past the first page. Pages requested
 * beyond the end are aborted and ignored, as is everything in flight when the consumer stops early.
 */
export function paginate<T>(
  fetchPage: (pageNumber: number, signal: AbortSignal) => Promise<T[]>,
  opts: PaginateOptions,
): AsyncGenerator<T[], void, undefined>;
export function paginate<P, T>(
  fetchPage: (pageNumber: number, signal: AbortSignal) => Promise<P>,
  opts: DeferredPaginateOptions<P, T>,
): AsyncGenerator<T[], void, undefined>;
export async function* paginate<T>(
  fetchPage: (pageNumber: number, signal: AbortSignal) => Promise<unknown>,
  opts: PaginateOptions & {
    items?: (page: unknown) => Promise<T[] | AsyncIterable<T[]>>;
    size?: (batch: T[]) => number;
    done?: (page: unknown) => void;
  },
): AsyncGenerator<T[], void, undefined> {
  const first = opts.firstPage ?? 1;
  const { pageSize } = opts;
  let remaining = opts.limit ?? Number.POSITIVE_INFINITY;
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new RangeError(`pageSize must be a positive integer, got ${pageSize}`);
  if (remaining <= 0) return;

  const concurrency = opts.all ? Math.max(1, Math.floor(opts.concurrency ?? DEFAULT_CONCURRENCY)) : 1;
  // With a limit, pages past the one that completes it are never worth requesting.
  const lastWanted = Number.isFinite(remaining) ? first + Math.ceil(remaining / pageSize) - 1 : Number.POSITIVE_INFINITY;
  const lastPage = opts.all ? lastWanted : first;

  const stop = new AbortController();
  const inFlight: { page: number; result: Promise<Settled<unknown>> }[] = [];
  let next = first;
  try {
    for (;;) {
      while (inFlight.length < concurrency && next <= lastPage) {
        const page = next++;
        inFlight.push({ page, result: settle(() => fetchPage(page, stop.signal)) });
      }
      const head = inFlight.shift();
      if (!head) return;
      // Awaiting strictly in page order also makes errors surface in order: a failure of page 5 is
      // reported only if pages 1 to 4 were fine, exactly as a sequential loop would.
      const settled = await head.result;
      if (!settled.ok) {
        if (head.page > first && isNotFound(settled.error)) return;
        throw settled.error;
      }
      const items = opts.items ? await opts.items(settled.value) : (settled.value as T[]);
      let count = 0;
      for await (const batch of Array.isArray(items) ? [items] : items) {
        count += opts.size ? opts.size(batch) : batch.length;
        const take = batch.length > remaining ? batch.slice(0, remaining) : batch;
        remaining -= take.length;
        if (take.length > 0) yield take;
        if (remaining <= 0) return;
      }
      opts.done?.(settled.value);
      if (count < pageSize) return;
    }
  } finally {
    // Runs on the end, on an error, and when the consumer breaks out: nothing is left running.
    stop.abort();
  }
}

/** Captures the outcome so a page that fails while earlier ones are awaited is not an unhandled rejection. */
async function settle<T>(fetch: () => Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, value: await fetch() };
  } catch (error) {
    return { ok: false, error };
  }
}
