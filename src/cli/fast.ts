// The commands the fast path runs, by their names below tix ('events search'), and their actions: the registry's
// entries with `fast` (src/cli/commands/registry.ts), written in by the build (scripts/fast-commands.mjs; typed
// by fast-actions.d.ts). Every other command goes to Commander.
import { ACTIONS } from 'tix:fast-actions';
import { ExitCode } from '../shared/errors.js';
import { parseFastArgv, type CommandSpec, type ParsedArgv } from './kit/fast-argv.js';
import type { CommandAction } from './commands/registry.js';
import type { Invocation } from './kit/invocation.js';
import { endQuietlyWhenStdoutCloses, realProcess } from './kit/real-process.js';
import { reportError } from './kit/report-error.js';
import { bindRun, type RunContext } from './kit/run-context.js';
import { startJqEarly, stopJqEarly } from './kit/jq-early.js';

/**
 * The fast path (dist/fast.cjs, which bin/tix tries first): the one-query commands the registry marks `fast`, run without
 * loading Commander or building the command tree, which is most of what a one-off query costs. Their flags
 * are not listed here: the build writes the tree's table from the Commander definitions (scripts/fast-table.mjs)
 * and kit/fast-argv.ts reads argv by it, handing anything it is not sure of to the full path. The actions are
 * the very functions the Commander definitions run.
 */

/** The command tree's flags and arguments, written in by the build (scripts/build.mjs) as JSON. */
declare const __TIX_FAST_TABLE__: string;

/**
 * Runs `argv` on the fast path and returns true, or returns false having done nothing, for bin/tix to load
 * the full path. Not taken: --sandbox (the sandbox is a chunk of the full bundle), and whatever
 * kit/fast-argv.ts leaves to Commander. (bin/tix does not ask at all under TIX_NO_FAST_PATH.)
 */
export function runFast(argv: readonly string[]): boolean {
  const tree = JSON.parse(__TIX_FAST_TABLE__) as CommandSpec;
  const parsed = parseFastArgv(argv, tree);
  const action = parsed && ACTIONS[parsed.path.join(' ')];
  if (!parsed || !action || parsed.opts[0]!.sandbox === true) return false;
  // --jq's worker starts before the command's action runs (kit/jq-early.ts).
  const jq = parsed.opts[0]!.jq;
  const jqEarly = startJqEarly(typeof jq === 'string' ? jq : undefined, realProcess.stderr, realProcess.env);
  endQuietlyWhenStdoutCloses();
  void runAction(action, parsed, tree, argv, jqEarly).then((code) => {
    stopJqEarly(jqEarly);
    process.exitCode = code;
  });
  return true;
}

/** As runTix runs a command: the action, with its run bound to the process, its error reported as one line. */
async function runAction(
  action: CommandAction,
  parsed: ParsedArgv,
  tree: CommandSpec,
  argv: readonly string[],
  jqEarly: RunContext['jqEarly'],
): Promise<number> {
  const chain = invocations(parsed, tree);
  const command = chain[chain.length - 1]!;
  const run: RunContext = { process: realProcess, exitCode: ExitCode.OK, jqEarly };
  bindRun(chain[0]!, run);
  try {
    await action(...parsed.args, parsed.opts[parsed.opts.length - 1], command);
    return run.exitCode;
  } catch (error) {
    return reportError(error, argv, realProcess.stderr);
  }
}

/** tix and each command down to the one run, as Commander would hand them to the action. */
function invocations(parsed: ParsedArgv, tree: CommandSpec): Invocation[] {
  const chain: Invocation[] = [];
  let spec: CommandSpec | undefined = tree;
  for (const level of parsed.opts.keys()) {
    if (level > 0) spec = spec?.commands.find((c) => c.name === parsed.path[level - 1]);
    const parent = chain[level - 1] ?? null;
    const name = spec!.name;
    chain.push({
      parent,
      name: () => name,
      options: spec!.flags,
      // Commander's optsWithGlobals: a parent's value wins over its subcommand's.
      optsWithGlobals: () => Object.assign({}, ...parsed.opts.slice(0, level + 1).reverse()),
    });
  }
  return chain;
}
