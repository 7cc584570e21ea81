/**
 * `-o parquet` / `--out x.parquet`: the built tix against a sandbox, every file read back with DuckDB and
 * compared with the csv export of the same command, cell by cell; typed columns; refusals; atomicity; and
 * DuckDB loaded by Parquet runs alone.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { differencesFromCsv, readParquet } from '../../helpers/parquet.js';
import { FIXED_NOW, useSandbox } from '../../helpers/sandbox.js';
import { runTix } from '../../helpers/tix.js';
import { CONFIG_FILE_CASES, configEnv, sandboxEnv } from '../../helpers/tix-env.js';
// Its tempDir removes the folder when the test ends.
import { runBuiltTix, startTix } from '../../helpers/tix-binary.js';
import { testDir as tempDir } from '../../helpers/tix-env.js';

let sandbox: Sandbox;
let env: Record<string, string>;
/** The sandbox's event with a long sales history, and ids of events on sale (with listings) at FIXED_NOW. */
let salesId: string;
let onSaleTmIds: string[];

beforeAll(async () => {
  // A fixed clock: inventory and sales are the same in the csv run and the Parquet run of one command.
  sandbox = await startSandbox({ events: 1200, seed: 11, now: FIXED_NOW, largeSalesEvent: 20_000 });
  env = sandboxEnv(sandbox.url);
  salesId = sandbox.largeSalesEventId!;
  onSaleTmIds = sandbox.events
    .filter((e) => e.agentIds.TMUSA && e.publicSaleDate < FIXED_NOW && e.eventDate > FIXED_NOW)
    .map((e) => e.agentIds.TMUSA!);
  expect(onSaleTmIds.length).toBeGreaterThan(5);
});
afterAll(() => sandbox.close());

/** Runs `args` twice, to x.csv and to x.parquet; both succeed and hold the same cells. Returns the Parquet file. */
async function exportBoth(args: string[], extraEnv: Record<string, string> = {}) {
  const dir = tempDir('tix-parquet-cli-');
  const csvPath = join(dir, 'x.csv');
  const parquetPath = join(dir, 'x.parquet');
  const csv = await runTix([...args, '--out', csvPath], { env: { ...env, ...extraEnv } });
  expect(csv.code, csv.stderr).toBe(0);
  const parquet = await runTix([...args, '--out', parquetPath], { env: { ...env, ...extraEnv } });
  expect(parquet.code, parquet.stderr).toBe(0);
  expect(parquet.stdout).toBe('');
  expect(readdirSync(dir).sort()).toEqual(['x.csv', 'x.parquet']);
  const contents = await readParquet(parquetPath);
  expect(differencesFromCsv(contents, readFileSync(csvPath, 'utf8'))).toEqual([]);
  return contents;
}

const TIMESTAMP = 'TIMESTAMP WITH TIME ZONE';

describe('tix ... --out x.parquet holds what --out x.csv holds, in typed columns', () => {
  it('events search --all (several pages)', async () => {
    const { rows, types } = await exportBoth(['events', 'search', '--all', '--page-size', '40']);
    expect(rows.length).toBeGreaterThan(40);
    expect(types).toMatchObject({
      id: 'VARCHAR',
      name: 'VARCHAR',
      eventDate: TIMESTAMP,
      presaleDate: TIMESTAMP,
      publicSaleDate: TIMESTAMP,
      dateAdded: TIMESTAMP,
    });
  });

  it('events get (several ids) and events by-agent', async () => {
    const ids = sandbox.events.slice(0, 5).map((e) => e.id);
    const got = await exportBoth(['events', 'get', ...ids]);
    expect(got.rows.map((row) => row[0])).toEqual(ids);
    const byAgent = await exportBoth(['events', 'by-agent', 'seatGeek', '--all']);
    expect(byAgent.rows.length).toBeGreaterThan(0);
    expect(byAgent.types).toMatchObject({ eventDate: TIMESTAMP, 'agentIds.SEATGEEK': 'VARCHAR' });
  });

  it('inventory', async () => {
    const { rows, types, columns } = await exportBoth(['inventory', 'TMUSA', ...onSaleTmIds.slice(0, 6)]);
    expect(rows.length).toBeGreaterThan(0);
    expect(types).toMatchObject({ ticketAgent: 'VARCHAR', eventId: 'VARCHAR', quantity: 'BIGINT', price: 'DOUBLE', timestamp: TIMESTAMP });
    expect(columns.at(-1)).toBe('timestamp');
  });

  it('sales summary, sales details and sales details --daily', async () => {
    const summary = await exportBoth(['sales', 'summary', salesId]);
    expect(summary.rows.length).toBeGreaterThan(10);
    expect(summary.types).toMatchObject({ date: 'DATE', totalTickets: 'BIGINT', totalSales: 'DOUBLE', avgSoldPrice: 'DOUBLE' });

    const details = await exportBoth(['sales', 'details', salesId]);
    expect(details.rows).toHaveLength(20_000);
    expect(details.types).toEqual({
      marketplaceId: 'VARCHAR',
      date: 'DATE',
      soldDate: TIMESTAMP,
      sectionName: 'VARCHAR',
      row: 'VARCHAR',
      seats: 'VARCHAR',
      quantity: 'BIGINT',
      price: 'DOUBLE',
      priceFormatted: 'VARCHAR',
    });

    const daily = await exportBoth(['sales', 'details', salesId, '--daily']);
    expect(daily.types).toMatchObject({
      date: 'DATE',
      totalTickets: 'BIGINT',
      minimumSalesDataDate: TIMESTAMP,
      maximumSalesDataDate: TIMESTAMP,
    });
  });

  it('agents and config list, with --fields', async () => {
    const agents = await exportBoth(['agents']);
    expect(agents.columns).toEqual(['role', 'code', 'name', 'platform', 'kind']);
    const settings = await exportBoth(['config', 'list', '--fields', 'key,value']);
    expect(settings.columns).toEqual(['key', 'value']);
    expect(settings.rows.map((row) => row[0])).toContain('output');
  });
});

