import { UsageError } from '../shared/errors.js';
import type { ApiClient, RequestInit } from './client.js';
import { INVENTORY_IDS_MAX } from './enums.js';
import { explainNotFound } from './identity.js';
import { expectArrayField, expectObject } from './shape.js';
import type { InventoryResponse } from './types.js';
import { endpointFor } from './url.js';

/**
 * GET /inventory/{ticketAgent}/{id,id,...}: current listings for up to 10 of one agent's events in one
 * request. The ids travel as one path segment with literal commas between them (each id itself
 * percent-encoded), which is the form the contract documents.
 */
export async function getInventory(
  client: ApiClient,
  ticketAgent: string,
  ids: readonly string[],
  init?: RequestInit,
): Promise<InventoryResponse> {
  if (ids.length === 0) throw new UsageError('give at least one event id');
  // The API answers 400 above the limit; saying so here names the limit and costs no request.
  if (ids.length > INVENTORY_IDS_MAX)
    throw new UsageError(`at most ${INVENTORY_IDS_MAX} event ids per inventory request (got ${ids.length})`);
  const path = ['inventory', ticketAgent, ids];
  const body = await explainNotFound(client, client.get<unknown>(path, undefined, init), `ticket agent ${ticketAgent} not recognized`);
  const endpoint = endpointFor(path);
  const object = expectObject(body, endpoint);
  expectArrayField(object, 'data', endpoint);
  return object as InventoryResponse;
}
