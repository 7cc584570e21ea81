/**
 * A fetch of paginate()'s first page started before paginate() is iterated: for a consumer that opens its
 * output first and may wait there (--jq's sink waits for jq to compile the filter, ~100 ms of a worker's
 * start), so that the request is in flight meanwhile instead of after (issue 39, BENCHMARKS.md).
 */
export interface FirstPageAhead<P> {
  /** paginate()'s fetchPage: the page started ahead for the first page, once; the others fetched as asked. */
  fetchPage(pageNumber: number, signal: AbortSignal): Promise<P>;
  /** Aborts the page started ahead if paginate() never took it (the output failed to open): call once done. */
  cancel(): void;
}

/** Starts `fetchPage(first)` now; `signal` (the run's) aborts it as it would have aborted the page asked for later. */
export function firstPageAhead<P>(
  fetchPage: (pageNumber: number, signal: AbortSignal) => Promise<P>,
  first: number,
  signal: AbortSignal,
): FirstPageAhead<P> {
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal.reason);
  signal.addEventListener('abort', onAbort, { once: true });
  let ahead: Promise<P> | undefined = fetchPage(first, controller.signal);
  // Its failure is paginate()'s to report, when it takes the page; not taken, it is nobody's.
  ahead.catch(() => {});
  return {
    fetchPage(pageNumber, pageSignal) {
      if (pageNumber !== first || ahead === undefined) return fetchPage(pageNumber, pageSignal);
      const taken = ahead;
      ahead = undefined;
      // paginate() aborts a page it no longer wants (the consumer stopped, a page past the end).
      if (pageSignal.aborted) controller.abort(pageSignal.reason);
      else pageSignal.addEventListener('abort', () => controller.abort(pageSignal.reason), { once: true });
      return taken;
    },
    cancel() {
      signal.removeEventListener('abort', onAbort);
      if (ahead !== undefined) controller.abort();
      ahead = undefined;
    },
  };
}
