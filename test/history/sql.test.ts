import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FIXED_NOW } from '../helpers/sandbox.js';
import { tempDir } from '../helpers/tix-env.js';
import pg from 'pg';
import { describePostgres, usePostgres } from '../helpers/postgres.js';
import { describeStores, postgresStore, type StoreLocation } from './stores.js';
import { MINUTE, onSale, tixAt, useClockedSandbox } from './support.js';

const clock = useClockedSandbox();
const tix = (args: readonly string[], options: Parameters<typeof tixAt>[2] = {}) => tixAt(clock.sandbox(), args, options);

/** The `tix history sql` examples of docs/history.md (section "SQL"), as argv after `tix`. */
function guideExamples(): string[][] {
  const guide = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'history.md'), 'utf8');
  const lines = guide.split('\n').filter((line) => line.startsWith('tix history sql "'));
  return lines.map((line) => {
    const match = /^tix history sql "(.*)"(.*)$/.exec(line)!;
    return ['history', 'sql', match[1]!, ...match[2]!.trim().split(/\s+/).filter(Boolean)];
  });
}

/** The tests' PostgreSQL role is a superuser, which tix warns of in one line (checked on its own below). */
const ROLE_WARNING = /^tix: warning: history sql runs as PostgreSQL role .*\n/m;
const withoutRoleWarning = (stderr: string) => stderr.replace(ROLE_WARNING, '');

/** One line on stderr, tix's own, no stack trace. */
function expectOneLine(stderr: string, pattern: RegExp): void {
  stderr = withoutRoleWarning(stderr);
  expect(stderr.split('\n').filter(Boolean)).toHaveLength(1);
  expect(stderr).toMatch(pattern);
  expect(stderr).not.toMatch(/\n\s+at /);
}

