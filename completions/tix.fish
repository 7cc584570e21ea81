# fish completion for tix. Generated from the command tree by `npm run completions` (or `tix completion`): do not edit by hand.
# Install: tix completion fish > ~/.config/fish/completions/tix.fish

# Flags that take a value, in any command: the walker skips the word after them.
set -g __tix_valued --agent --base-url --below --by --category --city --concurrency --count --country --date --date-end --date-start --db --drop --events --fail-rate --fault --fault-rate --field --fields --file --from --from-file --id --interval --jq --large-sales --latency --limit --lock-timeout --max-price --min-price --min-quantity --name --notify-exec --notify-url --now --omit --on --out --output --page --page-size --password --per --port --profile --provider --request-log --retries --sales-days --schema --section --seed --since --sort --sql-db --state --ticket-agent --time-scale --timeout --to --to-schema --top --type --tz --until --until-price --venue -f -o

# Subcommands of command path $argv[1].
function __tix_subcommands
    switch "$argv[1]"
        case ''
            echo events inventory watch sales track history report alert agents api auth config sandbox completion
        case 'events'
            echo search get by-agent view
        case 'sales'
            echo summary details
        case 'history'
            echo list summary coverage export sql
        case 'alert'
            echo add list rm pause resume test approve
        case 'auth'
            echo login status logout
        case 'config'
            echo get set unset list path
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
    test -r $dir/config.json; and awk 'BEGIN { q = sprintf("%c", 34); bs = sprintf("%c", 92) }
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
}' $dir/config.json 2>/dev/null
end

