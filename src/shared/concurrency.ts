/** Maps with at most `limit` calls in flight, keeping input order; the first failure rejects. */
export async function mapConcurrent<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const settled = await mapSettled(items, limit, fn, { stopOnFailure: true });
  const failure = settled.find((s) => !s.ok);
  if (failure && !failure.ok) throw failure.error;
  return settled.map((s) => (s as { ok: true; value: R }).value);
}

export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

/** The outcome of items never started because an earlier one failed (with stopOnFailure). */
export const NOT_ATTEMPTED = new Error('not attempted after an earlier failure');

/**
 * Like Promise.allSettled with at most `limit` calls in flight, results in input order. With
 * stopOnFailure, no new call starts after one fails: those items settle as NOT_ATTEMPTED. Items start in
 * order, so the first failure in the result is always a real one.
 */
export async function mapSettled<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
  options: { stopOnFailure: boolean },
): Promise<Settled<R>[]> {
  const results: Settled<R>[] = items.map(() => ({ ok: false, error: NOT_ATTEMPTED }));
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < items.length && !(failed && options.stopOnFailure)) {
      const index = next++;
      try {
        results[index] = { ok: true, value: await fn(items[index]!, index) };
      } catch (error) {
        results[index] = { ok: false, error };
        failed = true;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