describeStores('tix history sql', (store) => {
  let at: StoreLocation;
  let id: string;
  const select = () =>
    `SELECT api_timestamp, listings, tickets, min_price, median_price, max_price FROM snapshots WHERE agent = 'TMUSA' AND event_id = '${id}' ORDER BY api_timestamp`;

  beforeAll(async () => {
    at = store.fresh();
    const events = onSale(clock.sandbox(), 'TMUSA').slice(0, 2);
    id = events[0]!.agentId;
    for (const minutes of [0, 15, 30]) {
      clock.setClock(Date.parse(FIXED_NOW) + minutes * MINUTE);
      const track = await tix(['track', ...events.map((e) => `TMUSA:${e.agentId}`), ...at.args]);
      expect(track.code, track.stderr).toBe(0);
    }
  }, 60_000);

  it('gives the rows tix history gives for the same data, as {"rows":[...]}', async () => {
    const history = await tix(['history', 'TMUSA', id, ...at.args, '-o', 'json']);
    expect(history.code, history.stderr).toBe(0);
    const expected = JSON.parse(history.stdout).snapshots as Record<string, unknown>[];
    expect(expected).toHaveLength(3);
    const result = await tix(['history', 'sql', select(), ...at.args, '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    expect(withoutRoleWarning(result.stderr)).toBe('');
    expect(JSON.parse(result.stdout)).toEqual({ rows: expected });
  });

  it('keeps the columns in the query order, in every format', async () => {
    const query = `SELECT max_price, api_timestamp, CAST(tickets AS BIGINT) AS tickets, agent FROM snapshots WHERE event_id = '${id}' ORDER BY api_timestamp`;
    const json = await tix(['history', 'sql', query, ...at.args, '-o', 'json']);
    const rows = JSON.parse(json.stdout).rows as Record<string, unknown>[];
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(Object.keys(row)).toEqual(['max_price', 'api_timestamp', 'tickets', 'agent']);
      expect(row.api_timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
      expect(typeof row.tickets).toBe('number');
      expect(typeof row.max_price).toBe('number');
    }

    const ndjson = await tix(['history', 'sql', query, ...at.args, '-o', 'ndjson']);
    expect(ndjson.code).toBe(0);
    expect(
      ndjson.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual(rows);

    for (const [format, delimiter] of [
      ['csv', ','],
      ['tsv', '\t'],
    ] as const) {
      const result = await tix(['history', 'sql', query, ...at.args, '-o', format]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout.split(/\r?\n/)[0]).toBe(['max_price', 'api_timestamp', 'tickets', 'agent'].join(delimiter));
      expect(parseCsv(result.stdout, { columns: true, delimiter, cast: true })).toEqual(rows);
    }

    const table = await tix(['history', 'sql', query, ...at.args, '-o', 'table']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/max_price.*api_timestamp.*tickets.*agent/);
    for (const row of rows) expect(table.stdout).toContain(String(row.tickets));

    const out = join(tempDir('tix-sql-'), 'rows.parquet');
    const parquet = await tix(['history', 'sql', query, ...at.args, '-o', 'parquet', '--out', out]);
    expect(parquet.code, parquet.stderr).toBe(0);
    expect(parquet.stdout).toBe('');
    const instance = await DuckDBInstance.create(':memory:');
    try {
      const connection = await instance.connect();
      const reader = await connection.runAndReadAll(`SELECT * FROM read_parquet('${out}')`);
      expect(reader.columnNames()).toEqual(['max_price', 'api_timestamp', 'tickets', 'agent']);
      const read = reader.getRowObjectsJS();
      expect(read.map((r) => [Number(r.max_price), Number(r.tickets), r.agent])).toEqual(
        rows.map((r) => [r.max_price, r.tickets, r.agent]),
      );
      connection.closeSync();
    } finally {
      instance.closeSync();
    }
  });

  it("reads the query from stdin ('-') and from --file", async () => {
    const byArgument = await tix(['history', 'sql', select(), ...at.args, '-o', 'csv']);
    expect(byArgument.code).toBe(0);
    const stdin = await tix(['history', 'sql', '-', ...at.args, '-o', 'csv'], { input: `${select()}\n` });
    expect(stdin.code, stdin.stderr).toBe(0);
    expect(stdin.stdout).toBe(byArgument.stdout);
    const file = join(tempDir('tix-sql-'), 'q.sql');
    writeFileSync(file, `-- the snapshots of one event\n${select()};\n`);
    const fromFile = await tix(['history', 'sql', '--file', file, ...at.args, '-o', 'csv']);
    expect(fromFile.code, fromFile.stderr).toBe(0);
    expect(fromFile.stdout).toBe(byArgument.stdout);
    const missing = await tix(['history', 'sql', '--file', join(tempDir('tix-sql-'), 'none.sql'), ...at.args]);
    expect(missing.code).toBe(2);
    expectOneLine(missing.stderr, /--file .*none\.sql: cannot read it \(no such file\)/);
  });

  it('has the database refuse a write, or several statements, with exit 2 and its message, and leaves the store unchanged', async () => {
    const count = async () => (await at.sql('SELECT CAST(count(*) AS INTEGER) AS n FROM listings'))[0]!.n;
    const snapshots = await at.sql('SELECT CAST(count(*) AS INTEGER) AS n FROM snapshots');
    const listings = await count();
    expect(listings).toBeGreaterThan(0);
    for (const query of [
      "INSERT INTO snapshots (agent, event_id, api_timestamp, fetched_at, listings, tickets) VALUES ('TMUSA', 'x', now(), now(), 0, 0)",
      'UPDATE listings SET price = 0',
      'DELETE FROM listings',
      'CREATE TABLE mine (a INTEGER)',
      'DROP TABLE listings',
      'SELECT 1; DELETE FROM listings',
    ]) {
      const result = await tix(['history', 'sql', query, ...at.args]);
      expect(result.code, `${query}: ${result.stderr}`).toBe(2);
      expect(result.stdout).toBe('');
      expectOneLine(result.stderr, /^tix: history sql: .*(read-only|read only|multiple|several)/i);
    }
    expect(await count()).toBe(listings);
    expect(await at.sql('SELECT CAST(count(*) AS INTEGER) AS n FROM snapshots')).toEqual(snapshots);
    expect((await at.sql("SELECT count(*) AS n FROM information_schema.tables WHERE table_name = 'mine'"))[0]!.n).toEqual(
      store.name === 'DuckDB' ? 0n : '0',
    );
  });

  it('on DuckDB, runs a query only: nothing written beside the file, no setting changed, no CALL (issue 36 §3)', async () => {
    if (store.name !== 'DuckDB') return;
    const folder = dirname(at.db);
    const before = readdirSync(folder).sort();
    for (const query of [
      `COPY (SELECT 1) TO '${at.db}.wal'`,
      `COPY (SELECT 1) TO '${at.db}.wal.recovery'`,
      `COPY (SELECT 1) TO '${at.db}.wal.checkpoint'`,
      `EXPORT DATABASE '${at.db}.tmp'`,
      `EXPLAIN ANALYZE COPY (SELECT 1) TO '${at.db}.wal'`,
      'SET threads = 1',
      'RESET threads',
      'PRAGMA threads = 1',
      'CREATE TEMP TABLE mine AS SELECT 1 AS a',
      "CALL enable_logging(storage = 'file')",
      `CALL enable_logging(storage = 'file', storage_path = '${at.db}.log.csv')`,
      'CHECKPOINT',
      "ATTACH ':memory:' AS other",
    ]) {
      const result = await tix(['history', 'sql', query, ...at.args]);
      expect(result.code, `${query}: ${result.stderr}`).toBe(2);
      expect(result.stdout).toBe('');
      // Refused by tix before it runs, or by DuckDB as it binds it (a file it may not reach, a call without its path).
      expectOneLine(result.stderr, /^tix: history sql: (.*read-only|Permission Error: |Invalid Input Error: )/);
    }
    expect(readdirSync(folder).sort()).toEqual(before);
    // Queries in every form DuckDB's parser calls a query still run.
    for (const query of ['DESCRIBE snapshots', 'SHOW TABLES', 'SUMMARIZE SELECT 1 AS a', 'PRAGMA version', 'FROM snapshots LIMIT 1']) {
      const result = await tix(['history', 'sql', query, ...at.args, '-o', 'json']);
      expect(result.code, `${query}: ${result.stderr}`).toBe(0);
    }
  });

  it("reports a syntax error with exit 2, the engine's message and its position", async () => {
    const result = await tix(['history', 'sql', 'SELECT agent FROM snapshots WHERE', ...at.args]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expectOneLine(result.stderr, /^tix: history sql: .*syntax error at end of input/i);
    const misspelt = await tix(['history', 'sql', 'SELEC agent FROM snapshots', ...at.args]);
    expect(misspelt.code).toBe(2);
    expectOneLine(misspelt.stderr, /^tix: history sql: .*syntax error at or near "SELEC" \(at (line 1, column 1|character 1)\)\n$/);
  });

  it('exits 4 on a store with no history yet, and creates nothing', async () => {
    const empty = store.fresh();
    const result = await tix(['history', 'sql', 'SELECT 1 AS one', ...empty.args]);
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('');
    expectOneLine(result.stderr, /^tix: no price history/);
    expect(await empty.exists()).toBe(false);
  });

  it("runs the history guide's example queries", async () => {
    const examples = guideExamples();
    expect(examples).toHaveLength(4);
    for (const argv of examples) {
      const result = await tix([...argv, ...at.args, ...(argv.includes('-o') ? [] : ['-o', 'json'])]);
      expect(result.code, `${argv.join(' ')}: ${result.stderr}`).toBe(0);
      expect(result.stdout.trim()).not.toBe('');
    }
    const lowest = await tix([...examples[0]!, ...at.args, '-o', 'json']);
    const rows = JSON.parse(lowest.stdout).rows as { agent: string; event_id: string; lowest: number }[];
    expect(rows.map((r) => r.agent)).toEqual(['TMUSA', 'TMUSA']);
    expect(rows[0]!.lowest).toBeLessThanOrEqual(rows[1]!.lowest);
  });

  /** A Parquet file's column names and rows, read back with DuckDB. */
  async function readParquet(file: string): Promise<{ columns: string[]; rows: unknown[][] }> {
    const instance = await DuckDBInstance.create(':memory:');
    try {
      const connection = await instance.connect();
      const reader = await connection.runAndReadAll(`SELECT * FROM read_parquet('${file}')`);
      const result = { columns: reader.columnNames(), rows: reader.getRowsJS() as unknown[][] };
      connection.closeSync();
      return result;
    } finally {
      instance.closeSync();
    }
  }

  it('keeps every column of a repeated name, as DuckDB names them (event_id, event_id_1), and __proto__, in every format', async () => {
    const query = `SELECT a.event_id, s.event_id, s.event_id AS "EVENT_ID", 1 AS "__proto__", 2 AS b FROM snapshots s JOIN event_agents a ON a.agent = s.agent AND a.agent_event_id = s.event_id WHERE s.event_id = '${id}' ORDER BY s.api_timestamp LIMIT 1`;
    const columns = ['event_id', 'event_id_1', 'EVENT_ID_2', '__proto__', 'b'];
    const json = await tix(['history', 'sql', query, ...at.args, '-o', 'json']);
    expect(json.code, json.stderr).toBe(0);
    const [row] = JSON.parse(json.stdout).rows as Record<string, unknown>[];
    expect(Object.keys(row!)).toEqual(columns);
    expect(row!.event_id).toMatch(/^evt_/);
    expect([row!.event_id_1, row!.EVENT_ID_2, row!.__proto__, row!.b]).toEqual([id, id, 1, 2]);
    const ndjson = await tix(['history', 'sql', query, ...at.args, '-o', 'ndjson']);
    expect(ndjson.stdout).toBe(`${JSON.stringify(row)}\n`);
    for (const [format, delimiter] of [
      ['csv', ','],
      ['tsv', '\t'],
    ] as const) {
      const result = await tix(['history', 'sql', query, ...at.args, '-o', format]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout.split(/\r?\n/).slice(0, 2)).toEqual([columns.join(delimiter), [row!.event_id, id, id, 1, 2].join(delimiter)]);
    }
    const table = await tix(['history', 'sql', query, ...at.args, '-o', 'table'], { env: { COLUMNS: '200' } });
    expect(table.stdout).toMatch(/event_id +│ event_id_1 +│ EVENT_ID_2 +│ __proto__ +│ b/);
    const out = join(tempDir('tix-sql-'), 'same.parquet');
    const parquet = await tix(['history', 'sql', query, ...at.args, '--out', out]);
    expect(parquet.code, parquet.stderr).toBe(0);
    const read = await readParquet(out);
    expect(read.columns).toEqual(columns);
    expect(read.rows.map((r) => [r[1], r[2], Number(r[3]), Number(r[4])])).toEqual([[id, id, 1, 2]]);
  });

  it.runIf(store.name === 'DuckDB')('--out FILE.parquet of a statement DuckDB cannot copy: exit 2, one line, no file', async () => {
    const dir = tempDir('tix-sql-');
    const result = await tix(['history', 'sql', 'DESCRIBE snapshots', ...at.args, '--out', join(dir, 'd.parquet')]);
    expect(result.code).toBe(2);
    expectOneLine(
      result.stderr,
      /^tix: history sql: --out FILE\.parquet takes a query DuckDB can copy .*SELECT \* FROM \(DESCRIBE snapshots\)\n$/,
    );
    expect(readdirSync(dir)).toEqual([]);
    const wrapped = await tix(['history', 'sql', 'SELECT * FROM (DESCRIBE snapshots)', ...at.args, '--out', join(dir, 'd.parquet')]);
    expect(wrapped.code, wrapped.stderr).toBe(0);
    expect((await readParquet(join(dir, 'd.parquet'))).columns[0]).toBe('column_name');
  });

  it('refuses a bind parameter with exit 2 and one line', async () => {
    for (const query of ['SELECT $1 AS x', 'SELECT agent FROM snapshots WHERE agent = $1']) {
      const result = await tix(['history', 'sql', query, ...at.args]);
      expect(result.code, result.stderr).toBe(2);
      expect(result.stdout).toBe('');
      expectOneLine(
        result.stderr,
        /^tix: history sql: the query has a bind parameter \(\$1 or \?\), and tix passes no values: write the value into the query\n$/,
      );
    }
  });

  it('prints NaN and the infinities as NaN, Infinity, -Infinity, never as a NULL', async () => {
    const query =
      "SELECT CAST('NaN' AS DOUBLE PRECISION) AS nan, CAST('Infinity' AS DOUBLE PRECISION) AS inf, CAST('-Infinity' AS DOUBLE PRECISION) AS ninf, CAST(NULL AS DOUBLE PRECISION) AS nothing, CAST(1.5 AS DOUBLE PRECISION) AS x";
    const json = await tix(['history', 'sql', query, ...at.args, '-o', 'json']);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ rows: [{ nan: 'NaN', inf: 'Infinity', ninf: '-Infinity', nothing: null, x: 1.5 }] });
    const csv = await tix(['history', 'sql', query, ...at.args, '-o', 'csv']);
    expect(csv.stdout).toBe('nan,inf,ninf,nothing,x\r\nNaN,Infinity,-Infinity,,1.5\r\n');
  });

  it('prints lists and arrays as JSON arrays, structs (DuckDB) and json values as objects', async () => {
    const query =
      store.name === 'DuckDB'
        ? "SELECT [1, 2] AS l, {'x': 1, 'y': [2, 3]} AS s, ['a', NULL] AS t, CAST('{\"k\": [true]}' AS JSON) AS j"
        : "SELECT ARRAY[1, 2] AS l, jsonb_build_object('x', 1, 'y', jsonb_build_array(2, 3)) AS s, ARRAY['a', NULL] AS t, CAST('{\"k\": [true]}' AS jsonb) AS j";
    const json = await tix(['history', 'sql', query, ...at.args, '-o', 'json']);
    expect(json.code, json.stderr).toBe(0);
    expect(json.stdout).toBe('{"rows":[{"l":[1,2],"s":{"x":1,"y":[2,3]},"t":["a",null],"j":{"k":[true]}}]}\n');
    // One cell each in csv: the JSON text, not dotted columns.
    const csv = await tix(['history', 'sql', query, ...at.args, '-o', 'csv']);
    expect(csv.stdout).toBe('l,s,t,j\r\n"[1,2]","{""x"":1,""y"":[2,3]}","[""a"",null]","{""k"":[true]}"\r\n');
  });

  it("runs in tix's time zone (--tz): the guide's lowest-per-day query and history --by day agree", async () => {
    const here = store.fresh();
    const event = onSale(clock.sandbox(), 'TMUSA')[2]!.agentId;
    // 06:45Z and 07:15Z: either side of midnight in Los Angeles (UTC-7), the same day in UTC.
    for (const minutes of [225, 255]) {
      clock.setClock(Date.parse(FIXED_NOW) + minutes * MINUTE);
      expect((await tix(['track', `TMUSA:${event}`, ...here.args])).code).toBe(0);
    }
    const guide = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'history.md'), 'utf8');
    const perDay = /-- The lowest price and the most tickets on offer per day[^\n]*\n([^;]+);/
      .exec(guide)![1]!
      .replace('G5v8HKyBKZbyJN', event);
    for (const [zone, days] of [
      ['America/Los_Angeles', 2],
      ['UTC', 1],
    ] as const) {
      const sqlRun = await tix(['history', 'sql', perDay, ...here.args, '--tz', zone, '-o', 'json']);
      expect(sqlRun.code, sqlRun.stderr).toBe(0);
      const fromSql = (JSON.parse(sqlRun.stdout).rows as { agent: string; day: string; lowest: number }[]).map((r) => [r.day, r.lowest]);
      const byDay = await tix(['history', 'TMUSA', event, ...here.args, '--by', 'day', '--tz', zone, '-o', 'json']);
      expect(byDay.code, byDay.stderr).toBe(0);
      const rows = Object.values(JSON.parse(byDay.stdout) as Record<string, unknown>).find(Array.isArray) as Record<string, unknown>[];
      expect(fromSql).toHaveLength(days);
      expect(fromSql).toEqual(rows.map((r) => [r.day, r.TMUSA]));
    }
  });

  it('names every table of the store in its help, and neither shows nor completes the flags it refuses', async () => {
    const tables = (
      await at.sql(
        store.name === 'DuckDB'
          ? "SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'main'"
          : `SELECT table_name AS t FROM information_schema.tables WHERE table_schema = '${at.args[at.args.indexOf('--schema') + 1]}'`,
      )
    ).map((r) => String(r.t));
    expect(tables.length).toBeGreaterThanOrEqual(9);
    const help = await tix(['history', 'sql', '--help']);
    const description = help.stdout.split('Arguments:')[0]!.replace(/\s+/g, ' ');
    for (const table of tables) expect(description).toContain(table);
    for (const flag of ['--since', '--until', '--listings', '--chart', '--by']) {
      expect(help.stdout).not.toMatch(new RegExp(`^ +${flag}\\b`, 'm'));
      const refused = await tix([
        'history',
        'sql',
        'SELECT 1 AS one',
        ...at.args,
        flag,
        ...(flag === '--listings' || flag === '--chart' ? [] : ['x']),
      ]);
      expect(refused.code).toBe(2);
      expectOneLine(refused.stderr, new RegExp(`^tix: ${flag} does not apply to history sql`));
    }
    expect(help.stdout).toContain('--tz <zone>');
  });
});

