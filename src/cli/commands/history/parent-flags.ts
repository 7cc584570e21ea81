/**
 * `tix history`'s own flags, in the groups its subcommands take them (kit/inherited-flags.ts: each subcommand
 * names the ones it takes; the others are left out of its help and refused).
 */

/** Where the history is, and how long to wait for it (kit/store-options.ts). */
export const STORE_FLAGS = ['--db', '--lock-timeout', '--schema'] as const;

/** What to print and where (kit/command-kit.ts, addOutputOptions). */
export const OUTPUT_FLAGS = ['--output', '--json', '--fields', '--no-header', '--out', '--excel-safe'] as const;
