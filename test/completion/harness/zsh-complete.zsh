# Prints what zsh's completion offers for a command line, one candidate per line.
# Usage: zsh -f zsh-complete.zsh <completion script> <fpath|source> <command line> [<compinit dump file>]
# zsh completes only inside its line editor, so this runs an interactive zsh on a pseudo-terminal (zpty),
# loads the script as a user would (a _tix file on $fpath, or sourced), types the line and a Tab, and has
# compadd print the matches it is given instead of showing a menu.
zmodload zsh/zpty || { print -u2 'zsh/zpty is not available'; exit 3 }
script=$1 mode=$2 line=$3 dump=$4
[[ -r $script ]] || { print -u2 "no such script: $script"; exit 3 }

work=$(mktemp -d) || exit 3
trap 'rm -rf -- $work' EXIT
cp -- $script $work/_tix

zpty tixz zsh -f -i
setup=(
  'PROMPT= RPROMPT= PS2=; setopt interactive_comments'
  "fpath=(${(q)work} \$fpath)"
  # With a dump file (as every user has, ~/.zcompdump), compinit reads it rather than scanning all of $fpath.
  "autoload -Uz compinit && compinit -u ${${dump:+-d ${(q)dump}}:--D}"
  # Matches, printed after markers; `exit` after the last one ends the shell. Markers are split in the
  # source ("<<tix-""end>>") so the terminal's echo of these lines never looks like one.
  'tix_end() { print -r -- "<<tix-""end>>" }'
  'comppostfuncs=(tix_end exit)'
  'compadd() {
     # -O, -A and -D ask compadd to compute, not to offer: let those through.
     if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi
     local -a hits
     builtin compadd -A hits "$@"
     (( $#hits )) && print -rl -- "<<tix-""match>>"${^hits}
   }'
  'bindkey "^I" complete-word'
)
[[ $mode == source ]] && setup+=("source ${(q)script}")
setup+=('print -r -- "<<tix-""ready>>"')
for command in $setup; do zpty -w tixz $command; done

# Wait until the shell has run the setup, then type the line and press Tab.
while zpty -r tixz out; do [[ $out == *'<<tix-ready>>'* ]] && break; done
zpty -w -n tixz "$line"$'\t'
while zpty -r tixz out; do
  # The terminal echoes the typed line too, so markers may follow other text; lines end in \r\n.
  out=${${out%$'\n'}%$'\r'}
  [[ $out == *'<<tix-match>>'* ]] && print -r -- ${out#*'<<tix-match>>'}
  [[ $out == *'<<tix-end>>'* ]] && break
done
zpty -d tixz
