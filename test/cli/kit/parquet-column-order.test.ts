/**
 * A Parquet export has the csv's columns in the csv's order, also where agents add fields of their own:
 * `events view --listings` and `inventory` put each listing's `timestamp` after every agent's extra fields,
 * in both formats, and keep it as the last column when there are no listings at all.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { differencesFromCsv, readParquet } from '../../helpers/parquet.js';
import { FIXED_NOW } from '../../helpers/sandbox.js';
import { runTix } from '../../helpers/tix.js';
import { sandboxEnv } from '../../helpers/tix-env.js';
import { testDir as tempDir } from '../../helpers/tix-env.js';

let sandbox: Sandbox;
let env: Record<string, string>;
beforeAll(async () => {
  sandbox = await startSandbox({ events: 300, seed: 11, now: FIXED_NOW });
  env = sandboxEnv(sandbox.url);
});
afterAll(() => sandbox.close());

const DOCUMENTED = ['agent', 'eventId', 'section', 'row', 'quantity', 'price', 'listingId'];

/** `args -o csv` on stdout and `args --out x.parquet`: the Parquet file's columns and cells, compared with the csv. */
async function csvAndParquet(args: string[]) {
  const csv = await runTix([...args, '-o', 'csv'], { env });
  expect(csv.code, csv.stderr).toBe(0);
  const file = join(tempDir('tix-parquet-order-'), 'x.parquet');
  const parquet = await runTix([...args, '--out', file], { env });
  expect(parquet.code, parquet.stderr).toBe(0);
  const contents = await readParquet(file);
  expect(differencesFromCsv(contents, csv.stdout)).toEqual([]);
  return { header: csv.stdout.slice(0, csv.stdout.indexOf('\r\n')).split(','), contents };
}

/** An event on sale at several agents whose listings carry extra fields the first agent's do not. */
async function eventWithMixedAgents(): Promise<string> {
  const onSale = sandbox.events.filter(
    (e) => e.publicSaleDate < FIXED_NOW && e.eventDate > FIXED_NOW && Object.keys(e.agentIds).length >= 4,
  );
  for (const event of onSale.slice(0, 20)) {
    const result = await runTix(['events', 'view', event.id, '--listings', '--no-sales', '-o', 'ndjson'], { env });
    const rows = result.stdout
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const agents = new Set(rows.map((row) => row.agent));
    const firstAgentKeys = new Set(rows.filter((row) => row.agent === rows[0]?.agent).flatMap(Object.keys));
    if (agents.size >= 2 && rows.some((row) => Object.keys(row).some((key) => !firstAgentKeys.has(key)))) return event.id;
  }
  throw new Error('no event in the sandbox has listings at agents with different extra fields');
}

it('events view --listings over agents with different extra fields: the csv order, timestamp last', async () => {
  const { header, contents } = await csvAndParquet(['events', 'view', await eventWithMixedAgents(), '--listings', '--no-sales']);
  expect(contents.columns).toEqual(header);
  expect(contents.columns.slice(0, DOCUMENTED.length)).toEqual(DOCUMENTED);
  expect(contents.columns.at(-1)).toBe('timestamp');
  expect(contents.columns.length).toBeGreaterThan(DOCUMENTED.length + 2);
  expect(contents.types.timestamp).toBe('TIMESTAMP WITH TIME ZONE');
  expect(contents.rows.length).toBeGreaterThan(0);
});

it('events view --listings with no listings left by the filters: the documented columns and timestamp, as in csv', async () => {
  const { header, contents } = await csvAndParquet([
    'events',
    'view',
    await eventWithMixedAgents(),
    '--listings',
    '--no-sales',
    '--max-price',
    '0.01',
  ]);
  expect(contents.rows).toEqual([]);
  expect(header).toEqual([...DOCUMENTED, 'timestamp']);
  expect(contents.columns).toEqual(header);
});

it('inventory of several events: the csv order, timestamp last', async () => {
  const ids = sandbox.events
    .filter((e) => e.agentIds.TMUSA && e.publicSaleDate < FIXED_NOW && e.eventDate > FIXED_NOW)
    .slice(0, 6)
    .map((e) => e.agentIds.TMUSA!);
  const { header, contents } = await csvAndParquet(['inventory', 'TMUSA', ...ids]);
  expect(contents.columns).toEqual(header);
  expect(contents.columns.at(-1)).toBe('timestamp');
  expect(contents.rows.length).toBeGreaterThan(0);
});
