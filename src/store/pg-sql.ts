import type pg from 'pg';
import { ExitCode, TixError } from '../shared/errors.js';
import { isUnreachable } from './pg-errors.js';
import type { SqlResult } from './store.js';
import { canonicalInstant, outputInstant } from './timestamps.js';

/**
 * `tix history sql` on PostgreSQL: one statement in a READ ONLY transaction, rolled back, with tix's schema
 * first on the search path. The server refuses a write (read-only transaction), several statements (the
 * extended protocol takes one) and a syntax error alike; each is the user's to fix: exit 2 with the
 * server's message and position. A transaction's access mode cannot change after its first query, which
 * setting the search path is.
 */
export async function runPostgresQuery(client: pg.Client, quotedSchema: string, sql: string): Promise<SqlResult> {
  await client.query('BEGIN READ ONLY');
  try {
    await client.query(`SELECT set_config('search_path', $1, true)`, [quotedSchema]);
    let result: pg.QueryArrayResult<(string | null)[]>;
    try {
      // Every value as the server's text (no parser), converted below by its type.
      result = await client.query({
        text: sql,
        rowMode: 'array',
        queryMode: 'extended',
        types: { getTypeParser: () => (text: string) => text },
      } as pg.QueryArrayConfig);
    } catch (error) {
      throw queryError(error);
    }
    const columns = result.fields.map((f) => f.name);
    const converters = result.fields.map((f) => converterFor(f.dataTypeID));
    const rows = result.rows.map((values) => {
      const record: Record<string, unknown> = {};
      values.forEach((value, i) => {
        record[columns[i]!] = value === null ? null : converters[i]!(value);
      });
      return record;
    });
    return { columns, rows };
  } finally {
    await client.query('ROLLBACK').catch(() => {});
  }
}

/** The server's refusal of the query, with its position, as the user's error; a lost connection stays what it is. */
function queryError(error: unknown): unknown {
  const { code, message, position } = error as { code?: string; message?: string; position?: string };
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code) || isUnreachable(error)) return error;
  const at = position ? ` (at character ${position})` : '';
  return new TixError(`history sql: ${(message ?? code).replace(/\s+/g, ' ').trim()}${at}`, ExitCode.USAGE);
}

const OIDS = {
  bool: 16,
  int8: 20,
  int2: 21,
  int4: 23,
  oid: 26,
  float4: 700,
  float8: 701,
  numeric: 1700,
  timestamp: 1114,
  timestamptz: 1184,
};

function converterFor(oid: number): (text: string) => unknown {
  switch (oid) {
    case OIDS.bool:
      return (text) => text === 't';
    case OIDS.int8:
    case OIDS.int2:
    case OIDS.int4:
    case OIDS.oid:
      return (text) => (Number.isSafeInteger(Number(text)) ? Number(text) : text);
    case OIDS.float4:
    case OIDS.float8:
    case OIDS.numeric:
      return (text) => Number(text);
    case OIDS.timestamptz:
      return (text) => outputInstant(canonicalInstant(text) ?? text);
    case OIDS.timestamp:
      // Taken as UTC: tix stores no timestamp without a zone.
      return (text) => outputInstant(canonicalInstant(`${text}Z`) ?? text);
    default:
      return (text) => text;
  }
}
