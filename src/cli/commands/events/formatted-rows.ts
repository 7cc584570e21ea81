import type { EventListing } from '../../../api/types.js';
import type { RowTextPlan } from '../../../output/index.js';

/**
 * A page of events made into csv or tsv rows straight from its bytes (output/delimited-transcoder.ts), by
 * the writer's plan, standing alone in a batch where the page's events would be; `events` reads them the
 * usual way for a writer whose columns have changed since.
 */
export class FormattedRows {
  constructor(
    /** `release` gives the text's memory back once it has been written (Sink.written). */
    readonly rowText: { text: Uint8Array; rows: number; plan: RowTextPlan; release(): void },
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
