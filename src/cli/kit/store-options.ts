import { Option, type Command } from 'commander';
import { UsageError } from '../../shared/errors.js';
import { withValueSource } from './command-kit.js';
import { printable } from '../../shared/printable.js';
import { parseSchemaName } from '../../store/postgres-url.js';

/** The flags of the commands that use the price history (track, history): where it is, and how long to wait for it. */
export function addStoreOptions(command: Command): Command {
  return command
    .addOption(
      withValueSource(
        new Option(
          '--db <path|url>',
          "price history: a DuckDB file or a postgres:// URL (default: TIX_DB, else the db setting, else history.duckdb in tix's data folder)",
        ),
        'files',
      ),
    )
    .option(
      '--lock-timeout <seconds>',
      'seconds to wait for a DuckDB file another process holds, 0-3600 (default: 30); then track and watch keep what they fetched in <file>.pending/',
    )
    .option('--schema <name>', 'PostgreSQL schema holding the tables, created if missing (default: public)');
}

export interface RawStoreFlags {
  lockTimeout?: string;
  schema?: string;
}

/** The store flags of track, history and watch, checked. */
export function parseStoreFlags(flags: RawStoreFlags): { lockTimeoutSeconds: number; schema?: string } {
  const parsed: { lockTimeoutSeconds: number; schema?: string } = { lockTimeoutSeconds: parseLockTimeout(flags.lockTimeout) };
  if (flags.schema !== undefined) parsed.schema = parseSchemaName('--schema', flags.schema);
  return parsed;
}

export const LOCK_TIMEOUT_DEFAULT = 30;

export function parseLockTimeout(raw: string | undefined): number {
  if (raw === undefined) return LOCK_TIMEOUT_DEFAULT;
  const text = raw.trim();
  const seconds = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || seconds > 3600) {
    throw new UsageError(`--lock-timeout must be a number of seconds from 0 to 3600, not '${printable(raw)}'`);
  }
  return seconds;
}
