import { searchEventsLater } from '../../../api/events.js';
import type { Runtime } from '../../kit/runtime.js';
import { listEventPages } from './paged-events.js';
import type { EventsSearchOptions } from './search.js';

export async function runEventsSearch(options: EventsSearchOptions, rt: Runtime): Promise<void> {
  const client = await rt.client();
  await listEventPages(rt, options.paging, options.output, (pageNumber, pageSize, signal) =>
    searchEventsLater(client, { ...options.filters, pageNumber, pageSize }, { signal }),
  );
}
