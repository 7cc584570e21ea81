#!/usr/bin/env bash
# The smoke test of what `npm run release` built, run as a user would run it (.ci/run runs it after the release):
#   scripts/release/smoke.sh RELEASE_DIR NODE_BIN_DIR...
# - the npm tarball, installed globally into a fresh prefix with a fresh HOME, once with each Node.js given
#   (a folder holding `node` and `npm`): npm must print no warning, and tix runs from the prefix's bin/;
# - the archive, unpacked, run with no Node.js on PATH (env -i PATH=/nonexistent), as a user who is not root
#   (setpriv, when run as root), from a symlink in ~/.local/bin, with HOME read-only after the first runs;
#   tix must write nothing outside its own cache, config and data folders; without DuckDB's files beside it,
#   history says so in one line and exits 1, and the rest works;
# - the Debian package, installed with dpkg -i (as root, or with sudo -n), run from /usr/bin, then removed with
#   dpkg -r, which must leave none of its files. Never over a tix already installed on the machine.
# Each artifact runs a sandbox query, --jq, track + history (and history --jq) on DuckDB, and completion bash; stderr must hold
# nothing but tix's own notices. `man -w` finds every man page after each install (MANPATH unset: man-db looks in
# <dir>/../share/man of each <dir> on PATH), and each carries its third-party notices. Each check prints `ok` or `FAIL`; the last line is the plain total CI reads:
#   tests: N passed, M failed
set -uo pipefail

release=$(cd "${1:?usage: smoke.sh RELEASE_DIR NODE_BIN_DIR...}" && pwd)
shift
passed=0
failed=0
work=$(mktemp -d "${TMPDIR:-/tmp}/tix-smoke.XXXXXX")
chmod 755 "$work"
deb_installed=''
# A Debian package this test installed is removed whatever happens.
trap '[[ -n $deb_installed ]] && "${sudo[@]}" dpkg -r tix >/dev/null 2>&1; rm -rf "$work"' EXIT
sudo=()
[[ $(id -u) == 0 ]] || sudo=(sudo -n)

pass() {
  echo "ok   $1"
  passed=$((passed + 1))
}
fail() {
  echo "FAIL $1" >&2
  [[ -n ${2:-} ]] && sed 's/^/     | /' <<<"$2" | head -20 >&2
  failed=$((failed + 1))
}

# The stderr lines tix prints as notices in these runs; any other line (a warning, an error) fails the check.
NOTICES='^(tix: using the sandbox: .*|track: 1 event: .*)$'

# check NAME EXPECTED_CODE STDOUT_PATTERN COMMAND...: runs COMMAND, and checks its exit code, that stdout
# matches the extended regular expression, and that stderr has nothing but notices.
check() {
  local name=$1 want=$2 pattern=$3
  shift 3
  local out err code
  out=$("$@" 2>"$work/stderr")
  code=$?
  err=$(grep -Ev "$NOTICES" "$work/stderr")
  if [[ $code != "$want" ]]; then
    fail "$name: exit $code, not $want" "$(cat "$work/stderr")"
  elif ! grep -Eq -- "$pattern" <<<"$out"; then
    fail "$name: stdout does not match $pattern" "$out"
  elif [[ -n $err ]]; then
    fail "$name: stderr has more than notices" "$err"
  else
    pass "$name"
  fi
}

