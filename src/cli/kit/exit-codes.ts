import type { Command } from 'commander';
import { ExitCode } from '../../shared/errors.js';

/**
 * The exit codes a command can end with, declared next to its definition (`exitCodes(command, ...)`), which its
 * man page and docs/commands page list under "Exit status" (scripts/reference-pages.mjs). Every command that runs
 * can end with 0, 2 (a usage error), 130 and 143 (Ctrl-C, SIGTERM), and 1 (an unexpected error, or a config file
 * tix cannot use): those need no declaration; a command declares 1 only to say more of when. The codes and
 * their meanings are docs/exit-codes.md's (test/help/exit-codes.test.ts checks every declaration against it, and
 * test/help/flags-accepted.test.ts that no run of a command ends with a code it does not declare).
 */
export type DeclaredCode = typeof ExitCode.ERROR | typeof ExitCode.AUTH | typeof ExitCode.NOT_FOUND | typeof ExitCode.UNAVAILABLE;
export type ExitStatuses = Partial<Record<DeclaredCode, string>>;

const declared = new WeakMap<Command, ExitStatuses>();

export function exitCodes(command: Command, statuses: ExitStatuses): Command {
  declared.set(command, statuses);
  return command;
}

/** What the command declared, or undefined (a group such as `tix events`, which only shows its help). */
export function exitCodesOf(command: Command): ExitStatuses | undefined {
  return declared.get(command);
}

/** The codes every command that runs can end with, and what they mean there. */
export const ALWAYS: readonly (readonly [code: number, when: string])[] = [
  [ExitCode.OK, 'success'],
  [ExitCode.ERROR, 'an unexpected error, or a config file tix cannot use or cannot write in its folder'],
  [ExitCode.USAGE, 'usage error: a bad flag, argument or value, also a bad value stored in the config file'],
  [ExitCode.INTERRUPTED, 'interrupted (Ctrl-C), once the stop work is done'],
  [ExitCode.TERMINATED, 'terminated (SIGTERM), once the stop work is done'],
];

/** What a group command (its subcommands do the work) can end with: its help, or an unknown subcommand. */
export const GROUP: readonly (readonly [code: number, when: string])[] = [
  [ExitCode.OK, 'success: its help, which lists its commands'],
  [ExitCode.USAGE, 'usage error: an unknown command or flag'],
];

/** Every exit status of the command, in order of code: what it declared and what every command can return. */
export function exitStatusesOf(command: Command): (readonly [code: number, when: string])[] {
  const own = exitCodesOf(command);
  if (!own && command.commands.length > 0) return [...GROUP];
  const statuses = new Map<number, string>(ALWAYS.map(([code, when]) => [code, when]));
  for (const [code, when] of Object.entries(own ?? {})) statuses.set(Number(code), when);
  return [...statuses].sort(([a], [b]) => a - b);
}

// What the codes mean in the commands that share them.

/** Exit 1 for a command that asks the API. */
export const API_FAILED = 'the API failed or answered something unusable, the base URL is not the API, or an unexpected error';
/** Exit 3 for a command that asks the API. */
export const NO_KEY = 'authentication: no API key, or the key not accepted (401) or not allowed (403)';
/** Exit 5 for a command that asks the API. */
export const API_UNAVAILABLE = 'unavailable after retries: 429, 502, 503 or 504, a timeout, a network or TLS failure';
/** The codes of a command that asks the API; `notFound` is when it exits 4, if it can. */
export function apiCodes(notFound?: string): ExitStatuses {
  return {
    [ExitCode.ERROR]: API_FAILED,
    [ExitCode.AUTH]: NO_KEY,
    ...(notFound !== undefined ? { [ExitCode.NOT_FOUND]: notFound } : {}),
    [ExitCode.UNAVAILABLE]: API_UNAVAILABLE,
  };
}

/** Exit 4 for a command that reads the price history and never creates one. */
export const NO_HISTORY = 'no price history where --db points (this command never creates one)';
/** Exit 5 for a command that uses the price history. */
export const STORE_BUSY =
  'a DuckDB history file held by another process past --lock-timeout, or a PostgreSQL server that cannot be reached';
/** The codes of a command that reads the price history and never creates one. */
export function historyCodes(error = 'the history store failed, or an unexpected error'): ExitStatuses {
  return { [ExitCode.ERROR]: error, [ExitCode.NOT_FOUND]: NO_HISTORY, [ExitCode.UNAVAILABLE]: STORE_BUSY };
}
