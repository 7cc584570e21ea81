/**
 * Runs `run` at most `width` at a time, across a file's concurrent tests: the cases that start Node processes,
 * or run tix in-process (each in-process run listens for its Node warnings: at most 10 listeners without one).
 */
export function limited(width: number): <T>(run: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (run) => {
    if (active >= width) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await run();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}
