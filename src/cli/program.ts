import { Command, type Help, Option } from 'commander';
import { ExitCode } from '../shared/errors.js';
import { VERSION } from '../shared/version.js';
import { addExamples, withValueSource } from './kit/command-kit.js';
import { COMMANDS } from './commands/registry.js';
import { acceptedGlobalOptions, refuseInheritedFlagsGiven, refusedInheritedFlags } from './kit/inherited-flags.js';

/** What each exit code (src/shared/errors.ts) means: the root --help, the man pages and docs/commands list them. */
export const EXIT_CODE_MEANINGS: readonly (readonly [code: string, meaning: string])[] = [
  [`${ExitCode.OK}`, 'success (a search with no results included)'],
  [`${ExitCode.ERROR}`, 'the API failed or answered something unusable, or an unexpected error'],
  [`${ExitCode.USAGE}`, 'usage error: a bad flag, argument or value'],
  [`${ExitCode.AUTH}`, 'authentication: no API key, key not accepted (401) or not allowed (403)'],
  [`${ExitCode.NOT_FOUND}`, 'not found: a specific event, agent or provider; no price history where --db points'],
  [`${ExitCode.UNAVAILABLE}`, 'unavailable: 429, 5xx, timeout or network failure after retries; a history file held by another process'],
  [`${ExitCode.INTERRUPTED}`, 'interrupted (Ctrl-C)'],
  [`${ExitCode.TERMINATED}`, 'terminated (SIGTERM)'],
];

const EXIT_CODES = `Exit codes:\n${EXIT_CODE_MEANINGS.map(([code, meaning]) => `  ${code.padEnd(5)}${meaning}`).join('\n')}`;

/** The environment variables tix reads, as the root --help and tix(1) list them. */
export const ENVIRONMENT = `Environment:
  TIX_API_KEY       API key (instead of 'tix auth login')
  TIX_BASE_URL      API base URL
  TIX_PROFILE       profile to use (default: default)
  TIX_CONFIG_DIR    folder for the config file
  TIX_OUTPUT, TIX_TIMEZONE, TIX_PROVIDER, TIX_PAGE_SIZE, TIX_CONCURRENCY, TIX_TIMEOUT, TIX_RETRIES, TIX_DB,
  TIX_SQL_DB, TIX_NOTIFY_URL, TIX_NOTIFY_EXEC, TIX_NOTIFY_EXEC_ENV, TIX_NOTIFY_EXEC_TIMEOUT,
  TIX_NOTIFY_DEADLINE
                    the settings of 'tix config'
    TIX_SANDBOX_NOW   the clock of --sandbox, fixed at this instant (2025-12-01T15:00:00Z; default: the real time)
  NO_COLOR          no colour; HTTPS_PROXY, HTTP_PROXY, NO_PROXY are honoured`;

/** What tix is, as tix(1) says it before its commands. */
export const ABOUT = [
  'tix is a command-line client for a ticket-market partner API: it searches events, fetches the listings every ticket agent has for them and the resale sales of an event, and prints them as a table, JSON, NDJSON, CSV, TSV or Parquet, for people and for scripts alike (errors are one line on stderr, exit codes say what happened).',
  "It also keeps a price history: 'tix track', run from cron, records snapshots of events' listings in a DuckDB file or a PostgreSQL database, which 'tix history' reads back (figures, charts, SQL) and price alert rules ('tix alert') watch.",
  "'tix --sandbox' runs every command against a local sandbox with generated data: no key or network needed. Each command has its own page, tix-<command>(1), such as tix-events-search(1).",
];

/** The files tix reads and writes, as tix(1) lists them (Linux folders; XDG_CONFIG_HOME, XDG_DATA_HOME and XDG_CACHE_HOME move them). */
export const FILES: readonly (readonly [path: string, what: string])[] = [
  [
    '~/.config/tix/config.json',
    "settings and profiles, API keys included (mode 0600); TIX_CONFIG_DIR names another folder ('tix config path' prints the file). Beside it, approved-commands.json: the alert commands this machine consents to run",
  ],
  [
    '~/.local/share/tix/history.duckdb',
    "the price history 'tix track' records and 'tix history' and 'tix alert' read; --db, TIX_DB or the db setting name another file or a postgres:// URL. --sandbox keeps its own, sandbox/history.duckdb",
  ],
  [
    '~/.local/share/tix/history.duckdb.pending/',
    'the pending folder (<file>.pending/ of any DuckDB file): snapshots kept while another process held the file, stored by the next run',
  ],
  ['~/.cache/tix/', "V8's code cache of tix's bundles, one file per Node.js version and build: safe to delete"],
  [
    'docs/*.md',
    'the guides, beside the README that links them: <prefix>/lib/node_modules/tix/docs/ of an npm install, docs/ in the standalone archive, /usr/share/doc/tix/docs/ of the Debian package',
  ],
];

