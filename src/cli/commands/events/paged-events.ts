import { paginate } from '../../../api/paginate.js';
import { firstPageAhead } from '../../../api/first-page-ahead.js';
import type { DeferredEventsPage } from '../../../api/events-stream.js';
import type { EventListing } from '../../../api/types.js';
import type { OutputOptions } from '../../kit/output-options.js';
import type { PagingOptions } from '../../kit/paging.js';
import { watchedKey } from '../../kit/present.js';
import { keepHeapSmall } from '../../kit/lean-heap.js';
import { markedBatches } from '../../kit/page-batches.js';
import { progress } from '../../kit/progress.js';
import type { Runtime } from '../../kit/runtime.js';
import { type RowWriter, TranscodeMemory } from '../../../output/index.js';
import { type EventBatch, eventCount } from './formatted-rows.js';
import { transcodedPage } from './transcoded-page.js';
import { writeEventPages } from './write-event-pages.js';
import { writePageDocument } from './page-document.js';
import { isDocument } from '../../../output/formats.js';

/** A page read but parsed only when its turn comes (searchEventsLater, listEventsByAgentLater). */
export type FetchEventsPage = (pageNumber: number, pageSize: number, signal: AbortSignal) => Promise<DeferredEventsPage>;

/** Lists events a page at a time (events search, events by-agent): one page, --limit n, or --all. */
export async function listEventPages(rt: Runtime, paging: PagingOptions, output: OutputOptions, fetchPage: FetchEventsPage): Promise<void> {
  // One page as JSON is the API's payload, untouched (with --fields, its events are cut down as pages are).
  if (isDocument(output.format) && output.fields === undefined && !paging.all && paging.limit === undefined) {
    const count = await writePageDocument(rt, output, await fetchPage(paging.page, paging.pageSize, rt.signal));
    if (count === 0) rt.note('No events found.');
    hintMorePages(rt, count, paging);
    return;
  }

  if (paging.all) await keepHeapSmall();
  const spinner = await progress(rt, 'Fetching events', output);
  let fetched = 0;
  let lastPageSize = 0;
  let firstPage = true;
  // csv and tsv rows of an export are made straight from the pages' bytes once the first page has fixed the
  // columns (transcoded-page.ts); any page that cannot be is read the usual way.
  let writer: RowWriter | undefined;
  const transcode = makesRowsFromBytes(paging, output);
  const key = watchedKey(rt);
  const memory = new TranscodeMemory();
  let turn = 0;
  const fetchOne = (pageNumber: number, signal: AbortSignal) => fetchPage(pageNumber, paging.pageSize, signal);
  // --jq's sink opens once jq has compiled the filter (kit/present.ts, withSink): the first page is on its way
  // meanwhile. The sink still opens first, so a filter that does not compile is the error, as it was.
  const ahead = output.jq !== undefined ? firstPageAhead(fetchOne, paging.page, rt.signal) : undefined;
  const pages = paginate<DeferredEventsPage, EventBatch[number]>(
    (pageNumber, signal) => (ahead ?? { fetchPage: fetchOne }).fetchPage(pageNumber, signal),
    {
      // Pages of --all go out in batches as they are parsed, so no page's worth of objects is held at once,
      // each batch but a page's last marked as such (--jq filters a page at a time); for csv and tsv the first
      // page is written whole, as they fix their columns from the first batch.
      items: async (page) => {
        const pageNumber = paging.page + turn++;
        const plan = transcode ? writer?.rowTextPlan?.() : undefined;
        if (plan && page.text) {
          const rows = await transcodedPage(page, plan, key, memory);
          rt.trace(`events page ${pageNumber}: ${rows ? `${output.format} rows made from its bytes` : 'read record by record'}`);
          if (rows) return [rows];
        }
        const stream = paging.all && (!firstPage || isDocument(output.format));
        firstPage = false;
        return stream ? markedBatches(page.batches()) : await everyEvent(page);
      },
      size: eventCount,
      // Only an export whose rows come from the pages' bytes makes so few objects that V8 would keep the
      // pages' memory until a full collection (api/byte-blocks.ts); any other leaves it to the collector.
      done: (page) => {
        if (transcode) page.release();
      },
      firstPage: paging.page,
      pageSize: paging.pageSize,
      all: paging.all || paging.limit !== undefined,
      concurrency: pagesAhead(paging),
      ...(paging.limit !== undefined ? { limit: paging.limit } : {}),
    },
  );
  const counted = (async function* () {
    for await (const page of pages) {
      const count = eventCount(page);
      fetched += count;
      lastPageSize = count;
      spinner.update(`Fetching events: ${fetched.toLocaleString('en-US')} so far`);
      yield page;
    }
  })();
  try {
    await writeEventPages(rt, output, counted, (fixed) => {
      writer = fixed;
    });
  } finally {
    ahead?.cancel();
    spinner.stop();
  }
  if (!paging.all && paging.limit === undefined) hintMorePages(rt, lastPageSize, paging);
}

/**
 * A page's events as one list (csv and tsv fix their columns from the first page; a table sizes its columns
 * from every row), parsed a slice at a time: the page is never one string or one copy of its bytes beside
 * its objects, as a whole parse makes it (3.9 MB of each for a 3.9 MB page; BENCHMARKS.md, issue 36 §4).
 */
async function everyEvent(page: DeferredEventsPage): Promise<EventListing[]> {
  const events: EventListing[] = [];
  for await (const batch of page.batches()) for (const event of batch) events.push(event);
  return events;
}

/**
 * Events fetched ahead of the one being written are held as raw pages (2.3 MB per 5,000 events), so big
 * pages are not fetched --concurrency at a time: as many as hold about EVENTS_AHEAD events, and at least
 * two, so one page's answer is on its way while another is written (issue 29 §5: at --page-size 5000, six
 * pages ahead cost ~10 MB of peak RSS and no time; BENCHMARKS.md).
 */
function pagesAhead(paging: PagingOptions): number {
  return Math.min(paging.concurrency, Math.max(2, Math.ceil(EVENTS_AHEAD / paging.pageSize)));
}

const EVENTS_AHEAD = 10_000;

/**
 * Whether the rows of this run may be made straight from the pages' bytes: a long csv or tsv export whose
 * columns follow the records (not --fields, which the writer checks record by record) and that is not cut
 * short (--limit counts records as they are parsed).
 */
function makesRowsFromBytes(paging: PagingOptions, output: OutputOptions): boolean {
  return paging.all && paging.limit === undefined && (output.format === 'csv' || output.format === 'tsv') && output.fields === undefined;
}

/** A full page means there may be more; say how to get them, on stderr where it does not disturb the data. */
function hintMorePages(rt: Runtime, count: number, paging: PagingOptions): void {
  if (count >= paging.pageSize) {
    rt.note(
      `Showing page ${paging.page} (${count} ${count === 1 ? 'event' : 'events'}); more may follow: use --page ${paging.page + 1} or --all.`,
    );
  }
}
