import type { Argument, Command, Option } from 'commander';
import { valueSourceOf, valuesOf, type ValueSource } from '../../kit/command-kit.js';

/**
 * The command tree reduced to what a shell needs to complete it. Every renderer reads this one model, so
 * bash, zsh and fish offer the same commands, flags and values, all taken from the Commander tree.
 */

/** What Tab offers for a flag's value or an argument: fixed words, or something only known at Tab time. */
export type ValueCompletion = { kind: 'words'; words: readonly string[] } | { kind: ValueSource };

export interface FlagSpec {
  /** '-o', or undefined. */
  short?: string;
  /** '--output', or undefined for a short-only flag. */
  long?: string;
  description: string;
  takesValue: boolean;
  values?: ValueCompletion;
}

export interface ArgumentSpec {
  name: string;
  variadic: boolean;
  values?: ValueCompletion;
}

export interface CommandSpec {
  /** Words from `tix` to this command: [] for tix itself, ['events', 'search']. */
  path: readonly string[];
  summary: string;
  subcommands: readonly { name: string; summary: string }[];
  /** The flags defined on this command itself (its --help's "Options"). */
  ownFlags: readonly FlagSpec[];
  /** Every flag accepted here: its own, then its ancestors' (--help's "Global Options"). */
  flags: readonly FlagSpec[];
  args: readonly ArgumentSpec[];
}

export interface CompletionModel {
  /** Depth first, tix itself first. */
  commands: readonly CommandSpec[];
  /**
   * Every flag of the tree by name. A flag name means the same everywhere (checked here), so a shell can
   * tell whether a word takes a value, and which values, without knowing the command around it.
   */
  flagsByName: ReadonlyMap<string, FlagSpec>;
}

/** Words the scripts embed unquoted in all three shells; anything else would need per-shell escaping. */
const PLAIN_WORD = /^[A-Za-z0-9][A-Za-z0-9._/@+:-]*$/;

export function completionModel(root: Command): CompletionModel {
  const commands: CommandSpec[] = [];
  const flagsByName = new Map<string, FlagSpec>();
  const visit = (command: Command, path: string[]) => {
    const help = command.createHelp();
    const ownFlags = help.visibleOptions(command).map(flagSpec);
    const seen = new Set(ownFlags.map(flagKey));
    const inherited = help
      .visibleGlobalOptions(command)
      .map(flagSpec)
      .filter((flag) => !seen.has(flagKey(flag)));
    const flags = [...ownFlags, ...inherited];
    for (const flag of flags) register(flagsByName, flag);
    const visible = help.visibleCommands(command).filter((sub) => command.commands.includes(sub));
    commands.push({
      path,
      summary: oneLine(command.summary() || command.description()),
      subcommands: visible.map((sub) => ({ name: checkedWord(sub.name()), summary: oneLine(sub.summary() || sub.description()) })),
      ownFlags,
      flags,
      args: command.registeredArguments.map(argumentSpec),
    });
    for (const sub of visible) visit(sub, [...path, sub.name()]);
  };
  visit(root, []);
  return { commands, flagsByName };
}

function flagSpec(option: Option): FlagSpec {
  const spec: FlagSpec = { description: oneLine(option.description), takesValue: option.required || option.optional };
  if (option.short) spec.short = checkedWord(option.short);
  if (option.long) spec.long = checkedWord(option.long);
  const values = valueCompletion(option);
  if (values) spec.values = values;
  return spec;
}

function argumentSpec(argument: Argument): ArgumentSpec {
  const spec: ArgumentSpec = { name: argument.name(), variadic: argument.variadic };
  const values = valueCompletion(argument);
  if (values) spec.values = values;
  return spec;
}

/** Values recorded with withValues/withValueSource, else Commander's own choices. */
function valueCompletion(item: Option | Argument): ValueCompletion | undefined {
  const source = valueSourceOf(item);
  if (source) return { kind: source };
  const words = valuesOf(item) ?? item.argChoices;
  return words ? { kind: 'words', words: words.map(checkedWord) } : undefined;
}

function flagKey(flag: FlagSpec): string {
  return flag.long ?? flag.short ?? '';
}

/** The shells look a flag up by name alone, so the same name must take a value (and the same values) everywhere. */
function register(byName: Map<string, FlagSpec>, flag: FlagSpec): void {
  for (const name of [flag.short, flag.long]) {
    if (name === undefined) continue;
    const known = byName.get(name);
    if (!known) {
      byName.set(name, flag);
    } else if (known.takesValue !== flag.takesValue || JSON.stringify(known.values) !== JSON.stringify(flag.values)) {
      throw new Error(`completion: flag ${name} takes different values in different commands; give one of them another name`);
    }
  }
}

function checkedWord(word: string): string {
  if (!PLAIN_WORD.test(word.replace(/^-+/, ''))) throw new Error(`completion: '${word}' is not a plain word the shells can complete`);
  return word;
}

/** Descriptions go on one line in every shell's menu. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
