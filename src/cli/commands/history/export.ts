import { realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { Command } from 'commander';
import { UsageError } from '../../../shared/errors.js';
import { isPostgresUrl, parsePostgresUrl, parseSchemaName } from '../../../store/postgres-url.js';
import type { CopyWindow } from '../../../store/store.js';
import { addExamples } from '../../kit/command-kit.js';
import { historyLocation } from '../../../recording/history-store.js';
import type { DateContext } from '../../kit/parse/dates.js';
import { parseTimeWindow } from '../../kit/parse/instants.js';
import { runCommand } from '../../kit/run-command.js';
import { parseLockTimeout } from '../../kit/store-options.js';
import type { StoreLocation, HistoryExportOptions } from './export-run.js';
import { inheritedFlags } from '../../kit/inherited-flags.js';
import { STORE_FLAGS } from './parent-flags.js';
import { exitCodes, historyCodes } from '../../kit/exit-codes.js';

interface RawFlags {
  to?: string;
  toSchema?: string;
}

/** `tix history`'s own flags it takes: the store to copy from and the window to copy. */
interface ParentFlags {
  db?: string;
  schema?: string;
  since?: string;
  until?: string;
  lockTimeout?: string;
}

/** `tix history export`: copies a whole history store into another (attached under `tix history`). */
export function historyExportCommand(): Command {
  const command = new Command('export')
    .summary('copy the whole history to another store (a DuckDB file or a PostgreSQL database)')
    .description(
      "Copy every snapshot, listing and sales day from one history store to another: a DuckDB file to a team's PostgreSQL server, a server to a file for offline analysis, or one server or schema to another.\nWhat the target already has is left as it is, so running it again copies only what is new. The counts go to stderr.\n--since and --until (tix history's, with --tz) copy only the snapshots taken and the sales days between them. The other flags of tix history do not apply and are refused.\nA PostgreSQL store is a URL: postgres://user:password@host:5432/dbname (parts left out come from PGHOST, PGUSER, PGPASSWORD, ...; ?sslmode=require for TLS).",
    )
    // The store to copy from is `tix history`'s --db and --schema (this run's history by default).
    // No file completion for --to, unlike --db: the shells complete a flag by its name alone, and sales' --to takes a date.
    .option('--to <store>', 'the store to copy into (created if new): a DuckDB file or a postgres:// URL')
    .option('--to-schema <name>', 'PostgreSQL schema of --to, created if missing (default: public)');
  // The copy prints nothing on stdout, so no output flag applies (nor --jq: kit/inherited-flags.ts).
  inheritedFlags(command, {
    parentFlags: ['--since', '--until', '--tz', ...STORE_FLAGS],
    why: 'it copies the history; the flags it takes are --to, --to-schema, --db, --schema, --since, --until, --tz and --lock-timeout',
  });
  addExamples(command, [
    {
      description: 'A copy of the price history in another file (run it again: only what is new is copied)',
      command: 'tix track evt_fnt7jz3fkx && tix history export --to backup.duckdb',
    },
    { description: 'Only the last 7 days', command: 'tix track evt_fnt7jz3fkx && tix history export --since -7d --to week.duckdb' },
  ]);
  exitCodes(command, historyCodes('either store failed, or an unexpected error'));
  return command.action(async (flags: RawFlags, cmd: Command) =>
    runCommand(cmd, async (rt) => {
      const parent = cmd.optsWithGlobals() as ParentFlags;
      const options: HistoryExportOptions = {
        // This run's history, as every history command finds it: --db, TIX_DB, the db setting, the default file.
        from: storeLocation('--db', await historyLocation(rt), '--schema', parent.schema),
        to: storeLocation('--to', flags.to, '--to-schema', flags.toSchema),
        window: parseWindow(parent, { now: rt.io.now(), timeZone: rt.settings.values.timezone }),
        lockTimeoutSeconds: parseLockTimeout(parent.lockTimeout),
      };
      if (sameStore(options.from, options.to, rt.io.env))
        throw new UsageError('--to names the same store as --db: give another file, database or --to-schema');
      const { runHistoryExport } = await import('./export-run.js');
      return runHistoryExport(options, rt);
    }),
  );
}

/** --since/--until as history reads them (a date is a whole day in --tz); sales days by the calendar dates they span there. */
function parseWindow(flags: ParentFlags, context: DateContext): CopyWindow {
  const { since, until, sinceDate, untilDate } = parseTimeWindow(flags, context);
  return { ...(since && { since, fromDay: sinceDate! }), ...(until && { until, toDay: untilDate! }) };
}

function storeLocation(flag: string, location: string | undefined, schemaFlag: string, schema: string | undefined): StoreLocation {
  if (location === undefined || location === '') throw new UsageError(`${flag} is required: a DuckDB file or a postgres:// URL`);
  if (isPostgresUrl(location)) parsePostgresUrl(flag, location);
  else if (schema !== undefined) throw new UsageError(`${schemaFlag} is for a PostgreSQL store; ${flag} is a DuckDB file`);
  return { flag, location, schema: parseSchemaName(schemaFlag, schema ?? 'public') };
}

/**
 * Whether --to is --db under another spelling: the same file (through a relative path or a symbolic link),
 * or the same server, port and database (whoever connects) and schema. A copy onto itself would report
 * snapshots "copied" and change nothing.
 */
function sameStore(a: StoreLocation, b: StoreLocation, env: NodeJS.ProcessEnv): boolean {
  if (isPostgresUrl(a.location) !== isPostgresUrl(b.location)) return false;
  if (!isPostgresUrl(a.location)) return realFile(a.location) === realFile(b.location);
  return a.schema === b.schema && databaseOf(a.location, env) === databaseOf(b.location, env);
}

/** The file's real path; for a file not made yet, its folder's real path and its name. */
function realFile(path: string): string {
  const absolute = resolve(path);
  try {
    return realpathSync(absolute);
  } catch {
    try {
      return join(realpathSync(dirname(absolute)), basename(absolute));
    } catch {
      return absolute;
    }
  }
}

/** `host:port/database` of a PostgreSQL URL (the parts a URL leaves out as the environment gives them). */
function databaseOf(location: string, env: NodeJS.ProcessEnv): string {
  try {
    const url = new URL(location);
    const host = (url.hostname || env.PGHOST || 'localhost').toLowerCase().replace(/^127\.0\.0\.1$|^\[::1\]$/, 'localhost');
    const port = url.port || env.PGPORT || '5432';
    const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || env.PGDATABASE || decodeURIComponent(url.username);
    return `${host}:${port}/${database}`;
  } catch {
    return location;
  }
}
