# Prints what bash's completion offers for a command line, one candidate per line.
# Usage: bash --norc --noprofile bash-complete.bash <completion script> <word>...
# The words are the line as readline splits it (COMP_WORDS); the last one is being completed and may be ''.
# The script is loaded as a user would (source), then the function `complete -p tix` names is called the
# way bash calls it on Tab.
source "$1" || exit 3
shift
spec=$(complete -p tix) || { echo 'no completion is registered for tix' >&2; exit 3; }
[[ $spec =~ -F\ ([^ ]+) ]] || { echo "no completion function in: $spec" >&2; exit 3; }
function=${BASH_REMATCH[1]}

COMP_WORDS=("$@")
COMP_CWORD=$(( $# - 1 ))
COMP_LINE="$*"
COMP_POINT=${#COMP_LINE}
COMP_TYPE=9
COMP_KEY=9
COMPREPLY=()
"$function" "${COMP_WORDS[0]}" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
(( ${#COMPREPLY[@]} )) && printf '%s\n' "${COMPREPLY[@]}"
exit 0
