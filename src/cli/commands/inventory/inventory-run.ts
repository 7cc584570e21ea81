import { AGENT_CODES } from '../../../api/agents.js';
import { ApiError, isNotFound, NotTheApiError } from '../../../api/errors.js';
import type { InventoryEvent, InventoryResponse } from '../../../api/types.js';
import { fetchInventory, type InventoryFetch } from '../../../market/fetch-inventory.js';
import { ExitCode, TixError } from '../../../shared/errors.js';
import { marketFigures } from '../../../market/figures.js';
import { filterListings, isFiltering, type ListingFilter } from '../../kit/listing-filters.js';
import { money } from '../../../output/money.js';
import { prettyJson, rowWriterFor, withSink, writeJson, type RecordView } from '../../kit/present.js';
import { progress } from '../../kit/progress.js';
import type { Runtime } from '../../kit/runtime.js';
import type { OutputOptions } from '../../kit/output-options.js';
import { isDocument, isForPeople } from '../../../output/formats.js';
import { messageOf } from '../../../shared/message-of.js';
import { listingRow } from '../../kit/listing-row.js';

export interface InventoryOptions {
  agent: string;
  ids: string[];
  partial: boolean;
  /** Applied to every event's listings before anything is printed or computed. */
  filter: ListingFilter;
  concurrency: number;
  output: OutputOptions;
}

/** One row per listing; the agent's own extra fields follow the documented ones, then the timestamp. */
const LISTING_VIEW: RecordView = {
  documented: ['ticketAgent', 'eventId', 'section', 'row', 'quantity', 'price', 'listingId', 'timestamp'],
  tableDefaults: ['eventId', 'section', 'row', 'quantity', 'price', 'listingId'],
  lastColumns: ['timestamp'],
  columnTypes: { quantity: 'integer', price: 'price', timestamp: 'datetime' },
  fit: { identifiers: ['eventId', 'listingId'], dropOrder: ['listingId', 'row', 'quantity'] },
  jsonKey: 'listings',
};

export async function runInventory(options: InventoryOptions, rt: Runtime): Promise<number> {
  const client = await rt.client();
  const spinner = await progress(rt, `Fetching inventory for ${options.ids.length} events`, options.output);
  let fetched: InventoryFetch;
  try {
    // Without --partial the first failure decides the outcome, so stop asking.
    fetched = await fetchInventory(client, options.agent, options.ids, {
      concurrency: options.concurrency,
      signal: rt.signal,
      stopOnFailure: !options.partial,
    });
  } finally {
    spinner.stop();
  }

  const { failures } = fetched;
  const wrongUrl = failures.find((f) => f.error instanceof NotTheApiError);
  if (wrongUrl) throw wrongUrl.error;
  const unknownAgent = failures.find((f) => isNotFound(f.error));
  if (unknownAgent) {
    throw new ApiError(
      `ticket agent '${options.agent}' not recognised (HTTP 404); known agents: ${AGENT_CODES.join(', ')}`,
      ExitCode.NOT_FOUND,
      {
        endpoint: (unknownAgent.error as ApiError).endpoint,
        status: 404,
      },
    );
  }
  if (failures.length > 0 && !options.partial) {
    const first = failures[0]!.error;
    const exitCode = first instanceof TixError ? first.exitCode : ExitCode.ERROR;
    throw new TixError(`could not fetch inventory for ${failureText(fetched, options.ids.length)}`, exitCode);
  }

  await writeInventory(filterInventory(fetched.inventory, options.filter), options, rt);

  if (failures.length > 0) {
    rt.warn(`inventory is missing for ${failureText(fetched, options.ids.length)}`);
    return ExitCode.ERROR;
  }
  return ExitCode.OK;
}

async function writeInventory(inventory: InventoryResponse, options: InventoryOptions, rt: Runtime): Promise<void> {
  const { output } = options;
  await withSink(rt, output, async (sink) => {
    if (isDocument(output.format) && output.fields === undefined) {
      await writeJson(sink, inventory, prettyJson(rt, output));
      return;
    }
    const rows = listingRows(inventory, isForPeople(output.format));
    const writer = rowWriterFor(rt, output, sink, LISTING_VIEW);
    await writer.write(rows);
    await writer.end();
  });
  if (isForPeople(output.format)) for (const line of summaryLines(inventory.data, isFiltering(options.filter))) rt.note(line);
}

/** The response with each event's `sections` narrowed to the listings the filters keep; its shape unchanged. */
function filterInventory(inventory: InventoryResponse, filter: ListingFilter): InventoryResponse {
  if (!isFiltering(filter)) return inventory;
  return { ...inventory, data: inventory.data.map((event) => ({ ...event, sections: filterListings(filter, event.sections) })) };
}

/** Flattens events into listing rows; for a table, each event's listings cheapest first. */
export function listingRows(inventory: InventoryResponse, byPrice: boolean): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  for (const event of inventory.data) {
    const sections = byPrice ? [...event.sections].sort((a, b) => a.price - b.price) : event.sections;
    for (const listing of sections)
      rows.push(listingRow({ ticketAgent: event.ticketAgent, eventId: event.eventId }, listing, inventory.timestamp));
  }
  return rows;
}

function summaryLines(events: InventoryEvent[], filtered: boolean): string[] {
  return events.map((event) => {
    const { listings, tickets, minPrice, medianPrice } = marketFigures(event.sections);
    if (minPrice === null || medianPrice === null) return `${event.eventId}: no listings${filtered ? ' match the filters' : ''}`;
    return `${event.eventId}: ${listings} listings, ${tickets} tickets, lowest ${money(minPrice)}, median ${money(medianPrice)}`;
  });
}

/**
 * What failed, counted apart from what was never asked for after it (without --partial tix stops asking at
 * the first failure): "20 of 1,324 ids (a, b, …), 2 requests failed; 1,304 ids were not requested after
 * the first failure; first error: ...".
 */
function failureText({ failures, notRequested }: InventoryFetch, total: number): string {
  const failed = failures.flatMap((f) => f.ids);
  const shown = `${failed.slice(0, 10).join(', ')}${failed.length > 10 ? ', …' : ''}`;
  const requests = failures.length === 1 ? '1 request failed' : `${count(failures.length)} requests failed`;
  const after = failures.length === 1 ? 'the failure' : 'the first failure';
  const skipped =
    notRequested.length === 0
      ? ''
      : `; ${count(notRequested.length)} ${notRequested.length === 1 ? 'id was' : 'ids were'} not requested after ${after}`;
  const error = `${failures.length === 1 ? 'error' : 'first error'}: ${messageOf(failures[0]!.error)}`;
  return `${count(failed.length)} of ${count(total)} ids (${shown}), ${requests}${skipped}; ${error}`;
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}
