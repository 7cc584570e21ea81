/**
 * Makes a controller abort when any of its source signals does, with that source's reason; returns the undo.
 *
 * Every source gets exactly one 'abort' listener of ours however many controllers follow it. The client's
 * signal (Ctrl-C) and a pager's stop signal are shared by every request in flight; a listener per request
 * on them tripped Node's MaxListenersExceededWarning as soon as more than ten were under way (a 95-id
 * inventory, a paged export), and raising the limit would only have hidden that.
 */
const followers = new WeakMap<AbortSignal, Set<AbortController>>();

export function link(target: AbortController, sources: readonly (AbortSignal | undefined)[]): () => void {
  const undo: (() => void)[] = [];
  for (const source of new Set(sources)) {
    if (!source) continue;
    if (source.aborted) {
      target.abort(source.reason);
      break;
    }
    const targets = followersOf(source);
    targets.add(target);
    undo.push(() => targets.delete(target));
  }
  return () => {
    for (const fn of undo) fn();
  };
}

function followersOf(source: AbortSignal): Set<AbortController> {
  let targets = followers.get(source);
  if (!targets) {
    const created = new Set<AbortController>();
    followers.set(source, created);
    source.addEventListener(
      'abort',
      () => {
        for (const target of [...created]) target.abort(source.reason);
        created.clear();
      },
      { once: true },
    );
    targets = created;
  }
  return targets;
}
