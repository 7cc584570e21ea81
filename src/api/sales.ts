import type { ApiClient, RequestInit } from './client.js';
import { explainNotFound } from './identity.js';
import { expectArrayField, expectObject } from './shape.js';
import type { SalesDetailsResponse, SalesSummaryResponse } from './types.js';
import { endpointFor } from './url.js';

export interface SalesRange {
  /** YYYY-MM-DD */
  startDate?: string;
  /** YYYY-MM-DD */
  endDate?: string;
}

/** GET /events/{provider}/{eventId}/sales-summary: daily totals (seed 4.6). */
export async function getSalesSummary(
  client: ApiClient,
  provider: string,
  eventId: string,
  range: SalesRange = {},
  init?: RequestInit,
): Promise<SalesSummaryResponse> {
  return getSales<SalesSummaryResponse>(client, provider, eventId, 'sales-summary', 'salesData', range, init);
}

/** GET /events/{provider}/{eventId}/sales-details: every sale, grouped by day (seed 4.7). */
export async function getSalesDetails(
  client: ApiClient,
  provider: string,
  eventId: string,
  range: SalesRange = {},
  init?: RequestInit,
): Promise<SalesDetailsResponse> {
  return getSales<SalesDetailsResponse>(client, provider, eventId, 'sales-details', 'salesDetails', range, init);
}

async function getSales<T>(
  client: ApiClient,
  provider: string,
  eventId: string,
  resource: 'sales-summary' | 'sales-details',
  listField: 'salesData' | 'salesDetails',
  range: SalesRange,
  init: RequestInit | undefined,
): Promise<T> {
  const path = ['events', provider, eventId, resource];
  const query = { startDate: range.startDate, endDate: range.endDate };
  const body = await explainNotFound(client, client.get<unknown>(path, query, init), `event ${eventId} not found at provider ${provider}`);
  const endpoint = endpointFor(path);
  const object = expectObject(body, endpoint);
  expectArrayField(object, listField, endpoint);
  return object as T;
}
