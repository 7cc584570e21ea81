import type { ListingFilter } from '../../store/store.js';
import { describeFilter } from './listing-filters.js';

/** What `tix history --chart` was drawn from: --min-quantity and --section, and --since and --until as the instants they mean (ISO 8601, UTC). */
export interface ChartFilters {
  listings?: ListingFilter | undefined;
  since?: string | undefined;
  until?: string | undefined;
}

/**
 * The subtitle's line of filters, `filtered by --min-quantity 2 --section 'floor*' --since 2026-03-05 --until
 * '2026-03-21 12:00'`: the flags the chart was drawn with, as a person could type them again (with the same
 * --tz; describeFilter spells the listing filters); none without filters, so that a chart of some listings
 * or of part of the history never looks like the whole.
 */
export function filtersLine(filters: ChartFilters | undefined, timeZone: string): string[] {
  const listings = filters?.listings;
  const flags = [
    listings
      ? describeFilter({
          ...(listings.minQuantity !== undefined ? { minQuantity: listings.minQuantity } : {}),
          ...(listings.section !== undefined ? { section: { pattern: listings.section } } : {}),
        })
      : '',
    filters?.since ? `--since ${bound(filters.since, 'since', timeZone)}` : '',
    filters?.until ? `--until ${bound(filters.until, 'until', timeZone)}` : '',
  ].filter((flag) => flag !== '');
  return flags.length === 0 ? [] : [`filtered by ${flags.join(' ')}`];
}

/**
 * A --since or --until instant as it could be typed again in the zone: its date alone when it is the
 * start of that day (--since) or its last microsecond (--until, as `--until 2026-03-05` means), else
 * `'2026-03-05 12:00'`, with seconds when it has them.
 */
function bound(iso: string, which: 'since' | 'until', timeZone: string): string {
  const at = Date.parse(iso);
  const wall = wallClockSeconds(timeZone);
  if (which === 'until' && iso.endsWith('.999999Z') && wall(at + 1).endsWith(' 00:00:00')) return wall(at).slice(0, 10);
  const text = wall(at);
  if (which === 'since' && text.endsWith(' 00:00:00')) return text.slice(0, 10);
  return `'${text.endsWith(':00') ? text.slice(0, 16) : text}'`;
}

/** `YYYY-MM-DD HH:MM:SS` in the time zone. */
export function wallClockSeconds(timeZone: string): (at: number) => string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return (at) => {
    const parts = Object.fromEntries(format.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
  };
}
