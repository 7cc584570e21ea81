import { type Command, Help, type Option } from 'commander';
import { UsageError } from '../../shared/errors.js';

/**
 * Flags a command inherits but refuses. Commander gives a command every flag of its ancestors: tix's global
 * flags, and a parent's own (`tix history`'s --chart reaches `tix history list`, since Commander reads a parent's
 * flags wherever they stand on the line). A command declares here which of those it takes; the rest are left out
 * of its help, and so of its man page, its docs/commands page and its completions (all read
 * Help.visibleGlobalOptions), and refused with one line, exit 2, before its action runs (a preAction hook,
 * program.ts). One declaration serves all five, so what help offers and what the command accepts cannot differ
 * (test/help/flags-accepted.test.ts runs every flag every page lists).
 */
export interface InheritedFlags {
  /**
   * The parent command's own flags this command takes (`tix history`'s, for its subcommands), by long name;
   * the parent's others are refused. Left out: every one of them is taken. tix's global flags are not the
   * parent's: they are taken unless listed in `refuse`.
   */
  parentFlags?: readonly string[];
  /** tix's global flags this command refuses (--sandbox for `auth login`), by long name. */
  refuse?: readonly string[];
  /** What the refusal says after the flag and the command: "it copies the history; it prints no rows". */
  why: string;
}

const declared = new WeakMap<Command, InheritedFlags>();

export function inheritedFlags(command: Command, flags: InheritedFlags): Command {
  declared.set(command, flags);
  return command;
}

/** An inherited flag the command refuses, and why. */
export interface RefusedFlag {
  option: Option;
  why: string;
}

/**
 * The inherited flags `command` refuses: those its declaration refuses, and --jq where nothing prints JSON
 * (a command without subcommands, and neither it nor a parent below tix has an --output it takes).
 */
export function refusedInheritedFlags(command: Command): RefusedFlag[] {
  const declaration = declared.get(command);
  const refused: RefusedFlag[] = [];
  const parent = command.parent;
  if (!parent) return refused;
  for (let at: Command | null = parent; at; at = at.parent) {
    const isRoot = at.parent === null;
    for (const option of at.options) {
      const long = option.long ?? '';
      const refuses = isRoot
        ? (declaration?.refuse ?? []).includes(long)
        : at === parent && declaration?.parentFlags !== undefined && !declaration.parentFlags.includes(long);
      if (refuses) refused.push({ option, why: declaration!.why });
    }
  }
  // A group (`tix events`) only passes --jq on to its subcommands.
  if (command.commands.length === 0 && !printsJson(command, refused)) {
    const jq = rootOf(command).options.find((option) => option.long === '--jq');
    if (jq && !refused.some((r) => r.option === jq)) refused.push({ option: jq, why: 'it prints no JSON to filter' });
  }
  return refused;
}

/** Whether `command` takes an --output (its own, or a parent's below tix that it does not refuse): where --jq applies. */
function printsJson(command: Command, refused: readonly RefusedFlag[]): boolean {
  for (let at: Command | null = command; at?.parent; at = at.parent) {
    const output = at.options.find((option) => option.long === '--output');
    if (output && !refused.some((r) => r.option === output)) return true;
  }
  return false;
}

function rootOf(command: Command): Command {
  let at = command;
  while (at.parent) at = at.parent;
  return at;
}

/**
 * Help.visibleGlobalOptions without the inherited flags the command refuses: what help, the man page, the
 * reference page and the completions list as a command's "Global Options".
 */
export function acceptedGlobalOptions(help: Help, command: Command): Option[] {
  const refused = new Set(refusedInheritedFlags(command).map((r) => r.option));
  return Help.prototype.visibleGlobalOptions.call(help, command).filter((option) => !refused.has(option));
}

/**
 * Throws the UsageError for the first refused flag given on the command line (or in the environment), as
 * `--chart does not apply to history list (its filters are ...)`. Run before the action (program.ts).
 */
export function refuseInheritedFlagsGiven(command: Command): void {
  for (const { option, why } of refusedInheritedFlags(command)) {
    const source = command.getOptionValueSourceWithGlobals(option.attributeName());
    if (source === 'cli' || source === 'env') throw new UsageError(`${option.long} does not apply to ${pathOf(command)} (${why})`);
  }
}

/** `history list`: the command's words below tix. */
function pathOf(command: Command): string {
  const words: string[] = [];
  for (let at: Command | null = command; at?.parent; at = at.parent) words.unshift(at.name());
  return words.join(' ');
}