# check_man LABEL MAN_DIR PATH: `man -w` (MANPATH unset, HOME the test's) finds each page of MAN_DIR (man1/*.1) in
# MAN_DIR itself (a symlink to it counts), from PATH alone.
check_man() {
  local label=$1 dir=$2 path=$3 page name found wrong=()
  local pages=("$dir"/man1/*.1)
  if [[ ${#pages[@]} -lt 2 || ! -e ${pages[0]} ]]; then
    fail "$label: no man pages in $dir/man1"
    return
  fi
  for page in "${pages[@]}"; do
    name=$(basename "$page" .1)
    found=$(env -i PATH="$path" HOME="$home" man -w "$name" 2>&1)
    [[ $(readlink -f "$found") == $(readlink -f "$page") ]] || wrong+=("$name: ${found:-nothing}")
  done
  if [[ ${#wrong[@]} == 0 ]]; then
    pass "$label: man -w finds all ${#pages[@]} pages (man -w tix-events-search: $(env -i PATH="$path" HOME="$home" man -w tix-events-search))"
  else
    fail "$label: man -w does not find ${#wrong[@]} of ${#pages[@]} pages" "$(printf '%s\n' "${wrong[@]}")"
  fi
}

# check_notices LABEL FILE TITLE...: the third-party notices file has a section for each title (its title line is
# the title, or the title and a version), and no placeholder for a licence text.
check_notices() {
  local label=$1 file=$2 title missing=()
  shift 2
  if [[ ! -s $file ]]; then
    fail "$label: no $file"
    return
  fi
  for title in "$@"; do
    grep -Eq -- "^$(sed 's/[][\\.*^$()+?{}|/]/\\&/g' <<<"$title")( [0-9][^ ]*)?\$" "$file" || missing+=("$title")
  done
  if [[ ${#missing[@]} != 0 ]]; then
    fail "$label: $(basename "$file") lacks ${#missing[@]} sections" "$(printf '%s\n' "${missing[@]}")"
  elif grep -Eq 'ships no licence text|is licensed under [^ ]+ \(its package\.json' "$file"; then
    fail "$label: $(basename "$file") has a placeholder" "$(grep -E 'ships no licence text' "$file")"
  else
    pass "$label: $(basename "$file") has all $# sections checked ($(grep -c '^Text from: ' "$file") in all, $(wc -c <"$file") bytes)"
  fi
}

# The four runs every artifact must pass, with the command that starts tix as its arguments.
run_suite() {
  local label=$1
  shift
  check "$label: sandbox query" 0 '^evt_[a-z0-9]+,' "$@" --sandbox events search --category concerts --limit 3 -o csv --fields id,name
  check "$label: --jq" 0 '^TMUSA$' "$@" --sandbox agents --jq '.ticketAgents[0].code'
  local event
  event=$("$@" --sandbox events search --limit 1 --jq '.events[0].id' 2>/dev/null)
  check "$label: track on DuckDB" 0 '' "$@" --sandbox track "$event"
  check "$label: history on DuckDB" 0 '"snapshots":\[\{' "$@" --sandbox history "$event"
  # jq once the work is over, in a fresh image of the process where Node.js has execve (jq-after-work.ts).
  check "$label: history --jq on DuckDB" 0 '^true$' "$@" --sandbox history "$event" --jq '.snapshots | length > 0'
  check "$label: completion bash" 0 '^complete .* tix$' "$@" completion bash
}

tarball=$(ls "$release"/tix-*.tgz)
archive=$(ls "$release"/tix-*-linux-x64.tar.gz)
(cd "$release" && sha256sum --quiet -c SHA256SUMS) && pass 'SHA256SUMS' || fail 'SHA256SUMS'

# 1. The npm package, on each Node.js given. npm's own cache is kept (no download of what it already has).
npm_cache=$(npm config get cache)
for node_dir in "$@"; do
  if ! version=$("$node_dir/node" --version); then
    fail "npm: no Node.js in $node_dir"
    continue
  fi
  home="$work/npm-$version/home"
  prefix="$work/npm-$version/prefix"
  mkdir -p "$home" "$prefix"
  started=$(date +%s%N)
  # The machine's environment (its CA certificates for the registry) with a fresh HOME.
  if PATH="$node_dir:$PATH" HOME="$home" npm_config_cache="$npm_cache" npm_config_update_notifier=false \
    npm install -g --prefix "$prefix" --no-audit --no-fund "$tarball" >"$work/npm.out" 2>"$work/npm.err"; then
    echo "     npm install -g on node $version: $((($(date +%s%N) - started) / 1000000)) ms"
    if grep -qi 'warn' "$work/npm.err" "$work/npm.out"; then fail "npm $version: install warns" "$(cat "$work/npm.err")"; else pass "npm $version: install"; fi
    run_suite "npm $version" env -i PATH="$prefix/bin:$node_dir:/usr/bin:/bin" HOME="$home" tix
    check "npm $version: --version" 0 '^[0-9]+\.[0-9]+\.[0-9]+$' env -i PATH="$prefix/bin:$node_dir:/usr/bin:/bin" HOME="$home" tix --version
    # npm links package.json's `man` into <prefix>/share/man; man finds it from <prefix>/bin on PATH.
    check_man "npm $version" "$prefix/share/man" "$prefix/bin:$node_dir:/usr/bin:/bin"
    # when-exit is not among them: every build bundles tix's own stand-in for it (src/shared/when-exit.ts).
    check_notices "npm $version" "$prefix/lib/node_modules/tix/dist/THIRD-PARTY-NOTICES.txt" \
      commander conf env-paths atomically dot-prop debounce-fn stubborn-fs stubborn-utils uint8array-extras \
      pg pg-pool pg-protocol pg-types pg-connection-string pg-int8 pgpass postgres-array postgres-bytea postgres-date \
      postgres-interval split2 xtend
  else
    fail "npm $version: install" "$(cat "$work/npm.err")"
  fi
done

# 2. The archive: unpacked, as a user who is not root, with no Node.js on PATH.
user_wrap=()
if [[ $(id -u) == 0 ]]; then
  # nobody: a user with no home of its own; it gets one here.
  user_wrap=(setpriv --reuid=65534 --regid=65534 --clear-groups)
fi
home="$work/archive-home"
unpacked="$work/archive"
mkdir -p "$home/.local/bin" "$unpacked" "$work/archive-tmp"
started=$(date +%s%N)
tar -xzf "$archive" -C "$unpacked"
echo "     unpacking the archive: $((($(date +%s%N) - started) / 1000000)) ms"
root=$(ls -d "$unpacked"/tix-*)
# The README's install: tix and its man pages linked into ~/.local (its bin/ on PATH, so man looks in its share/man).
mkdir -p "$home/.local/share/man/man1"
ln -s "$root/bin/tix" "$home/.local/bin/tix"
ln -s "$root"/share/man/man1/*.1 "$home/.local/share/man/man1/"
check_man 'archive, linked into ~/.local' "$home/.local/share/man" "$home/.local/bin:/usr/bin:/bin"
# Or its own bin/ on PATH: man looks in the archive's share/man.
check_man "archive, its bin/ on PATH" "$root/share/man" "$root/bin:/usr/bin:/bin"
# README.md's links resolve inside the archive (the guides and pages it links are shipped beside it).
broken=$(cd "$root" && grep -o '](\([^)#:]*\)' README.md | sed 's/^](//' | sort -u | while read -r link; do [[ -z $link || -e $link ]] || echo "$link"; done)
if [[ -z $broken ]]; then pass "archive: README.md's links resolve inside it"; else fail "archive: README.md links what it does not ship" "$broken"; fi
[[ $(id -u) == 0 ]] && chown -R 65534:65534 "$home" "$work/archive-tmp"
standalone=("${user_wrap[@]}" env -i PATH=/nonexistent HOME="$home" TMPDIR="$work/archive-tmp" "$home/.local/bin/tix")
check 'archive: --version' 0 '^[0-9.]+ \(standalone, Node\.js 24\.[0-9.]+\)$' "${standalone[@]}" --version
# Its notices: Node.js, DuckDB and what libduckdb.so holds, jq and what jq.wasm holds, the bundled packages.
check_notices 'archive' "$root/THIRD-PARTY-NOTICES.txt" \
  'Node.js' '@duckdb/node-bindings-linux-x64' 'jq-web' 'Oniguruma' 'Emscripten runtime' 'Mbed TLS' 'Apache Thrift' 'RE2' \
  'utf8proc' 'Zstandard' 'LZ4' 'Brotli' 'Snappy' 'yyjson' 'miniz' 'fast_float' 'PCG random number generation' \
  commander conf pg pg-types pgpass postgres-interval split2 xtend 'Apache-2.0 (the full text)'
run_suite 'archive' "${standalone[@]}"
# Nothing written but tix's own folders (and the symlink this test made); nothing in TMPDIR.
written=$(cd "$home" && find . -mindepth 1 -not -path './.local' -not -path './.local/bin' -not -path './.local/bin/tix' \
  -not -path './.local/share/man' -not -path './.local/share/man/man1' -not -path './.local/share/man/man1/*.1' \
  -not -path './.cache' -not -path './.cache/tix' -not -path './.cache/tix/*' \
  -not -path './.config' -not -path './.config/tix' -not -path './.config/tix/*' \
  -not -path './.local/share' -not -path './.local/share/tix' -not -path './.local/share/tix/*'; ls -A "$work/archive-tmp")
if [[ -z $written ]]; then pass 'archive: writes only its own folders'; else fail 'archive: wrote outside its own folders' "$written"; fi
# A read-only HOME: the queries still run (no cache written), and nothing is written anywhere else.
chmod -R a-w "$home"
check 'archive: read-only HOME' 0 '^TMUSA$' "${standalone[@]}" --sandbox agents --jq '.ticketAgents[0].code'
check 'archive: read-only HOME, fast path' 0 '^evt_' "${standalone[@]}" --sandbox events search --limit 1 -o csv --fields id --no-header
if [[ -z $(ls -A "$work/archive-tmp") ]]; then pass 'archive: read-only HOME writes nothing in TMPDIR'; else fail 'archive: read-only HOME wrote in TMPDIR' "$(ls -A "$work/archive-tmp")"; fi
chmod -R u+w "$home"
# Without DuckDB's files: one line and exit 1 for history; everything else works.
rm "$root/bin/duckdb.node" "$root/bin/libduckdb.so"
"${standalone[@]}" --sandbox history evt_none >/dev/null 2>"$work/stderr"
code=$?
if [[ $code == 1 ]] && grep -Eq '^tix: DuckDB, which the price history and Parquet output need, did not load: its files \(duckdb\.node, libduckdb\.so\) are not beside ' "$work/stderr" &&
  [[ $(grep -Evc "$NOTICES" "$work/stderr") == 1 ]]; then
  pass 'archive without DuckDB: history says so, exit 1'
else
  fail "archive without DuckDB: history exit $code" "$(cat "$work/stderr")"
fi
check 'archive without DuckDB: a query works' 0 '^TMUSA$' "${standalone[@]}" --sandbox agents --jq '.ticketAgents[0].code'

# 3. The Debian package: installed, run from /usr/bin as a user would, removed.
deb=$(ls "$release"/tix_*_amd64.deb 2>/dev/null)
if [[ -z $deb ]]; then
  fail 'deb: no tix_*_amd64.deb in the release'
elif dpkg-query -W -f='${Status}' tix 2>/dev/null | grep -q ' installed$' || [[ -e /usr/bin/tix ]]; then
  fail 'deb: a tix is installed on this machine already (/usr/bin/tix): not installing over it'
elif ! "${sudo[@]}" dpkg -i "$deb" >"$work/dpkg.out" 2>&1; then
  fail 'deb: dpkg -i' "$(cat "$work/dpkg.out")"
else
  deb_installed=1
  pass "deb: dpkg -i $(basename "$deb")"
  home="$work/deb-home"
  mkdir -p "$home"
  deb_env=(env -i PATH=/usr/bin:/bin HOME="$home")
  found=$("${deb_env[@]}" man -w tix-events-search 2>&1)
  if [[ $found == /usr/share/man/man1/tix-events-search.1.gz ]]; then pass "deb: man -w tix-events-search: $found"; else fail "deb: man -w tix-events-search: $found"; fi
  pages=$(dpkg-query -L tix | grep -c '^/usr/share/man/man1/.*\.1\.gz$')
  missing=$(for page in $(dpkg-query -L tix | grep '^/usr/share/man/man1/.*\.1\.gz$'); do
    name=$(basename "$page" .1.gz)
    [[ $("${deb_env[@]}" man -w "$name" 2>&1) == "$page" ]] || echo "$name"
  done)
  if [[ $pages -gt 1 && -z $missing ]]; then pass "deb: man -w finds all $pages pages"; else fail "deb: man -w misses pages ($pages installed)" "$missing"; fi
  check 'deb: tix --version' 0 '^[0-9.]+ \(standalone, Node\.js 24\.[0-9.]+\)$' "${deb_env[@]}" tix --version
  check 'deb: tix --sandbox events search --limit 1' 0 'evt_' "${deb_env[@]}" tix --sandbox events search --limit 1
  run_suite 'deb' "${deb_env[@]}" tix
  absent=$(for file in /usr/share/bash-completion/completions/tix /usr/share/zsh/vendor-completions/_tix \
    /usr/share/fish/vendor_completions.d/tix.fish /usr/share/doc/tix/copyright /usr/share/doc/tix/THIRD-PARTY-NOTICES.txt.gz; do
    [[ -s $file ]] || echo "$file"
  done)
  if [[ -z $absent ]]; then pass 'deb: completions for bash, zsh and fish, copyright and notices in their system folders'; else fail 'deb: files missing' "$absent"; fi
  # Tab in a new bash: bash-completion loads /usr/share/bash-completion/completions/tix on the first Tab after
  # `tix` (or, without the bash-completion package, the file is sourced as its loader would); then Tab after
  # `tix ev` must offer `events`, and after `tix events search --cat`, `--category`.
  tab=$("${deb_env[@]}" bash --norc --noprofile -c '
    if [[ -r /usr/share/bash-completion/bash_completion ]]; then
      source /usr/share/bash-completion/bash_completion && _completion_loader tix
    else
      source /usr/share/bash-completion/completions/tix
    fi
    spec=$(complete -p tix) || exit 1
    fn=${spec#*-F }; fn=${fn%% *}
    for line in "tix ev" "tix events search --cat"; do
      read -ra COMP_WORDS <<<"$line"; COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMP_LINE=$line; COMP_POINT=${#line}; COMPREPLY=()
      "$fn" tix "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
      echo "${COMPREPLY[*]}"
    done' 2>&1)
  if [[ $tab == $'events\n--category' ]]; then pass 'deb: Tab completes in a new bash (tix ev -> events)'; else fail 'deb: Tab in a new bash' "$tab"; fi
  if head -1 /usr/share/doc/tix/copyright | grep -qx 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/'; then
    pass 'deb: copyright is in the machine-readable format'
  else
    fail 'deb: copyright is not in the machine-readable format' "$(head -3 /usr/share/doc/tix/copyright)"
  fi
  dpkg-query -L tix >"$work/deb-files"
  if "${sudo[@]}" dpkg -r tix >"$work/dpkg.out" 2>&1; then
    deb_installed=''
    # Every file and link it installed is gone, and every folder of its own (folders it shares stay).
    left=$(while read -r path; do
      if [[ -L $path || -f $path ]]; then echo "$path"; fi
    done <"$work/deb-files"; for dir in /usr/lib/tix /usr/share/doc/tix; do [[ -e $dir ]] && echo "$dir"; done)
    status=$(dpkg-query -W -f='${Status}' tix 2>/dev/null)
    if [[ -z $left && ( -z $status || $status == *not-installed ) ]]; then
      pass "deb: dpkg -r leaves none of its $(wc -l <"$work/deb-files") paths"
    else
      fail "deb: dpkg -r left something (status: ${status:-none})" "$left"
    fi
  else
    fail 'deb: dpkg -r' "$(cat "$work/dpkg.out")"
  fi
fi

echo "tests: $passed passed, $failed failed"
[[ $failed == 0 ]]
