# bash completion for tix. Generated from the command tree by `npm run completions` (or `tix completion`): do not edit by hand.
# Install: source <(tix completion bash), or save it as ~/.local/share/bash-completion/completions/tix

# Flags that take a value, in any command: the walker skips the word after them.
_tix_valued=' --agent --base-url --below --by --category --city --concurrency --count --country --date --date-end --date-start --db --drop --events --fail-rate --fault --fault-rate --field --fields --file --from --from-file --id --interval --jq --large-sales --latency --limit --lock-timeout --max-price --min-price --min-quantity --name --notify-exec --notify-url --now --omit --on --out --output --page --page-size --password --per --port --profile --provider --request-log --retries --sales-days --schema --section --seed --since --sort --sql-db --state --ticket-agent --time-scale --timeout --to --to-schema --top --type --tz --until --until-price --venue -f -o '

# Sets _tix_subcommands, _tix_flags and _tix_rest (the index of a variadic last argument) for command path $1.
_tix_command() {
  _tix_subcommands='' _tix_flags='' _tix_rest=''
  case $1 in
    '') _tix_subcommands='events inventory watch sales track history report alert agents api auth config sandbox completion' _tix_flags='-V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --jq --insecure-http -h --help' ;;
    'events') _tix_subcommands='search get by-agent view' _tix_flags='-h --help -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --jq --insecure-http' ;;
    'events search') _tix_flags='--category --type --date --on --from --to --date-start --date-end --sort --asc --desc --name --venue --city --state --country --tz --password --omit --ticket-agent --page --page-size --limit --all -o --output --json --fields --no-header --out --excel-safe -h --help -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --jq --insecure-http' ;;
    'events get') _tix_flags='--agent --partial -o --output --json --fields --no-header --out --excel-safe -h --help -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --jq --insecure-http' _tix_rest=1 ;;
    'events by-agent') _tix_flags='--from --to --name --page --page-size --limit --all -o --output --json --fields --no-header --out --excel-safe -h --help -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --jq --insecure-http' ;;
    'events view') _tix_flags='--id --top --sales-days --no-sales --listings --partial --min-quantity --min-price --max-price --section -o --output --json --fields --no-header --out --excel-safe -h --help -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --jq --insecure-http' ;;
    'inventory') _tix_flags='--partial --min-quantity --min-price --max-price --section -o --output --json --fields --no-header --out --excel-safe -h --help -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --jq --insecure-http' _tix_rest=2 ;;
    'watch') _tix_flags='--interval --count --until-price -o --output --min-quantity --min-price --max-price --section --record --db --lock-timeout --schema -h --help -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --jq --insecure-http' _tix_rest=2 ;;
    'sales') _tix_subcommands='summary details' _tix_flags='-h --help -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --jq --insecure-http' ;;
    'sales summary') _tix_flags='--provider --from --to -o --output --json --fields --no-header --out --excel-safe --chart -h --help -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --jq --insecure-http' ;;
    'sales details') _tix_flags='--provider --from --to -o --output --json --fields --no-header --out --excel-safe --daily -h --help -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --jq --insecure-http' ;;
    'track') _tix_flags='--from-file --sales --strict-notify --db --lock-timeout --schema -o --output --json --fields --no-header --out --excel-safe -h --help -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --jq --insecure-http' _tix_rest=1 ;;
    'history') _tix_subcommands='list summary coverage export sql' _tix_flags='--since --until --tz --listings --chart --by --per --supply --min-quantity --section --db --lock-timeout --schema -o --output --json --fields --no-header --out --excel-safe -h --help -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --jq --insecure-http' ;;
    'history list') _tix_flags='--upcoming --name -h --help --since --tz --db --lock-timeout --schema -o --output --json --fields --no-header --out --excel-safe -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --jq --insecure-http' ;;
    'history summary') _tix_flags='-h --help --since --until --tz --min-quantity --section --db --lock-timeout --schema -o --output --json --fields --no-header --out --excel-safe -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --jq --insecure-http' ;;
    'history coverage') _tix_flags='-h --help --tz --db --lock-timeout --schema -o --output --json --fields --no-header --out --excel-safe -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --jq --insecure-http' ;;
    'history export') _tix_flags='--to --to-schema -h --help --since --until --tz --db --lock-timeout --schema -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --insecure-http' ;;
    'history sql') _tix_flags='--file --sql-db -h --help --tz --db --lock-timeout --schema -o --output --json --fields --no-header --out --excel-safe -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --jq --insecure-http' ;;
    'report') _tix_flags='--from-file --since --until --tz --min-quantity --section --db --lock-timeout --schema -o --output --json --fields --no-header --out --excel-safe -h --help -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --jq --insecure-http' _tix_rest=1 ;;
    'alert') _tix_subcommands='add list rm pause resume test approve' _tix_flags='-h --help -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --jq --insecure-http' ;;
    'alert add') _tix_flags='--below --drop --min-quantity --section --agent --name --until --notify-url --notify-exec --db --lock-timeout --schema -h --help -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --insecure-http' ;;
    'alert list') _tix_flags='--db --lock-timeout --schema -o --output --json --fields --no-header --out --excel-safe -h --help -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --jq --insecure-http' ;;
    'alert rm') _tix_flags='--db --lock-timeout --schema -h --help -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --insecure-http' ;;
    'alert pause') _tix_flags='--db --lock-timeout --schema -h --help -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --insecure-http' ;;
    'alert resume') _tix_flags='--db --lock-timeout --schema -h --help -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --insecure-http' ;;
    'alert test') _tix_flags='--db --lock-timeout --schema -h --help -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --insecure-http' ;;
    'alert approve') _tix_flags='--db --lock-timeout --schema -h --help -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --insecure-http' ;;
    'agents') _tix_flags='-o --output --json --fields --no-header --out --excel-safe -h --help -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --jq --insecure-http' ;;
    'api') _tix_flags='-f --field --paginate -i --include -o --output --json --fields --no-header --out --excel-safe -h --help -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --jq --insecure-http' ;;
    'auth') _tix_subcommands='login status logout' _tix_flags='-h --help -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --jq --insecure-http' ;;
    'auth login') _tix_flags='--with-key -h --help -V --version --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --insecure-http' ;;
    'auth status') _tix_flags='--json -h --help -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --insecure-http' ;;
    'auth logout') _tix_flags='-h --help -V --version --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --insecure-http' ;;
    'config') _tix_subcommands='get set unset list path' _tix_flags='-h --help -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --jq --insecure-http' ;;
    'config get') _tix_flags='-h --help -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --insecure-http' ;;
    'config set') _tix_flags='-h --help -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --insecure-http' ;;
    'config unset') _tix_flags='-h --help -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --insecure-http' ;;
    'config list') _tix_flags='-o --output --json --fields --no-header --out --excel-safe -h --help -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --jq --insecure-http' ;;
    'config path') _tix_flags='-h --help -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --insecure-http' ;;
    'sandbox') _tix_flags='--port --seed --events --latency --fail-rate --now --time-scale --fault --fault-rate --large-sales --request-log -h --help -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --insecure-http' ;;
    'completion') _tix_flags='-h --help -V --version --sandbox --profile --base-url --timeout --retries --concurrency --debug -q --quiet --no-color --insecure-http' ;;
  esac
}

