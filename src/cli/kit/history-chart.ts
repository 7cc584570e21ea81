import type { SnapshotRow, StoredEvent } from '../../store/store.js';
import { extent, type TimeChart, type TimeMarker, type TimeSeries } from '../../output/time-chart.js';
import { money } from '../../output/money.js';
import { ALL_AGENTS, type MarketFloor } from '../../market/floor.js';
import { type ChartFilters, filtersLine, wallClockSeconds } from './history-chart-filters.js';

/** What a chart's title and markers say of the service's event. */
export type EventAbout = Pick<StoredEvent, 'name' | 'eventDate' | 'venue' | 'city' | 'country' | 'publicSaleDate'>;

export interface HistoryChartOptions {
  /** IANA zone of the time labels (--tz, the timezone setting). */
  timeZone: string;
  /** The target as given (`evt_...`, `TMUSA:...`): the title when the service's event is not known. */
  target: string;
  /** The service's event, when the store (or the API) knows it: its name, date and place title the chart. */
  about?: EventAbout | undefined;
  /** For an evt_ id: the market floor, drawn as ALL over the chart's range when there are several agents. */
  market?: MarketFloor | undefined;
  /** --min-quantity, --section, --since and --until: the subtitle says them. */
  filters?: ChartFilters;
}

/** The currency of a venue's prices by its country (the API prices in the venue's currency); others are named as such. */
export const CURRENCIES: Record<string, string> = { US: 'USD', CA: 'CAD', GB: 'GBP' };

/**
 * `tix history --chart`: the lowest price (min_price) of each snapshot, one series per agent, at the
 * snapshot's API timestamp, and for several agents the market floor across them (ALL, src/market/floor.ts) at
 * each instant one of them has a snapshot at.
 * A snapshot without listings has no lowest price: a gap in its agent's line. The title names the event
 * (name, date, venue) for an evt_ id and an agent's event alike; the event's date and its public sale are
 * ruled where the snapshots span them.
 */
export function historyChart(rows: readonly SnapshotRow[], options: HistoryChartOptions): TimeChart {
  const byAgent = new Map<string, { at: number; value: number | null }[]>();
  for (const row of rows) {
    const points = byAgent.get(row.agent) ?? [];
    points.push({ at: Date.parse(row.apiTimestamp), value: row.minPrice });
    byAgent.set(row.agent, points);
  }
  const agents: TimeSeries[] = [...byAgent].map(([name, points]) => ({ name, points: points.sort((a, b) => a.at - b.at) }));
  const [first, last] = extent(agents.flatMap((a) => [a.points[0]!.at, a.points.at(-1)!.at])) ?? [Number.NaN, Number.NaN];
  const floor = agents.length > 1 && options.market ? options.market.series(first, last) : undefined;
  const series: TimeSeries[] = floor
    ? [...agents, { name: ALL_AGENTS, points: floor.map((p) => ({ at: p.at, value: p.price })), floor: true }]
    : agents;
  const label = wallClock(options.timeZone);
  const what = agents.length > 1 ? 'by agent, and the lowest across them (ALL)' : `at ${agents[0]?.name ?? 'no agent'}`;
  const about = options.about;
  return {
    title: title(options.target, about, label),
    subtitle: [
      `Lowest price (min_price) ${what}`,
      // No snapshot at all: tix report's page of a window none fell in (history --chart stops before).
      Number.isNaN(first) ? `no snapshots (${options.timeZone})` : `${label(first)} to ${label(last)} (${options.timeZone})`,
      ...filtersLine(options.filters, options.timeZone),
    ],
    valueLabel: `Lowest price (${(about?.country && CURRENCIES[about.country]) || "the venue's currency"})`,
    series,
    markers: markers(about, label),
    nothingToPlot: 'No prices to chart: no snapshot had listings.',
    timeZone: options.timeZone,
    formatValue: money,
    formatTime: label,
  };
}

/** `Name · 2026-03-18 20:00 · Venue, City`, as far as the event is known; else the target as given. */
function title(target: string, about: EventAbout | undefined, label: (at: number) => string): string {
  if (!about) return target;
  const place = [about.venue, about.city].filter(Boolean).join(', ');
  const date = about.eventDate === null ? '' : label(Date.parse(about.eventDate));
  const parts = [about.name ?? target, date, place].filter((p) => p !== '');
  return parts.join(' · ');
}

/** The event's date, then its public sale: ruled when in the range, named in the legend either way. */
function markers(about: EventAbout | undefined, label: (at: number) => string): TimeMarker[] {
  const found: TimeMarker[] = [];
  const add = (iso: string | null | undefined, name: string) => {
    const at = iso ? Date.parse(iso) : Number.NaN;
    if (!Number.isNaN(at)) found.push({ at, label: `${name} ${label(at)}` });
  };
  add(about?.eventDate, 'event');
  add(about?.publicSaleDate, 'public sale');
  return found;
}

/** `YYYY-MM-DD HH:MM` in the time zone. */
export function wallClock(timeZone: string): (at: number) => string {
  const seconds = wallClockSeconds(timeZone);
  return (at) => seconds(at).slice(0, 16);
}
