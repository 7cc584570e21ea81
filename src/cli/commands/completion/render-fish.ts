import type { CompletionModel, FlagSpec, ValueCompletion } from './model.js';
import { PROFILES_AWK } from './profiles-awk.js';
import { GENERATED_NOTE, singleQuoted, valuedFlagNames } from './render-shared.js';

/**
 * The fish script: one `complete` line per command, flag and argument, each guarded by a condition on the
 * command path being typed (found by __tix_state, which skips flags and their values like the other shells).
 * fish itself completes flag values from the -a list of the flag's own line.
 */
/**
 * The condition of a flag's line: the command path it is defined at, or any below it, except the commands
 * below that leave it out (a subcommand that refuses a parent's flag, such as `history sql` `--chart`, or
 * tix's, such as `config path` `--jq`).
 */
function whereShown(model: CompletionModel, path: readonly string[], flag: FlagSpec): string {
  const name = flag.long ?? flag.short;
  const below = model.commands.filter((c) => c.path.length > path.length && path.every((word, i) => c.path[i] === word));
  const without = below.filter((c) => !c.flags.some((f) => (f.long ?? f.short) === name));
  const conditions = [
    // A global flag (tix's own) is shown everywhere but where refused (--jq in `config path`).
    ...(path.length > 0 ? [`__tix_in ${fishQuoted(path.join(' '))}`] : []),
    ...without.map((c) => `not __tix_in ${fishQuoted(c.path.join(' '))}`),
  ];
  return conditions.length === 0 ? '' : ` -n ${fishQuoted(conditions.join('; and '))}`;
}

export function renderFish(model: CompletionModel): string {
  const lines: string[] = [];
  for (const command of model.commands) {
    const path = command.path.join(' ');
    const inherited = new Set(command.flags.slice(command.ownFlags.length).map((f) => f.long ?? f.short));
    for (const flag of command.ownFlags) {
      // -h is defined on every command: once, for all of them, is enough.
      if (command.path.length > 0 && (inherited.has(flag.long ?? flag.short) || flag.long === '--help')) continue;
      lines.push(`complete -c tix${whereShown(model, command.path, flag)}${flagSwitches(flag)}`);
    }
    for (const sub of command.subcommands) {
      lines.push(`complete -c tix -n ${fishQuoted(`__tix_argument ${fishQuoted(path)} 1`)} -a ${sub.name} -d ${fishQuoted(sub.summary)}`);
    }
    command.args.forEach((arg, i) => {
      if (!arg.values) return;
      const test = arg.variadic ? '__tix_argument_from' : '__tix_argument';
      lines.push(`complete -c tix -n ${fishQuoted(`${test} ${fishQuoted(path)} ${i + 1}`)}${valueSwitches(arg.values)}`);
    });
  }

  return `# fish completion for tix. ${GENERATED_NOTE}
# Install: tix completion fish > ~/.config/fish/completions/tix.fish

# Flags that take a value, in any command: the walker skips the word after them.
set -g __tix_valued ${valuedFlagNames(model).join(' ')}

# Subcommands of command path $argv[1].
function __tix_subcommands
    switch "$argv[1]"
${model.commands
  .filter((c) => c.subcommands.length > 0)
  .map((c) => `        case ${fishQuoted(c.path.join(' '))}\n            echo ${c.subcommands.map((s) => s.name).join(' ')}`)
  .join('\n')}
    end
end

# Prints the command path typed so far (words before the cursor), the number of arguments after it, and
# whether the last word is a flag still waiting for its value (1 or 0).
function __tix_state
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l cmdpath
    set -l nargs 0
    set -l pending 0
    for token in $tokens
        if test $pending = 1
            set pending 0
            continue
        end
        switch $token
            case '--*=*'
            case '-*'
                contains -- $token $__tix_valued; and set pending 1
            case '*'
                if test $nargs = 0; and contains -- $token (string split ' ' -- (__tix_subcommands "$cmdpath"))
                    set -a cmdpath $token
                else
                    set nargs (math $nargs + 1)
                end
        end
    end
    echo "$cmdpath"
    echo $nargs
    echo $pending
end

# True when the command path is $argv[1] or a command below it.
function __tix_in
    set -l state (__tix_state)
    test -z "$argv[1]"; or test "$state[1]" = "$argv[1]"; or string match -q -- "$argv[1] *" "$state[1]"
end

# True when the word being typed is argument $argv[2] (from 1) of command path $argv[1].
function __tix_argument
    set -l state (__tix_state)
    test "$state[1]" = "$argv[1]"; and test $state[3] = 0; and test $state[2] = (math $argv[2] - 1)
end

# The same for a variadic last argument: argument $argv[2] or any after it.
function __tix_argument_from
    set -l state (__tix_state)
    test "$state[1]" = "$argv[1]"; and test $state[3] = 0; and test $state[2] -ge (math $argv[2] - 1)
end

function __tix_profiles
    set -l dir $TIX_CONFIG_DIR
    if test -z "$dir"
        set -l base $XDG_CONFIG_HOME
        test -z "$base"; and set base $HOME/.config
        set dir $base/tix
    end
    test -r $dir/config.json; and awk ${singleQuoted(PROFILES_AWK)} $dir/config.json 2>/dev/null
end

# Arguments are command names, ids and values, not files (--out says otherwise).
complete -c tix -f
${lines.join('\n')}
`;
}

function flagSwitches(flag: FlagSpec): string {
  let switches = '';
  if (flag.short) switches += ` -s ${flag.short.slice(1)}`;
  if (flag.long) switches += ` -l ${flag.long.slice(2)}`;
  switches += ` -d ${fishQuoted(flag.description)}`;
  if (flag.takesValue) switches += flag.values ? valueSwitches(flag.values) : ' -x';
  return switches;
}

/** -x: needs a value and no files; -r -F: needs a value, and files are it. */
function valueSwitches(values: ValueCompletion): string {
  switch (values.kind) {
    case 'words':
      return ` -x -a ${fishQuoted(values.words.join(' '))}`;
    case 'files':
      return ' -r -F';
    case 'profiles':
      return ` -x -a ${fishQuoted('(__tix_profiles)')}`;
  }
}

/** fish single quotes: only \\ and \' are special. */
function fishQuoted(text: string): string {
  return `'${text.replace(/[\\']/g, (c) => `\\${c}`)}'`;
}
