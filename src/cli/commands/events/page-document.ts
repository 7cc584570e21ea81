import type { DeferredEventsPage, EventsPagePart } from '../../../api/events-stream.js';
import { createJsonObjectWriter } from '../../../output/index.js';
import { watchOf } from '../../kit/echoed-key.js';
import type { OutputOptions } from '../../kit/output-options.js';
import { keepCompilersLean, keepHeapSmall } from '../../kit/lean-heap.js';
import { prettyJson, withSink } from '../../kit/present.js';
import type { Runtime } from '../../kit/runtime.js';

/**
 * One page as a JSON document (-o json, --jq): the API's payload, its members in the order it sent them,
 * written as it is parsed, its events a batch at a time. Neither the page's text nor its objects are ever
 * whole: with --jq, jq's worker and jq's copy of the page are in memory beside it (a page of 3.9 MB peaked
 * at 130 MB on Node.js 24 parsed whole; BENCHMARKS.md, issue 36 §4). Returns how many events it had. A page
 * with none writes nothing, unless to --out, which is always a whole document.
 */
export async function writePageDocument(rt: Runtime, output: OutputOptions, page: DeferredEventsPage): Promise<number> {
  // On stdout a page that turns out not to be JSON, or larger than the bound once decoded, must leave nothing
  // written there, so it is read through once first, keeping nothing. jq writes nothing before the document's
  // last byte (it filters whole documents), and --out is written to a temporary file: those read it once.
  if (output.jq === undefined && output.out === undefined) for await (const _ of page.parts());
  await keepHeapSmall();
  // jq's copy of the page grows beside this thread's: on Node.js 24, V8's optimizing compilers' code and memory
  // would take 8 MB of what is left (lean-heap.ts).
  if (output.jq !== undefined) keepCompilersLean();
  const parts = page.parts();
  try {
    // Read up to the first event: whether there is anything to write is known before the output opens.
    const head: EventsPagePart[] = [];
    let next = await parts.next();
    for (; !next.done; next = await parts.next()) {
      head.push(next.value);
      if ('events' in next.value && next.value.events.length > 0) break;
    }
    if (next.done && output.out === undefined) return 0;
    return await withSink(rt, output, async (sink) => {
      const writer = createJsonObjectWriter(sink, prettyJson(rt, output));
      const watch = watchOf(sink);
      let count = 0;
      const write = (part: EventsPagePart): Promise<void> => {
        if ('member' in part) {
          watch?.scan(part.value, part.member);
          return writer.member(part.member, part.value);
        }
        count += part.events.length;
        if (watch) for (const event of part.events) watch.scan(event, 'events[]');
        return writer.items('events', part.events);
      };
      for (const part of head.splice(0)) await write(part);
      for await (const part of parts) await write(part);
      await writer.end('events');
      return count;
    });
  } finally {
    await parts.return(undefined);
  }
}
