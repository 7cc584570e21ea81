import { ExitCode, TixError } from '../shared/errors.js';

/**
 * What both stores do alike for `tix history sql`: column names made unique, numbers JSON cannot hold,
 * records that keep every column, and the refusal of a bind parameter.
 */

/**
 * Names made unique as DuckDB makes them in a subquery or a `COPY ... TO` (QueryResult::DeduplicateColumns):
 * a repeated name gets `_1`, `_2`, ... (then `_1_1` if `_1` was taken), compared without case, so every
 * format, Parquet written by DuckDB included, has the same columns and none is dropped.
 */
export function uniqueColumnNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const lower = name.toLowerCase();
    const count = seen.get(lower);
    if (count === undefined) {
      seen.set(lower, 1);
      return name;
    }
    let n = count;
    let candidate = `${name}_${n}`;
    while (seen.has(candidate.toLowerCase())) candidate = `${name}_${++n}`;
    seen.set(lower, n + 1);
    seen.set(candidate.toLowerCase(), 1);
    return candidate;
  });
}

/**
 * A float as tix prints it: NaN and ±Infinity as the text `NaN`, `Infinity`, `-Infinity` (PostgreSQL's
 * spelling), since JSON has no such numbers and csv would otherwise leave them empty, like a NULL.
 */
export function sqlNumber(value: number): number | string {
  if (Number.isFinite(value)) return value;
  return Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity';
}

/**
 * A record of the columns' values, every name an own property: `__proto__` as a column name is a key like
 * any other (an assignment to it would set the prototype and lose the column). Names like `constructor`
 * are plain assignments already; the rest stays a plain assignment too, which keeps records fast.
 */
export function sqlRecord(columns: readonly string[], values: readonly unknown[]): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (let i = 0; i < columns.length; i++) {
    const name = columns[i]!;
    if (name === '__proto__')
      Object.defineProperty(record, name, { value: values[i], enumerable: true, writable: true, configurable: true });
    else record[name] = values[i];
  }
  return record;
}

/** A query with `$1` or `?`: tix passes no values, so it is the user's to fix, on both stores alike. */
export function parameterRefused(): TixError {
  return new TixError(
    'history sql: the query has a bind parameter ($1 or ?), and tix passes no values: write the value into the query',
    ExitCode.USAGE,
  );
}
