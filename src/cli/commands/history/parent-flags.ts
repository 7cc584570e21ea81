import { type Command, Help, type Option } from 'commander';
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

/**
 * Leaves `tix history`'s flags that a subcommand refuses out of its help page and its shell completions
 * (both list the parent's flags through Help.visibleGlobalOptions).
 */
export function hideParentFlags(command: Command, flags: readonly string[]): void {
  command.configureHelp({
    visibleGlobalOptions(cmd: Command): Option[] {
      const all = new Help();
      all.showGlobalOptions = true;
      return all.visibleGlobalOptions(cmd).filter((option) => !flags.includes(option.long ?? ''));
    },
  });
}
