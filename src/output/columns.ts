import { ShapeWatch } from './shape-watch.js';

export interface ColumnChoice {
  /** The command's documented fields (dotted for nested ones), always first and always present. */
  documented: readonly string[];
  /** The records seen so far: for a stream, the first non-empty batch. */
  records: readonly object[];
  /** `--fields`: exactly these columns, in this order. */
  fields?: readonly string[];
  /** Columns that go after every other one, in this order, when documented or seen (a listing's `timestamp`). */
  last?: readonly string[];
  /** Receives the suffixed names given where two paths of one record flatten to one name (`a.b_1`). */
  collided?: Set<string>;
}

/**
 * The columns of csv, tsv and table output. `--fields` wins outright. Otherwise the documented fields come
 * first, even when no record has them, so a cron job's csv has the same header every day; then every other
 * (flattened) key in first-seen order. Streams decide once, on their first batch, because the header is
 * out by the time later batches arrive. Columns named `last` follow all of them, wherever they were seen.
 */
export function resolveColumns({ documented, records, fields, last = [], collided }: ColumnChoice): string[] {
  if (fields && fields.length > 0) return [...new Set(fields)];
  // A record shaped like one before it adds nothing: ShapeWatch tells so without building its dotted names,
  // which for every record of a batch of 2,000 was most of what writing it as csv cost.
  const watch = new ShapeWatch(documented, collided);
  for (const record of records) {
    if (record !== null && typeof record === 'object') watch.notice(record);
  }
  const columns = watch.columns;
  const trailing = last.filter((column) => columns.delete(column));
  return [...columns, ...trailing];
}
