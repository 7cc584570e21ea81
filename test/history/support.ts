/**
 * Price-history tests: a sandbox whose clock the test moves (inventory changes every 15 minutes of it),
 * a database file in a temporary folder, and tix run as its own process against both.
 */
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { FIXED_NOW, useSandbox, type Sandbox } from '../helpers/sandbox.js';
import { type InProcessOptions, runTix } from '../helpers/tix.js';
import { sandboxEnv, tempDir, type TixResult } from '../helpers/tix-env.js';
import type { StoreLocation, StoreUnderTest } from './stores.js';
import { expect } from 'vitest';

export const MINUTE = 60_000;

export interface ClockedSandbox {
  sandbox: () => Sandbox;
  /** Sets the sandbox clock (epoch milliseconds or ISO text). */
  setClock(at: number | string): void;
  now(): number;
}

/** A sandbox for the enclosing file or describe block, its clock starting at FIXED_NOW. */
export function useClockedSandbox(): ClockedSandbox {
  let now = Date.parse(FIXED_NOW);
  // 2,400 of the world's twelve years: about 50 events on sale at any clock, some at each agent.
  const sandbox = useSandbox({ now: () => new Date(now), events: 2400 });
  return {
    sandbox,
    setClock: (at) => {
      now = typeof at === 'number' ? at : Date.parse(at);
    },
    now: () => now,
  };
}

/**
 * A new store of `store`'s kind with one TMUSA event tracked once at FIXED_NOW, for a `beforeAll`: enough for
 * history sql to open it (its tables exist) when the query itself makes the rows.
 */
export async function trackedOnce(store: StoreUnderTest, clock: ClockedSandbox): Promise<StoreLocation> {
  const at = store.fresh();
  clock.setClock(FIXED_NOW);
  const track = await tixAt(clock.sandbox(), ['track', `TMUSA:${onSale(clock.sandbox(), 'TMUSA')[0]!.agentId}`, ...at.args]);
  expect(track.code, track.stderr).toBe(0);
  return at;
}

/** Events with an id at `agent` that are on public sale at the sandbox's clock. */
export function onSale(sandbox: Sandbox, agent: string): { id: string; agentId: string }[] {
  const now = new Date(sandbox.now()).toISOString();
  return sandbox.events
    .filter((e) => e.agentIds[agent] && e.publicSaleDate < now && e.eventDate > now)
    .map((e) => ({ id: e.id, agentId: e.agentIds[agent]! }));
}

/** A new database path in its own temporary folder (the file does not exist yet). */
export function freshDb(): string {
  return join(tempDir('tix-history-'), 'history.duckdb');
}

/** Runs tix against the sandbox (TIX_BASE_URL, TIX_API_KEY), with a HOME of its own so nothing reaches the real one. */
export function tixAt(sandbox: Sandbox, args: readonly string[], options: InProcessOptions = {}): Promise<TixResult> {
  return runTix(args, { ...options, env: { HOME: tempDir('tix-home-'), ...sandboxEnv(sandbox.url), ...options.env } });
}

/** SQL on a DuckDB file, as an analyst would run it (the file must not be open for writing elsewhere). */
export async function sql(file: string, text: string): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY' });
  try {
    const connection = await instance.connect();
    const rows = (await connection.runAndReadAll(text)).getRowObjectsJS();
    connection.closeSync();
    return rows;
  } finally {
    instance.closeSync();
  }
}

/** A listing as `tix inventory` printed it. */
export interface PrintedListing {
  listingId: string;
  section: string;
  row: string;
  quantity: number;
  price: number;
}

/**
 * The row `tix history --listings -o json` gives a listing seen at these API timestamps (oldest first):
 * its latest section, row and quantity, first and last seen, first, last and lowest price.
 */
export function listingLife(sightings: readonly { at: string; listing: PrintedListing }[], gone: boolean): Record<string, unknown> {
  const first = sightings[0]!;
  const last = sightings.at(-1)!;
  return {
    listing_id: last.listing.listingId,
    section: last.listing.section,
    row: last.listing.row,
    quantity: last.listing.quantity,
    first_seen: first.at,
    last_seen: last.at,
    first_price: first.listing.price,
    last_price: last.listing.price,
    lowest_price: Math.min(...sightings.map((s) => s.listing.price)),
    gone,
  };
}