describePostgres('tix history sql on PostgreSQL: the role the query runs as', () => {
  const cluster = usePostgres();
  const store = postgresStore(cluster);
  let at: StoreLocation;
  let schema: string;
  /** A session of the superuser's, which a query might try to end. */
  let bystander: pg.Client;
  const role = (name: string) => cluster().url({ user: name, password: `${name}-pw` });

  beforeAll(async () => {
    at = store.fresh();
    schema = at.args[at.args.indexOf('--schema') + 1]!;
    clock.setClock(FIXED_NOW);
    const track = await tix(['track', `TMUSA:${onSale(clock.sandbox(), 'TMUSA')[0]!.agentId}`, ...at.args]);
    expect(track.code, track.stderr).toBe(0);
    await cluster().sql(`CREATE ROLE tix_reader LOGIN PASSWORD 'tix_reader-pw'`);
    await cluster().sql(`GRANT USAGE ON SCHEMA ${schema} TO tix_reader`);
    await cluster().sql(`GRANT SELECT ON ALL TABLES IN SCHEMA ${schema} TO tix_reader`);
    await cluster().sql(`CREATE ROLE tix_writer LOGIN PASSWORD 'tix_writer-pw'`);
    await cluster().sql(`GRANT USAGE ON SCHEMA ${schema} TO tix_writer`);
    await cluster().sql(`GRANT SELECT, INSERT ON ALL TABLES IN SCHEMA ${schema} TO tix_writer`);
    bystander = new pg.Client({ connectionString: cluster().url() });
    await bystander.connect();
  }, 60_000);
  afterAll(async () => {
    await bystander?.end();
  });

  const dangerous = () => [
    `COPY (SELECT 1) TO '${join(tempDir('tix-copy-'), 'x.csv')}'`,
    "SELECT pg_read_file('PG_VERSION') AS version",
    `SELECT pg_terminate_backend(${(bystander as unknown as { processID: number }).processID}) AS ended`,
  ];

  it('warns in one line when the role is a superuser, which a READ ONLY transaction does not stop reading server files', async () => {
    const result = await tix(['history', 'sql', dangerous()[1]!, ...at.args, '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).rows[0].version).toMatch(/^\d+/);
    expect(result.stderr).toBe(
      'tix: warning: history sql runs as PostgreSQL role tix_admin, a superuser: the READ ONLY transaction does not stop it reading or writing the server\'s files (COPY ... TO, pg_read_file) or ending other sessions (pg_terminate_backend); set sql-db to a role that can only read (docs/postgresql.md, "SQL on PostgreSQL")\n',
    );
  });

  it('warns in one line when the role can change the tables', async () => {
    const result = await tix(['history', 'sql', 'SELECT count(*) AS n FROM snapshots', ...at.args, '--sql-db', role('tix_writer')]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(
      /^tix: warning: history sql runs as PostgreSQL role tix_writer, which can change the history's tables: .*\n$/,
    );
  });

  it('runs as the sql-db role (--sql-db, TIX_SQL_DB), without a warning; the server refuses that role COPY TO a file, pg_read_file and pg_terminate_backend', async () => {
    for (const [flags, env] of [
      [['--sql-db', role('tix_reader')], {}],
      [[], { TIX_SQL_DB: role('tix_reader') }],
    ] as const) {
      const result = await tix(
        ['history', 'sql', 'SELECT current_user AS who, count(*) AS n FROM snapshots', ...at.args, ...flags, '-o', 'json'],
        { env },
      );
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toBe('');
      expect(JSON.parse(result.stdout)).toEqual({ rows: [{ who: 'tix_reader', n: 1 }] });
    }
    for (const query of dangerous()) {
      const result = await tix(['history', 'sql', query, ...at.args, '--sql-db', role('tix_reader')]);
      expect(result.code, `${query}: ${result.stderr}`).toBe(2);
      expectOneLine(result.stderr, /^tix: history sql: (must be a superuser|must be superuser|permission denied)/);
    }
    expect((await bystander.query('SELECT 1 AS alive')).rows).toEqual([{ alive: 1 }]);
  });

  // Before, a sql-db setting replaced the history: a --db naming a database that does not exist, or not a URL
  // at all, still returned sql-db's rows (issue 36 §2). sql-db names the role; the history named is queried.
  it('sql-db names the role, never another store: a --db elsewhere, or malformed, is one clear error, exit 2', async () => {
    const reader = { TIX_SQL_DB: role('tix_reader') };
    const elsewhere = cluster().url({ database: 'no_such_db' });
    const moved = await tix(['history', 'sql', 'SELECT 1 AS one', '--db', elsewhere, '--schema', schema], { env: reader });
    expect(moved.code).toBe(2);
    expect(moved.stdout).toBe('');
    expectOneLine(
      moved.stderr,
      /^tix: TIX_SQL_DB reaches 127\.0\.0\.1:\d+\/tix, but the history \(--db\) is 127\.0\.0\.1:\d+\/no_such_db: sql-db names the role history sql runs as in the history's own database, so it must name the same server and database\n$/,
    );
    const malformed = await tix(['history', 'sql', 'SELECT 1 AS one', '--db', 'postgres://tix:pw@[::1', '--schema', schema], {
      env: reader,
    });
    expect(malformed.code).toBe(2);
    expect(malformed.stdout).toBe('');
    expectOneLine(
      malformed.stderr,
      /^tix: --db must be a URL such as postgres:\/\/user:password@host:5432\/dbname, not 'postgres:\/\/tix:\*\*\*@\[::1'\n$/,
    );
    // The same database under another spelling of the same server is the history: the role runs there.
    const same = await tix(['history', 'sql', 'SELECT current_user AS who', ...at.args, '-o', 'json'], { env: reader });
    expect(same.code, same.stderr).toBe(0);
    expect(JSON.parse(same.stdout)).toEqual({ rows: [{ who: 'tix_reader' }] });
  });
});
