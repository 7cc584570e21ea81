import type { EventListing } from '../../../api/types.js';
import type { RowTextPlan, TranscodedRows } from '../../../output/index.js';

/**
 * A page of events made into csv or tsv rows straight from its bytes (output/delimited-transcoder.ts), by
 * the writer's plan, standing alone in a batch where the page's events would be; `events` reads them the
 * usual way for a writer whose columns have changed since.
 */
export class FormattedRows {
  constructor(
    readonly rowText: TranscodedRows & { plan: RowTextPlan },
    readonly events: () => AsyncIterable<EventListing[]>,
  ) {}
}

export type EventBatch = (EventListing | FormattedRows)[];

/** The formatted page a batch is, if it is one. */
export function formattedRowsOf(batch: EventBatch): FormattedRows | undefined {
  const first = batch[0];
  return batch.length === 1 && first instanceof FormattedRows ? first : undefined;
}

/** How many events a batch stands for. */
export function eventCount(batch: EventBatch): number {
  return formattedRowsOf(batch)?.rowText.rows ?? batch.length;
}
