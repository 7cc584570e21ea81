// Types of fast-table.mjs for test/cli/fast-path.test.ts.
import type { Command } from 'commander';
import type { CommandSpec } from '../src/cli/kit/fast-argv.ts';

/** The fast path's table of `command` and everything below it. */
export function fastTable(command: Command): CommandSpec;
