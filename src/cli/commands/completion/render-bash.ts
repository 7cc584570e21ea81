import type { CommandSpec, CompletionModel, ValueCompletion } from './model.js';
import { PROFILES_AWK } from './profiles-awk.js';
import { argumentCases, GENERATED_NOTE, singleQuoted, valuedFlagNames, valueGroups } from './render-shared.js';

/**
 * The bash script: tables generated from the model (case statements), and one walker that finds the command
 * being typed, skipping flags and their values. No bash-completion package needed.
 */
export function renderBash(model: CompletionModel): string {
  return `# bash completion for tix. ${GENERATED_NOTE}
# Install: source <(tix completion bash), or save it as ~/.local/share/bash-completion/completions/tix

# Flags that take a value, in any command: the walker skips the word after them.
_tix_valued=' ${valuedFlagNames(model).join(' ')} '

# Sets _tix_subcommands, _tix_flags and _tix_rest (the index of a variadic last argument) for command path $1.
_tix_command() {
  _tix_subcommands='' _tix_flags='' _tix_rest=''
  case $1 in
${model.commands.map(commandCase).join('\n')}
  esac
}

# Completes the value of flag $1.
_tix_flag_values() {
  case $1 in
${valueGroups(model)
  .map(({ names, values }) => `    ${names.join('|')}) ${reply(values)} ;;`)
  .join('\n')}
  esac
}

# Completes argument $2 (from 1) of command path $1.
_tix_argument_values() {
  case "$1#$2" in
${argumentCases(model)
  .map(({ path, index, values }) => `    ${singleQuoted(`${path.join(' ')}#${index}`)}) ${reply(values)} ;;`)
  .join('\n')}
  esac
}

_tix_reply_words() {
  local word
  while IFS= read -r word; do COMPREPLY+=("$word"); done < <(compgen -W "$1" -- "$_tix_cur")
}

_tix_reply_files() {
  compopt -o filenames 2>/dev/null
  local file
  while IFS= read -r file; do COMPREPLY+=("$file"); done < <(compgen -f -- "$_tix_cur")
}

_tix_profiles() {
  local file="\${TIX_CONFIG_DIR:-\${XDG_CONFIG_HOME:-$HOME/.config}/tix}/config.json"
  [[ -r $file ]] && awk ${singleQuoted(PROFILES_AWK)} "$file" 2>/dev/null
}

_tix() {
  COMPREPLY=()
  local _tix_cur=\${COMP_WORDS[COMP_CWORD]} _tix_subcommands _tix_flags _tix_rest
  local path='' word flag='' i nargs=0
  for ((i = 1; i < COMP_CWORD; i++)); do
    word=\${COMP_WORDS[i]}
    case $word in
      --*=*) ;;
      -*)
        # bash splits --flag=value at '=' into three words.
        if [[ \${COMP_WORDS[i+1]} == = ]]; then ((i += 2))
        elif [[ $_tix_valued == *" $word "* ]]; then ((i++))
        fi ;;
      *)
        _tix_command "$path"
        if ((nargs == 0)) && [[ " $_tix_subcommands " == *" $word "* ]]; then path=\${path:+$path }$word
        else ((nargs++))
        fi ;;
    esac
  done
  _tix_command "$path"

  local prev=\${COMP_WORDS[COMP_CWORD-1]}
  if [[ $_tix_cur == = && $prev == -* ]]; then flag=$prev _tix_cur=''
  elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then flag=\${COMP_WORDS[COMP_CWORD-2]}
  elif [[ $_tix_valued == *" $prev "* ]]; then flag=$prev
  fi
  if [[ -n $flag ]]; then
    _tix_flag_values "$flag"
  elif [[ $_tix_cur == -* ]]; then
    _tix_reply_words "$_tix_flags"
  elif [[ -n $_tix_subcommands ]] && ((nargs == 0)); then
    _tix_reply_words "$_tix_subcommands"
  else
    local index=$((nargs + 1))
    [[ -n $_tix_rest ]] && ((index > _tix_rest)) && index=$_tix_rest
    _tix_argument_values "$path" "$index"
  fi
  return 0
}

complete -F _tix tix
`;
}

function commandCase(command: CommandSpec): string {
  const flags = command.flags.flatMap((f) => [f.short, f.long]).filter((name): name is string => name !== undefined);
  const last = command.args.at(-1);
  const settings = [
    command.subcommands.length > 0 ? `_tix_subcommands=${singleQuoted(command.subcommands.map((s) => s.name).join(' '))}` : '',
    `_tix_flags=${singleQuoted(flags.join(' '))}`,
    last?.variadic ? `_tix_rest=${command.args.length}` : '',
  ].filter(Boolean);
  return `    ${singleQuoted(command.path.join(' '))}) ${settings.join(' ')} ;;`;
}

function reply(values: ValueCompletion): string {
  switch (values.kind) {
    case 'words':
      return `_tix_reply_words ${singleQuoted(values.words.join(' '))}`;
    case 'files':
      return '_tix_reply_files';
    case 'profiles':
      return '_tix_reply_words "$(_tix_profiles)"';
  }
}