# Completes the value of flag $1.
_tix_flag_values() {
  case $1 in
    --agent) _tix_reply_words 'ticketMaster stubHub skyBox ticketEvolution seatGeek vividSeats tickPick ticketNetwork gameTime' ;;
    --category) _tix_reply_words 'all concerts arts family sports misc' ;;
    --date) _tix_reply_words 'today tomorrow yesterday future-incl-today future next-3-days next-7-days next-10-days next-2-weeks next-30-days past past-7-days past-30-days past-3-months past-6-months past-year this-week' ;;
    --db|--from-file|--out) _tix_reply_files ;;
    --fault) _tix_reply_words 'reset truncate rate-limit slow html bad-shape not-json' ;;
    --output|-o) _tix_reply_words 'table json ndjson csv tsv parquet' ;;
    --profile) _tix_reply_words "$(_tix_profiles)" ;;
    --provider) _tix_reply_words 'stubhub' ;;
    --sort) _tix_reply_words 'presale-date public-sale-date event-date name venue city state date-added' ;;
    --type) _tix_reply_words 'presale public-sale event presale-or-public-sale post-sale presale-or-post-sale just-added' ;;
  esac
}

# Completes argument $2 (from 1) of command path $1.
_tix_argument_values() {
  case "$1#$2" in
    'events by-agent#1') _tix_reply_words 'ticketMaster stubHub skyBox ticketEvolution seatGeek vividSeats tickPick ticketNetwork gameTime' ;;
    'inventory#1') _tix_reply_words 'TMUSA STUBHUB SKYBOX TICKETEVOLUTION SEATGEEK VIVID TICKPICK TICKETNETWORK GAMETIME' ;;
    'watch#1') _tix_reply_words 'TMUSA STUBHUB SKYBOX TICKETEVOLUTION SEATGEEK VIVID TICKPICK TICKETNETWORK GAMETIME' ;;
    'config get#1') _tix_reply_words 'base-url output timezone provider page-size concurrency timeout retries db sql-db notify-url notify-exec notify-exec-env notify-exec-timeout notify-deadline' ;;
    'config set#1') _tix_reply_words 'base-url output timezone provider page-size concurrency timeout retries db sql-db notify-url notify-exec notify-exec-env notify-exec-timeout notify-deadline' ;;
    'config unset#1') _tix_reply_words 'base-url output timezone provider page-size concurrency timeout retries db sql-db notify-url notify-exec notify-exec-env notify-exec-timeout notify-deadline' ;;
    'completion#1') _tix_reply_words 'bash zsh fish' ;;
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
  local file="${TIX_CONFIG_DIR:-${XDG_CONFIG_HOME:-$HOME/.config}/tix}/config.json"
  [[ -r $file ]] && awk 'BEGIN { q = sprintf("%c", 34); bs = sprintf("%c", 92) }
{ text = text $0 " " }
END {
  n = length(text); depth = 0; key = ""; last = ""; inside = 0
  for (i = 1; i <= n; i++) {
    c = substr(text, i, 1)
    if (c == q) {
      s = ""
      for (i++; i <= n; i++) { c = substr(text, i, 1); if (c == bs) { i++; continue } if (c == q) break; s = s c }
      last = s
    } else if (c == ":") {
      if (depth == 1) key = last; else if (depth == 2 && inside) print last
    } else if (c == "{" || c == "[") {
      depth++; if (depth == 2) inside = (c == "{" && key == "profiles")
    } else if (c == "}" || c == "]") {
      depth--; if (depth < 2) inside = 0
    }
  }
}' "$file" 2>/dev/null
}

_tix() {
  COMPREPLY=()
  local _tix_cur=${COMP_WORDS[COMP_CWORD]} _tix_subcommands _tix_flags _tix_rest
  local path='' word flag='' i nargs=0
  for ((i = 1; i < COMP_CWORD; i++)); do
    word=${COMP_WORDS[i]}
    case $word in
      --*=*) ;;
      -*)
        # bash splits --flag=value at '=' into three words.
        if [[ ${COMP_WORDS[i+1]} == = ]]; then ((i += 2))
        elif [[ $_tix_valued == *" $word "* ]]; then ((i++))
        fi ;;
      *)
        _tix_command "$path"
        if ((nargs == 0)) && [[ " $_tix_subcommands " == *" $word "* ]]; then path=${path:+$path }$word
        else ((nargs++))
        fi ;;
    esac
  done
  _tix_command "$path"

  local prev=${COMP_WORDS[COMP_CWORD-1]}
  if [[ $_tix_cur == = && $prev == -* ]]; then flag=$prev _tix_cur=''
  elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then flag=${COMP_WORDS[COMP_CWORD-2]}
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
