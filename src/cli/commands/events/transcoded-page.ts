import type { DeferredEventsPage } from '../../../api/events-stream.js';
import { canTranscode, DelimitedTranscoder, type RowTextPlan, type TranscodeMemory } from '../../../output/index.js';
import { FormattedRows } from './formatted-rows.js';

/**
 * A page of an events export as csv or tsv rows made straight from its bytes (output/delimited-transcoder.ts),
 * or undefined for the page to be read the usual way: when the transcoder gives up (a new column, an echoed
 * key, a page not of the documented shape) or the page does not decode, which the usual way then reports.
 */
export async function transcodedPage(
  page: DeferredEventsPage,
  plan: RowTextPlan,
  watchFor: string | undefined,
  memory: TranscodeMemory,
): Promise<FormattedRows | undefined> {
  if (page.text === undefined || !canTranscode(plan, 'id')) return undefined;
  const transcoder = new DelimitedTranscoder({ plan, arrayKey: 'events', requiredString: 'id', memory, ...(watchFor ? { watchFor } : {}) });
  try {
    for await (const slice of page.text.slices()) if (!transcoder.push(slice)) return undefined;
  } catch {
    transcoder.abandon();
    return undefined;
  }
  const rows = transcoder.end();
  if (rows === undefined) return undefined;
  page.text.checked();
  return new FormattedRows({ ...rows, plan }, () => page.batches());
}
