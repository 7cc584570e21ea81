import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { FIXED_NOW } from '../helpers/sandbox.js';
import { runTix } from '../helpers/tix.js';
import { sandboxEnv, tempDir } from '../helpers/tix-env.js';

// `tix watch --db` (or --record with the db setting) stores each poll as `tix track` would: what `tix
// history` then reads back is exactly the snapshots the watch printed.
let sandbox: Sandbox;
let ids: string[];
beforeAll(async () => {
  // 900 times real time: a 15-minute inventory refresh every second, so three polls a second apart see new snapshots.
  sandbox = await startSandbox({ now: FIXED_NOW, timeScale: 900, events: 300, seed: 9 });
  const now = new Date(sandbox.now()).toISOString();
  ids = sandbox.events
    .filter((e) => e.agentIds.TMUSA && e.publicSaleDate < now && e.eventDate > now)
    .map((e) => e.agentIds.TMUSA!)
    .slice(0, 2);
  expect(ids).toHaveLength(2);
});
afterAll(() => sandbox.close());

const env = (extra: Record<string, string> = {}) => ({ ...sandboxEnv(sandbox.url), HOME: tempDir('tix-home-'), ...extra });

interface SnapshotLine {
  type: string;
  agent: string;
  eventId: string;
  timestamp: string;
  listings: number;
  tickets: number;
  minPrice: number | null;
  medianPrice: number | null;
  maxPrice: number | null;
}

function snapshotLines(stdout: string, eventId: string): SnapshotLine[] {
  const lines = stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as SnapshotLine);
  return lines.filter((line) => line.type === 'snapshot' && line.eventId === eventId);
}

describe('tix watch --db', () => {
  it('stores every poll: tix history reads back the snapshots the watch printed', async () => {
    const db = join(tempDir('tix-watch-db-'), 'prices.duckdb');
    const watch = await runTix(['watch', 'TMUSA', ...ids, '--count', '3', '--interval', '1s', '--db', db], { env: env() });
    expect(watch.code).toBe(0);
    expect(watch.stderr).toContain(`recording every poll in ${db}`);
    for (const id of ids) {
      // A poll that saw the same API timestamp as the one before stores nothing new: one snapshot per timestamp.
      const printed = new Map(snapshotLines(watch.stdout, id).map((line) => [line.timestamp, line]));
      expect(printed.size).toBeGreaterThanOrEqual(2);
      const history = await runTix(['history', 'TMUSA', id, '--db', db, '-o', 'json'], { env: env() });
      expect(history.code).toBe(0);
      const stored = JSON.parse(history.stdout).snapshots as Record<string, unknown>[];
      expect(
        stored.map((row) => ({
          api_timestamp: row.api_timestamp,
          listings: row.listings,
          tickets: row.tickets,
          min_price: row.min_price,
          median_price: row.median_price,
          max_price: row.max_price,
        })),
      ).toEqual(
        [...printed.values()].map((line) => ({
          api_timestamp: line.timestamp,
          listings: line.listings,
          tickets: line.tickets,
          min_price: line.minPrice,
          median_price: line.medianPrice,
          max_price: line.maxPrice,
        })),
      );
    }
  });

  it('--record stores into the db setting (here TIX_DB); without --record or --db nothing is stored', async () => {
    const db = join(tempDir('tix-watch-db-'), 'history.duckdb');
    const plain = await runTix(['watch', 'TMUSA', ids[0]!, '--count', '1'], { env: env({ TIX_DB: db }) });
    expect(plain.code).toBe(0);
    expect(plain.stderr).not.toContain('recording');
    expect((await runTix(['history', 'TMUSA', ids[0]!], { env: env({ TIX_DB: db }) })).code).toBe(4);

    const recorded = await runTix(['watch', 'TMUSA', ids[0]!, '--count', '1', '--record'], { env: env({ TIX_DB: db }) });
    expect(recorded.code).toBe(0);
    const history = await runTix(['history', 'TMUSA', ids[0]!, '-o', 'json'], { env: env({ TIX_DB: db }) });
    expect(history.code).toBe(0);
    expect(JSON.parse(history.stdout).snapshots).toHaveLength(1);
  });

  it('a --db that is not a database ends the watch before the first poll: one line, exit 1, the file untouched', async () => {
    const file = join(tempDir('tix-watch-db-'), 'notes.duckdb');
    writeFileSync(file, 'not a database\n');
    const result = await runTix(['watch', 'TMUSA', ids[0]!, '--count', '1', '--db', file], { env: env() });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const errors = result.stderr.split('\n').filter((line) => line.startsWith('tix:') && !line.startsWith('tix: using the sandbox'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(file);
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(file, 'utf8')).toBe('not a database\n');
  });
});
