// The module the build writes for the fast path (scripts/fast-commands.mjs) from the registry's `fast` entries.
declare module 'tix:fast-actions' {
  /** The fast path's actions by their commands' names below tix ('events search'). */
  export const ACTIONS: Readonly<Record<string, import('./commands/registry.js').CommandAction>>;
}
