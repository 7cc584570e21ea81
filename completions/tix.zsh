#compdef tix
# zsh completion for tix. Generated from the command tree by `npm run completions` (or `tix completion`): do not edit by hand.
# Install: save it as _tix in a folder on $fpath (before compinit runs), or source <(tix completion zsh)

# Flags that take a value, in any command: the walker skips the word after them.
_tix_valued=(--agent --base-url --below --by --category --city --concurrency --count --country --date --date-end --date-start --db --drop --events --fail-rate --fault --fault-rate --field --fields --file --from --from-file --id --interval --jq --large-sales --latency --limit --lock-timeout --max-price --min-price --min-quantity --name --notify-exec --notify-url --now --omit --on --out --output --page --page-size --password --per --port --profile --provider --request-log --retries --sales-days --schema --section --seed --since --sort --sql-db --state --ticket-agent --time-scale --timeout --to --to-schema --top --type --tz --until --until-price --venue -f -o)

# Sets _tix_subcommands and _tix_flags (name:description) and _tix_rest (index of a variadic last argument).
_tix_command() {
  _tix_subcommands=() _tix_flags=() _tix_rest=''
  case $1 in
    ('')
      _tix_subcommands=(
        'events:search and look up events'
        'inventory:current ticket listings for an agent'\''s events'
        'watch:poll listings and print what changed'
        'sales:resale sales of one event: daily summary or every sale'
        'track:record the current inventory of a watch list in the price history'
        'history:an event'\''s recorded prices over time, from the snapshots of '\''tix track'\'''
        'report:the watch list on one page: every event side by side, its floor, sections, supply and sales over time (--out report.html)'
        'alert:price alerts that every tix track evaluates and delivers'
        'agents:list the ticket agents and sales providers'
        'api:GET any API path with the stored key (the raw escape hatch)'
        'auth:store, check and remove the API key'
        'config:read and change settings'
        'sandbox:run the local sandbox API in the foreground'
        'completion:print the shell completion script for bash, zsh or fish'
      )
      _tix_flags=(
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--jq:run a jq filter over the JSON output, the one document -o json prints (a page at a time with --all; implies -o json; strings raw, the rest compact JSON)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
        '-h:show help'
        '--help:show help'
      )
      ;;
    ('events')
      _tix_subcommands=(
        'search:search events by category, date, name, place and more'
        'get:show events by id'
        'by-agent:list the events one ticket agent knows'
        'view:one event across every marketplace: listings per agent, cheapest seats, recent sales'
      )
      _tix_flags=(
        '-h:show help'
        '--help:show help'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--jq:run a jq filter over the JSON output, the one document -o json prints (a page at a time with --all; implies -o json; strings raw, the rest compact JSON)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      ;;
    ('events search')
      _tix_flags=(
        '--category:event category: all | concerts | arts | family | sports | misc (or its number)'
        '--type:which date the date filters apply to (default: event): presale | public-sale | event | presale-or-public-sale | post-sale | presale-or-post-sale | just-added (or its number)'
        '--date:date preset, in --tz: today | tomorrow | yesterday | future-incl-today | future | next-3-days | next-7-days | next-10-days | next-2-weeks | next-30-days | past | past-7-days | past-30-days | past-3-months | past-6-months | past-year | this-week (or its number)'
        '--on:events on one date (Specified Date)'
        '--from:first date of a range, with --to (Specified Date Range)'
        '--to:last date of a range, with --from'
        '--date-start:start of a date-time range (dateStart)'
        '--date-end:end of a date-time range (dateEnd)'
        '--sort:sort by: presale-date | public-sale-date | event-date | name | venue | city | state | date-added (or its number)'
        '--asc:ascending order'
        '--desc:descending order'
        '--name:event name; % is a wildcard ('\''%eras tour%'\'')'
        '--venue:venue'
        '--city:city'
        '--state:state or province'
        '--country:country'
        '--tz:IANA time zone for date presets and results (default: the timezone setting, else the system zone)'
        '--password:passed through to the API as given'
        '--omit:passed through to the API as given'
        '--ticket-agent:passed through to the API as given'
        '--page:page number to fetch (default: 1)'
        '--page-size:records per page, 1-5000 (default: 1000, or the page-size setting)'
        '--limit:stop after this many records (fetches as many pages as needed)'
        '--all:fetch every page (in order, several at once: see --concurrency)'
        '-o:output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)'
        '--output:output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)'
        '--json:short for --output json'
        '--fields:comma-separated columns to show, in order (every format; json keeps only these fields of each record); dotted paths reach nested fields'
        '--no-header:leave out the header row (csv, tsv)'
        '--out:write the data to a file instead of stdout: a regular file is written whole or not at all; - is stdout; /dev/stdout, /dev/fd/N, a FIFO or a device is written as a stream'
        '--excel-safe:prefix csv/tsv text cells starting with = + - @ with '\'' so spreadsheets do not run them as formulas'
        '-h:show help'
        '--help:show help'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--jq:run a jq filter over the JSON output, the one document -o json prints (a page at a time with --all; implies -o json; strings raw, the rest compact JSON)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      ;;
    ('events get')
      _tix_flags=(
        '--agent:the ids are this ticket agent'\''s event ids: ticketMaster | stubHub | skyBox | ticketEvolution | seatGeek | vividSeats | tickPick | ticketNetwork | gameTime (or its code, any case)'
        '--partial:if some ids are not found (or their requests fail), print the events found, warn which ids are missing, and exit 1'
        '-o:output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)'
        '--output:output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)'
        '--json:short for --output json'
        '--fields:comma-separated columns to show, in order (every format; json keeps only these fields of each record); dotted paths reach nested fields'
        '--no-header:leave out the header row (csv, tsv)'
        '--out:write the data to a file instead of stdout: a regular file is written whole or not at all; - is stdout; /dev/stdout, /dev/fd/N, a FIFO or a device is written as a stream'
        '--excel-safe:prefix csv/tsv text cells starting with = + - @ with '\'' so spreadsheets do not run them as formulas'
        '-h:show help'
        '--help:show help'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--jq:run a jq filter over the JSON output, the one document -o json prints (a page at a time with --all; implies -o json; strings raw, the rest compact JSON)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      _tix_rest=1
      ;;
    ('events by-agent')
      _tix_flags=(
        '--from:earliest event date (default: today)'
        '--to:latest event date (default: two years from today)'
        '--name:event name; % is a wildcard ('\''%hamilton%'\'')'
        '--page:page number to fetch (default: 1)'
        '--page-size:records per page, 1-5000 (default: 1000, or the page-size setting)'
        '--limit:stop after this many records (fetches as many pages as needed)'
        '--all:fetch every page (in order, several at once: see --concurrency)'
        '-o:output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)'
        '--output:output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)'
        '--json:short for --output json'
        '--fields:comma-separated columns to show, in order (every format; json keeps only these fields of each record); dotted paths reach nested fields'
        '--no-header:leave out the header row (csv, tsv)'
        '--out:write the data to a file instead of stdout: a regular file is written whole or not at all; - is stdout; /dev/stdout, /dev/fd/N, a FIFO or a device is written as a stream'
        '--excel-safe:prefix csv/tsv text cells starting with = + - @ with '\'' so spreadsheets do not run them as formulas'
        '-h:show help'
        '--help:show help'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--jq:run a jq filter over the JSON output, the one document -o json prints (a page at a time with --all; implies -o json; strings raw, the rest compact JSON)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      ;;
    ('events view')
      _tix_flags=(
        '--id:the agent'\''s id for this event, added to or replacing the listing'\''s (repeatable; agents: TMUSA, STUBHUB, SKYBOX, TICKETEVOLUTION, SEATGEEK, VIVID, TICKPICK, TICKETNETWORK, GAMETIME)'
        '--top:how many of the cheapest listings to show, 0-1000 (default: 10)'
        '--sales-days:days of sales to sum up, ending today, 1-365 (default: 30)'
        '--no-sales:skip the sales summary'
        '--listings:rows are every listing of every agent, agent first, instead of one row per agent'
        '--partial:if some agents or the sales request still fail after retries, print what answered, name what failed, and exit 1'
        '--min-quantity:only listings with at least n tickets (n seats together)'
        '--min-price:only listings priced at or above this, per ticket'
        '--max-price:only listings priced at or below this, per ticket'
        '--section:only sections matching this name, any case; '\''*'\'' matches any text (e.g. '\''floor*'\'')'
        '-o:output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)'
        '--output:output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)'
        '--json:short for --output json'
        '--fields:comma-separated columns to show, in order (every format; json keeps only these fields of each record); dotted paths reach nested fields'
        '--no-header:leave out the header row (csv, tsv)'
        '--out:write the data to a file instead of stdout: a regular file is written whole or not at all; - is stdout; /dev/stdout, /dev/fd/N, a FIFO or a device is written as a stream'
        '--excel-safe:prefix csv/tsv text cells starting with = + - @ with '\'' so spreadsheets do not run them as formulas'
        '-h:show help'
        '--help:show help'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--jq:run a jq filter over the JSON output, the one document -o json prints (a page at a time with --all; implies -o json; strings raw, the rest compact JSON)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      ;;
    ('inventory')
      _tix_flags=(
        '--partial:if some requests still fail after retries, print what was fetched, warn which ids are missing, and exit 1'
        '--min-quantity:only listings with at least n tickets (n seats together)'
        '--min-price:only listings priced at or above this, per ticket'
        '--max-price:only listings priced at or below this, per ticket'
        '--section:only sections matching this name, any case; '\''*'\'' matches any text (e.g. '\''floor*'\'')'
        '-o:output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)'
        '--output:output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)'
        '--json:short for --output json'
        '--fields:comma-separated columns to show, in order (every format; json keeps only these fields of each record); dotted paths reach nested fields'
        '--no-header:leave out the header row (csv, tsv)'
        '--out:write the data to a file instead of stdout: a regular file is written whole or not at all; - is stdout; /dev/stdout, /dev/fd/N, a FIFO or a device is written as a stream'
        '--excel-safe:prefix csv/tsv text cells starting with = + - @ with '\'' so spreadsheets do not run them as formulas'
        '-h:show help'
        '--help:show help'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--jq:run a jq filter over the JSON output, the one document -o json prints (a page at a time with --all; implies -o json; strings raw, the rest compact JSON)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      _tix_rest=2
      ;;
    ('watch')
      _tix_flags=(
        '--interval:time between polls: 30s, 5m, 1h, or seconds (default: 5m; at least 1s, at most 24h)'
        '--count:stop after n polls (exit 0)'
        '--until-price:stop (exit 0) as soon as a matching listing is at or below this price, after printing that poll'
        '-o:output format: ndjson (one JSON object per line, also on a terminal; the default off a terminal); refused: table | json | csv | tsv | parquet (a stream of changes is no table, document or file of rows)'
        '--output:output format: ndjson (one JSON object per line, also on a terminal; the default off a terminal); refused: table | json | csv | tsv | parquet (a stream of changes is no table, document or file of rows)'
        '--min-quantity:only listings with at least n tickets (n seats together)'
        '--min-price:only listings priced at or above this, per ticket'
        '--max-price:only listings priced at or below this, per ticket'
        '--section:only sections matching this name, any case; '\''*'\'' matches any text (e.g. '\''floor*'\'')'
        '--record:store every poll in the price history (the db setting, else the default file), as tix track would; --db names another'
        '--db:price history: a DuckDB file or a postgres:// URL (default: TIX_DB, else the db setting, else history.duckdb in tix'\''s data folder)'
        '--lock-timeout:seconds to wait for a DuckDB file another process holds, 0-3600 (default: 30); then track and watch keep what they fetched in <file>.pending/'
        '--schema:PostgreSQL schema holding the tables, created if missing (default: public)'
        '-h:show help'
        '--help:show help'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--jq:run a jq filter over the JSON output, the one document -o json prints (a page at a time with --all; implies -o json; strings raw, the rest compact JSON)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      _tix_rest=2
      ;;
    ('sales')
      _tix_subcommands=(
        'summary:daily tickets, revenue and prices for one event'
        'details:every sale of one event: section, row, seats, quantity, price'
      )
      _tix_flags=(
        '-h:show help'
        '--help:show help'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--jq:run a jq filter over the JSON output, the one document -o json prints (a page at a time with --all; implies -o json; strings raw, the rest compact JSON)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      ;;
    ('sales summary')
      _tix_flags=(
        '--provider:sales data provider: stubhub (default: stubhub, or the provider setting)'
        '--from:first day of sales (default: the first day with data)'
        '--to:last day of sales (default: the last day with data)'
        '-o:output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)'
        '--output:output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)'
        '--json:short for --output json'
        '--fields:comma-separated columns to show, in order (every format; json keeps only these fields of each record); dotted paths reach nested fields'
        '--no-header:leave out the header row (csv, tsv)'
        '--out:write the data to a file instead of stdout: a regular file is written whole or not at all; - is stdout; /dev/stdout, /dev/fd/N, a FIFO or a device is written as a stream'
        '--excel-safe:prefix csv/tsv text cells starting with = + - @ with '\'' so spreadsheets do not run them as formulas'
        '--chart:draw tickets and revenue per day in the terminal (by week when the range is wide)'
        '-h:show help'
        '--help:show help'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--jq:run a jq filter over the JSON output, the one document -o json prints (a page at a time with --all; implies -o json; strings raw, the rest compact JSON)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      ;;
    ('sales details')
      _tix_flags=(
        '--provider:sales data provider: stubhub (default: stubhub, or the provider setting)'
        '--from:first day of sales (default: the first day with data)'
        '--to:last day of sales (default: the last day with data)'
        '-o:output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)'
        '--output:output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)'
        '--json:short for --output json'
        '--fields:comma-separated columns to show, in order (every format; json keeps only these fields of each record); dotted paths reach nested fields'
        '--no-header:leave out the header row (csv, tsv)'
        '--out:write the data to a file instead of stdout: a regular file is written whole or not at all; - is stdout; /dev/stdout, /dev/fd/N, a FIFO or a device is written as a stream'
        '--excel-safe:prefix csv/tsv text cells starting with = + - @ with '\'' so spreadsheets do not run them as formulas'
        '--daily:only the per-day totals of the details response'
        '-h:show help'
        '--help:show help'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--jq:run a jq filter over the JSON output, the one document -o json prints (a page at a time with --all; implies -o json; strings raw, the rest compact JSON)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      ;;
    ('track')
      _tix_flags=(
        '--from-file:read entries from a file: one a line, # comments, blank lines ignored'
        '--sales:also record the daily StubHub sales summary of each event with a StubHub id'
        '--strict-notify:exit 1 when an alert could not be delivered (default: a warning, exit 0; it stays pending for the next run)'
        '--db:price history: a DuckDB file or a postgres:// URL (default: TIX_DB, else the db setting, else history.duckdb in tix'\''s data folder)'
        '--lock-timeout:seconds to wait for a DuckDB file another process holds, 0-3600 (default: 30); then track and watch keep what they fetched in <file>.pending/'
        '--schema:PostgreSQL schema holding the tables, created if missing (default: public)'
        '-o:output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)'
        '--output:output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)'
        '--json:short for --output json'
        '--fields:comma-separated columns to show, in order (every format; json keeps only these fields of each record); dotted paths reach nested fields'
        '--no-header:leave out the header row (csv, tsv)'
        '--out:write the data to a file instead of stdout: a regular file is written whole or not at all; - is stdout; /dev/stdout, /dev/fd/N, a FIFO or a device is written as a stream'
        '--excel-safe:prefix csv/tsv text cells starting with = + - @ with '\'' so spreadsheets do not run them as formulas'
        '-h:show help'
        '--help:show help'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--jq:run a jq filter over the JSON output, the one document -o json prints (a page at a time with --all; implies -o json; strings raw, the rest compact JSON)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      _tix_rest=1
      ;;
    ('history')
      _tix_subcommands=(
        'list:every tracked event: its agents, snapshots, current and lowest price'
        'summary:one event'\''s price history in a few figures per agent: lowest, current, changes, highest, listings'
        'coverage:when each tracked event was recorded: first and last snapshot, usual interval, gaps, stale'
        'export:copy the whole history to another store (a DuckDB file or a PostgreSQL database)'
        'sql:run one read-only SQL query against the price history, printed in any tix format'
      )
      _tix_flags=(
        '--since:first snapshot time: YYYY-MM-DD, an ISO 8601 date-time such as 2026-01-01T10:00:00Z or 2026-01-01T10:00:00+01:00 (offsets up to ±14:00), today, yesterday, tomorrow, or a relative date like -7d, +30d, -2w, -3m, +1y'
        '--until:last snapshot time, inclusive (a date means the end of that day)'
        '--tz:IANA time zone of --since, --until and the chart (default: the timezone setting, else the system zone)'
        '--listings:one row per listing ever seen: first and last seen, first, last and lowest price, and gone (not in the latest snapshot)'
        '--chart:draw each agent'\''s lowest price over time, and the lowest across them (ALL): time to scale, lines broken where no snapshot was taken, the event date and public sale ruled; --out chart.svg writes it as SVG'
        '--by:one row per hour, day, week, days-to-event (in --tz; weeks from Monday; days-to-event: whole days before the event'\''s date) and one column of lowest price per agent, and ALL for an evt_ id (the lowest the market floor was in the period): for spreadsheets'
        '--per:with --by: one row per period and section or zone (as tix report groups them), the lowest price of each agent'\''s listings there and ALL (that section'\''s or zone'\''s market floor)'
        '--supply:with --by: add listings and tickets on offer at the period'\''s last round (the agents ALL counts then) and listings gone since the previous round, summed over the period (as tix report'\''s supply chart)'
        '--min-quantity:figures from the stored listings of at least n tickets (n seats together; an agent'\''s splits are not consulted); also for summary, --by and --chart'
        '--section:figures from the stored listings in sections matching this name, any case; '\''*'\'' matches any text (e.g. '\''floor*'\''); also for summary, --by and --chart'
        '--db:price history: a DuckDB file or a postgres:// URL (default: TIX_DB, else the db setting, else history.duckdb in tix'\''s data folder)'
        '--lock-timeout:seconds to wait for a DuckDB file another process holds, 0-3600 (default: 30); then track and watch keep what they fetched in <file>.pending/'
        '--schema:PostgreSQL schema holding the tables, created if missing (default: public)'
        '-o:output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)'
        '--output:output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)'
        '--json:short for --output json'
        '--fields:comma-separated columns to show, in order (every format; json keeps only these fields of each record); dotted paths reach nested fields'
        '--no-header:leave out the header row (csv, tsv)'
        '--out:write the data to a file instead of stdout: a regular file is written whole or not at all; - is stdout; /dev/stdout, /dev/fd/N, a FIFO or a device is written as a stream'
        '--excel-safe:prefix csv/tsv text cells starting with = + - @ with '\'' so spreadsheets do not run them as formulas'
        '-h:show help'
        '--help:show help'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--jq:run a jq filter over the JSON output, the one document -o json prints (a page at a time with --all; implies -o json; strings raw, the rest compact JSON)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      ;;
    ('history list')
      _tix_flags=(
        '--upcoming:only events whose date is still to come (by the clock of this run)'
        '--name:only events whose name contains this text, in any case'
        '-h:show help'
        '--help:show help'
        '--since:first snapshot time: YYYY-MM-DD, an ISO 8601 date-time such as 2026-01-01T10:00:00Z or 2026-01-01T10:00:00+01:00 (offsets up to ±14:00), today, yesterday, tomorrow, or a relative date like -7d, +30d, -2w, -3m, +1y'
        '--tz:IANA time zone of --since, --until and the chart (default: the timezone setting, else the system zone)'
        '--db:price history: a DuckDB file or a postgres:// URL (default: TIX_DB, else the db setting, else history.duckdb in tix'\''s data folder)'
        '--lock-timeout:seconds to wait for a DuckDB file another process holds, 0-3600 (default: 30); then track and watch keep what they fetched in <file>.pending/'
        '--schema:PostgreSQL schema holding the tables, created if missing (default: public)'
        '-o:output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)'
        '--output:output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)'
        '--json:short for --output json'
        '--fields:comma-separated columns to show, in order (every format; json keeps only these fields of each record); dotted paths reach nested fields'
        '--no-header:leave out the header row (csv, tsv)'
        '--out:write the data to a file instead of stdout: a regular file is written whole or not at all; - is stdout; /dev/stdout, /dev/fd/N, a FIFO or a device is written as a stream'
        '--excel-safe:prefix csv/tsv text cells starting with = + - @ with '\'' so spreadsheets do not run them as formulas'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--jq:run a jq filter over the JSON output, the one document -o json prints (a page at a time with --all; implies -o json; strings raw, the rest compact JSON)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      ;;
    ('history summary')
      _tix_flags=(
        '-h:show help'
        '--help:show help'
        '--since:first snapshot time: YYYY-MM-DD, an ISO 8601 date-time such as 2026-01-01T10:00:00Z or 2026-01-01T10:00:00+01:00 (offsets up to ±14:00), today, yesterday, tomorrow, or a relative date like -7d, +30d, -2w, -3m, +1y'
        '--until:last snapshot time, inclusive (a date means the end of that day)'
        '--tz:IANA time zone of --since, --until and the chart (default: the timezone setting, else the system zone)'
        '--min-quantity:figures from the stored listings of at least n tickets (n seats together; an agent'\''s splits are not consulted); also for summary, --by and --chart'
        '--section:figures from the stored listings in sections matching this name, any case; '\''*'\'' matches any text (e.g. '\''floor*'\''); also for summary, --by and --chart'
        '--db:price history: a DuckDB file or a postgres:// URL (default: TIX_DB, else the db setting, else history.duckdb in tix'\''s data folder)'
        '--lock-timeout:seconds to wait for a DuckDB file another process holds, 0-3600 (default: 30); then track and watch keep what they fetched in <file>.pending/'
        '--schema:PostgreSQL schema holding the tables, created if missing (default: public)'
        '-o:output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)'
        '--output:output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)'
        '--json:short for --output json'
        '--fields:comma-separated columns to show, in order (every format; json keeps only these fields of each record); dotted paths reach nested fields'
        '--no-header:leave out the header row (csv, tsv)'
        '--out:write the data to a file instead of stdout: a regular file is written whole or not at all; - is stdout; /dev/stdout, /dev/fd/N, a FIFO or a device is written as a stream'
        '--excel-safe:prefix csv/tsv text cells starting with = + - @ with '\'' so spreadsheets do not run them as formulas'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--jq:run a jq filter over the JSON output, the one document -o json prints (a page at a time with --all; implies -o json; strings raw, the rest compact JSON)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      ;;
    ('history coverage')
      _tix_flags=(
        '-h:show help'
        '--help:show help'
        '--tz:IANA time zone of --since, --until and the chart (default: the timezone setting, else the system zone)'
        '--db:price history: a DuckDB file or a postgres:// URL (default: TIX_DB, else the db setting, else history.duckdb in tix'\''s data folder)'
        '--lock-timeout:seconds to wait for a DuckDB file another process holds, 0-3600 (default: 30); then track and watch keep what they fetched in <file>.pending/'
        '--schema:PostgreSQL schema holding the tables, created if missing (default: public)'
        '-o:output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)'
        '--output:output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)'
        '--json:short for --output json'
        '--fields:comma-separated columns to show, in order (every format; json keeps only these fields of each record); dotted paths reach nested fields'
        '--no-header:leave out the header row (csv, tsv)'
        '--out:write the data to a file instead of stdout: a regular file is written whole or not at all; - is stdout; /dev/stdout, /dev/fd/N, a FIFO or a device is written as a stream'
        '--excel-safe:prefix csv/tsv text cells starting with = + - @ with '\'' so spreadsheets do not run them as formulas'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--jq:run a jq filter over the JSON output, the one document -o json prints (a page at a time with --all; implies -o json; strings raw, the rest compact JSON)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      ;;
    ('history export')
      _tix_flags=(
        '--to:the store to copy into (created if new): a DuckDB file or a postgres:// URL'
        '--to-schema:PostgreSQL schema of --to, created if missing (default: public)'
        '-h:show help'
        '--help:show help'
        '--since:first snapshot time: YYYY-MM-DD, an ISO 8601 date-time such as 2026-01-01T10:00:00Z or 2026-01-01T10:00:00+01:00 (offsets up to ±14:00), today, yesterday, tomorrow, or a relative date like -7d, +30d, -2w, -3m, +1y'
        '--until:last snapshot time, inclusive (a date means the end of that day)'
        '--tz:IANA time zone of --since, --until and the chart (default: the timezone setting, else the system zone)'
        '--db:price history: a DuckDB file or a postgres:// URL (default: TIX_DB, else the db setting, else history.duckdb in tix'\''s data folder)'
        '--lock-timeout:seconds to wait for a DuckDB file another process holds, 0-3600 (default: 30); then track and watch keep what they fetched in <file>.pending/'
        '--schema:PostgreSQL schema holding the tables, created if missing (default: public)'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      ;;
    ('history sql')
      _tix_flags=(
        '--file:read the query from this file'
        '--sql-db:PostgreSQL: run the query as this postgres:// URL'\''s role, one that can only read (default: TIX_SQL_DB, else the sql-db setting, else the role of --db)'
        '-h:show help'
        '--help:show help'
        '--tz:IANA time zone of --since, --until and the chart (default: the timezone setting, else the system zone)'
        '--db:price history: a DuckDB file or a postgres:// URL (default: TIX_DB, else the db setting, else history.duckdb in tix'\''s data folder)'
        '--lock-timeout:seconds to wait for a DuckDB file another process holds, 0-3600 (default: 30); then track and watch keep what they fetched in <file>.pending/'
        '--schema:PostgreSQL schema holding the tables, created if missing (default: public)'
        '-o:output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)'
        '--output:output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)'
        '--json:short for --output json'
        '--fields:comma-separated columns to show, in order (every format; json keeps only these fields of each record); dotted paths reach nested fields'
        '--no-header:leave out the header row (csv, tsv)'
        '--out:write the data to a file instead of stdout: a regular file is written whole or not at all; - is stdout; /dev/stdout, /dev/fd/N, a FIFO or a device is written as a stream'
        '--excel-safe:prefix csv/tsv text cells starting with = + - @ with '\'' so spreadsheets do not run them as formulas'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--jq:run a jq filter over the JSON output, the one document -o json prints (a page at a time with --all; implies -o json; strings raw, the rest compact JSON)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      ;;
    ('report')
      _tix_flags=(
        '--from-file:the events of a watch list file, as '\''tix track --from-file'\'' reads it'
        '--since:the charts from this time: YYYY-MM-DD, an ISO 8601 date-time such as 2026-01-01T10:00:00Z or 2026-01-01T10:00:00+01:00 (offsets up to ±14:00), today, yesterday, tomorrow, or a relative date like -7d, +30d, -2w, -3m, +1y'
        '--until:the charts until this time, inclusive (a date means the end of that day)'
        '--tz:IANA time zone of --since, --until and the charts (default: the timezone setting, else the system zone)'
        '--min-quantity:figures from the stored listings of at least n tickets (n seats together), as in history'
        '--section:figures from the stored listings in sections matching this name, any case; '\''*'\'' matches any text'
        '--db:price history: a DuckDB file or a postgres:// URL (default: TIX_DB, else the db setting, else history.duckdb in tix'\''s data folder)'
        '--lock-timeout:seconds to wait for a DuckDB file another process holds, 0-3600 (default: 30); then track and watch keep what they fetched in <file>.pending/'
        '--schema:PostgreSQL schema holding the tables, created if missing (default: public)'
        '-o:output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)'
        '--output:output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)'
        '--json:short for --output json'
        '--fields:comma-separated columns to show, in order (every format; json keeps only these fields of each record); dotted paths reach nested fields'
        '--no-header:leave out the header row (csv, tsv)'
        '--out:write the data to a file instead of stdout: a regular file is written whole or not at all; - is stdout; /dev/stdout, /dev/fd/N, a FIFO or a device is written as a stream'
        '--excel-safe:prefix csv/tsv text cells starting with = + - @ with '\'' so spreadsheets do not run them as formulas'
        '-h:show help'
        '--help:show help'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--jq:run a jq filter over the JSON output, the one document -o json prints (a page at a time with --all; implies -o json; strings raw, the rest compact JSON)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      _tix_rest=1
      ;;
    ('alert')
      _tix_subcommands=(
        'add:add a price alert rule'
        'list:list the price alert rules'
        'rm:remove a price alert rule'
        'pause:pause a price alert rule: tix track leaves it alone until resumed'
        'resume:resume a paused price alert rule'
        'test:send a sample notification through a rule'\''s channels'
        'approve:let this machine run a rule'\''s --notify-exec command'
      )
      _tix_flags=(
        '-h:show help'
        '--help:show help'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--jq:run a jq filter over the JSON output, the one document -o json prints (a page at a time with --all; implies -o json; strings raw, the rest compact JSON)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      ;;
    ('alert add')
      _tix_flags=(
        '--below:a listing at or below this price per ticket'
        '--drop:the lowest price fell by at least this many percent (above 0, below 100) since the last notification'
        '--min-quantity:only listings with at least n tickets'
        '--section:only sections matching this name, any case; '\''*'\'' matches any text (e.g. '\''floor*'\'')'
        '--agent:evt_ rules: only this ticket agent: ticketMaster | stubHub | skyBox | ticketEvolution | seatGeek | vividSeats | tickPick | ticketNetwork | gameTime (or its code, any case)'
        '--name:a label for the rule'
        '--until:retire the rule after this date (default: the event date, when the history knows it)'
        '--notify-url:POST each alert as JSON to this http(s) URL (default: the notify-url setting)'
        '--notify-exec:run this command per alert with the alert as JSON on stdin (default: the notify-exec setting)'
        '--db:price history: a DuckDB file or a postgres:// URL (default: TIX_DB, else the db setting, else history.duckdb in tix'\''s data folder)'
        '--lock-timeout:seconds to wait for a DuckDB file another process holds, 0-3600 (default: 30); then track and watch keep what they fetched in <file>.pending/'
        '--schema:PostgreSQL schema holding the tables, created if missing (default: public)'
        '-h:show help'
        '--help:show help'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      ;;
    ('alert list')
      _tix_flags=(
        '--db:price history: a DuckDB file or a postgres:// URL (default: TIX_DB, else the db setting, else history.duckdb in tix'\''s data folder)'
        '--lock-timeout:seconds to wait for a DuckDB file another process holds, 0-3600 (default: 30); then track and watch keep what they fetched in <file>.pending/'
        '--schema:PostgreSQL schema holding the tables, created if missing (default: public)'
        '-o:output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)'
        '--output:output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)'
        '--json:short for --output json'
        '--fields:comma-separated columns to show, in order (every format; json keeps only these fields of each record); dotted paths reach nested fields'
        '--no-header:leave out the header row (csv, tsv)'
        '--out:write the data to a file instead of stdout: a regular file is written whole or not at all; - is stdout; /dev/stdout, /dev/fd/N, a FIFO or a device is written as a stream'
        '--excel-safe:prefix csv/tsv text cells starting with = + - @ with '\'' so spreadsheets do not run them as formulas'
        '-h:show help'
        '--help:show help'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--jq:run a jq filter over the JSON output, the one document -o json prints (a page at a time with --all; implies -o json; strings raw, the rest compact JSON)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      ;;
    ('alert rm')
      _tix_flags=(
        '--db:price history: a DuckDB file or a postgres:// URL (default: TIX_DB, else the db setting, else history.duckdb in tix'\''s data folder)'
        '--lock-timeout:seconds to wait for a DuckDB file another process holds, 0-3600 (default: 30); then track and watch keep what they fetched in <file>.pending/'
        '--schema:PostgreSQL schema holding the tables, created if missing (default: public)'
        '-h:show help'
        '--help:show help'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      ;;
    ('alert pause')
      _tix_flags=(
        '--db:price history: a DuckDB file or a postgres:// URL (default: TIX_DB, else the db setting, else history.duckdb in tix'\''s data folder)'
        '--lock-timeout:seconds to wait for a DuckDB file another process holds, 0-3600 (default: 30); then track and watch keep what they fetched in <file>.pending/'
        '--schema:PostgreSQL schema holding the tables, created if missing (default: public)'
        '-h:show help'
        '--help:show help'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      ;;
    ('alert resume')
      _tix_flags=(
        '--db:price history: a DuckDB file or a postgres:// URL (default: TIX_DB, else the db setting, else history.duckdb in tix'\''s data folder)'
        '--lock-timeout:seconds to wait for a DuckDB file another process holds, 0-3600 (default: 30); then track and watch keep what they fetched in <file>.pending/'
        '--schema:PostgreSQL schema holding the tables, created if missing (default: public)'
        '-h:show help'
        '--help:show help'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      ;;
    ('alert test')
      _tix_flags=(
        '--db:price history: a DuckDB file or a postgres:// URL (default: TIX_DB, else the db setting, else history.duckdb in tix'\''s data folder)'
        '--lock-timeout:seconds to wait for a DuckDB file another process holds, 0-3600 (default: 30); then track and watch keep what they fetched in <file>.pending/'
        '--schema:PostgreSQL schema holding the tables, created if missing (default: public)'
        '-h:show help'
        '--help:show help'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      ;;
    ('alert approve')
      _tix_flags=(
        '--db:price history: a DuckDB file or a postgres:// URL (default: TIX_DB, else the db setting, else history.duckdb in tix'\''s data folder)'
        '--lock-timeout:seconds to wait for a DuckDB file another process holds, 0-3600 (default: 30); then track and watch keep what they fetched in <file>.pending/'
        '--schema:PostgreSQL schema holding the tables, created if missing (default: public)'
        '-h:show help'
        '--help:show help'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      ;;
    ('agents')
      _tix_flags=(
        '-o:output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)'
        '--output:output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)'
        '--json:short for --output json'
        '--fields:comma-separated columns to show, in order (every format; json keeps only these fields of each record); dotted paths reach nested fields'
        '--no-header:leave out the header row (csv, tsv)'
        '--out:write the data to a file instead of stdout: a regular file is written whole or not at all; - is stdout; /dev/stdout, /dev/fd/N, a FIFO or a device is written as a stream'
        '--excel-safe:prefix csv/tsv text cells starting with = + - @ with '\'' so spreadsheets do not run them as formulas'
        '-h:show help'
        '--help:show help'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--jq:run a jq filter over the JSON output, the one document -o json prints (a page at a time with --all; implies -o json; strings raw, the rest compact JSON)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      ;;
    ('api')
      _tix_flags=(
        '-f:add a query parameter, percent-encoded (repeatable; added after any in <path>)'
        '--field:add a query parameter, percent-encoded (repeatable; added after any in <path>)'
        '--paginate:follow pageNumber until a page is shorter than pageSize (from <path> or -f, else 1000), merging the pages'
        '-i:print the status line and response headers on stderr first (and the body, when a 2xx is not JSON: that is exit 1)'
        '--include:print the status line and response headers on stderr first (and the body, when a 2xx is not JSON: that is exit 1)'
        '-o:output format: table | json | ndjson | csv | tsv | parquet (default: json, the body as sent; the others need a list)'
        '--output:output format: table | json | ndjson | csv | tsv | parquet (default: json, the body as sent; the others need a list)'
        '--json:short for --output json'
        '--fields:comma-separated columns to show, in order (every format; json keeps only these fields of each record); dotted paths reach nested fields'
        '--no-header:leave out the header row (csv, tsv)'
        '--out:write the data to a file instead of stdout: a regular file is written whole or not at all; - is stdout; /dev/stdout, /dev/fd/N, a FIFO or a device is written as a stream'
        '--excel-safe:prefix csv/tsv text cells starting with = + - @ with '\'' so spreadsheets do not run them as formulas'
        '-h:show help'
        '--help:show help'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--jq:run a jq filter over the JSON output, the one document -o json prints (a page at a time with --all; implies -o json; strings raw, the rest compact JSON)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      ;;
    ('auth')
      _tix_subcommands=(
        'login:store an API key after checking it works'
        'status:show the profile, base URL and key in use, and whether the key works'
        'logout:remove the profile'\''s stored API key'
      )
      _tix_flags=(
        '-h:show help'
        '--help:show help'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--jq:run a jq filter over the JSON output, the one document -o json prints (a page at a time with --all; implies -o json; strings raw, the rest compact JSON)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      ;;
    ('auth login')
      _tix_flags=(
        '--with-key:read the key from stdin (for scripts: tix auth login --with-key < key.txt)'
        '-h:show help'
        '--help:show help'
        '-V:print the version'
        '--version:print the version'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      ;;
    ('auth status')
      _tix_flags=(
        '--json:print the status as JSON'
        '-h:show help'
        '--help:show help'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      ;;
    ('auth logout')
      _tix_flags=(
        '-h:show help'
        '--help:show help'
        '-V:print the version'
        '--version:print the version'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      ;;
    ('config')
      _tix_subcommands=(
        'get:print the value in force for a setting'
        'set:store a setting in the profile (validated first)'
        'unset:remove a setting from the profile'
        'list:show every setting, its value and where it came from'
        'path:print where the config file is'
      )
      _tix_flags=(
        '-h:show help'
        '--help:show help'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--jq:run a jq filter over the JSON output, the one document -o json prints (a page at a time with --all; implies -o json; strings raw, the rest compact JSON)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      ;;
    ('config get')
      _tix_flags=(
        '-h:show help'
        '--help:show help'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      ;;
    ('config set')
      _tix_flags=(
        '-h:show help'
        '--help:show help'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      ;;
    ('config unset')
      _tix_flags=(
        '-h:show help'
        '--help:show help'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      ;;
    ('config list')
      _tix_flags=(
        '-o:output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)'
        '--output:output format: table | json | ndjson | csv | tsv | parquet (default: table on a terminal, json otherwise, or the output setting)'
        '--json:short for --output json'
        '--fields:comma-separated columns to show, in order (every format; json keeps only these fields of each record); dotted paths reach nested fields'
        '--no-header:leave out the header row (csv, tsv)'
        '--out:write the data to a file instead of stdout: a regular file is written whole or not at all; - is stdout; /dev/stdout, /dev/fd/N, a FIFO or a device is written as a stream'
        '--excel-safe:prefix csv/tsv text cells starting with = + - @ with '\'' so spreadsheets do not run them as formulas'
        '-h:show help'
        '--help:show help'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--jq:run a jq filter over the JSON output, the one document -o json prints (a page at a time with --all; implies -o json; strings raw, the rest compact JSON)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      ;;
    ('config path')
      _tix_flags=(
        '-h:show help'
        '--help:show help'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      ;;
    ('sandbox')
      _tix_flags=(
        '--port:port on 127.0.0.1 (default: any free port)'
        '--seed:seed of the generated world: its events, dates and ids, the same whatever --now (default: 42)'
        '--events:number of events (default: 2000)'
        '--latency:milliseconds added to every response (default: 0)'
        '--fail-rate:fraction of requests answered 503, 0-1 (default: 0)'
        '--now:the sandbox'\''s clock, an ISO 8601 date-time, or YYYY-MM-DD for its midnight UTC (default: the real time)'
        '--time-scale:run the clock this many times as fast as real time, from --now, 1-100000 (900: inventory refreshes every second)'
        '--fault:misbehave on purpose: reset | truncate | rate-limit | slow | html | bad-shape | not-json'
        '--fault-rate:fraction of requests --fault applies to, 0-1 (default: 1)'
        '--large-sales:give one event this many sales (its id is printed), for big exports'
        '--request-log:requests the sandbox keeps a record of, the oldest dropped first, 1-1000000 (default: 10000)'
        '-h:show help'
        '--help:show help'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      ;;
    ('completion')
      _tix_flags=(
        '-h:show help'
        '--help:show help'
        '-V:print the version'
        '--version:print the version'
        '--sandbox:use a local sandbox API with generated data (no key or network needed; not with --base-url)'
        '--profile:stored profile to use (default: TIX_PROFILE, else '\''default'\'')'
        '--base-url:API base URL (default: TIX_BASE_URL, else the base-url setting)'
        '--timeout:seconds each request may take (default: 30)'
        '--retries:retries after a failed request, 0-10 (default: 3)'
        '--concurrency:requests in flight at once (pages, batches), 1-16 (default: 6)'
        '--debug:trace every request to stderr (the API key is never shown)'
        '-q:no progress or notes on stderr'
        '--quiet:no progress or notes on stderr'
        '--no-color:no colour (also when NO_COLOR is set or output is not a terminal)'
        '--insecure-http:allow sending the key over plain http:// to a host other than this machine'
      )
      ;;
  esac
}

# Completes the value of flag $1.
_tix_flag_values() {
  case $1 in
    (--agent) compadd -- ticketMaster stubHub skyBox ticketEvolution seatGeek vividSeats tickPick ticketNetwork gameTime ;;
    (--category) compadd -- all concerts arts family sports misc ;;
    (--date) compadd -- today tomorrow yesterday future-incl-today future next-3-days next-7-days next-10-days next-2-weeks next-30-days past past-7-days past-30-days past-3-months past-6-months past-year this-week ;;
    (--db|--from-file|--out) _files ;;
    (--fault) compadd -- reset truncate rate-limit slow html bad-shape not-json ;;
    (--output|-o) compadd -- table json ndjson csv tsv parquet ;;
    (--profile) compadd -- ${(f)"$(_tix_profiles)"} ;;
    (--provider) compadd -- stubhub ;;
    (--sort) compadd -- presale-date public-sale-date event-date name venue city state date-added ;;
    (--type) compadd -- presale public-sale event presale-or-public-sale post-sale presale-or-post-sale just-added ;;
    (*) return 1 ;;
  esac
}

# Completes argument $2 (from 1) of command path $1.
_tix_argument_values() {
  case "$1#$2" in
    ('events by-agent#1') compadd -- ticketMaster stubHub skyBox ticketEvolution seatGeek vividSeats tickPick ticketNetwork gameTime ;;
    ('inventory#1') compadd -- TMUSA STUBHUB SKYBOX TICKETEVOLUTION SEATGEEK VIVID TICKPICK TICKETNETWORK GAMETIME ;;
    ('watch#1') compadd -- TMUSA STUBHUB SKYBOX TICKETEVOLUTION SEATGEEK VIVID TICKPICK TICKETNETWORK GAMETIME ;;
    ('config get#1') compadd -- base-url output timezone provider page-size concurrency timeout retries db sql-db notify-url notify-exec notify-exec-env notify-exec-timeout notify-deadline ;;
    ('config set#1') compadd -- base-url output timezone provider page-size concurrency timeout retries db sql-db notify-url notify-exec notify-exec-env notify-exec-timeout notify-deadline ;;
    ('config unset#1') compadd -- base-url output timezone provider page-size concurrency timeout retries db sql-db notify-url notify-exec notify-exec-env notify-exec-timeout notify-deadline ;;
    ('completion#1') compadd -- bash zsh fish ;;
    (*) return 1 ;;
  esac
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
  local -a _tix_subcommands _tix_flags
  local _tix_rest tix_path='' word flag=''
  local -i i nargs=0
  for (( i = 2; i < CURRENT; i++ )); do
    word=$words[i]
    case $word in
      (--*=*) ;;
      (-*) (( ${_tix_valued[(Ie)$word]} )) && (( i++ )) ;;
      (*)
        _tix_command "$tix_path"
        if (( nargs == 0 && ${_tix_subcommands[(I)$word:*]} )); then tix_path=${tix_path:+$tix_path }$word
        else (( nargs++ ))
        fi ;;
    esac
  done
  _tix_command "$tix_path"

  if [[ $PREFIX == --*=* ]]; then
    flag=${PREFIX%%=*}
    compset -P '*='
    _tix_flag_values "$flag"
  elif (( CURRENT > 2 && ${_tix_valued[(Ie)$words[CURRENT-1]]} )); then
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
