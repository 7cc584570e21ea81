import { ExitCode, TixError } from '../shared/errors.js';

/** DuckDB's own message for a file it cannot open, as one of tix's errors. */
export function openError(file: string, error: unknown): TixError {
  const message = messageOf(error);
  // Another database's file (SQLite's) is recognised as such, and refused for want of the extension.
  if (/not a valid DuckDB database file|sqlite_scanner/i.test(message)) {
    return new TixError(`${file} is not a DuckDB database (tix keeps price history in DuckDB files): give another --db`);
  }
  return new TixError(`cannot open the price history ${file}: ${message.replace(/^IO Error: /, '')}`);
}

export function noHistory(file: string): TixError {
  return new TixError(`no price history in ${file} yet: record some with 'tix track'`, ExitCode.NOT_FOUND);
}

/** An error's message on one line, to end one of tix's own. */
export function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
}
