/**
 * A page of a long list may reach its writer in batches (`events search --all` parses each page a slice at
 * a time, so no page's worth of objects is held at once). Most writers need not know where a page ends,
 * but --jq runs its filter once a page, over the page's `{"events":[...]}`: a batch marked here is followed
 * by more of the same page, and the page's line goes on (present.ts, jsonPages).
 */
const continued = new WeakSet<readonly object[]>();

/** Whether more of this batch's page follows it. */
export function continuesPage(batch: readonly object[]): boolean {
  return continued.has(batch);
}

/** A page's batches in order, each but the last marked: one batch is held back to know which is the last. */
export async function* markedBatches<T extends object>(batches: AsyncIterable<T[]>): AsyncGenerator<T[]> {
  let held: T[] | undefined;
  for await (const batch of batches) {
    if (held !== undefined) {
      continued.add(held);
      yield held;
    }
    held = batch;
  }
  if (held !== undefined) yield held;
}
