import { searchEventsLater, type EventSearchParams } from '../../../api/events.js';
import type { Runtime } from '../../kit/runtime.js';
import { listEventPages } from './paged-events.js';
import type { PagingOptions } from '../../kit/paging.js';
import type { OutputOptions } from '../../kit/output-options.js';

/** Search filters without paging: what `tix events search` sends, in the API's own names. */
export type SearchFilters = Omit<EventSearchParams, 'pageNumber' | 'pageSize'>;

export interface EventsSearchOptions {
  filters: SearchFilters;
  paging: PagingOptions;
  output: OutputOptions;
}

export async function runEventsSearch(options: EventsSearchOptions, rt: Runtime): Promise<void> {
  const client = await rt.client();
  await listEventPages(rt, options.paging, options.output, (pageNumber, pageSize, signal) =>
    searchEventsLater(client, { ...options.filters, pageNumber, pageSize }, { signal }),
  );
}
