import { UsageError } from '../../../shared/errors.js';

/**
 * `tix history`'s flags a subcommand has no use for (Commander accepts a parent's flags after the
 * subcommand): refused with one line naming the flag, rather than silently ignored.
 */
export function refuseParentFlags<T extends object>(
  parent: T,
  refused: readonly (readonly [keyof T, string])[],
  subcommand: string,
  why: string,
): void {
  for (const [key, flag] of refused) {
    if (parent[key] !== undefined) throw new UsageError(`${flag} does not apply to history ${subcommand} (${why})`);
  }
}