describe('choosing parquet', () => {
  it('-o parquet writes Parquet whatever the file is called', async () => {
    const path = join(tempDir('tix-parquet-cli-'), 'agents.data');
    const result = await runTix(['agents', '-o', 'parquet', '--out', path], { env });
    expect(result.code, result.stderr).toBe(0);
    const bytes = readFileSync(path);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PAR1');
    expect(bytes.subarray(-4).toString('latin1')).toBe('PAR1');
  });

  it('-o parquet without --out is a usage error of one line, and prints no data', async () => {
    const result = await runTix(['events', 'search', '-o', 'parquet'], { env });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('tix: --output parquet writes a binary file, not text for stdout: give --out FILE.parquet\n');
    // Refused before any request.
    expect(sandbox.log.at(-1)?.path ?? '').not.toMatch(/^\/events\?/);
  });

  it('is not accepted as the output setting, from the environment or config set', async () => {
    const fromEnv = await runTix(['agents'], { env: { ...env, TIX_OUTPUT: 'parquet' } });
    expect(fromEnv.code).toBe(2);
    expect(fromEnv.stderr).toMatch(
      /^tix: TIX_OUTPUT must be one of table, json, ndjson, csv, tsv, not 'parquet' \(parquet is written only to a file/,
    );
    expect(fromEnv.stderr.trim().split('\n')).toHaveLength(1);
    const set = await runTix(['config', 'set', 'output', 'parquet'], { env });
    expect(set.code).toBe(2);
    expect(set.stderr).toMatch(/^tix: output must be one of table, json, ndjson, csv, tsv, not 'parquet'/);
  });

  it('--chart does not go into a Parquet file', async () => {
    const path = join(tempDir('tix-parquet-cli-'), 'chart.parquet');
    const result = await runTix(['sales', 'summary', salesId, '--chart', '--out', path], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`--chart draws for people; it cannot be combined with --out ${path}, which names parquet data`);
    expect(existsSync(path)).toBe(false);
  });
});

describe('empty results', () => {
  it('still write a valid file with the documented columns, typed', async () => {
    const dir = tempDir('tix-parquet-cli-');
    const events = await runTix(['events', 'search', '--name', 'no such event anywhere', '--all', '--out', join(dir, 'events.parquet')], {
      env,
    });
    expect(events.code, events.stderr).toBe(0);
    const eventsFile = await readParquet(join(dir, 'events.parquet'));
    expect(eventsFile.columns).toEqual(['id', 'name']);
    expect(eventsFile.rows).toEqual([]);

    const sales = await runTix(
      ['sales', 'details', salesId, '--from', '2020-01-01', '--to', '2020-01-02', '--out', join(dir, 'sales.parquet')],
      { env },
    );
    expect(sales.code, sales.stderr).toBe(0);
    expect(sales.stderr).toContain('No sales in this range.');
    const salesFile = await readParquet(join(dir, 'sales.parquet'));
    expect(salesFile.rows).toEqual([]);
    expect(salesFile.types).toEqual({
      marketplaceId: 'VARCHAR',
      date: 'DATE',
      soldDate: TIMESTAMP,
      sectionName: 'VARCHAR',
      row: 'VARCHAR',
      seats: 'VARCHAR',
      quantity: 'BIGINT',
      price: 'DOUBLE',
      priceFormatted: 'VARCHAR',
    });
  });
});

describe('a failed run', () => {
  const failing = useSandbox({ events: 50, failRate: 1 });
  /** Fails the third search request (the hook sees no query string): by then rows are staged in the scratch folder. */
  let searches = 0;
  const failsMidway = useSandbox({
    events: 300,
    hook: ({ path }) => {
      if (path === '/events' && ++searches === 3) throw new Error('the third page fails');
    },
  });

  it('leaves no file and an existing target untouched (every request fails)', async () => {
    const dir = tempDir('tix-parquet-cli-');
    const scratch = tempDir('tix-parquet-tmp-');
    const target = join(dir, 'events.parquet');
    writeFileSync(target, 'yesterday');
    const result = await runTix(['events', 'search', '--all', '--retries', '0', '--out', target], {
      env: { ...sandboxEnv(failing().url), TMPDIR: scratch },
    });
    expect(result.code).toBe(5);
    expect(result.stdout).toBe('');
    expect(readdirSync(dir)).toEqual(['events.parquet']);
    expect(readFileSync(target, 'utf8')).toBe('yesterday');
    expect(staged(scratch)).toEqual([]);
  });

  it('leaves no file, no temporary file and no staged rows when it fails after rows were staged', async () => {
    const dir = tempDir('tix-parquet-cli-');
    const scratch = tempDir('tix-parquet-tmp-');
    const before = failsMidway().log.length;
    const result = await runTix(
      ['events', 'search', '--all', '--page-size', '5', '--concurrency', '1', '--retries', '0', '--out', join(dir, 'events.parquet')],
      {
        env: { ...sandboxEnv(failsMidway().url), TMPDIR: scratch },
      },
    );
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(/^tix: .*HTTP 500/);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    // Two pages were fetched (and staged) before the third failed.
    expect(
      failsMidway()
        .log.slice(before)
        .filter((entry) => entry.status === 200).length,
    ).toBeGreaterThanOrEqual(2);
    expect(readdirSync(dir)).toEqual([]);
    expect(staged(scratch)).toEqual([]);
  });
});

describe('Ctrl-C during a Parquet export', () => {
  const slow = useSandbox({ events: 5_000, latencyMs: 100 });

  // With a config file and without one (issue 36 §1: with one, a dependency of conf once sent the signal twice).
  it.each(CONFIG_FILE_CASES)('exits 130 and leaves no file, no temporary file and no staged rows, %s', async (_config, withFile) => {
    const dir = tempDir('tix-parquet-cli-');
    const scratch = tempDir('tix-parquet-tmp-');
    const target = join(dir, 'events.parquet');
    const run = startTix(['events', 'search', '--all', '--page-size', '100', '--concurrency', '1', '--out', target], {
      env: { ...sandboxEnv(slow().url), ...configEnv(withFile), TMPDIR: scratch },
    });
    // Rows are being staged: the scratch folder holds them.
    await until(() => staged(scratch).length > 0 && readdirSync(join(scratch, staged(scratch)[0]!)).length > 0, 'staged rows');
    run.child.kill('SIGINT');
    const result = await run.done;
    expect(result.code, result.stderr).toBe(130);
    expect(readdirSync(dir)).toEqual([]);
    expect(staged(scratch)).toEqual([]);
  });
});

describe('DuckDB is loaded by Parquet runs alone', () => {
  /** A preloaded probe that records, at exit, whether DuckDB's native library is mapped into the process. */
  function probe(): { options: Record<string, string>; loaded: () => boolean } {
    const dir = tempDir('tix-parquet-probe-');
    const script = join(dir, 'probe.cjs');
    const report = join(dir, 'loaded.txt');
    writeFileSync(
      script,
      `process.on('exit', () => {
        const fs = require('node:fs');
        const maps = fs.existsSync('/proc/self/maps') ? fs.readFileSync('/proc/self/maps', 'utf8') : '';
        const required = Object.keys(require.cache).some((file) => file.includes('@duckdb'));
        fs.writeFileSync(${JSON.stringify(report)}, String(maps.includes('libduckdb') || required));
      });`,
    );
    return { options: { NODE_OPTIONS: `--require ${script}` }, loaded: () => readFileSync(report, 'utf8') === 'true' };
  }

  it.each([
    ['csv to a file', ['events', 'search', '--page-size', '5', '--out', 'events.csv']],
    ['json', ['events', 'search', '--page-size', '5']],
    ['ndjson', ['sales', 'summary', '__SALES__', '-o', 'ndjson']],
    ['a table', ['agents', '-o', 'table']],
  ])('not for %s', async (_name, args) => {
    const dir = tempDir('tix-parquet-cli-');
    const { options, loaded } = probe();
    // NODE_OPTIONS is read at process start: the probe needs a process of its own.
    const result = await runBuiltTix(
      args.map((arg) => (arg === '__SALES__' ? salesId : arg === 'events.csv' ? join(dir, arg) : arg)),
      { env: { ...env, ...options } },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(loaded()).toBe(false);
  });

  it('but for parquet (so the probe sees it when it is loaded)', async () => {
    const { options, loaded } = probe();
    const result = await runBuiltTix(['agents', '--out', join(tempDir('tix-parquet-cli-'), 'agents.parquet')], {
      env: { ...env, ...options },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(loaded()).toBe(true);
  });
  // Which chunks import DuckDB is test/history/lazy-load.test.ts's check.
});

/**
 * What tix left in its TMPDIR: the folders Parquet stages rows in. Node 22+ keeps its own compile cache
 * there too (bin/tix enables it), which is not tix's to remove.
 */
function staged(scratch: string): string[] {
  return readdirSync(scratch).filter((name) => name !== 'node-compile-cache');
}

/** Resolves once `check` is true, polling; fails the test if that takes longer than `ms`. */
async function until(check: () => boolean, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
