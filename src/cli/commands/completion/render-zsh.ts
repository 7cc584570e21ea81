import type { CommandSpec, CompletionModel, FlagSpec, ValueCompletion } from './model.js';
import { PROFILES_AWK } from './profiles-awk.js';
import { argumentCases, GENERATED_NOTE, singleQuoted, valuedFlagNames, valueGroups } from './render-shared.js';

/**
 * The zsh script: the same tables and walker as bash, with descriptions for commands and flags (_describe)
 * and zsh's own file completion. Works from fpath (autoloaded as _tix) and when sourced.
 */
export function renderZsh(model: CompletionModel): string {
  return `#compdef tix
# zsh completion for tix. ${GENERATED_NOTE}
# Install: save it as _tix in a folder on $fpath (before compinit runs), or source <(tix completion zsh)

# Flags that take a value, in any command: the walker skips the word after them.
_tix_valued=(${valuedFlagNames(model).join(' ')})

# Sets _tix_subcommands and _tix_flags (name:description) and _tix_rest (index of a variadic last argument).
_tix_command() {
  _tix_subcommands=() _tix_flags=() _tix_rest=''
  case $1 in
${model.commands.map(commandCase).join('\n')}
  esac
}

# Completes the value of flag $1.
_tix_flag_values() {
  case $1 in
${valueGroups(model)
  .map(({ names, values }) => `    (${names.join('|')}) ${reply(values)} ;;`)
  .join('\n')}
    (*) return 1 ;;
  esac
}

# Completes argument $2 (from 1) of command path $1.
_tix_argument_values() {
  case "$1#$2" in
${argumentCases(model)
  .map(({ path, index, values }) => `    (${singleQuoted(`${path.join(' ')}#${index}`)}) ${reply(values)} ;;`)
  .join('\n')}
    (*) return 1 ;;
  esac
}

_tix_profiles() {
  local file="\${TIX_CONFIG_DIR:-\${XDG_CONFIG_HOME:-$HOME/.config}/tix}/config.json"
  [[ -r $file ]] && awk ${singleQuoted(PROFILES_AWK)} "$file" 2>/dev/null
}

_tix() {
  local -a _tix_subcommands _tix_flags
  local _tix_rest tix_path='' word flag=''
  local -i i nargs=0
  for (( i = 2; i < CURRENT; i++ )); do
    word=$words[i]
    case $word in
      (--*=*) ;;
      (-*) (( \${_tix_valued[(Ie)$word]} )) && (( i++ )) ;;
      (*)
        _tix_command "$tix_path"
        if (( nargs == 0 && \${_tix_subcommands[(I)$word:*]} )); then tix_path=\${tix_path:+$tix_path }$word
        else (( nargs++ ))
        fi ;;
    esac
  done
  _tix_command "$tix_path"

  if [[ $PREFIX == --*=* ]]; then
    flag=\${PREFIX%%=*}
    compset -P '*='
    _tix_flag_values "$flag"
  elif (( CURRENT > 2 && \${_tix_valued[(Ie)$words[CURRENT-1]]} )); then
    _tix_flag_values "$words[CURRENT-1]"
  elif [[ $PREFIX == -* ]]; then
    _describe -t options 'option' _tix_flags
  elif (( $#_tix_subcommands && nargs == 0 )); then
    _describe -t commands 'command' _tix_subcommands
  else
    local -i index=$(( nargs + 1 ))
    [[ -n $_tix_rest ]] && (( index > _tix_rest )) && index=$_tix_rest
    _tix_argument_values "$tix_path" $index
  fi
}

if [[ $funcstack[1] == _tix ]]; then
  _tix "$@"
else
  compdef _tix tix
fi
`;
}

function commandCase(command: CommandSpec): string {
  const indent = '      ';
  const lines = [`    (${singleQuoted(command.path.join(' '))})`];
  if (command.subcommands.length > 0) {
    lines.push(
      `${indent}_tix_subcommands=(`,
      ...command.subcommands.map((s) => `${indent}  ${singleQuoted(`${s.name}:${s.summary}`)}`),
      `${indent})`,
    );
  }
  lines.push(
    `${indent}_tix_flags=(`,
    ...command.flags.flatMap(describedFlag).map((entry) => `${indent}  ${singleQuoted(entry)}`),
    `${indent})`,
  );
  if (command.args.at(-1)?.variadic) lines.push(`${indent}_tix_rest=${command.args.length}`);
  lines.push(`${indent};;`);
  return lines.join('\n');
}

function describedFlag(flag: FlagSpec): string[] {
  return [flag.short, flag.long].filter((name): name is string => name !== undefined).map((name) => `${name}:${flag.description}`);
}

function reply(values: ValueCompletion): string {
  switch (values.kind) {
    case 'words':
      return `compadd -- ${values.words.join(' ')}`;
    case 'files':
      return '_files';
    case 'profiles':
      // biome-ignore lint/suspicious/noTemplateCurlyInString: zsh's own ${(f)...} expansion, written into the script.
      return 'compadd -- ${(f)"$(_tix_profiles)"}';
  }
}
