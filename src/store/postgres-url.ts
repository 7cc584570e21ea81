import { UsageError } from '../errors.js';

/**
 * Where a PostgreSQL history store is: the URL given to --db (or the db setting), what of it may be
 * printed, and the secrets no message may show. Kept apart from postgres.ts so that telling a URL from a
 * DuckDB file path, and validating it, never loads the pg driver.
 */
export interface PostgresTarget {
  /** What pg connects with: the URL, plus libpq's sslmode semantics made explicit (see below). */
  connectionString: string;
  /** The URL with its password replaced by `***`: the store's `location`, and what every message shows. */
  display: string;
  /** Every spelling of the password (as typed, percent-decoded, PGPASSWORD, ~/.pgpass), for redacting driver messages. */
  secrets: string[];
  /** A password in the URL or PGPASSWORD; without one, tix looks in the password file (pg-pass.ts). */
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
  const secrets = passwordSpellings(raw, env);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`${name} must be a URL such as postgres://user:password@host:5432/dbname, not '${redact(raw, secrets)}'`);
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
  const display = new URL(raw);
  if (display.password) display.password = '***';
  return { connectionString: url.toString(), display: display.toString(), secrets, passwordGiven: url.password !== '' || Boolean(env.PGPASSWORD) };
}

/**
 * A history location fit to print: a PostgreSQL URL with its password as `***` (a DuckDB path as it is).
 * Unlike parsePostgresUrl it never throws, so a malformed URL is still shown without its password.
 */
export function displayStoreLocation(location: string): string {
  if (!isPostgresUrl(location)) return location;
  try {
    const url = new URL(location);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return location.replace(/(:\/\/[^:/@]*:)[^@]*@/, '$1***@');
  }
}

/** The text with every spelling of the password replaced by `***`. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join('***');
  return out;
}

/** The password as it may appear in a message: as typed in the URL, decoded, and from PGPASSWORD. */
function passwordSpellings(raw: string, env: NodeJS.ProcessEnv): string[] {
  const found = new Set<string>();
  // Taken from the text itself, not new URL(), so a URL too broken to parse still has its password hidden.
  const typed = /^[a-z]+:\/\/[^:/?#@]*:([^@/?#]*)@/i.exec(raw)?.[1];
  if (typed) {
    found.add(typed);
    try {
      found.add(decodeURIComponent(typed));
    } catch {
      // A stray % in the password: the typed form is already hidden.
    }
  }
  if (env.PGPASSWORD) found.add(env.PGPASSWORD);
  // Longest first, so a password that contains another is hidden whole.
  return [...found].sort((a, b) => b.length - a.length);
}

/**
 * A schema name for --schema: an unquoted SQL identifier, so analysts can type it in psql as it is.
 * PostgreSQL reserves names starting with pg_.
 */
export function parseSchemaName(name: string, raw: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(raw) || raw.startsWith('pg_')) {
    throw new UsageError(`${name} must be a schema name of lower-case letters, digits and '_' (not starting with a digit or pg_), at most 63 characters, not '${raw}'`);
  }
  return raw;
}
