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
      count = await writeAll(pages as AsyncIterable<EventListing[]>, async (page) => {
        if (page.length === 0) return 0;
        writer ??= jsonListFor(rt, output, sink, 'events', true);
        await writer.write(page);
        return page.length;
      });
      if (!writer && output.out !== undefined) writer = jsonListFor(rt, output, sink, 'events', true);
      await writer?.end();
    } else {
      const writer = rowWriterFor(rt, output, sink, EVENT_VIEW);
      count = await writeAll(pages, async (page) => {
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
          return rows;
        }
        await writer.write(page as EventListing[]);
        if (page.length > 0) onWriter?.(writer);
        return page.length;
      });
      await writer.end();
    }
    if (count === 0) rt.note('No events found.');
    return count;
  });
}

/**
 * Writes each page and returns how many events were written. A function of its own so that its frame, and
 * the last page it held, is gone before the writer's end(): a suspended async function keeps every local it
 * ever had, and end() may load DuckDB (Parquet), which would then sit beside the whole last page (a 3.9 MB
 * page of events: 9,000 records and the body's bytes).
 */
async function writeAll<T>(pages: AsyncIterable<T>, writePage: (page: T) => Promise<number>): Promise<number> {
  let count = 0;
  for await (const page of pages) count += await writePage(page);
  return count;
}
