import { readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The password file psql reads (PGPASSFILE, else ~/.pgpass), read by tix itself: pg would read it too,
 * but prints a deprecation warning each time it does. Same rules as libpq: lines
 * `host:port:database:user:password`, `*` matches anything, `\:` and `\\` escape, the first match wins, and
 * a file others can read is ignored.
 *
 * Not the `pgpass` package that comes with pg, deliberately: it writes a warning about a file others can read
 * (or one that is not a plain file) straight to process.stderr, past tix's own stderr, where tix has always
 * ignored such a file silently; it takes PGPASSFILE and $HOME from process.env only, where this takes the
 * environment it is given (the tests' own); and it answers through a callback over a read stream. Keeping
 * psql's rules in these few lines costs less than working around those.
 */
export interface PassLookup {
  host: string;
  port: number;
  database: string;
  user: string;
}

export function passwordFromPassFile(want: PassLookup, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const file = env.PGPASSFILE || join(homedir(), '.pgpass');
  let text: string;
  try {
    if (process.platform !== 'win32' && (statSync(file).mode & 0o077) !== 0) return undefined;
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  // libpq matches a unix-socket or empty host as "localhost".
  const host = !want.host || want.host.startsWith('/') ? 'localhost' : want.host;
  const wanted = [host, String(want.port), want.database, want.user];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const fields = splitFields(line);
    if (fields.length < 5) continue;
    if (wanted.every((value, i) => fields[i] === '*' || fields[i] === value)) return fields[4];
  }
  return undefined;
}

function splitFields(line: string): string[] {
  // Four separators; the password is the rest of the line.
  const fields: string[] = [];
  let current = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '\\' && i + 1 < line.length) current += line[++i];
    else if (c === ':' && fields.length < 4) {
      fields.push(current);
      current = '';
    } else current += c;
  }
  fields.push(current);
  return fields;
}
