import type { ApiClient } from '../api/client.js';
import { INVENTORY_IDS_MAX } from '../api/enums.js';
import { getInventory } from '../api/inventory.js';
import type { InventoryResponse } from '../api/types.js';
import { mapSettled, NOT_ATTEMPTED } from '../shared/concurrency.js';

export interface InventoryFetchOptions {
  concurrency: number;
  signal?: AbortSignal;
  /** Start no new request after one failed (the caller will fail anyway). */
  stopOnFailure: boolean;
}

export interface FailedBatch {
  ids: string[];
  error: unknown;
}

export interface InventoryFetch {
  /** The answers that came, merged: events in the order the ids were given, the newest timestamp kept. */
  inventory: InventoryResponse;
  /** Batches whose request failed after retries. */
  failures: FailedBatch[];
  /** Ids never asked for because an earlier batch failed (stopOnFailure): not failures, and counted apart. */
  notRequested: string[];
  /** The answers as they came, each with its own timestamp: `track` stores every event under its answer's. */
  responses: InventoryResponse[];
}

/**
 * One agent's inventory for any number of its event ids: the API's limit of 10 ids per request, up to
 * `concurrency` requests at once. `inventory`, `track` and `watch` all fetch through here.
 */
export async function fetchInventory(
  client: ApiClient,
  agent: string,
  ids: readonly string[],
  options: InventoryFetchOptions,
): Promise<InventoryFetch> {
  const batches: string[][] = [];
  for (let i = 0; i < ids.length; i += INVENTORY_IDS_MAX) batches.push(ids.slice(i, i + INVENTORY_IDS_MAX));
  const init = options.signal ? { signal: options.signal } : undefined;
  const settled = await mapSettled(batches, options.concurrency, (batch) => getInventory(client, agent, batch, init), {
    stopOnFailure: options.stopOnFailure,
  });
  const failures = settled.flatMap((s, i) => (s.ok || s.error === NOT_ATTEMPTED ? [] : [{ ids: batches[i]!, error: s.error }]));
  const notRequested = settled.flatMap((s, i) => (!s.ok && s.error === NOT_ATTEMPTED ? batches[i]! : []));
  const responses = settled.flatMap((s) => (s.ok ? [s.value] : []));
  return { inventory: mergeInventory(responses, ids), failures, notRequested, responses };
}

/** Batches merged into one response: events in the order the ids were given, the newest timestamp kept. */
export function mergeInventory(responses: InventoryResponse[], ids: readonly string[]): InventoryResponse {
  const order = new Map(ids.map((id, i) => [id, i]));
  const data = responses.flatMap((r) => r.data);
  // Stable sort: events the API names differently from the request keep their batch order at the end.
  data.sort((a, b) => (order.get(a.eventId) ?? Infinity) - (order.get(b.eventId) ?? Infinity));
  const timestamp = responses.map((r) => r.timestamp).reduce((newest, t) => (t > newest ? t : newest), '');
  return responses.length === 1 ? { ...responses[0]!, data } : { data, timestamp };
}