/** The whole command tree. Completions and help tests walk this same tree, so they cannot drift from it. */
export function buildProgram(): Command {
  const program = new Command('tix')
    .description('Ticket-market partner API from the terminal: events, inventory and resale sales.')
    .version(VERSION, '-V, --version', 'print the version')
    .addHelpCommand(false)
    .option('--sandbox', 'use a local sandbox API with generated data (no key or network needed; not with --base-url)')
    .addOption(withValueSource(new Option('--profile <name>', "stored profile to use (default: TIX_PROFILE, else 'default')"), 'profiles'))
    .option('--base-url <url>', 'API base URL (default: TIX_BASE_URL, else the base-url setting)')
    .option('--timeout <seconds>', 'seconds each request may take (default: 30)')
    .option('--retries <n>', 'retries after a failed request, 0-10 (default: 3)')
    .option('--concurrency <n>', 'requests in flight at once (pages, batches), 1-16 (default: 6)')
    .option('--debug', 'trace every request to stderr (the API key is never shown)')
    .option('-q, --quiet', 'no progress or notes on stderr')
    .addOption(new Option('--no-color', 'no colour (also when NO_COLOR is set or output is not a terminal)'))
    .option(
      '--jq <filter>',
      'run a jq filter over the JSON output, the one document -o json prints (a page at a time with --all; implies -o json; strings raw, the rest compact JSON)',
    )
    .option('--insecure-http', 'allow sending the key over plain http:// to a host other than this machine')
    .addHelpText('after', `\n${EXIT_CODES}\n\n${ENVIRONMENT}\n`);
  addExamples(program, [
    { description: 'No key yet? Search the built-in sandbox', command: 'tix --sandbox events search --category concerts' },
    {
      description: 'Concerts in the next 30 days, as a table',
      command: 'tix events search --category concerts --date next-30-days -o table',
    },
    {
      description: 'Current Ticketmaster listings of one event, to a CSV file',
      command: 'tix inventory TMUSA G5v8HKyBKZbyJN --out listings.csv',
    },
    {
      description: 'Resale sales of an event over the last 30 days, as a chart',
      command: 'tix sales summary 101459428 --from -30d --chart',
    },
  ]);

  for (const { parent, build } of COMMANDS) {
    const under = parent === undefined ? program : program.commands.find((command) => command.name() === parent);
    if (!under) throw new Error(`registry: ${parent} is not registered before its subcommands`);
    under.addCommand(build());
  }

  forEachCommand(program, (command) => {
    command
      .helpOption('-h, --help', 'show help')
      .showSuggestionAfterError(true)
      .exitOverride()
      // main.ts reports Commander's errors itself, as one line with exit code 2.
      .configureOutput({ outputError: () => {} })
      // "Global Options": the inherited flags the command takes, none it refuses (kit/inherited-flags.ts); the man
      // pages, docs/commands and the completions read the same list.
      .configureHelp({
        ...command.configureHelp(),
        showGlobalOptions: true,
        visibleGlobalOptions(this: Help, cmd: Command) {
          return acceptedGlobalOptions(this, cmd);
        },
      });
    // Refused before the action, by a hook on a command without subcommands that refuses something: a hook makes
    // the command and those below it the full path's alone (scripts/fast-table.mjs), and the fast path's commands
    // take every flag they inherit. (A group's hook would also run before its subcommands' actions.)
    if (command.commands.length === 0 && refusedInheritedFlags(command).length > 0)
      command.hook('preAction', (hooked) => refuseInheritedFlagsGiven(hooked));
  });
  return program;
}

/** Settings Commander copies only to subcommands made with .command(), applied to the whole tree. */
export function forEachCommand(command: Command, visit: (command: Command) => void): void {
  visit(command);
  for (const sub of command.commands) forEachCommand(sub, visit);
}
