import pg from 'pg';
import { expect, it } from 'vitest';
import { ExitCode, TixError } from '../../src/shared/errors.js';
import { VERSION } from '../../src/shared/version.js';
import { SCHEMA_VERSION } from '../../src/store/pg-schema.js';
import { openPostgresStore, type PostgresStoreOptions } from '../../src/store/postgres.js';
import type { HistoryStore, SnapshotRecord } from '../../src/store/store.js';
import { copyHistory } from '../../src/store/transfer.js';
import { SUPERUSER_PASSWORD, describePostgres, usePostgres } from '../helpers/postgres.js';
import { listing, manySnapshots, salesDay, snapshot } from './postgres-fixtures.js';

const T1 = '2026-03-10T12:00:00.000Z';
const T2 = '2026-03-11T12:00:00.000Z';
const T3 = '2026-03-12T12:00:00.000Z';

describePostgres('the PostgreSQL history store', () => {
  const cluster = usePostgres();
  let schemas = 0;
  /** A store in a schema no other test uses. */
  const fresh = (options: PostgresStoreOptions = {}) => openPostgresStore(cluster().url(), { schema: `t${++schemas}`, ...options });
  async function using<T>(store: Promise<HistoryStore>, body: (store: HistoryStore) => Promise<T>): Promise<T> {
    const opened = await store;
    try {
      return await body(opened);
    } finally {
      await opened.close();
    }
  }
  /** The error an attempt to open a store rejects with. */
  async function openError(url: string, options: PostgresStoreOptions = {}): Promise<TixError> {
    const error = await openPostgresStore(url, { retries: 1, retryDelayMs: 10, ...options }).then(
      (store) => store.close().then(() => undefined),
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TixError);
    return error as TixError;
  }

  it("date_part('epoch') is extract(epoch) as a double, for instants with and without fractions (the analysis SQL uses it)", async () => {
    // Seconds from 1970 to 2255, each with no fraction, milliseconds and microseconds.
    const [row] = await cluster().sql<{ differ: number; checked: number }>(
      `SELECT count(*) FILTER (WHERE date_part('epoch', t) <> CAST(extract(epoch FROM t) AS DOUBLE PRECISION))::int AS differ, count(*)::int AS checked
       FROM (SELECT to_timestamp(0) + make_interval(secs => (s::bigint * 449993 % 9000000000) + f) AS t
             FROM generate_series(1, 20000) AS s, unnest(ARRAY[0, 0.25, 0.123456, 0.999999]) AS f) AS instants`,
    );
    expect(row).toEqual({ differ: 0, checked: 80000 });
  });

  it('creates the schema and its tables on first use, with the documented columns and types', async () => {
    await using(openPostgresStore(cluster().url(), { schema: 'first_use' }), async (store) => {
      expect(store.kind).toBe('postgres');
      expect(store.location).toBe(cluster().url().replace(SUPERUSER_PASSWORD, '***'));
    });
    const columns = await cluster().sql<{ table_name: string; column_name: string; data_type: string }>(
      `SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = 'first_use' ORDER BY table_name, ordinal_position`,
    );
    const byTable = (table: string) => columns.filter((c) => c.table_name === table).map((c) => `${c.column_name} ${c.data_type}`);
    expect(byTable('snapshots')).toEqual([
      'agent text',
      'event_id text',
      'api_timestamp timestamp with time zone',
      'fetched_at timestamp with time zone',
      'listings integer',
      'tickets integer',
      'min_price double precision',
      'median_price double precision',
      'max_price double precision',
    ]);
    expect(byTable('listings')).toEqual([
      'agent text',
      'event_id text',
      'api_timestamp timestamp with time zone',
      'listing_id text',
      'section text',
      'row text',
      'quantity integer',
      'price double precision',
      'extra jsonb',
    ]);
    expect(byTable('sales_daily')).toEqual([
      'provider text',
      'event_id text',
      'date date',
      'total_tickets integer',
      'total_sales double precision',
      'min_price double precision',
      'max_price double precision',
      'avg_price double precision',
      'fetched_at timestamp with time zone',
    ]);
    expect(byTable('events')).toEqual([
      'event_id text',
      'name text',
      'category text',
      'venue text',
      'city text',
      'state text',
      'country text',
      'event_date timestamp with time zone',
      'first_seen timestamp with time zone',
      'last_seen timestamp with time zone',
      'presale_date timestamp with time zone',
      'public_sale_date timestamp with time zone',
    ]);
    expect(byTable('event_agents')).toEqual([
      'event_id text',
      'agent text',
      'agent_event_id text',
      'first_seen timestamp with time zone',
      'last_seen timestamp with time zone',
    ]);
    expect(await cluster().sql(`SELECT schema_version, tix_version FROM first_use.tix_meta`)).toEqual([
      { schema_version: SCHEMA_VERSION, tix_version: VERSION },
    ]);
    const keys = await cluster().sql<{ table: string; key: string }>(
      `SELECT conrelid::regclass::text AS table, pg_get_constraintdef(oid) AS key FROM pg_constraint WHERE contype = 'p' AND connamespace = 'first_use'::regnamespace ORDER BY 1`,
    );
    expect(keys).toEqual([
      { table: 'first_use.alert_deliveries', key: 'PRIMARY KEY (notification_id, channel)' },
      { table: 'first_use.alert_notifications', key: 'PRIMARY KEY (id)' },
      { table: 'first_use.alert_rules', key: 'PRIMARY KEY (id)' },
      { table: 'first_use.event_agents', key: 'PRIMARY KEY (event_id, agent)' },
      { table: 'first_use.events', key: 'PRIMARY KEY (event_id)' },
      { table: 'first_use.listings', key: 'PRIMARY KEY (agent, event_id, api_timestamp, listing_id)' },
      { table: 'first_use.sales_daily', key: 'PRIMARY KEY (provider, event_id, date)' },
      { table: 'first_use.snapshots', key: 'PRIMARY KEY (agent, event_id, api_timestamp)' },
    ]);
    // Opened again: the tables are there, nothing is created twice.
    await using(openPostgresStore(cluster().url(), { schema: 'first_use' }), async () => {});
  });

  it('records idempotently: a snapshot already stored is left alone and counted as such', async () => {
    await using(fresh(), async (store) => {
      const shots = [
        snapshot('TMUSA', 'E1', T1, [listing('a', 100), listing('b', 50)]),
        snapshot('TMUSA', 'E1', T2, [listing('a', 90)]),
        snapshot('STUBHUB', 'E9', T1, []),
      ];
      const sales = [salesDay('E9', '2026-03-10', T1, 4), salesDay('E9', '2026-03-11', T2, 6)];
      expect(await store.record(shots, sales)).toEqual({ stored: 3, alreadyStored: 0, salesDays: 2 });
      expect(await store.record(shots, sales)).toEqual({ stored: 0, alreadyStored: 3, salesDays: 0 });
      // A changed copy of a stored snapshot does not replace it: what was seen at that API timestamp stays.
      const changed = snapshot('TMUSA', 'E1', T1, [listing('z', 1)]);
      expect(await store.record([changed, snapshot('TMUSA', 'E1', T3, [listing('a', 95)])], [])).toEqual({
        stored: 1,
        alreadyStored: 1,
        salesDays: 0,
      });
      const lives = await store.listingLives({ events: [{ agent: 'TMUSA', eventId: 'E1' }] });
      expect(lives.map((l) => l.listingId)).toEqual(['a', 'b']);
      expect(await store.snapshots({ events: [{ agent: 'TMUSA', eventId: 'E1' }] })).toHaveLength(3);
    });
  });

  it('takes timestamps in any ISO 8601 spelling as the instants they are, to the microsecond, and refuses one that is not a date', async () => {
    await using(fresh(), async (store) => {
      const offset = snapshot('TMUSA', 'E1', '2026-03-10T14:00:00+02:00', [listing('a', 100)]);
      expect(await store.record([offset], [])).toEqual({ stored: 1, alreadyStored: 0, salesDays: 0 });
      expect(await store.record([snapshot('TMUSA', 'E1', T1, [listing('a', 100)])], [])).toEqual({
        stored: 0,
        alreadyStored: 1,
        salesDays: 0,
      });
      const [life] = await store.listingLives({ events: [{ agent: 'TMUSA', eventId: 'E1' }] });
      expect(life).toMatchObject({ listingId: 'a', firstSeen: T1 });
      // Microseconds are kept (digits past them dropped), and given back only when there are some.
      const fine = snapshot('TMUSA', 'E1', '2026-03-10T12:30:00.1234567Z', [listing('b', 5)]);
      expect(await store.record([fine, snapshot('TMUSA', 'E1', '2026-03-10 13:30:00.123456+01', [])], [])).toEqual({
        stored: 1,
        alreadyStored: 1,
        salesDays: 0,
      });
      expect((await store.snapshots({ events: [{ agent: 'TMUSA', eventId: 'E1' }] })).map((s) => s.apiTimestamp)).toEqual([
        T1,
        '2026-03-10T12:30:00.123456Z',
      ]);
      const bad = { ...offset, apiTimestamp: 'yesterday-ish' };
      await expect(store.record([bad], [salesDay('E1', '2026-03-10', T1, 1)])).rejects.toThrow(
        "cannot record in the price history: the API timestamp of TMUSA event E1 is not an ISO 8601 date-time with a zone: 'yesterday-ish'",
      );
      expect(await store.snapshots({ events: [{ agent: 'TMUSA', eventId: 'E1' }] })).toHaveLength(2);
    });
  });

  it('keeps the latest fetch of a sales day, whatever order the fetches arrive in', async () => {
    await using(fresh(), async (store) => {
      expect((await store.record([], [salesDay('E5', '2026-03-10', T1, 4)])).salesDays).toBe(1);
      expect((await store.record([], [salesDay('E5', '2026-03-10', T3, 9)])).salesDays).toBe(1);
      // An older fetch (a copy of old history) changes nothing.
      expect((await store.record([], [salesDay('E5', '2026-03-10', T2, 6)])).salesDays).toBe(0);
      // Two fetches of one day in one call: the later wins.
      expect((await store.record([], [salesDay('E5', '2026-03-11', T3, 3), salesDay('E5', '2026-03-11', T2, 2)])).salesDays).toBe(1);
      const days = [];
      for await (const batch of store.readAll()) days.push(...batch.sales);
      expect(days.map((d) => [d.date, d.totalTickets, d.fetchedAt])).toEqual([
        ['2026-03-10', 9, T3],
        ['2026-03-11', 3, T3],
      ]);
    });
  });

  it('lists snapshots oldest first, then by agent, inside inclusive bounds', async () => {
    await using(fresh(), async (store) => {
      await store.record(
        [
          snapshot('TMUSA', 'E1', T2, [listing('a', 100)]),
          snapshot('STUBHUB', 'S1', T2, [listing('x', 70), listing('y', 80), listing('z', 90)]),
          snapshot('TMUSA', 'E1', T1, [listing('a', 110)]),
          snapshot('TMUSA', 'E1', T3, []),
          snapshot('TMUSA', 'OTHER', T1, [listing('q', 1)]),
        ],
        [],
      );
      const events = [
        { agent: 'TMUSA', eventId: 'E1' },
        { agent: 'STUBHUB', eventId: 'S1' },
        { agent: 'TMUSA', eventId: 'E1' },
      ];
      const all = await store.snapshots({ events });
      expect(all.map((s) => [s.apiTimestamp, s.agent, s.eventId])).toEqual([
        [T1, 'TMUSA', 'E1'],
        [T2, 'STUBHUB', 'S1'],
        [T2, 'TMUSA', 'E1'],
        [T3, 'TMUSA', 'E1'],
      ]);
      expect(all[1]).toEqual({
        agent: 'STUBHUB',
        eventId: 'S1',
        apiTimestamp: T2,
        fetchedAt: '2026-03-11T12:00:01.500Z',
        listings: 3,
        tickets: 6,
        minPrice: 70,
        medianPrice: 80,
        maxPrice: 90,
      });
      expect(all[3]).toMatchObject({ listings: 0, tickets: 0, minPrice: null, medianPrice: null, maxPrice: null });
      const window = await store.snapshots({ events, since: T2, until: T2 });
      expect(window.map((s) => s.agent)).toEqual(['STUBHUB', 'TMUSA']);
      expect(await store.snapshots({ events: [] })).toEqual([]);
    });
  });

  it("follows each listing's life: first and last seen, prices, and gone when not in the latest snapshot", async () => {
    await using(fresh(), async (store) => {
      await store.record(
        [
          snapshot('TMUSA', 'E1', T1, [listing('L1', 100, 4), listing('L2', 50)]),
          snapshot('TMUSA', 'E1', T2, [listing('L1', 90, 4), listing('L3', 70)]),
          snapshot('TMUSA', 'E1', T3, [listing('L1', 95, 2, '102', 'C'), listing('L3', 70)]),
          snapshot('STUBHUB', 'S1', T1, [listing('X', 10)]),
        ],
        [],
      );
      const events = [
        { agent: 'TMUSA', eventId: 'E1' },
        { agent: 'STUBHUB', eventId: 'S1' },
      ];
      expect(await store.listingLives({ events })).toEqual([
        {
          agent: 'STUBHUB',
          eventId: 'S1',
          listingId: 'X',
          section: '101',
          row: 'A',
          quantity: 2,
          firstSeen: T1,
          lastSeen: T1,
          firstPrice: 10,
          lastPrice: 10,
          lowestPrice: 10,
          gone: false,
        },
        {
          agent: 'TMUSA',
          eventId: 'E1',
          listingId: 'L1',
          section: '102',
          row: 'C',
          quantity: 2,
          firstSeen: T1,
          lastSeen: T3,
          firstPrice: 100,
          lastPrice: 95,
          lowestPrice: 90,
          gone: false,
        },
        {
          agent: 'TMUSA',
          eventId: 'E1',
          listingId: 'L2',
          section: '101',
          row: 'A',
          quantity: 2,
          firstSeen: T1,
          lastSeen: T1,
          firstPrice: 50,
          lastPrice: 50,
          lowestPrice: 50,
          gone: true,
        },
        {
          agent: 'TMUSA',
          eventId: 'E1',
          listingId: 'L3',
          section: '101',
          row: 'A',
          quantity: 2,
          firstSeen: T2,
          lastSeen: T3,
          firstPrice: 70,
          lastPrice: 70,
          lowestPrice: 70,
          gone: false,
        },
      ]);
      // Up to T2, the latest snapshot is T2's: L2 was gone by then, L1 was last seen at 90.
      const untilT2 = await store.listingLives({ events: [{ agent: 'TMUSA', eventId: 'E1' }], until: T2 });
      expect(untilT2.map((l) => [l.listingId, l.lastSeen, l.lastPrice, l.gone])).toEqual([
        ['L1', T2, 90, false],
        ['L2', T1, 50, true],
        ['L3', T2, 70, false],
      ]);
    });
  });

  it('reads everything back as whole snapshots and sales days (readAll), and copies it to another store', async () => {
    const shots = manySnapshots(7, 3, 4);
    const sales = [
      salesDay('E00001', '2026-03-01', T1, 3),
      salesDay('E00002', '2026-03-02', T2, 5),
      salesDay('E00002', '2026-03-03', T3, 0),
    ];
    await using(fresh(), async (source) => {
      await source.record(shots, sales);
      const read: SnapshotRecord[] = [];
      const days = [];
      let batches = 0;
      for await (const batch of source.readAll(4)) {
        batches++;
        expect(batch.snapshots.length + batch.sales.length).toBeLessThanOrEqual(4);
        read.push(...batch.snapshots);
        days.push(...batch.sales);
      }
      expect(batches).toBe(Math.ceil(21 / 4) + 1);
      const key = (s: SnapshotRecord) => `${s.agent}/${s.eventId}/${s.apiTimestamp}`;
      const sorted = (list: SnapshotRecord[]) => [...list].sort((a, b) => key(a).localeCompare(key(b)));
      const byId = (s: SnapshotRecord) => ({ ...s, listings: [...s.listings].sort((a, b) => a.listingId.localeCompare(b.listingId)) });
      expect(sorted(read).map(byId)).toEqual(sorted(shots).map(byId));
      expect(days).toEqual(sales);

      await using(fresh(), async (target) => {
        expect(await copyHistory(source, target)).toEqual({ snapshots: 21, stored: 21, alreadyStored: 0, salesDays: 3, salesWritten: 3 });
        expect(await copyHistory(source, target)).toEqual({ snapshots: 21, stored: 0, alreadyStored: 21, salesDays: 3, salesWritten: 0 });
        const events = [...new Set(shots.map((s) => `${s.agent} ${s.eventId}`))].map((pair) => {
          const [agent, eventId] = pair.split(' ') as [string, string];
          return { agent, eventId };
        });
        expect(await target.snapshots({ events })).toEqual(await source.snapshots({ events }));
        expect(await target.listingLives({ events })).toEqual(await source.listingLives({ events }));
      });
    });
  });

  it('refuses tables written by a newer tix, with one line saying so', async () => {
    await using(openPostgresStore(cluster().url(), { schema: 'from_the_future' }), async () => {});
    await cluster().sql(`UPDATE from_the_future.tix_meta SET schema_version = 99`);
    const error = await openError(cluster().url(), { schema: 'from_the_future' });
    expect(error.exitCode).toBe(ExitCode.ERROR);
    expect(error.message).toMatch(
      new RegExp(`written by a newer tix \\(history schema version 99; this tix \\S+ knows up to ${SCHEMA_VERSION}\\): upgrade tix$`),
    );
    expect(error.message).not.toContain('\n');
    expect(error.message).not.toContain(SUPERUSER_PASSWORD);
  });

  it("says so when another application's table is in the way, and creates nothing", async () => {
    await cluster().sql(`CREATE SCHEMA crowded; CREATE TABLE crowded.listings (id int)`);
    const error = await openError(cluster().url(), { schema: 'crowded' });
    expect(error.exitCode).toBe(ExitCode.ERROR);
    expect(error.message).toMatch(
      /: relation "listings" already exists \(another application's table\? keep tix's tables apart with --schema\)$/,
    );
    expect(await cluster().sql(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'crowded'`)).toEqual([
      { table_name: 'listings' },
    ]);
  });

  it('read only (tix history): creates nothing, exit 4 when there is no history yet; reads what there is', async () => {
    const none = await openError(cluster().url(), { schema: 'not_yet', readOnly: true });
    expect(none.exitCode).toBe(ExitCode.NOT_FOUND);
    expect(none.message).toBe(
      `no price history in ${cluster().url().replace(SUPERUSER_PASSWORD, '***')} (schema not_yet) yet: record some with 'tix track'`,
    );
    expect(await cluster().sql(`SELECT 1 FROM pg_namespace WHERE nspname = 'not_yet'`)).toEqual([]);

    await using(openPostgresStore(cluster().url(), { schema: 'read_me' }), (store) =>
      store.record([snapshot('TMUSA', 'E1', T1, [listing('a', 1)])], []),
    );
    // An analyst with rights to read and nothing more.
    await cluster().sql(
      `DROP ROLE IF EXISTS reader; CREATE ROLE reader LOGIN PASSWORD 'r3ad'; GRANT USAGE ON SCHEMA read_me TO reader; GRANT SELECT ON ALL TABLES IN SCHEMA read_me TO reader`,
    );
    await using(
      openPostgresStore(cluster().url({ user: 'reader', password: 'r3ad' }), { schema: 'read_me', readOnly: true }),
      async (store) => {
        expect(await store.snapshots({ events: [{ agent: 'TMUSA', eventId: 'E1' }] })).toHaveLength(1);
      },
    );
  });

  it('keeps schemas apart (--schema), and leaves public alone', async () => {
    await using(openPostgresStore(cluster().url(), { schema: 'team_a' }), (store) =>
      store.record([snapshot('TMUSA', 'E1', T1, [listing('a', 1)])], []),
    );
    await using(openPostgresStore(cluster().url(), { schema: 'team_b' }), async (store) => {
      expect(await store.snapshots({ events: [{ agent: 'TMUSA', eventId: 'E1' }] })).toEqual([]);
      expect(await store.record([snapshot('TMUSA', 'E1', T1, [listing('a', 1)])], [])).toEqual({
        stored: 1,
        alreadyStored: 0,
        salesDays: 0,
      });
    });
    const tables = await cluster().sql<{ schema: string; n: string }>(
      `SELECT table_schema AS schema, count(*) AS n FROM information_schema.tables WHERE table_schema IN ('public', 'team_a', 'team_b') GROUP BY 1 ORDER BY 1`,
    );
    expect(tables).toEqual([
      { schema: 'team_a', n: '9' },
      { schema: 'team_b', n: '9' },
    ]);
    await expect(openPostgresStore(cluster().url(), { schema: 'Team-A' })).rejects.toThrow(
      /--schema must be a schema name of lower-case letters/,
    );
    await expect(openPostgresStore(cluster().url(), { schema: 'pg_catalog' })).rejects.toThrow(/not starting with a digit or pg_/);
  });

  it('creates the tables once when many stores open an empty schema at once', async () => {
    const stores = await Promise.all(Array.from({ length: 6 }, () => openPostgresStore(cluster().url(), { schema: 'stampede' })));
    await Promise.all(stores.map((s) => s.close()));
    expect(await cluster().sql(`SELECT schema_version FROM stampede.tix_meta`)).toEqual([{ schema_version: SCHEMA_VERSION }]);
  });

  it('runs a record() again whole when the server picks it to break a deadlock with another writer', async () => {
    const trace: string[] = [];
    const store = await openPostgresStore(cluster().url(), { schema: 'deadlock', trace: (line) => trace.push(line) });
    const other = new pg.Client({ connectionString: cluster().url() });
    await other.connect();
    try {
      const k1 = snapshot('TMUSA', 'E1', T1, [listing('a', 1)]);
      const k2 = snapshot('TMUSA', 'E1', T2, [listing('b', 2)]);
      const insert = (s: SnapshotRecord) =>
        other.query(
          `INSERT INTO deadlock.snapshots (agent, event_id, api_timestamp, fetched_at, listings, tickets) VALUES ($1, $2, $3, $4, 0, 0)`,
          [s.agent, s.eventId, s.apiTimestamp, s.fetchedAt],
        );
      // The other writer holds T2 and is slow to notice deadlocks, so the server breaks this one with tix's transaction.
      await other.query(`BEGIN; SET LOCAL deadlock_timeout = '60s'`);
      await insert(k2);
      const recorded = store.record([k1, k2], []);
      await waitFor(
        async () =>
          (await cluster().sql(`SELECT 1 FROM pg_stat_activity WHERE application_name = 'tix' AND wait_event_type = 'Lock'`)).length > 0,
      );
      // Now the other writer wants T1, which tix holds: a deadlock, broken by aborting tix's transaction.
      await insert(k1);
      await other.query('COMMIT');
      expect(await recorded).toEqual({ stored: 0, alreadyStored: 2, salesDays: 0 });
      expect(trace.some((line) => /another writer got in the way \(deadlock detected\); trying again/.test(line))).toBe(true);
    } finally {
      await other.end();
      await store.close();
    }
  });

  it('a connection lost while open (server restarted, connection killed): one line, exit 5', async () => {
    await using(fresh(), async (store) => {
      await cluster().sql(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'tix'`);
      const error = await store.record([snapshot('TMUSA', 'E1', T1, [])], []).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TixError);
      expect((error as TixError).exitCode).toBe(ExitCode.UNAVAILABLE);
      expect((error as TixError).message).toMatch(
        /^cannot record in the price history at postgres:\/\/tix_admin:\*\*\*@127\.0\.0\.1:\d+\/tix: the server is unavailable: the connection was lost \(the server restarted, or the connection was ended\)$/,
      );
    });
  });

  it('wrong password: one line, exit 1, the password hidden, nothing written', async () => {
    const secret = 'wr0ng:p@ss/word';
    const url = cluster().url({ user: 'tix_admin', password: secret });
    const error = await openError(url, { schema: 'never_created' });
    expect(error.exitCode).toBe(ExitCode.ERROR);
    expect(error.message).toBe(
      `cannot open the price history at postgres://tix_admin:***@127.0.0.1:${cluster().port}/tix: password authentication failed for user "tix_admin" (check the password in the URL, PGPASSWORD or ~/.pgpass)`,
    );
    expect(await cluster().sql(`SELECT 1 FROM pg_namespace WHERE nspname = 'never_created'`)).toEqual([]);
  });

  it('hides the password in every message: bad URL, missing database, permission denied', async () => {
    const secret = 'hunter2-secret';
    const badUrl = await openPostgresStore(`postgres://tix_admin:${secret}@127.0.0.1:notaport/tix`).catch((e: TixError) => e);
    expect((badUrl as TixError).message).toMatch(/^--db must be a URL such as postgres:/);
    expect((badUrl as TixError).message).not.toContain(secret);
    expect((badUrl as TixError).exitCode).toBe(ExitCode.USAGE);

    const missing = await openError(cluster().url({ user: 'tix_admin', password: SUPERUSER_PASSWORD, database: 'no_such_db' }));
    expect(missing.exitCode).toBe(ExitCode.ERROR);
    expect(missing.message).toContain('database "no_such_db" does not exist');
    expect(missing.message).not.toContain(SUPERUSER_PASSWORD);

    const noCaFile = await openError(
      `${cluster().url({ user: 'tix_admin', password: secret })}?sslmode=verify-full&sslrootcert=/nonexistent/ca.pem`,
    );
    expect(noCaFile.exitCode).toBe(ExitCode.ERROR);
    expect(noCaFile.message).toMatch(
      /^cannot open the price history at postgres:\/\/tix_admin:\*\*\*@.*: ENOENT: no such file or directory, open '\/nonexistent\/ca\.pem'$/,
    );

    // PostgreSQL 15+: only the database owner may create tables in public; an analyst may not.
    await cluster().sql(`DROP ROLE IF EXISTS analyst; CREATE ROLE analyst LOGIN PASSWORD '${secret}'`);
    const denied = await openError(cluster().url({ user: 'analyst', password: secret }));
    expect(denied.exitCode).toBe(ExitCode.ERROR);
    expect(denied.message).toMatch(
      /^cannot open the price history at postgres:\/\/analyst:\*\*\*@127\.0\.0\.1:\d+\/tix: permission denied for schema public/,
    );
    expect(denied.message).not.toContain(secret);
    const deniedSchema = await openError(cluster().url({ user: 'analyst', password: secret }), { schema: 'analyst_own' });
    expect(deniedSchema.message).toMatch(/permission denied for database tix/);
    expect(await cluster().sql(`SELECT 1 FROM pg_namespace WHERE nspname = 'analyst_own'`)).toEqual([]);

    // A password from PGPASSWORD (the URL has none) is hidden too, should the server echo it.
    const { describePgError } = await import('../../src/store/pg-errors.js');
    const { parsePostgresUrl } = await import('../../src/store/postgres-url.js');
    const target = parsePostgresUrl('--db', 'postgres://someone@db.example/tix', { PGPASSWORD: secret });
    expect(describePgError(new Error(`role "x" said ${secret}`), target, 'cannot record in').message).toBe(
      'cannot record in the price history at postgres://someone@db.example/tix: role "x" said ***',
    );
  });

  it('answers several calls at once on one store one after the other, without a driver warning', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      await using(fresh(), async (store) => {
        const events = [{ agent: 'TMUSA', eventId: 'E1' }];
        const [recorded, , lives] = await Promise.all([
          store.record([snapshot('TMUSA', 'E1', T1, [listing('a', 5)])], []),
          store.snapshots({ events }),
          store.listingLives({ events }),
          store.record([snapshot('TMUSA', 'E1', T2, [listing('b', 6)])], []),
        ]);
        expect(recorded).toEqual({ stored: 1, alreadyStored: 0, salesDays: 0 });
        // In the order asked: the listing lives saw the first record, not the second.
        expect(lives.map((l) => l.listingId)).toEqual(['a']);
        expect(await store.snapshots({ events })).toHaveLength(2);
      });
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('a server that is down: exit 5 after the retries, one line', async () => {
    const trace: string[] = [];
    const { port } = cluster();
    // A port next to the server's, where nothing listens (the server's own is in use, so this one was free a moment ago).
    const url = `postgres://tix_admin:${SUPERUSER_PASSWORD}@127.0.0.1:${port === 65535 ? port - 1 : port + 1}/tix`;
    const error = await openError(url, { retries: 2, retryDelayMs: 5, trace: (line) => trace.push(line) });
    expect(error.exitCode).toBe(ExitCode.UNAVAILABLE);
    expect(error.message).toMatch(
      /^cannot open the price history at postgres:\/\/tix_admin:\*\*\*@127\.0\.0\.1:\d+\/tix: the server is unavailable: connection refused \(is it running, on this host and port\?\) \(after 2 retries\)$/,
    );
    expect(trace.filter((l) => l.startsWith('postgres: connecting'))).toHaveLength(3);
    expect(trace.join('\n')).not.toContain(SUPERUSER_PASSWORD);
  });
});

/** Polls until the condition holds (no time limit of its own: the test's timeout is the limit). */
async function waitFor(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 20));
}
