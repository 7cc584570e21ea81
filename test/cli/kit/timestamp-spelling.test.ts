/**
 * One spelling of the instants tix writes itself, in every command and format: UTC, whole seconds as the
 * API spells its own `timestamp` (2026-03-15T03:00:00Z), a fraction only when there is one. `history` read
 * its timestamps back from the store as ...T03:00:00.000Z while `inventory` and `track` printed ...T03:00:00Z.
 */
import { beforeAll, expect, it } from 'vitest';
import { FIXED_NOW } from '../../helpers/sandbox.js';
import { freshDb, onSale, tixAt, useClockedSandbox } from '../../history/support.js';

const clock = useClockedSandbox();
const tix = (args: readonly string[]) => tixAt(clock.sandbox(), args);

/** UTC, seconds, and milliseconds only when they are not all zero. */
const SPELLING = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.(?!0+Z)\d{3,6})?Z$/;

let db: string;
let agentId: string;
let inventoryTimestamp: string;
let tracked: Record<string, string>[];

beforeAll(async () => {
  clock.setClock(FIXED_NOW);
  agentId = onSale(clock.sandbox(), 'TMUSA')[0]!.agentId;
  db = freshDb();
  const inventory = await tix(['inventory', 'TMUSA', agentId, '-o', 'json']);
  expect(inventory.code, inventory.stderr).toBe(0);
  inventoryTimestamp = JSON.parse(inventory.stdout).timestamp;
  const track = await tix(['track', `TMUSA:${agentId}`, '--db', db, '-o', 'json']);
  expect(track.code, track.stderr).toBe(0);
  tracked = JSON.parse(track.stdout).snapshots;
}, 60_000);

it('the sandbox sends whole seconds, which inventory and track print as sent', () => {
  expect(inventoryTimestamp).toBe('2026-03-15T03:00:00Z');
  expect(tracked[0]!.api_timestamp).toBe(inventoryTimestamp);
  expect(tracked[0]!.fetched_at).toMatch(SPELLING);
});

it('history prints the same api_timestamp as inventory and track, in json, ndjson and csv', async () => {
  const json = await tix(['history', 'TMUSA', agentId, '--db', db, '-o', 'json']);
  expect(json.code, json.stderr).toBe(0);
  expect(JSON.parse(json.stdout).snapshots.map((s: { api_timestamp: string }) => s.api_timestamp)).toEqual([inventoryTimestamp]);

  const ndjson = await tix(['history', 'TMUSA', agentId, '--db', db, '-o', 'ndjson']);
  expect(JSON.parse(ndjson.stdout).api_timestamp).toBe(inventoryTimestamp);

  const csv = await tix(['history', 'TMUSA', agentId, '--db', db, '-o', 'csv', '--fields', 'api_timestamp']);
  expect(csv.stdout).toBe(`api_timestamp\r\n${inventoryTimestamp}\r\n`);
  expect(csv.stderr).toBe('');
});

it('history --listings spells first_seen and last_seen the same way', async () => {
  const result = await tix(['history', 'TMUSA', agentId, '--db', db, '--listings', '-o', 'ndjson']);
  expect(result.code, result.stderr).toBe(0);
  const lives = result.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { first_seen: string; last_seen: string });
  expect(lives.length).toBeGreaterThan(0);
  for (const life of lives) {
    expect(life.first_seen).toBe(inventoryTimestamp);
    expect(life.last_seen).toBe(inventoryTimestamp);
  }
});
