import { Command } from 'commander';
import { UsageError } from '../../../shared/errors.js';
import { addExamples } from '../../kit/command-kit.js';
import { parseOutputOptions, type RawOutputFlags } from '../../kit/output-options.js';
import { runCommand } from '../../kit/run-command.js';
import { parseStoreFlags, type RawStoreFlags } from '../../kit/store-options.js';
import type { HistorySqlOptions } from './sql-run.js';
import { inheritedFlags } from '../../kit/inherited-flags.js';
import { OUTPUT_FLAGS, STORE_FLAGS } from './parent-flags.js';
import { exitCodes, historyCodes } from '../../kit/exit-codes.js';

interface RawFlags {
  file?: string;
}

/** `tix history`'s own flags it takes: the store (--db, --schema, --lock-timeout), --tz and the output flags. */
type ParentFlags = RawOutputFlags & RawStoreFlags;

/** Every table of the store, as its help names them (test/history/sql.test.ts checks them against a store). */
export const HISTORY_TABLES = [
  'snapshots',
  'listings',
  'sales_daily',
  'events',
  'event_agents',
  'alert_rules',
  'alert_notifications',
  'alert_deliveries',
  'alert_notification_ids',
  'tix_meta',
];

/** `tix history sql`: one read-only SQL query against the run's history store (attached under `tix history`). */
export function historySqlCommand(): Command {
  const command = new Command('sql')
    .summary('run one read-only SQL query against the price history, printed in any tix format')
    .description(
      [
        `Run one SQL query against the price history (tables ${HISTORY_TABLES.join(', ')}: see docs/history.md, "Schema") and print its rows, with the columns in the query's order (a repeated name made unique: id, id_1).`,
        'The query runs read-only (DuckDB: a read-only file in a READ ONLY transaction; PostgreSQL: a READ ONLY transaction, rolled back): the database refuses a write, or several statements, as it refuses a syntax error (exit 2, with its message).',
        'Rows stream to every format as the query produces them; Ctrl-C, SIGTERM or a closed stdout stop the query in the database at once.',
        'The store is the one tix history reads: --db, TIX_DB, the db setting, else the default file (--schema for PostgreSQL). Dates and hours of timestamps are in --tz (the timezone setting); timestamps print in UTC ISO 8601, as tix prints them elsewhere; NaN and infinities as NaN, Infinity, -Infinity.',
      ].join('\n'),
    )
    .argument('[query]', "the SQL query; '-' reads it from stdin")
    .option('--file <path>', 'read the query from this file')
    .option(
      '--sql-db <url>',
      "PostgreSQL: run the query as this postgres:// URL's role, one that can only read (default: TIX_SQL_DB, else the sql-db setting, else the role of --db)",
    );
  inheritedFlags(command, { parentFlags: ['--tz', ...STORE_FLAGS, ...OUTPUT_FLAGS], why: "filter in the query's WHERE" });
  addExamples(command, [
    {
      description: 'The lowest price of each recorded agent and event',
      command:
        'tix track evt_fnt7jz3fkx && tix history sql "SELECT agent, event_id, min(min_price) AS lowest, count(*) AS snapshots FROM snapshots GROUP BY agent, event_id ORDER BY lowest"',
    },
    {
      description: 'The five cheapest listings ever seen, as CSV',
      command:
        'tix track TMUSA:G5v8HKyBKZbyJN && tix history sql "SELECT section, \\"row\\", price, api_timestamp FROM listings ORDER BY price LIMIT 5" -o csv',
    },
  ]);
  exitCodes(command, historyCodes());
  return command.action(async (query: string | undefined, flags: RawFlags, cmd: Command) =>
    runCommand(cmd, async (rt) => {
      const parent = cmd.optsWithGlobals() as ParentFlags;
      if (query !== undefined && flags.file !== undefined) throw new UsageError('give the query as an argument or with --file, not both');
      if (query === undefined && flags.file === undefined)
        throw new UsageError('a query is required: tix history sql "SELECT ...", \'-\' to read it from stdin, or --file q.sql');
      if (flags.file !== undefined && flags.file.trim() === '') throw new UsageError('--file needs a file name');
      const options: HistorySqlOptions = {
        source: flags.file !== undefined ? { file: flags.file } : query === '-' ? { stdin: true } : { text: query! },
        store: parseStoreFlags(parent),
        output: parseOutputOptions(parent, rt),
      };
      const { runHistorySql } = await import('./sql-run.js');
      return runHistorySql(options, rt);
    }),
  );
}
