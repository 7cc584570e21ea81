import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { ExitCode, TixError } from '../shared/errors.js';
import { describePgError, isUnreachable } from './pg-errors.js';
import { postgresInstant } from './timestamps.js';
import { passwordFromPassFile, type PassLookup } from './pg-pass.js';
import type { PostgresTarget } from './postgres-url.js';
import { treatAsSecret } from '../shared/secrets.js';

export interface ConnectOptions {
  /** Retries after a failed connection attempt (server down, starting up, too many connections). */
  retries: number;
  /** Wait before the first retry; doubled for each next one. */
  retryDelayMs: number;
  connectTimeoutMs: number;
  trace?: ((line: string) => void) | undefined;
}

/**
 * Timestamps cross the store interface as ISO 8601 strings in UTC, to the microsecond (timestamps.ts),
 * and dates as YYYY-MM-DD, so pg hands them over that way (by default it makes Dates: milliseconds only,
 * and a date at local midnight, a day off west of UTC).
 */
const TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === pg.types.builtins.DATE) return (text: string) => text;
    if (oid === pg.types.builtins.TIMESTAMPTZ) return (text: string) => postgresInstant(text) ?? text;
    return pg.types.getTypeParser(oid, format ?? 'text');
  }) as typeof pg.types.getTypeParser,
};

/**
 * The password file's password for this connection, masked in messages like any other (the file's contents
 * are never printed). pg calls this with the connection's parameters, and takes undefined as "no password".
 */
function passFileLookup(params: PassLookup): string | undefined {
  const password = passwordFromPassFile({ host: params.host, port: params.port, database: params.database, user: params.user });
  if (password) treatAsSecret(password);
  return password;
}

/** A connected client, after a few retries with backoff if the server cannot be reached; errors are one line. */
export async function connect(target: PostgresTarget, options: ConnectOptions): Promise<pg.Client> {
  for (let attempt = 0; ; attempt++) {
    let client: pg.Client | undefined;
    try {
      // Inside the try: pg reads sslrootcert and friends here, and a missing file is the user's to fix.
      client = new pg.Client({
        connectionString: target.connectionString,
        connectionTimeoutMillis: options.connectTimeoutMs,
        application_name: 'tix',
        // Timestamps are written in UTC, whatever the server's default (timestamps.ts reads them).
        options: '-c TimeZone=UTC',
        types: TYPES,
      });
      // Set on the client, not in its config: there the URL's empty password would override it.
      if (!target.passwordGiven) (client as unknown as { password: unknown }).password = passFileLookup;
      // A connection that drops while idle is reported by the next query; without a listener pg would throw.
      client.on('error', () => {});
      options.trace?.(`postgres: connecting to ${target.display}${attempt ? ` (retry ${attempt} of ${options.retries})` : ''}`);
      await client.connect();
      return client;
    } catch (error) {
      await client?.end().catch(() => {});
      const described = describePgError(error, target, 'cannot open');
      if (!isUnreachable(error)) throw described;
      if (attempt >= options.retries) {
        const after = options.retries ? ` (after ${options.retries} ${options.retries === 1 ? 'retry' : 'retries'})` : '';
        throw new TixError(`${described.message}${after}`, ExitCode.UNAVAILABLE);
      }
      const delay = options.retryDelayMs * 2 ** attempt;
      options.trace?.(`postgres: ${described.message}; retrying in ${delay} ms`);
      await sleep(delay);
    }
  }
}

/** How long a cancel request may take to reach the server: the run is exiting meanwhile. */
const CANCEL_CONNECT_MS = 2000;

/**
 * Asks the server to stop the statement `client` is running (pg_cancel_backend, over a connection of its
 * own, since the client is busy), so an interrupted `tix history sql` leaves nothing running on the server.
 * Best effort: a server that cannot be reached now has lost the client's connection too.
 */
export async function cancelRunning(target: PostgresTarget, client: pg.Client): Promise<void> {
  const pid = (client as unknown as { processID: number | null }).processID;
  if (!pid) return;
  let other: pg.Client | undefined;
  try {
    other = await connect(target, { retries: 0, retryDelayMs: 0, connectTimeoutMs: CANCEL_CONNECT_MS });
    await other.query('SELECT pg_cancel_backend($1)', [pid]);
  } catch {
    // Nothing more to do: the exit closes the busy connection, and the server ends its statement when it next writes to it.
  } finally {
    await other?.end().catch(() => {});
  }
}
