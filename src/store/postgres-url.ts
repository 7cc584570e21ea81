import { UsageError } from '../shared/errors.js';
import { treatAsSecret } from '../shared/secrets.js';

/**
 * Where a PostgreSQL history store is: the URL given to --db (or the db setting), what of it may be
 * printed, and the secrets no message may show. Kept apart from postgres.ts so that telling a URL from a
 * DuckDB file path, and validating it, never loads the pg driver.
 */
export interface PostgresTarget {
  /** What pg connects with: the URL, plus libpq's sslmode semantics made explicit (see below). */
  connectionString: string;
  /** The URL with its passwords as `***` (displayStoreLocation): the store's `location`, and what every message shows. */
  display: string;
  /** A password in the URL (user part or query) or PGPASSWORD; without one, tix looks in the password file (pg-pass.ts). */
  passwordGiven: boolean;
}

const SCHEME = /^postgres(ql)?:\/\//i;
const SSL_MODES = ['disable', 'prefer', 'require', 'verify-ca', 'verify-full', 'no-verify'];

export function isPostgresUrl(location: string): boolean {
  return SCHEME.test(location);
}

/**
 * Parses `postgres://user:password@host:port/dbname?sslmode=...` (or `postgresql://`). Parts left out come
 * from the usual PG* environment variables (PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE, PGSSLMODE),
 * as with psql. `name` is the flag or setting it came from, for the error.
 */
export function parsePostgresUrl(name: string, raw: string, env: NodeJS.ProcessEnv = process.env): PostgresTarget {
  // Every spelling of every password is masked in what the driver says (pg-errors.ts).
  for (const secret of passwordSpellings(raw, env)) treatAsSecret(secret);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`${name} must be a URL such as postgres://user:password@host:5432/dbname, not '${displayStoreLocation(raw)}'`);
  }
  if (!isPostgresUrl(raw)) throw new UsageError(`${name} must start with postgres:// or postgresql://`);
  const sslmode = url.searchParams.get('sslmode') ?? env.PGSSLMODE;
  if (sslmode !== undefined && sslmode !== '' && !SSL_MODES.includes(sslmode)) {
    throw new UsageError(`${name}: sslmode must be one of ${SSL_MODES.join(', ')}, not '${sslmode}'`);
  }
  // pg treats sslmode=require as verify-full unless told to follow libpq, and says so in a Node warning on
  // every run. tix follows libpq (require: encrypted, certificate not checked), as psql users expect.
  if (sslmode) {
    url.searchParams.set('sslmode', sslmode);
    if (!url.searchParams.has('uselibpqcompat')) url.searchParams.set('uselibpqcompat', 'true');
  }
  const queryPassword = [...url.searchParams].some(([name, value]) => SECRET_PARAMETER.test(name) && value !== '');
  return {
    connectionString: url.toString(),
    display: displayStoreLocation(raw),
    passwordGiven: url.password !== '' || queryPassword || Boolean(env.PGPASSWORD),
  };
}

/**
 * The server and database a URL connects to, as `host:port/dbname`, the parts it leaves out resolved as pg
 * and libpq resolve them (PGHOST, PGPORT, PGDATABASE; the user's name for the database). Two URLs with the
 * same answer reach the same tables, whichever role each names. The URL is one parsePostgresUrl accepted.
 */
export function postgresDatabaseOf(raw: string, env: NodeJS.ProcessEnv = process.env): string {
  const url = new URL(raw);
  const host = url.searchParams.get('host') || safeDecode(url.hostname) || env.PGHOST || 'localhost';
  const port = url.searchParams.get('port') || url.port || env.PGPORT || '5432';
  const user = safeDecode(url.username) || env.PGUSER || env.USER || '';
  const database = safeDecode(url.pathname.slice(1)) || env.PGDATABASE || user;
  return `${host}:${port}/${database}`;
}

/** Query parameters whose values are secrets: `password`, `sslpassword`, and any other password, secret or token. */
const SECRET_PARAMETER = /password|secret|token/i;

/**
 * A history location fit to print: a PostgreSQL URL with the password of its user part and the values of
 * its secret query parameters as `***`, everything else as typed (a DuckDB path as it is). Worked on the
 * text, so it never throws and a URL too broken to parse is still shown without its passwords.
 */
export function displayStoreLocation(location: string): string {
  if (!isPostgresUrl(location)) return location;
  return location
    .replace(USER_PASSWORD, '$1***@')
    .replace(QUERY_PARAMETER, (whole, start: string, name: string) => (isSecretParameter(name) ? `${start}${name}=***` : whole));
}

/** `scheme://user:`, then the password up to the last `@` before the host. */
const USER_PASSWORD = /^([a-z]+:\/\/[^:/?#@]*:)([^/?#]*)@/i;
/** `?name=value` or `&name=value` in the query (up to a fragment). */
const QUERY_PARAMETER = /([?&])([^=&#]*)=([^&#]*)/g;

function isSecretParameter(name: string): boolean {
  return SECRET_PARAMETER.test(safeDecode(name));
}

/** The passwords as they may appear in a message: as typed in the URL (user part and query), decoded, and PGPASSWORD. */
function passwordSpellings(raw: string, env: NodeJS.ProcessEnv): string[] {
  // Taken from the text itself, not new URL(), so a URL too broken to parse still has its passwords hidden.
  const typed = [USER_PASSWORD.exec(raw)?.[2] ?? ''];
  for (const [, , name, value] of raw.matchAll(QUERY_PARAMETER)) if (isSecretParameter(name!)) typed.push(value!);
  const found = new Set<string>();
  for (const text of typed.filter((t) => t !== '')) {
    found.add(text);
    found.add(safeDecode(text));
    found.add(safeDecode(text.replaceAll('+', ' ')));
  }
  if (env.PGPASSWORD) found.add(env.PGPASSWORD);
  return [...found];
}

/** Percent-decoded, or as it is where a stray % makes that impossible. */
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A schema name for --schema: an unquoted SQL identifier, so analysts can type it in psql as it is.
 * PostgreSQL reserves names starting with pg_.
 */
export function parseSchemaName(name: string, raw: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(raw) || raw.startsWith('pg_')) {
    throw new UsageError(
      `${name} must be a schema name of lower-case letters, digits and '_' (not starting with a digit or pg_), at most 63 characters, not '${raw}'`,
    );
  }
  return raw;
}