# Arguments are command names, ids and values, not files (--out says otherwise).
complete -c tix -f
complete -c tix -s V -l version -d 'print the version'
complete -c tix -n 'not __tix_in \'auth login\'; and not __tix_in \'auth logout\'' -l sandbox -d 'use a local sandbox API with generated data (no key or network needed; not with --base-url)'
complete -c tix -l profile -d 'stored profile to use (default: TIX_PROFILE, else \'default\')' -x -a '(__tix_profiles)'
complete -c tix -l base-url -d 'API base URL (default: TIX_BASE_URL, else the base-url setting)' -x
complete -c tix -l timeout -d 'seconds each request may take (default: 30)' -x
complete -c tix -l retries -d 'retries after a failed request, 0-10 (default: 3)' -x
complete -c tix -l concurrency -d 'requests in flight at once (pages, batches), 1-16 (default: 6)' -x
complete -c tix -l debug -d 'trace every request to stderr (the API key is never shown)'
complete -c tix -s q -l quiet -d 'no progress or notes on stderr'
complete -c tix -l no-color -d 'no colour (also when NO_COLOR is set or output is not a terminal)'
complete -c tix -n 'not __tix_in \'history export\'; and not __tix_in \'alert add\'; and not __tix_in \'alert rm\'; and not __tix_in \'alert pause\'; and not __tix_in \'alert resume\'; and not __tix_in \'alert test\'; and not __tix_in \'alert approve\'; and not __tix_in \'auth login\'; and not __tix_in \'auth status\'; and not __tix_in \'auth logout\'; and not __tix_in \'config get\'; and not __tix_in \'config set\'; and not __tix_in \'config unset\'; and not __tix_in \'config path\'; and not __tix_in \'sandbox\'; and not __tix_in \'completion\'' -l jq -d 'run a jq filter over the JSON output, the one document -o json prints (a page at a time with --all; implies -o json; strings raw, the rest compact JSON)' -x
complete -c tix -l insecure-http -d 'allow sending the key over plain http:// to a host other than this machine'
complete -c tix -s h -l help -d 'show help'
complete -c tix -n '__tix_argument \'\' 1' -a events -d 'search and look up events'
complete -c tix -n '__tix_argument \'\' 1' -a inventory -d 'current ticket listings for an agent\'s events'
complete -c tix -n '__tix_argument \'\' 1' -a watch -d 'poll listings and print what changed'
complete -c tix -n '__tix_argument \'\' 1' -a sales -d 'resale sales of one event: daily summary or every sale'
complete -c tix -n '__tix_argument \'\' 1' -a track -d 'record the current inventory of a watch list in the price history'
complete -c tix -n '__tix_argument \'\' 1' -a history -d 'an event\'s recorded prices over time, from the snapshots of \'tix track\''
complete -c tix -n '__tix_argument \'\' 1' -a report -d 'the watch list on one page: every event side by side, its floor, sections, supply and sales over time (--out report.html)'
complete -c tix -n '__tix_argument \'\' 1' -a alert -d 'price alerts that every tix track evaluates and delivers'
complete -c tix -n '__tix_argument \'\' 1' -a agents -d 'list the ticket agents and sales providers'
complete -c tix -n '__tix_argument \'\' 1' -a api -d 'GET any API path with the stored key (the raw escape hatch)'
complete -c tix -n '__tix_argument \'\' 1' -a auth -d 'store, check and remove the API key'
complete -c tix -n '__tix_argument \'\' 1' -a config -d 'read and change settings'
complete -c tix -n '__tix_argument \'\' 1' -a sandbox -d 'run the local sandbox API in the foreground'
complete -c tix -n '__tix_argument \'\' 1' -a completion -d 'print the shell completion script for bash, zsh or fish'
complete -c tix -n '__tix_argument \'events\' 1' -a search -d 'search events by category, date, name, place and more'
complete -c tix -n '__tix_argument \'events\' 1' -a get -d 'show events by id'
complete -c tix -n '__tix_argument \'events\' 1' -a by-agent -d 'list the events one ticket agent knows'
complete -c tix -n '__tix_argument \'events\' 1' -a view -d 'one event across every marketplace: listings per agent, cheapest seats, recent sales'
complete -c tix -n '__tix_in \'events search\'' -l category -d 'event category: all | concerts | arts | family | sports | misc (or its number)' -x -a 'all concerts arts family sports misc'
complete -c tix -n '__tix_in \'events search\'' -l type -d 'which date the date filters apply to (default: event): presale | public-sale | event | presale-or-public-sale | post-sale | presale-or-post-sale | just-added (or its number)' -x -a 'presale public-sale event presale-or-public-sale post-sale presale-or-post-sale just-added'
complete -c tix -n '__tix_in \'events search\'' -l date -d 'date preset, in --tz: today | tomorrow | yesterday | future-incl-today | future | next-3-days | next-7-days | next-10-days | next-2-weeks | next-30-days | past | past-7-days | past-30-days | past-3-months | past-6-months | past-year | this-week (or its number)' -x -a 'today tomorrow yesterday future-incl-today future next-3-days next-7-days next-10-days next-2-weeks next-30-days past past-7-days past-30-days past-3-months past-6-months past-year this-week'
complete -c tix -n '__tix_in \'events search\'' -l on -d 'events on one date (Specified Date)' -x
complete -c tix -n '__tix_in \'events search\'' -l from -d 'first date of a range, with --to (Specified Date Range)' -x
complete -c tix -n '__tix_in \'events search\'' -l to -d 'last date of a range, with --from' -x
complete -c tix -n '__tix_in \'events search\'' -l date-start -d 'start of a date-time range (dateStart)' -x
complete -c tix -n '__tix_in \'events search\'' -l date-end -d 'end of a date-time range (dateEnd)' -x
complete -c tix -n '__tix_in \'events search\'' -l sort -d 'sort by: presale-date | public-sale-date | event-date | name | venue | city | state | date-added (or its number)' -x -a 'presale-date public-sale-date event-date name venue city state date-added'
complete -c tix -n '__tix_in \'events search\'' -l asc -d 'ascending order'
complete -c tix -n '__tix_in \'events search\'' -l desc -d 'descending order'
complete -c tix -n '__tix_in \'events search\'' -l name -d 'event name; % is a wildcard (\'%eras tour%\')' -x
complete -c tix -n '__tix_in \'events search\'' -l venue -d 'venue' -x
complete -c tix -n '__tix_in \'events search\'' -l city -d 'city' -x
complete -c tix -n '__tix_in \'events search\'' -l state -d 'state or province' -x
complete -c tix -n '__tix_in \'events search\'' -l country -d 'country' -x
complete -c tix -n '__tix_in \'events search\'' -l tz -d 'IANA time zone for date presets and results (default: the timezone setting, else the system zone)' -x
complete -c tix -n '__tix_in \'events search\'' -l password -d 'passed through to the API as given' -x
complete -c tix -n '__tix_in \'events search\'' -l omit -d 'passed through to the API as given' -x
complete -c tix -n '__tix_in \'events search\'' -l ticket-agent -d 'passed through to the API as given' -x
complete -c tix -n '__tix_in \'events search\'' -l page -d 'page number to fetch (default: 1)' -x
complete -c tix -n '__tix_in \'events search\'' -l page-size -d 'records per page, 1-5000 (default: 1000, or the page-size setting)' -x
complete -c tix -n '__tix_in \'events search\'' -l limit -d 'stop after this many records (fetches as many pages as needed)' -x
complete -c tix -n '__tix_in \'events search\'' -l all -d 'fetch every page (in order, several at once: see --concurrency)'
complete -c tix -n '__tix_in \'events search\'' -s o -l output -d 'output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)' -x -a 'table json ndjson csv tsv parquet'
complete -c tix -n '__tix_in \'events search\'' -l json -d 'short for --output json'
complete -c tix -n '__tix_in \'events search\'' -l fields -d 'comma-separated columns to show, in order (every format; json keeps only these fields of each record); dotted paths reach nested fields' -x
complete -c tix -n '__tix_in \'events search\'' -l no-header -d 'leave out the header row (csv, tsv)'
complete -c tix -n '__tix_in \'events search\'' -l out -d 'write the data to a file instead of stdout: a regular file is written whole or not at all; - is stdout; /dev/stdout, /dev/fd/N, a FIFO or a device is written as a stream' -r -F
complete -c tix -n '__tix_in \'events search\'' -l excel-safe -d 'prefix csv/tsv text cells starting with = + - @ with \' so spreadsheets do not run them as formulas'
complete -c tix -n '__tix_in \'events get\'' -l agent -d 'the ids are this ticket agent\'s event ids: ticketMaster | stubHub | skyBox | ticketEvolution | seatGeek | vividSeats | tickPick | ticketNetwork | gameTime (or its code, any case)' -x -a 'ticketMaster stubHub skyBox ticketEvolution seatGeek vividSeats tickPick ticketNetwork gameTime'
complete -c tix -n '__tix_in \'events get\'' -l partial -d 'if some ids are not found (or their requests fail), print the events found, warn which ids are missing, and exit 1'
complete -c tix -n '__tix_in \'events get\'' -s o -l output -d 'output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)' -x -a 'table json ndjson csv tsv parquet'
complete -c tix -n '__tix_in \'events get\'' -l json -d 'short for --output json'
complete -c tix -n '__tix_in \'events get\'' -l fields -d 'comma-separated columns to show, in order (every format; json keeps only these fields of each record); dotted paths reach nested fields' -x
complete -c tix -n '__tix_in \'events get\'' -l no-header -d 'leave out the header row (csv, tsv)'
complete -c tix -n '__tix_in \'events get\'' -l out -d 'write the data to a file instead of stdout: a regular file is written whole or not at all; - is stdout; /dev/stdout, /dev/fd/N, a FIFO or a device is written as a stream' -r -F
complete -c tix -n '__tix_in \'events get\'' -l excel-safe -d 'prefix csv/tsv text cells starting with = + - @ with \' so spreadsheets do not run them as formulas'
complete -c tix -n '__tix_in \'events by-agent\'' -l from -d 'earliest event date (default: today)' -x
complete -c tix -n '__tix_in \'events by-agent\'' -l to -d 'latest event date (default: two years from today)' -x
complete -c tix -n '__tix_in \'events by-agent\'' -l name -d 'event name; % is a wildcard (\'%hamilton%\')' -x
complete -c tix -n '__tix_in \'events by-agent\'' -l page -d 'page number to fetch (default: 1)' -x
complete -c tix -n '__tix_in \'events by-agent\'' -l page-size -d 'records per page, 1-5000 (default: 1000, or the page-size setting)' -x
complete -c tix -n '__tix_in \'events by-agent\'' -l limit -d 'stop after this many records (fetches as many pages as needed)' -x
complete -c tix -n '__tix_in \'events by-agent\'' -l all -d 'fetch every page (in order, several at once: see --concurrency)'
complete -c tix -n '__tix_in \'events by-agent\'' -s o -l output -d 'output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)' -x -a 'table json ndjson csv tsv parquet'
complete -c tix -n '__tix_in \'events by-agent\'' -l json -d 'short for --output json'
complete -c tix -n '__tix_in \'events by-agent\'' -l fields -d 'comma-separated columns to show, in order (every format; json keeps only these fields of each record); dotted paths reach nested fields' -x
complete -c tix -n '__tix_in \'events by-agent\'' -l no-header -d 'leave out the header row (csv, tsv)'
complete -c tix -n '__tix_in \'events by-agent\'' -l out -d 'write the data to a file instead of stdout: a regular file is written whole or not at all; - is stdout; /dev/stdout, /dev/fd/N, a FIFO or a device is written as a stream' -r -F
complete -c tix -n '__tix_in \'events by-agent\'' -l excel-safe -d 'prefix csv/tsv text cells starting with = + - @ with \' so spreadsheets do not run them as formulas'
complete -c tix -n '__tix_argument \'events by-agent\' 1' -x -a 'ticketMaster stubHub skyBox ticketEvolution seatGeek vividSeats tickPick ticketNetwork gameTime'
complete -c tix -n '__tix_in \'events view\'' -l id -d 'the agent\'s id for this event, added to or replacing the listing\'s (repeatable; agents: TMUSA, STUBHUB, SKYBOX, TICKETEVOLUTION, SEATGEEK, VIVID, TICKPICK, TICKETNETWORK, GAMETIME)' -x
complete -c tix -n '__tix_in \'events view\'' -l top -d 'how many of the cheapest listings to show, 0-1000 (default: 10)' -x
complete -c tix -n '__tix_in \'events view\'' -l sales-days -d 'days of sales to sum up, ending today, 1-365 (default: 30)' -x
complete -c tix -n '__tix_in \'events view\'' -l no-sales -d 'skip the sales summary'
complete -c tix -n '__tix_in \'events view\'' -l listings -d 'rows are every listing of every agent, agent first, instead of one row per agent'
complete -c tix -n '__tix_in \'events view\'' -l partial -d 'if some agents or the sales request still fail after retries, print what answered, name what failed, and exit 1'
complete -c tix -n '__tix_in \'events view\'' -l min-quantity -d 'only listings with at least n tickets (n seats together)' -x
complete -c tix -n '__tix_in \'events view\'' -l min-price -d 'only listings priced at or above this, per ticket' -x
complete -c tix -n '__tix_in \'events view\'' -l max-price -d 'only listings priced at or below this, per ticket' -x
complete -c tix -n '__tix_in \'events view\'' -l section -d 'only sections matching this name, any case; \'*\' matches any text (e.g. \'floor*\')' -x
complete -c tix -n '__tix_in \'events view\'' -s o -l output -d 'output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)' -x -a 'table json ndjson csv tsv parquet'
complete -c tix -n '__tix_in \'events view\'' -l json -d 'short for --output json'
complete -c tix -n '__tix_in \'events view\'' -l fields -d 'comma-separated columns to show, in order (every format; json keeps only these fields of each record); dotted paths reach nested fields' -x
complete -c tix -n '__tix_in \'events view\'' -l no-header -d 'leave out the header row (csv, tsv)'
complete -c tix -n '__tix_in \'events view\'' -l out -d 'write the data to a file instead of stdout: a regular file is written whole or not at all; - is stdout; /dev/stdout, /dev/fd/N, a FIFO or a device is written as a stream' -r -F
complete -c tix -n '__tix_in \'events view\'' -l excel-safe -d 'prefix csv/tsv text cells starting with = + - @ with \' so spreadsheets do not run them as formulas'
complete -c tix -n '__tix_in \'inventory\'' -l partial -d 'if some requests still fail after retries, print what was fetched, warn which ids are missing, and exit 1'
complete -c tix -n '__tix_in \'inventory\'' -l min-quantity -d 'only listings with at least n tickets (n seats together)' -x
complete -c tix -n '__tix_in \'inventory\'' -l min-price -d 'only listings priced at or above this, per ticket' -x
complete -c tix -n '__tix_in \'inventory\'' -l max-price -d 'only listings priced at or below this, per ticket' -x
complete -c tix -n '__tix_in \'inventory\'' -l section -d 'only sections matching this name, any case; \'*\' matches any text (e.g. \'floor*\')' -x
complete -c tix -n '__tix_in \'inventory\'' -s o -l output -d 'output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)' -x -a 'table json ndjson csv tsv parquet'
complete -c tix -n '__tix_in \'inventory\'' -l json -d 'short for --output json'
complete -c tix -n '__tix_in \'inventory\'' -l fields -d 'comma-separated columns to show, in order (every format; json keeps only these fields of each record); dotted paths reach nested fields' -x
complete -c tix -n '__tix_in \'inventory\'' -l no-header -d 'leave out the header row (csv, tsv)'
complete -c tix -n '__tix_in \'inventory\'' -l out -d 'write the data to a file instead of stdout: a regular file is written whole or not at all; - is stdout; /dev/stdout, /dev/fd/N, a FIFO or a device is written as a stream' -r -F
complete -c tix -n '__tix_in \'inventory\'' -l excel-safe -d 'prefix csv/tsv text cells starting with = + - @ with \' so spreadsheets do not run them as formulas'
complete -c tix -n '__tix_argument \'inventory\' 1' -x -a 'TMUSA STUBHUB SKYBOX TICKETEVOLUTION SEATGEEK VIVID TICKPICK TICKETNETWORK GAMETIME'
complete -c tix -n '__tix_in \'watch\'' -l interval -d 'time between polls: 30s, 5m, 1h, or seconds (default: 5m; at least 1s, at most 24h)' -x
complete -c tix -n '__tix_in \'watch\'' -l count -d 'stop after n polls (exit 0)' -x
complete -c tix -n '__tix_in \'watch\'' -l until-price -d 'stop (exit 0) as soon as a matching listing is at or below this price, after printing that poll' -x
complete -c tix -n '__tix_in \'watch\'' -s o -l output -d 'output format: ndjson (one JSON object per line, also on a terminal; the default off a terminal); refused: table | json | csv | tsv | parquet (a stream of changes is no table, document or file of rows)' -x -a 'table json ndjson csv tsv parquet'
complete -c tix -n '__tix_in \'watch\'' -l min-quantity -d 'only listings with at least n tickets (n seats together)' -x
complete -c tix -n '__tix_in \'watch\'' -l min-price -d 'only listings priced at or above this, per ticket' -x
complete -c tix -n '__tix_in \'watch\'' -l max-price -d 'only listings priced at or below this, per ticket' -x
complete -c tix -n '__tix_in \'watch\'' -l section -d 'only sections matching this name, any case; \'*\' matches any text (e.g. \'floor*\')' -x
complete -c tix -n '__tix_in \'watch\'' -l record -d 'store every poll in the price history (the db setting, else the default file), as tix track would; --db names another'
complete -c tix -n '__tix_in \'watch\'' -l db -d 'price history: a DuckDB file or a postgres:// URL (default: TIX_DB, else the db setting, else history.duckdb in tix\'s data folder)' -r -F
complete -c tix -n '__tix_in \'watch\'' -l lock-timeout -d 'seconds to wait for a DuckDB file another process holds, 0-3600 (default: 30); then track and watch keep what they fetched in <file>.pending/' -x
complete -c tix -n '__tix_in \'watch\'' -l schema -d 'PostgreSQL schema holding the tables, created if missing (default: public)' -x
complete -c tix -n '__tix_argument \'watch\' 1' -x -a 'TMUSA STUBHUB SKYBOX TICKETEVOLUTION SEATGEEK VIVID TICKPICK TICKETNETWORK GAMETIME'
complete -c tix -n '__tix_argument \'sales\' 1' -a summary -d 'daily tickets, revenue and prices for one event'
complete -c tix -n '__tix_argument \'sales\' 1' -a details -d 'every sale of one event: section, row, seats, quantity, price'
complete -c tix -n '__tix_in \'sales summary\'' -l provider -d 'sales data provider: stubhub (default: stubhub, or the provider setting)' -x -a 'stubhub'
complete -c tix -n '__tix_in \'sales summary\'' -l from -d 'first day of sales (default: the first day with data)' -x
complete -c tix -n '__tix_in \'sales summary\'' -l to -d 'last day of sales (default: the last day with data)' -x
complete -c tix -n '__tix_in \'sales summary\'' -s o -l output -d 'output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)' -x -a 'table json ndjson csv tsv parquet'
complete -c tix -n '__tix_in \'sales summary\'' -l json -d 'short for --output json'
complete -c tix -n '__tix_in \'sales summary\'' -l fields -d 'comma-separated columns to show, in order (every format; json keeps only these fields of each record); dotted paths reach nested fields' -x
complete -c tix -n '__tix_in \'sales summary\'' -l no-header -d 'leave out the header row (csv, tsv)'
complete -c tix -n '__tix_in \'sales summary\'' -l out -d 'write the data to a file instead of stdout: a regular file is written whole or not at all; - is stdout; /dev/stdout, /dev/fd/N, a FIFO or a device is written as a stream' -r -F
complete -c tix -n '__tix_in \'sales summary\'' -l excel-safe -d 'prefix csv/tsv text cells starting with = + - @ with \' so spreadsheets do not run them as formulas'
complete -c tix -n '__tix_in \'sales summary\'' -l chart -d 'draw tickets and revenue per day in the terminal (by week when the range is wide)'
complete -c tix -n '__tix_in \'sales details\'' -l provider -d 'sales data provider: stubhub (default: stubhub, or the provider setting)' -x -a 'stubhub'
complete -c tix -n '__tix_in \'sales details\'' -l from -d 'first day of sales (default: the first day with data)' -x
complete -c tix -n '__tix_in \'sales details\'' -l to -d 'last day of sales (default: the last day with data)' -x
complete -c tix -n '__tix_in \'sales details\'' -s o -l output -d 'output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)' -x -a 'table json ndjson csv tsv parquet'
complete -c tix -n '__tix_in \'sales details\'' -l json -d 'short for --output json'
complete -c tix -n '__tix_in \'sales details\'' -l fields -d 'comma-separated columns to show, in order (every format; json keeps only these fields of each record); dotted paths reach nested fields' -x
complete -c tix -n '__tix_in \'sales details\'' -l no-header -d 'leave out the header row (csv, tsv)'
complete -c tix -n '__tix_in \'sales details\'' -l out -d 'write the data to a file instead of stdout: a regular file is written whole or not at all; - is stdout; /dev/stdout, /dev/fd/N, a FIFO or a device is written as a stream' -r -F
complete -c tix -n '__tix_in \'sales details\'' -l excel-safe -d 'prefix csv/tsv text cells starting with = + - @ with \' so spreadsheets do not run them as formulas'
complete -c tix -n '__tix_in \'sales details\'' -l daily -d 'only the per-day totals of the details response'
complete -c tix -n '__tix_in \'track\'' -l from-file -d 'read entries from a file: one a line, # comments, blank lines ignored' -r -F
complete -c tix -n '__tix_in \'track\'' -l sales -d 'also record the daily StubHub sales summary of each event with a StubHub id'
complete -c tix -n '__tix_in \'track\'' -l strict-notify -d 'exit 1 when an alert could not be delivered (default: a warning, exit 0; it stays pending for the next run)'
complete -c tix -n '__tix_in \'track\'' -l db -d 'price history: a DuckDB file or a postgres:// URL (default: TIX_DB, else the db setting, else history.duckdb in tix\'s data folder)' -r -F
complete -c tix -n '__tix_in \'track\'' -l lock-timeout -d 'seconds to wait for a DuckDB file another process holds, 0-3600 (default: 30); then track and watch keep what they fetched in <file>.pending/' -x
complete -c tix -n '__tix_in \'track\'' -l schema -d 'PostgreSQL schema holding the tables, created if missing (default: public)' -x
complete -c tix -n '__tix_in \'track\'' -s o -l output -d 'output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)' -x -a 'table json ndjson csv tsv parquet'
complete -c tix -n '__tix_in \'track\'' -l json -d 'short for --output json'
complete -c tix -n '__tix_in \'track\'' -l fields -d 'comma-separated columns to show, in order (every format; json keeps only these fields of each record); dotted paths reach nested fields' -x
complete -c tix -n '__tix_in \'track\'' -l no-header -d 'leave out the header row (csv, tsv)'
complete -c tix -n '__tix_in \'track\'' -l out -d 'write the data to a file instead of stdout: a regular file is written whole or not at all; - is stdout; /dev/stdout, /dev/fd/N, a FIFO or a device is written as a stream' -r -F
complete -c tix -n '__tix_in \'track\'' -l excel-safe -d 'prefix csv/tsv text cells starting with = + - @ with \' so spreadsheets do not run them as formulas'
complete -c tix -n '__tix_in \'history\'; and not __tix_in \'history coverage\'; and not __tix_in \'history sql\'' -l since -d 'first snapshot time: YYYY-MM-DD, an ISO 8601 date-time such as 2026-01-01T10:00:00Z or 2026-01-01T10:00:00+01:00 (offsets up to ±14:00), today, yesterday, tomorrow, or a relative date like -7d, +30d, -2w, -3m, +1y' -x
complete -c tix -n '__tix_in \'history\'; and not __tix_in \'history list\'; and not __tix_in \'history coverage\'; and not __tix_in \'history sql\'' -l until -d 'last snapshot time, inclusive (a date means the end of that day)' -x
complete -c tix -n '__tix_in \'history\'' -l tz -d 'IANA time zone of --since, --until and the chart (default: the timezone setting, else the system zone)' -x
complete -c tix -n '__tix_in \'history\'; and not __tix_in \'history list\'; and not __tix_in \'history summary\'; and not __tix_in \'history coverage\'; and not __tix_in \'history export\'; and not __tix_in \'history sql\'' -l listings -d 'one row per listing ever seen: first and last seen, first, last and lowest price, and gone (not in the latest snapshot)'
complete -c tix -n '__tix_in \'history\'; and not __tix_in \'history list\'; and not __tix_in \'history summary\'; and not __tix_in \'history coverage\'; and not __tix_in \'history export\'; and not __tix_in \'history sql\'' -l chart -d 'draw each agent\'s lowest price over time, and the lowest across them (ALL): time to scale, lines broken where no snapshot was taken, the event date and public sale ruled; --out chart.svg writes it as SVG'
complete -c tix -n '__tix_in \'history\'; and not __tix_in \'history list\'; and not __tix_in \'history summary\'; and not __tix_in \'history coverage\'; and not __tix_in \'history export\'; and not __tix_in \'history sql\'' -l by -d 'one row per hour, day, week, days-to-event (in --tz; weeks from Monday; days-to-event: whole days before the event\'s date) and one column of lowest price per agent, and ALL for an evt_ id (the lowest the market floor was in the period): for spreadsheets' -x
complete -c tix -n '__tix_in \'history\'; and not __tix_in \'history list\'; and not __tix_in \'history summary\'; and not __tix_in \'history coverage\'; and not __tix_in \'history export\'; and not __tix_in \'history sql\'' -l per -d 'with --by: one row per period and section or zone (as tix report groups them), the lowest price of each agent\'s listings there and ALL (that section\'s or zone\'s market floor)' -x
complete -c tix -n '__tix_in \'history\'; and not __tix_in \'history list\'; and not __tix_in \'history summary\'; and not __tix_in \'history coverage\'; and not __tix_in \'history export\'; and not __tix_in \'history sql\'' -l supply -d 'with --by: add listings and tickets on offer at the period\'s last round (the agents ALL counts then) and listings gone since the previous round, summed over the period (as tix report\'s supply chart)'
complete -c tix -n '__tix_in \'history\'; and not __tix_in \'history list\'; and not __tix_in \'history coverage\'; and not __tix_in \'history export\'; and not __tix_in \'history sql\'' -l min-quantity -d 'figures from the stored listings of at least n tickets (n seats together; an agent\'s splits are not consulted); also for summary, --by and --chart' -x
complete -c tix -n '__tix_in \'history\'; and not __tix_in \'history list\'; and not __tix_in \'history coverage\'; and not __tix_in \'history export\'; and not __tix_in \'history sql\'' -l section -d 'figures from the stored listings in sections matching this name, any case; \'*\' matches any text (e.g. \'floor*\'); also for summary, --by and --chart' -x
complete -c tix -n '__tix_in \'history\'' -l db -d 'price history: a DuckDB file or a postgres:// URL (default: TIX_DB, else the db setting, else history.duckdb in tix\'s data folder)' -r -F
complete -c tix -n '__tix_in \'history\'' -l lock-timeout -d 'seconds to wait for a DuckDB file another process holds, 0-3600 (default: 30); then track and watch keep what they fetched in <file>.pending/' -x
complete -c tix -n '__tix_in \'history\'' -l schema -d 'PostgreSQL schema holding the tables, created if missing (default: public)' -x
complete -c tix -n '__tix_in \'history\'; and not __tix_in \'history export\'' -s o -l output -d 'output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)' -x -a 'table json ndjson csv tsv parquet'
complete -c tix -n '__tix_in \'history\'; and not __tix_in \'history export\'' -l json -d 'short for --output json'
complete -c tix -n '__tix_in \'history\'; and not __tix_in \'history export\'' -l fields -d 'comma-separated columns to show, in order (every format; json keeps only these fields of each record); dotted paths reach nested fields' -x
complete -c tix -n '__tix_in \'history\'; and not __tix_in \'history export\'' -l no-header -d 'leave out the header row (csv, tsv)'
complete -c tix -n '__tix_in \'history\'; and not __tix_in \'history export\'' -l out -d 'write the data to a file instead of stdout: a regular file is written whole or not at all; - is stdout; /dev/stdout, /dev/fd/N, a FIFO or a device is written as a stream' -r -F
complete -c tix -n '__tix_in \'history\'; and not __tix_in \'history export\'' -l excel-safe -d 'prefix csv/tsv text cells starting with = + - @ with \' so spreadsheets do not run them as formulas'
complete -c tix -n '__tix_argument \'history\' 1' -a list -d 'every tracked event: its agents, snapshots, current and lowest price'
complete -c tix -n '__tix_argument \'history\' 1' -a summary -d 'one event\'s price history in a few figures per agent: lowest, current, changes, highest, listings'
complete -c tix -n '__tix_argument \'history\' 1' -a coverage -d 'when each tracked event was recorded: first and last snapshot, usual interval, gaps, stale'
complete -c tix -n '__tix_argument \'history\' 1' -a export -d 'copy the whole history to another store (a DuckDB file or a PostgreSQL database)'
complete -c tix -n '__tix_argument \'history\' 1' -a sql -d 'run one read-only SQL query against the price history, printed in any tix format'
complete -c tix -n '__tix_in \'history list\'' -l upcoming -d 'only events whose date is still to come (by the clock of this run)'
complete -c tix -n '__tix_in \'history list\'' -l name -d 'only events whose name contains this text, in any case' -x
complete -c tix -n '__tix_in \'history export\'' -l to -d 'the store to copy into (created if new): a DuckDB file or a postgres:// URL' -x
complete -c tix -n '__tix_in \'history export\'' -l to-schema -d 'PostgreSQL schema of --to, created if missing (default: public)' -x
complete -c tix -n '__tix_in \'history sql\'' -l file -d 'read the query from this file' -x
complete -c tix -n '__tix_in \'history sql\'' -l sql-db -d 'PostgreSQL: run the query as this postgres:// URL\'s role, one that can only read (default: TIX_SQL_DB, else the sql-db setting, else the role of --db)' -x
complete -c tix -n '__tix_in \'report\'' -l from-file -d 'the events of a watch list file, as \'tix track --from-file\' reads it' -r -F
complete -c tix -n '__tix_in \'report\'' -l since -d 'the charts from this time: YYYY-MM-DD, an ISO 8601 date-time such as 2026-01-01T10:00:00Z or 2026-01-01T10:00:00+01:00 (offsets up to ±14:00), today, yesterday, tomorrow, or a relative date like -7d, +30d, -2w, -3m, +1y' -x
complete -c tix -n '__tix_in \'report\'' -l until -d 'the charts until this time, inclusive (a date means the end of that day)' -x
complete -c tix -n '__tix_in \'report\'' -l tz -d 'IANA time zone of --since, --until and the charts (default: the timezone setting, else the system zone)' -x
complete -c tix -n '__tix_in \'report\'' -l min-quantity -d 'figures from the stored listings of at least n tickets (n seats together), as in history' -x
complete -c tix -n '__tix_in \'report\'' -l section -d 'figures from the stored listings in sections matching this name, any case; \'*\' matches any text' -x
complete -c tix -n '__tix_in \'report\'' -l db -d 'price history: a DuckDB file or a postgres:// URL (default: TIX_DB, else the db setting, else history.duckdb in tix\'s data folder)' -r -F
complete -c tix -n '__tix_in \'report\'' -l lock-timeout -d 'seconds to wait for a DuckDB file another process holds, 0-3600 (default: 30); then track and watch keep what they fetched in <file>.pending/' -x
complete -c tix -n '__tix_in \'report\'' -l schema -d 'PostgreSQL schema holding the tables, created if missing (default: public)' -x
complete -c tix -n '__tix_in \'report\'' -s o -l output -d 'output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)' -x -a 'table json ndjson csv tsv parquet'
complete -c tix -n '__tix_in \'report\'' -l json -d 'short for --output json'
complete -c tix -n '__tix_in \'report\'' -l fields -d 'comma-separated columns to show, in order (every format; json keeps only these fields of each record); dotted paths reach nested fields' -x
complete -c tix -n '__tix_in \'report\'' -l no-header -d 'leave out the header row (csv, tsv)'
complete -c tix -n '__tix_in \'report\'' -l out -d 'write the data to a file instead of stdout: a regular file is written whole or not at all; - is stdout; /dev/stdout, /dev/fd/N, a FIFO or a device is written as a stream' -r -F
complete -c tix -n '__tix_in \'report\'' -l excel-safe -d 'prefix csv/tsv text cells starting with = + - @ with \' so spreadsheets do not run them as formulas'
complete -c tix -n '__tix_argument \'alert\' 1' -a add -d 'add a price alert rule'
complete -c tix -n '__tix_argument \'alert\' 1' -a list -d 'list the price alert rules'
complete -c tix -n '__tix_argument \'alert\' 1' -a rm -d 'remove a price alert rule'
complete -c tix -n '__tix_argument \'alert\' 1' -a pause -d 'pause a price alert rule: tix track leaves it alone until resumed'
complete -c tix -n '__tix_argument \'alert\' 1' -a resume -d 'resume a paused price alert rule'
complete -c tix -n '__tix_argument \'alert\' 1' -a test -d 'send a sample notification through a rule\'s channels'
complete -c tix -n '__tix_argument \'alert\' 1' -a approve -d 'let this machine run a rule\'s --notify-exec command'
complete -c tix -n '__tix_in \'alert add\'' -l below -d 'a listing at or below this price per ticket' -x
complete -c tix -n '__tix_in \'alert add\'' -l drop -d 'the lowest price fell by at least this many percent (above 0, below 100) since the last notification' -x
complete -c tix -n '__tix_in \'alert add\'' -l min-quantity -d 'only listings with at least n tickets' -x
complete -c tix -n '__tix_in \'alert add\'' -l section -d 'only sections matching this name, any case; \'*\' matches any text (e.g. \'floor*\')' -x
complete -c tix -n '__tix_in \'alert add\'' -l agent -d 'evt_ rules: only this ticket agent: ticketMaster | stubHub | skyBox | ticketEvolution | seatGeek | vividSeats | tickPick | ticketNetwork | gameTime (or its code, any case)' -x -a 'ticketMaster stubHub skyBox ticketEvolution seatGeek vividSeats tickPick ticketNetwork gameTime'
complete -c tix -n '__tix_in \'alert add\'' -l name -d 'a label for the rule' -x
complete -c tix -n '__tix_in \'alert add\'' -l until -d 'retire the rule after this date (default: the event date, when the history knows it)' -x
complete -c tix -n '__tix_in \'alert add\'' -l notify-url -d 'POST each alert as JSON to this http(s) URL (default: the notify-url setting)' -x
complete -c tix -n '__tix_in \'alert add\'' -l notify-exec -d 'run this command per alert with the alert as JSON on stdin (default: the notify-exec setting)' -x
complete -c tix -n '__tix_in \'alert add\'' -l db -d 'price history: a DuckDB file or a postgres:// URL (default: TIX_DB, else the db setting, else history.duckdb in tix\'s data folder)' -r -F
complete -c tix -n '__tix_in \'alert add\'' -l lock-timeout -d 'seconds to wait for a DuckDB file another process holds, 0-3600 (default: 30); then track and watch keep what they fetched in <file>.pending/' -x
complete -c tix -n '__tix_in \'alert add\'' -l schema -d 'PostgreSQL schema holding the tables, created if missing (default: public)' -x
complete -c tix -n '__tix_in \'alert list\'' -l db -d 'price history: a DuckDB file or a postgres:// URL (default: TIX_DB, else the db setting, else history.duckdb in tix\'s data folder)' -r -F
complete -c tix -n '__tix_in \'alert list\'' -l lock-timeout -d 'seconds to wait for a DuckDB file another process holds, 0-3600 (default: 30); then track and watch keep what they fetched in <file>.pending/' -x
complete -c tix -n '__tix_in \'alert list\'' -l schema -d 'PostgreSQL schema holding the tables, created if missing (default: public)' -x
complete -c tix -n '__tix_in \'alert list\'' -s o -l output -d 'output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)' -x -a 'table json ndjson csv tsv parquet'
complete -c tix -n '__tix_in \'alert list\'' -l json -d 'short for --output json'
complete -c tix -n '__tix_in \'alert list\'' -l fields -d 'comma-separated columns to show, in order (every format; json keeps only these fields of each record); dotted paths reach nested fields' -x
complete -c tix -n '__tix_in \'alert list\'' -l no-header -d 'leave out the header row (csv, tsv)'
complete -c tix -n '__tix_in \'alert list\'' -l out -d 'write the data to a file instead of stdout: a regular file is written whole or not at all; - is stdout; /dev/stdout, /dev/fd/N, a FIFO or a device is written as a stream' -r -F
complete -c tix -n '__tix_in \'alert list\'' -l excel-safe -d 'prefix csv/tsv text cells starting with = + - @ with \' so spreadsheets do not run them as formulas'
complete -c tix -n '__tix_in \'alert rm\'' -l db -d 'price history: a DuckDB file or a postgres:// URL (default: TIX_DB, else the db setting, else history.duckdb in tix\'s data folder)' -r -F
complete -c tix -n '__tix_in \'alert rm\'' -l lock-timeout -d 'seconds to wait for a DuckDB file another process holds, 0-3600 (default: 30); then track and watch keep what they fetched in <file>.pending/' -x
complete -c tix -n '__tix_in \'alert rm\'' -l schema -d 'PostgreSQL schema holding the tables, created if missing (default: public)' -x
complete -c tix -n '__tix_in \'alert pause\'' -l db -d 'price history: a DuckDB file or a postgres:// URL (default: TIX_DB, else the db setting, else history.duckdb in tix\'s data folder)' -r -F
complete -c tix -n '__tix_in \'alert pause\'' -l lock-timeout -d 'seconds to wait for a DuckDB file another process holds, 0-3600 (default: 30); then track and watch keep what they fetched in <file>.pending/' -x
complete -c tix -n '__tix_in \'alert pause\'' -l schema -d 'PostgreSQL schema holding the tables, created if missing (default: public)' -x
complete -c tix -n '__tix_in \'alert resume\'' -l db -d 'price history: a DuckDB file or a postgres:// URL (default: TIX_DB, else the db setting, else history.duckdb in tix\'s data folder)' -r -F
complete -c tix -n '__tix_in \'alert resume\'' -l lock-timeout -d 'seconds to wait for a DuckDB file another process holds, 0-3600 (default: 30); then track and watch keep what they fetched in <file>.pending/' -x
complete -c tix -n '__tix_in \'alert resume\'' -l schema -d 'PostgreSQL schema holding the tables, created if missing (default: public)' -x
complete -c tix -n '__tix_in \'alert test\'' -l db -d 'price history: a DuckDB file or a postgres:// URL (default: TIX_DB, else the db setting, else history.duckdb in tix\'s data folder)' -r -F
complete -c tix -n '__tix_in \'alert test\'' -l lock-timeout -d 'seconds to wait for a DuckDB file another process holds, 0-3600 (default: 30); then track and watch keep what they fetched in <file>.pending/' -x
complete -c tix -n '__tix_in \'alert test\'' -l schema -d 'PostgreSQL schema holding the tables, created if missing (default: public)' -x
complete -c tix -n '__tix_in \'alert approve\'' -l db -d 'price history: a DuckDB file or a postgres:// URL (default: TIX_DB, else the db setting, else history.duckdb in tix\'s data folder)' -r -F
complete -c tix -n '__tix_in \'alert approve\'' -l lock-timeout -d 'seconds to wait for a DuckDB file another process holds, 0-3600 (default: 30); then track and watch keep what they fetched in <file>.pending/' -x
complete -c tix -n '__tix_in \'alert approve\'' -l schema -d 'PostgreSQL schema holding the tables, created if missing (default: public)' -x
complete -c tix -n '__tix_in \'agents\'' -s o -l output -d 'output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)' -x -a 'table json ndjson csv tsv parquet'
complete -c tix -n '__tix_in \'agents\'' -l json -d 'short for --output json'
complete -c tix -n '__tix_in \'agents\'' -l fields -d 'comma-separated columns to show, in order (every format; json keeps only these fields of each record); dotted paths reach nested fields' -x
complete -c tix -n '__tix_in \'agents\'' -l no-header -d 'leave out the header row (csv, tsv)'
complete -c tix -n '__tix_in \'agents\'' -l out -d 'write the data to a file instead of stdout: a regular file is written whole or not at all; - is stdout; /dev/stdout, /dev/fd/N, a FIFO or a device is written as a stream' -r -F
complete -c tix -n '__tix_in \'agents\'' -l excel-safe -d 'prefix csv/tsv text cells starting with = + - @ with \' so spreadsheets do not run them as formulas'
complete -c tix -n '__tix_in \'api\'' -s f -l field -d 'add a query parameter, percent-encoded (repeatable; added after any in <path>)' -x
complete -c tix -n '__tix_in \'api\'' -l paginate -d 'follow pageNumber until a page is shorter than pageSize (from <path> or -f, else 1000), merging the pages'
complete -c tix -n '__tix_in \'api\'' -s i -l include -d 'print the status line and response headers on stderr first (and the body, when a 2xx is not JSON: that is exit 1)'
complete -c tix -n '__tix_in \'api\'' -s o -l output -d 'output format: table | json | ndjson | csv | tsv | parquet (default: json, the body as sent; the others need a list)' -x -a 'table json ndjson csv tsv parquet'
complete -c tix -n '__tix_in \'api\'' -l json -d 'short for --output json'
complete -c tix -n '__tix_in \'api\'' -l fields -d 'comma-separated columns to show, in order (every format; json keeps only these fields of each record); dotted paths reach nested fields' -x
complete -c tix -n '__tix_in \'api\'' -l no-header -d 'leave out the header row (csv, tsv)'
complete -c tix -n '__tix_in \'api\'' -l out -d 'write the data to a file instead of stdout: a regular file is written whole or not at all; - is stdout; /dev/stdout, /dev/fd/N, a FIFO or a device is written as a stream' -r -F
complete -c tix -n '__tix_in \'api\'' -l excel-safe -d 'prefix csv/tsv text cells starting with = + - @ with \' so spreadsheets do not run them as formulas'
complete -c tix -n '__tix_argument \'auth\' 1' -a login -d 'store an API key after checking it works'
complete -c tix -n '__tix_argument \'auth\' 1' -a status -d 'show the profile, base URL and key in use, and whether the key works'
complete -c tix -n '__tix_argument \'auth\' 1' -a logout -d 'remove the profile\'s stored API key'
complete -c tix -n '__tix_in \'auth login\'' -l with-key -d 'read the key from stdin (for scripts: tix auth login --with-key < key.txt)'
complete -c tix -n '__tix_in \'auth status\'' -l json -d 'print the status as JSON'
complete -c tix -n '__tix_argument \'config\' 1' -a get -d 'print the value in force for a setting'
complete -c tix -n '__tix_argument \'config\' 1' -a set -d 'store a setting in the profile (validated first)'
complete -c tix -n '__tix_argument \'config\' 1' -a unset -d 'remove a setting from the profile'
complete -c tix -n '__tix_argument \'config\' 1' -a list -d 'show every setting, its value and where it came from'
complete -c tix -n '__tix_argument \'config\' 1' -a path -d 'print where the config file is'
complete -c tix -n '__tix_argument \'config get\' 1' -x -a 'base-url output timezone provider page-size concurrency timeout retries db sql-db notify-url notify-exec notify-exec-env notify-exec-timeout notify-deadline'
complete -c tix -n '__tix_argument \'config set\' 1' -x -a 'base-url output timezone provider page-size concurrency timeout retries db sql-db notify-url notify-exec notify-exec-env notify-exec-timeout notify-deadline'
complete -c tix -n '__tix_argument \'config unset\' 1' -x -a 'base-url output timezone provider page-size concurrency timeout retries db sql-db notify-url notify-exec notify-exec-env notify-exec-timeout notify-deadline'
complete -c tix -n '__tix_in \'config list\'' -s o -l output -d 'output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)' -x -a 'table json ndjson csv tsv parquet'
complete -c tix -n '__tix_in \'config list\'' -l json -d 'short for --output json'
complete -c tix -n '__tix_in \'config list\'' -l fields -d 'comma-separated columns to show, in order (every format; json keeps only these fields of each record); dotted paths reach nested fields' -x
complete -c tix -n '__tix_in \'config list\'' -l no-header -d 'leave out the header row (csv, tsv)'
complete -c tix -n '__tix_in \'config list\'' -l out -d 'write the data to a file instead of stdout: a regular file is written whole or not at all; - is stdout; /dev/stdout, /dev/fd/N, a FIFO or a device is written as a stream' -r -F
complete -c tix -n '__tix_in \'config list\'' -l excel-safe -d 'prefix csv/tsv text cells starting with = + - @ with \' so spreadsheets do not run them as formulas'
complete -c tix -n '__tix_in \'sandbox\'' -l port -d 'port on 127.0.0.1 (default: any free port)' -x
complete -c tix -n '__tix_in \'sandbox\'' -l seed -d 'seed of the generated world: its events, dates and ids, the same whatever --now (default: 42)' -x
complete -c tix -n '__tix_in \'sandbox\'' -l events -d 'number of events (default: 2000)' -x
complete -c tix -n '__tix_in \'sandbox\'' -l latency -d 'milliseconds added to every response (default: 0)' -x
complete -c tix -n '__tix_in \'sandbox\'' -l fail-rate -d 'fraction of requests answered 503, 0-1 (default: 0)' -x
complete -c tix -n '__tix_in \'sandbox\'' -l now -d 'the sandbox\'s clock, an ISO 8601 date-time, or YYYY-MM-DD for its midnight UTC (default: the real time)' -x
complete -c tix -n '__tix_in \'sandbox\'' -l time-scale -d 'run the clock this many times as fast as real time, from --now, 1-100000 (900: inventory refreshes every second)' -x
complete -c tix -n '__tix_in \'sandbox\'' -l fault -d 'misbehave on purpose: reset | truncate | rate-limit | slow | html | bad-shape | not-json' -x -a 'reset truncate rate-limit slow html bad-shape not-json'
complete -c tix -n '__tix_in \'sandbox\'' -l fault-rate -d 'fraction of requests --fault applies to, 0-1 (default: 1)' -x
complete -c tix -n '__tix_in \'sandbox\'' -l large-sales -d 'give one event this many sales (its id is printed), for big exports' -x
complete -c tix -n '__tix_in \'sandbox\'' -l request-log -d 'requests the sandbox keeps a record of, the oldest dropped first, 1-1000000 (default: 10000)' -x
complete -c tix -n '__tix_argument \'completion\' 1' -x -a 'bash zsh fish'
