/**
 * The fast path's reading of argv (src/cli/fast.ts): the plain cases Commander would parse, read from a table
 * of the command tree that the build writes from the Commander definitions themselves
 * (scripts/fast-table.mjs). It answers only when it is sure to agree with Commander; for anything else (an
 * unknown or misspelt flag, a missing value, help, `--`, combined short flags, a value that a parent
 * command could take for one of its own flags, ...) it answers undefined, and tix runs Commander, whose
 * messages are then the ones the user sees.
 */

/** One flag of one command, as Commander defines it. */
export interface FlagSpec {
  long?: string;
  short?: string;
  /** Where Commander keeps its value (`pageSize` for --page-size, `header` for --no-header). */
  key: string;
  /**
   * `switch`: no value, true when given; `negate`: a --no- flag, false when given; `value`: takes the next
   * argument; `list`: takes the next argument each time it is given, gathered in order; `commander`: only Commander reads it (--version, an optional or variadic value, a value parser,
   * choices, an environment variable, ...).
   */
  kind: 'switch' | 'negate' | 'value' | 'list' | 'commander';
}

/** One positional argument (`<id...>`), as Commander declares it. */
export interface ArgumentSpec {
  required: boolean;
  variadic: boolean;
  defaultValue?: unknown;
}

/** One command of the tree, with its subcommands. */
export interface CommandSpec {
  name: string;
  flags: FlagSpec[];
  /** Its option values before parsing (defaults, true for a --no- flag), as Commander's opts() has them. */
  defaults: Record<string, unknown>;
  arguments: ArgumentSpec[];
  commands: CommandSpec[];
  /** It uses something of Commander's this reader does not follow (hooks, aliases, argument parsers, ...). */
  commanderOnly: boolean;
}

/** A command line read as Commander would: the command, its arguments as its action gets them, the option values. */
export interface ParsedArgv {
  /** The command's names below tix: ['events', 'search']. */
  path: string[];
  /** The arguments before the action's options object, as Commander passes them (a variadic one as an array). */
  args: unknown[];
  /** The option values of each command from tix down to the command, as each one's opts() would give them. */
  opts: Record<string, unknown>[];
}

/** What `argv` asks of the tree below `root`, or undefined when Commander must read it. */
export function parseFastArgv(argv: readonly string[], root: CommandSpec): ParsedArgv | undefined {
  const chain = [root];
  const opts = [{ ...root.defaults }];
  const operands: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (isFlag(arg)) {
      const found = findFlag(arg, chain);
      if (!found || found.flag.kind === 'commander') return undefined;
      const { flag, level } = found;
      if (flag.kind !== 'value' && flag.kind !== 'list') {
        if (arg.includes('=')) return undefined;
        opts[level]![flag.key] = flag.kind === 'switch';
        continue;
      }
      const inline = arg.startsWith('--') ? arg.indexOf('=') : -1;
      const value = inline >= 0 ? arg.slice(inline + 1) : argv[++i];
      if (value === undefined || (inline < 0 && takenAbove(value, chain.slice(0, level)))) return undefined;
      opts[level]![flag.key] = flag.kind === 'list' ? [...((opts[level]![flag.key] as string[] | undefined) ?? []), value] : value;
      continue;
    }
    const command = chain[chain.length - 1]!;
    if (operands.length === 0 && command.commands.length > 0) {
      const sub = command.commands.find((c) => c.name === arg);
      if (!sub) return undefined;
      chain.push(sub);
      opts.push({ ...sub.defaults });
      continue;
    }
    operands.push(arg);
  }
  const command = chain[chain.length - 1]!;
  if (command.commands.length > 0 || chain.some((c) => c.commanderOnly)) return undefined;
  const args = actionArguments(command.arguments, operands);
  return args && { path: chain.slice(1).map((c) => c.name), args, opts };
}

/** Commander's test for an option (a lone `-` is an argument: stdin). */
function isFlag(arg: string): boolean {
  return arg.length > 1 && arg.startsWith('-');
}

/** The flag `arg` names (`--out`, `-o`, `--out=x`), searched from tix down, as Commander's parents parse first. */
function findFlag(arg: string, chain: readonly CommandSpec[]): { flag: FlagSpec; level: number } | undefined {
  if (arg === '--') return undefined;
  const name = arg.startsWith('--') && arg.includes('=') ? arg.slice(0, arg.indexOf('=')) : arg;
  for (const [level, command] of chain.entries()) {
    const flag = command.flags.find((f) => f.long === name || f.short === name);
    if (flag) return { flag, level };
  }
  return undefined;
}

/**
 * Whether a command above the flag's own would read its value as a flag of its own: Commander's parents parse
 * the whole command line first, so `--name -q` gives -q to tix, not to --name.
 */
function takenAbove(value: string, above: readonly CommandSpec[]): boolean {
  if (!isFlag(value)) return false;
  if (!/^-\d/.test(value)) return true;
  return above.some((command) => command.flags.some((f) => f.short === value.slice(0, 2)));
}

/** The action's arguments from the operands, or undefined when Commander would refuse them (too few, too many). */
function actionArguments(specs: readonly ArgumentSpec[], operands: readonly string[]): unknown[] | undefined {
  const variadic = specs.length > 0 && specs[specs.length - 1]!.variadic;
  if (operands.length > specs.length && !variadic) return undefined;
  const args: unknown[] = [];
  for (const [index, spec] of specs.entries()) {
    const given = index < operands.length;
    if (spec.required && !given) return undefined;
    if (spec.variadic) args.push(given ? operands.slice(index) : (spec.defaultValue ?? []));
    else args.push(given ? operands[index] : spec.defaultValue);
  }
  return args;
}
