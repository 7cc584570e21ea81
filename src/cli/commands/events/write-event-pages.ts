import type { EventListing } from '../../../api/types.js';
import type { OutputOptions } from '../../kit/output-options.js';
import { jsonListFor, rowWriterFor, withSink } from '../../kit/present.js';
import type { Runtime } from '../../kit/runtime.js';
import type { RowWriter } from '../../../output/index.js';
import { EVENT_VIEW } from './event-record-view.js';
import { type EventBatch, formattedRowsOf } from './formatted-rows.js';
import { isDocument } from '../../../output/formats.js';

/**
 * Streams pages of events to the output as they arrive, in order: rows for table/csv/tsv/ndjson, one merged
 * `{ "events": [...] }` for json. Returns how many events were written. For csv and tsv a page may come as
 * rows already made by the writer's plan; `onWriter` is given the writer once its columns are fixed.
 */
export async function writeEventPages(
  rt: Runtime,
  output: OutputOptions,
  pages: AsyncIterable<EventListing[] | EventBatch>,
  onWriter?: (writer: RowWriter) => void,
): Promise<number> {
  return withSink(rt, output, async (sink) => {
    let count = 0;
    if (isDocument(output.format)) {
      // Opened on the first event: no results means nothing at all on stdout, but a file is always a whole
      // document, so a cron job never keeps reading yesterday's file.
      let writer: ReturnType<typeof jsonListFor> | undefined;
      for await (const page of pages as AsyncIterable<EventListing[]>) {
        if (page.length === 0) continue;
        writer ??= jsonListFor(rt, output, sink, 'events', true);
        await writer.write(page);
        count += page.length;
      }
      if (!writer && output.out !== undefined) writer = jsonListFor(rt, output, sink, 'events', true);
      await writer?.end();
    } else {
      const writer = rowWriterFor(rt, output, sink, EVENT_VIEW);
      for await (const page of pages) {
        const formatted = formattedRowsOf(page);
        if (formatted) {
          const { text, rows, plan, release } = formatted.rowText;
          if (await writer.writeRowText?.(text, rows, plan)) {
            // The text's memory is reused for the next page once the sink no longer needs it.
            if (sink.written) {
              await sink.written();
              release();
            }
          } else {
            release();
            for await (const events of formatted.events()) await writer.write(events);
          }
          count += rows;
          continue;
        }
        await writer.write(page as EventListing[]);
        count += page.length;
        if (page.length > 0) onWriter?.(writer);
      }
      await writer.end();
    }
    if (count === 0) rt.note('No events found.');
    return count;
  });
}
