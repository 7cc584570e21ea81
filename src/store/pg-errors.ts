import { ExitCode, TixError } from '../shared/errors.js';
import { maskSecrets } from '../shared/secrets.js';
import type { PostgresTarget } from './postgres-url.js';

/**
 * What can go wrong talking to PostgreSQL, as tix reports it: one line naming the server (password
 * hidden), exit 5 when the server cannot be reached (worth trying again later), exit 1 for anything the
 * user must fix (password, database, permissions).
 */

/** Network errors, and server states that pass (starting up, shutting down, too many connections). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
  'EPIPE',
]);
const PASSING_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Worth running the same transaction again: another writer got in the way. */
const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']);

/** pg's words for a connection that dropped (the server restarted, or an administrator ended it). */
const LOST = /Connection terminated|not queryable/i;
const LOST_REASON = 'the server is unavailable: the connection was lost (the server restarted, or the connection was ended)';

interface DriverError {
  code?: string;
  message?: string;
}

function driverError(error: unknown): DriverError {
  return typeof error === 'object' && error !== null ? (error as DriverError) : { message: String(error) };
}

/** The server cannot be reached now: trying again later may work. */
export function isUnreachable(error: unknown): boolean {
  const { code, message } = driverError(error);
  if (code && (UNREACHABLE_CODES.has(code) || PASSING_SQLSTATES.has(code) || code.startsWith('08'))) return true;
  // pg's own wording when the connection drops or the connect timeout passes, which carry no code.
  return LOST.test(message ?? '') || /timeout expired|connection timeout/i.test(message ?? '');
}

export function isRetryableConflict(error: unknown): boolean {
  const code = driverError(error).code;
  return code !== undefined && RETRYABLE_SQLSTATES.has(code);
}

/**
 * One line for the user, exit 5 if unreachable and 1 otherwise; the password never shows. `action` is what
 * failed ('cannot open', 'cannot record in', 'cannot read'), worded as the DuckDB store words its errors.
 */
export function describePgError(error: unknown, target: PostgresTarget, action: string): TixError {
  if (error instanceof TixError) return error;
  const { code, message } = driverError(error);
  const reason = maskSecrets(oneLine(reasonFor(code, message)));
  const exitCode = isUnreachable(error) ? ExitCode.UNAVAILABLE : ExitCode.ERROR;
  return new TixError(`${action} the price history at ${target.display}: ${reason}`, exitCode);
}

function reasonFor(code: string | undefined, message: string | undefined): string {
  switch (code) {
    case 'ECONNREFUSED':
      return 'the server is unavailable: connection refused (is it running, on this host and port?)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the server is unavailable: host name not found';
    case 'ETIMEDOUT':
      return 'the server is unavailable: connection timed out';
    case '28P01':
      return `${message ?? 'password authentication failed'} (check the password in the URL, PGPASSWORD or ~/.pgpass)`;
    case '3D000':
      return `${message ?? 'database does not exist'} (create it, or name another in the URL)`;
    case '42P07':
      return `${message ?? 'a table of that name already exists'} (another application's table? keep tix's tables apart with --schema)`;
    // admin_shutdown: the server said, before it closed the connection, that it is shutting down or that
    // the session was ended (pg_terminate_backend); which of this and pg's own words arrives first is a race.
    case '57P01':
      return LOST_REASON;
    case '42501':
      return `${message ?? 'permission denied'} (the user needs the rights to create and write tables in this schema)`;
    default:
      if (LOST.test(message ?? '')) return LOST_REASON;
      // pg's words when the server asks for a password and there is none.
      if (/client password must be a string/.test(message ?? ''))
        return 'the server asks for a password and none was given (put it in the URL, PGPASSWORD or ~/.pgpass)';
      return message || code || 'unknown error';
  }
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}
