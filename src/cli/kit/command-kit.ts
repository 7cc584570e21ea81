import { type Argument, type Command, Option } from 'commander';
import type { EnumTable } from '../../api/enums.js';
import { FORMATS } from '../../output/formats.js';

/**
 * Small builders shared by every command definition, so flags that mean the same thing are spelled,
 * described and completed the same way everywhere.
 */

/** Values a flag or argument accepts, for help and shell completion (Commander's own choices would refuse numbers). */
const completionValues = new WeakMap<Option | Argument, readonly string[]>();
/** Values only known when Tab is pressed: the shell's file names, or the profiles in the stored config. */
export type ValueSource = 'files' | 'profiles';
const completionSources = new WeakMap<Option | Argument, ValueSource>();
/** Help examples per command: shown in --help and run against the sandbox by the tests. */
const commandExamples = new WeakMap<Command, readonly Example[]>();

export interface Example {
  description: string;
  command: string;
}

export function valuesOf(option: Option | Argument): readonly string[] | undefined {
  return completionValues.get(option);
}

export function valueSourceOf(option: Option | Argument): ValueSource | undefined {
  return completionSources.get(option);
}

export function examplesOf(command: Command): readonly Example[] {
  return commandExamples.get(command) ?? [];
}

export function withValues<T extends Option | Argument>(option: T, values: readonly string[]): T {
  completionValues.set(option, values);
  return option;
}

export function withValueSource<T extends Option | Argument>(option: T, source: ValueSource): T {
  completionSources.set(option, source);
  return option;
}

/**
 * The parser of a repeatable option (`-f a -f b`): its values in order. Marked, so that the fast path reads
 * such an option as Commander does (scripts/fast-table.mjs) instead of leaving the run to Commander.
 */
export const collectValues = Object.assign((value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value], {
  repeatable: true as const,
});

export function enumOption(flags: string, description: string, table: EnumTable): Option {
  const slugs = table.map((v) => v.slug);
  return withValues(new Option(flags, `${description}: ${slugs.join(' | ')} (or its number)`), slugs);
}

export function addExamples(command: Command, examples: readonly Example[]): Command {
  commandExamples.set(command, examples);
  const text = examples.map((e) => `  # ${e.description}\n  $ ${e.command}`).join('\n\n');
  return command.addHelpText('after', `\nExamples:\n${text}\n`);
}

/** Output flags for every command that prints data. */
export function addOutputOptions(command: Command): Command {
  return command
    .addOption(
      withValues(
        new Option(
          '-o, --output <format>',
          `output format: ${FORMATS.join(' | ')} (default: table on a terminal, json otherwise, or the output setting)`,
        ),
        FORMATS,
      ),
    )
    .option('--json', 'short for --output json')
    .option(
      '--fields <list>',
      'comma-separated columns to show, in order (every format; json keeps only these fields of each record); dotted paths reach nested fields',
    )
    .option('--no-header', 'leave out the header row (csv, tsv)')
    .addOption(
      withValueSource(
        new Option(
          '--out <file>',
          'write the data to a file instead of stdout: a regular file is written whole or not at all; - is stdout; /dev/stdout, /dev/fd/N, a FIFO or a device is written as a stream',
        ),
        'files',
      ),
    )
    .option('--excel-safe', "prefix csv/tsv text cells starting with = + - @ with ' so spreadsheets do not run them as formulas");
}

/** Paging flags for commands that list events. */
export function addPagingOptions(command: Command): Command {
  return command
    .option('--page <n>', 'page number to fetch (default: 1)')
    .option('--page-size <n>', 'records per page, 1-5000 (default: 1000, or the page-size setting)')
    .option('--limit <n>', 'stop after this many records (fetches as many pages as needed)')
    .option('--all', 'fetch every page (in order, several at once: see --concurrency)');
}

/**
 * Where a command's man page and docs/commands page send the reader next ("See also"): the guides in docs/ that
 * explain it (`history.md`) and related commands elsewhere in the tree (`track`). Declared on a top-level
 * command, it holds for its subcommands too, which also name their parent and siblings.
 */
export interface SeeAlso {
  guides: readonly string[];
  related?: readonly string[];
}
const commandSeeAlso = new WeakMap<Command, SeeAlso>();

export function seeAlso(command: Command, see: SeeAlso): Command {
  commandSeeAlso.set(command, see);
  return command;
}

export function seeAlsoOf(command: Command): SeeAlso | undefined {
  return commandSeeAlso.get(command);
}
