import { ALL_AGENTS, type MarketFloor } from '../../../market/floor.js';
import { ZONE_RULE } from '../../../market/zones.js';
import type { AcrossChart, EventSection, OverviewRow, ReportChart, ReportPage } from '../../../output/report-html.js';
import { thinPoints, type Domain, type TimeChart, type TimePoint, type TimeSeries } from '../../../output/time-chart.js';
import type {
  AgentEvent,
  CoverageRow,
  GoneListingsRow,
  ListingFilter,
  SalesDayRow,
  SectionSnapshotRow,
  SnapshotRow,
  StoredEvent,
} from '../../../store/store.js';
import { outputInstant } from '../../../store/timestamps.js';
import { historyChart, wallClock } from '../../kit/history-chart.js';
import { coverageRecord, isStale } from '../../kit/history-coverage.js';
import { sectionFloors, type SectionFloor } from '../../kit/section-floors.js';
import { change, daysLeft, marketOfSnapshots, summaryFigures, summaryRecord, type SummaryFigures } from '../../kit/summary-figures.js';
import { supplyRounds, type SupplyRound } from '../../kit/supply-rounds.js';
import { entryText, type TrackEntry } from '../../kit/track-entries.js';
import type { SummaryInputs } from '../../kit/summary-figures.js';

/** What the store holds for the report, read in one opening of it. */
export interface ReportReads {
  targets: ReportTarget[];
  coverage: CoverageRow[];
  sales: SalesDayRow[];
}

/**
 * An event of the report with what the store holds of it: its summary inputs, and its listings per section
 * and listings gone (read for the whole watch list at once, then split by event).
 */
export interface ReportTarget {
  entry: TrackEntry;
  events: AgentEvent[];
  about: StoredEvent | undefined;
  inputs: SummaryInputs;
  sections: SectionSnapshotRow[];
  gone: GoneListingsRow[];
}

const DAY_MS = 86_400_000;
/** Time buckets a chart's series are thinned to (about one per pixel of the SVG's plot). */
const CHART_BUCKETS = 780;
/** The zones a chart shows at most (the cheapest now); the sections table, the cheapest sections. */
const MAX_ZONES = 6;
const MAX_SECTIONS = 8;

interface Context {
  now: number;
  timeZone: string;
  window: { since: string | undefined; until: string | undefined };
}

/** Everything the report says of one event, computed by the functions `history` and its subcommands use. */
export interface ReportEvent {
  target: string;
  about: StoredEvent | undefined;
  /** `history summary -o json`'s records, agents then ALL (for an evt_ id). */
  summary: Record<string, unknown>[];
  /** The row the overview shows: ALL for an evt_ id, the agent's for AGENT:ID. */
  headline: SummaryFigures;
  /** change_range of `history summary --since <public sale>`; null when the public sale is unknown or to come. */
  changeSincePublicSale: number | null;
  daysLeft: number | null;
  coverage: CoverageRow[];
  health: { lastSnapshot: string; stale: string[]; gaps: number };
  /** The window's snapshots and the event's market floor (every snapshot, as history --chart reads it). */
  windowed: SnapshotRow[];
  market: MarketFloor;
  domain: Domain | undefined;
  /** What its zones, sections and supply are computed from, by eventDetails() when they are drawn. */
  snapshots: SnapshotRow[];
  sectionRows: SectionSnapshotRow[];
  goneRows: GoneListingsRow[];
  sales: SalesDayRow[];
  /** Floor ÷ the first floor in the window × 100, against days before the event (known date only). */
  index: { daysBefore: number; index: number }[];
}

/**
 * An event's floor per zone and per section and its supply per round: the bulk of the report's figures, so
 * computed one event at a time as its part of the page is written, and let go after.
 */
export interface EventDetails {
  zones: SectionFloor[];
  /** The cheapest now first. */
  sections: SectionFloor[];
  supply: SupplyRound[];
}

export function reportEventOf(target: ReportTarget, reads: ReportReads, context: Context): ReportEvent {
  const { entry, about, inputs, events } = target;
  const wholeEvent = entry.kind === 'event';
  const publicSale = about?.publicSaleDate ? Date.parse(about.publicSaleDate) : Number.NaN;
  const range =
    !Number.isNaN(publicSale) && publicSale <= context.now
      ? { since: new Date(publicSale).toISOString(), until: new Date(context.now).toISOString() }
      : undefined;
  const figures = summaryFigures(inputs, wholeEvent, { now: context.now, range });
  const headline = figures.find((f) => (wholeEvent ? f.row.agent === null : f.row.agent === entry.agent)) ?? figures.at(-1)!;
  const left = daysLeft(about?.eventDate ?? null, context.now);
  const mine = (row: { agent: string; eventId: string }) => events.some((e) => e.agent === row.agent && e.eventId === row.eventId);
  const coverage = reads.coverage.filter((c) => mine({ agent: c.agent, eventId: c.agentEventId }));
  const since = context.window.since ? Date.parse(context.window.since) : undefined;
  const until = context.window.until ? Date.parse(context.window.until) : undefined;
  const windowed = inputs.snapshots.filter((s) => inWindow(Date.parse(s.apiTimestamp), since, until));
  const market = marketOfSnapshots(inputs.snapshots);
  const instants = market.instants(since, until);
  const domain: Domain | undefined = instants.length === 0 ? undefined : [since ?? instants[0]!, until ?? instants.at(-1)!];
  const stubhub = events.find((e) => e.agent === 'STUBHUB')?.eventId;
  return {
    target: entryText(entry),
    about,
    summary: figures.map((f) => summaryRecord(f, left, false, true)),
    headline,
    changeSincePublicSale: range ? change(headline.rangeEnd, headline.rangeStart) : null,
    daysLeft: left,
    coverage,
    health: {
      lastSnapshot: coverage.reduce((latest, c) => (c.lastSnapshot > latest ? c.lastSnapshot : latest), ''),
      stale: coverage.filter((c) => isStale(c, context.now)).map((c) => c.agent),
      gaps: coverage.reduce((n, c) => n + c.gaps.length, 0),
    },
    windowed,
    market,
    domain,
    snapshots: inputs.snapshots,
    sectionRows: target.sections,
    goneRows: target.gone,
    sales: stubhub === undefined ? [] : reads.sales.filter((s) => s.eventId === stubhub && salesDayInWindow(s.date, since, until)),
    index: indexPath(market, about?.eventDate ?? null, since, until),
  };
}

export function eventDetails(e: ReportEvent, window: Context['window']): EventDetails {
  const [since, until] = bounds(window);
  const last = e.market.instants(since, until).at(-1) ?? 0;
  const floorNow = (f: SectionFloor) => f.floor.at(last).price ?? Number.POSITIVE_INFINITY;
  return {
    zones: sectionFloors(e.snapshots, e.sectionRows, 'zone'),
    sections: sectionFloors(e.snapshots, e.sectionRows, 'section').sort((a, b) => floorNow(a) - floorNow(b)),
    supply: supplyRounds(e.market, e.goneRows, since, until),
  };
}

function inWindow(at: number, since: number | undefined, until: number | undefined): boolean {
  return (since === undefined || at >= since) && (until === undefined || at <= until);
}

/** A sales day (its UTC midday) in the window, whose days the day's instant stands for. */
function salesDayInWindow(date: string, since: number | undefined, until: number | undefined): boolean {
  const day = Date.parse(`${date}T00:00:00Z`);
  return (since === undefined || day + DAY_MS > since) && (until === undefined || day <= until);
}

/**
 * The floor as an index (its first price in the window = 100) at each instant, against days before the event
 * (fractional: 2.5 is 60 hours before it), thinned as a chart is.
 */
function indexPath(market: MarketFloor, eventDate: string | null, since?: number, until?: number): { daysBefore: number; index: number }[] {
  if (eventDate === null) return [];
  const date = Date.parse(eventDate);
  const points = market.series(since, until).filter((p) => p.price !== null && p.at <= date);
  const base = points[0]?.price;
  if (!base) return [];
  const thinned = thinPoints(
    points.map((p) => ({ at: p.at, value: p.price })),
    [points[0]!.at, points.at(-1)!.at],
    CHART_BUCKETS,
  );
  return thinned.map((p) => ({ daysBefore: round((date - p.at) / DAY_MS, 3), index: round(((p.value as number) / base) * 100, 2) }));
}

/** The median of the events' indexes per whole day before the event (each event's last point that day), where two or more have one. */
function medianPath(events: readonly ReportEvent[]): { daysBefore: number; index: number }[] {
  const byDay = new Map<number, number[]>();
  for (const event of events) {
    const lastOfDay = new Map<number, number>();
    for (const p of event.index) {
      const day = Math.floor(p.daysBefore);
      if (!lastOfDay.has(day)) lastOfDay.set(day, p.index);
      else lastOfDay.set(day, p.index); // points run forward in time: the later one wins
    }
    for (const [day, index] of lastOfDay) byDay.set(day, [...(byDay.get(day) ?? []), index]);
  }
  return [...byDay]
    .filter(([, values]) => values.length >= 2)
    .sort((a, b) => b[0] - a[0])
    .map(([day, values]) => {
      const sorted = values.sort((a, b) => a - b);
      const middle = sorted.length / 2;
      const median = sorted.length % 2 === 1 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
      return { daysBefore: day, index: round(median, 2) };
    });
}

function round(value: number, places: number): number {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
}

interface Made {
  now: number;
  timeZone: string;
  store: string;
  flags: string;
  filter: ListingFilter | undefined;
  window: { since: string | undefined; until: string | undefined };
}

/** The overview's record of an event (`-o table`, csv; the page's row holds the same figures). */
export function overviewRecord(e: ReportEvent, listAsJson: boolean): Record<string, unknown> {
  const h = e.headline;
  return {
    target: e.target,
    name: e.about?.name ?? e.target,
    event_date: e.about?.eventDate ? outputInstant(e.about.eventDate) : null,
    days_left: e.daysLeft,
    current_price: h.current,
    current_agent: h.currentAgent,
    change_24h: change(h.current, h.dayAgo),
    change_7d: change(h.current, h.weekAgo),
    change_since_public_sale: e.changeSincePublicSale,
    lowest_price: h.row.lowestPrice,
    lowest_at: h.row.lowestAt === null ? null : outputInstant(h.row.lowestAt),
    listings_now: h.listingsNow,
    listings_peak: h.listingsPeak,
    tickets_now: h.ticketsNow,
    tickets_peak: h.ticketsPeak,
    last_snapshot: e.health.lastSnapshot ? outputInstant(e.health.lastSnapshot) : null,
    stale_agents: listAsJson ? e.health.stale : e.health.stale.join(','),
    gaps: e.health.gaps,
  };
}

/** `tix report -o json`: one document, every figure as the page shows it. */
export function reportDocument(events: readonly ReportEvent[], made: Made): Record<string, unknown> {
  const iso = (at: number) => outputInstant(new Date(at).toISOString());
  return {
    made_at: iso(made.now),
    store: made.store,
    time_zone: made.timeZone,
    since: made.window.since ?? null,
    until: made.window.until ?? null,
    min_quantity: made.filter?.minQuantity ?? null,
    section: made.filter?.section ?? null,
    events: events.map((e) => eventRecord(e, eventDetails(e, made.window), made)),
    median_index: medianPath(events).map((p) => ({ days_before: p.daysBefore, index: p.index })),
  };
}

function eventRecord(e: ReportEvent, details: EventDetails, made: Made): Record<string, unknown> {
  const iso = (at: number) => outputInstant(new Date(at).toISOString());
  return {
    ...overviewRecord(e, true),
    venue: e.about?.venue ?? null,
    city: e.about?.city ?? null,
    public_sale_date: e.about?.publicSaleDate ? outputInstant(e.about.publicSaleDate) : null,
    summary: e.summary,
    coverage: e.coverage.map((c) => coverageRecord(c, made.now)),
    floor: e.market.series(...bounds(made.window)).map((p) => ({ at: iso(p.at), price: p.price, agent: p.agent, stale_agents: p.stale })),
    zones: details.zones.map((z) => ({
      zone: z.name,
      lowest_price: z.lowest,
      points: floorPoints(z, made.window).map((p) => ({ at: iso(p.at), price: p.value })),
    })),
    sections: details.sections.map((s) => ({ section: s.name, zone: s.zone, lowest_price: s.lowest, current_price: sectionNow(e, s) })),
    supply: details.supply.map((r) => ({ at: iso(r.at), listings: r.listings, tickets: r.tickets, gone: r.gone })),
    sales: e.sales.map((s) => ({
      date: s.date,
      total_tickets: s.totalTickets,
      total_sales: s.totalSales,
      avg_price: s.avgPrice,
      min_price: s.minPrice,
      max_price: s.maxPrice,
    })),
    index: e.index.map((p) => ({ days_before: p.daysBefore, index: p.index })),
  };
}

function bounds(window: Made['window']): [number | undefined, number | undefined] {
  return [window.since ? Date.parse(window.since) : undefined, window.until ? Date.parse(window.until) : undefined];
}

function floorPoints(f: SectionFloor, window: Made['window']): TimePoint[] {
  return f.floor.series(...bounds(window)).map((p) => ({ at: p.at, value: p.price }));
}

function sectionNow(e: ReportEvent, s: SectionFloor): number | null {
  const last = e.domain?.[1];
  return last === undefined ? null : s.floor.at(last).price;
}

/** The page: the overview, the watch list across days before the events, each event, and how the figures are made. */
export function reportPage(events: readonly ReportEvent[], made: Made): ReportPage {
  const label = wallClock(made.timeZone);
  const anchors = events.map((_, i) => `event-${i + 1}`);
  const overview: OverviewRow[] = events.map((e, i) => {
    const r = overviewRecord(e, true);
    return {
      anchor: anchors[i]!,
      name: String(r.name),
      target: e.target,
      date: e.about?.eventDate ? label(Date.parse(e.about.eventDate)) : null,
      venue: [e.about?.venue, e.about?.city].filter(Boolean).join(', ') || null,
      daysLeft: e.daysLeft,
      current: r.current_price as number | null,
      currentAgent: r.current_agent as string | null,
      change24h: r.change_24h as number | null,
      change7d: r.change_7d as number | null,
      changeSale: e.changeSincePublicSale,
      lowest: r.lowest_price as number | null,
      lowestAt: r.lowest_at === null ? null : label(Date.parse(r.lowest_at as string)),
      listingsNow: e.headline.listingsNow,
      listingsPeak: e.headline.listingsPeak,
      ticketsNow: e.headline.ticketsNow,
      ticketsPeak: e.headline.ticketsPeak,
      lastSnapshot: e.health.lastSnapshot ? label(Date.parse(e.health.lastSnapshot)) : '–',
      stale: e.health.stale,
      gaps: e.health.gaps,
    };
  });
  const median = medianPath(events);
  const indexed = events.filter((e) => e.index.length > 0);
  const across: AcrossChart | undefined =
    indexed.length === 0
      ? undefined
      : {
          title: 'The watch list against days before each event (floor index, first floor = 100)',
          description: `Each event's floor (ALL) divided by its first floor in the window, times 100, against days before the event, for ${indexed.length} events; the dashed line is the median of the events' indexes per whole day before the event (the last of each event's day), where two or more events have one.${median.length > 0 ? ` The median runs from ${median[0]!.index} at ${median[0]!.daysBefore} days before to ${median.at(-1)!.index} at ${median.at(-1)!.daysBefore}.` : ''}`,
          lines: [
            ...indexed.map((e) => ({ name: e.target, points: e.index })),
            ...(median.length > 0 ? [{ name: 'median', points: median, median: true }] : []),
          ],
        };
  return {
    title: `Ticket prices: ${events.length === 1 ? (events[0]!.about?.name ?? events[0]!.target) : `${events.length} events`}`,
    madeAt: `${label(made.now)} (${made.timeZone})`,
    store: made.store,
    flags: made.flags,
    method: METHOD,
    overview,
    events: lazily(events, (e, i) => eventSection(e, anchors[i]!, made)),
    across,
  };
}

const METHOD = [
  "The floor, ALL, is the lowest price across the agents that count at an instant: each agent's latest snapshot, unless it is older than twice that agent's usual interval (then the agent is stale and left out). It is the figure of 'tix history summary' (docs/history.md, \"The market floor, ALL\"); every figure here is one that 'tix history', 'history summary', 'history coverage' or 'history --by' gives for the same flags.",
  'Changes compare the floor now with the floor that counted 24 hours and 7 days ago, and at the public sale (empty when no price counted then, or no snapshot was taken since). The overview sums up the whole history; --since and --until bound the charts.',
  `${ZONE_RULE} A zone's floor is ALL over its sections' listings.`,
  "Supply: listings and tickets on offer are those of the agents that count at each round, as ALL counts them. Gone: listings in an agent's previous snapshot that are not in its next one, summed over the agents; gone is not sold (a listing withdrawn is gone too). Sales are StubHub's daily summary (tix track --sales), drawn at midday UTC of each day.",
  "Across events: each event's floor divided by its first floor in the window, times 100 (so events of different prices compare), against days before the event; the median path is the median of the events' indexes for each whole day before the event.",
  'Charts with more points than pixels are thinned: in each pixel column the first, last, lowest and highest point are kept, so no lowest price is ever dropped.',
];

/** Each event's section, made as the page is written: one event's section floors and supply at a time. */
function* lazily<T, U>(items: readonly T[], make: (item: T, i: number) => U): Generator<U> {
  for (const [i, item] of items.entries()) yield make(item, i);
}

function eventSection(e: ReportEvent, anchor: string, made: Made): EventSection {
  const details = eventDetails(e, made.window);
  const label = wallClock(made.timeZone);
  const [since, until] = bounds(made.window);
  const price = historyChart(e.windowed, {
    timeZone: made.timeZone,
    target: e.target,
    about: e.about,
    market: e.market,
  });
  const charts: ReportChart[] = [];
  // A window no snapshot fell in has no domain of its own: the charts span the window (empty), not nothing.
  const [from, to] = [since ?? made.now, until ?? made.now];
  const domain: Domain = e.domain ?? [Math.min(from, to), Math.max(from, to)];
  const shared = (chart: TimeChart): TimeChart => ({
    ...chart,
    domain,
    series: chart.series.map((s) => thinned(s, domain)),
  });
  charts.push({ chart: shared(price), description: priceWords(e, label) });
  const zoneNow = (z: SectionFloor) => (e.domain ? z.floor.at(e.domain[1]).price : null) ?? Number.POSITIVE_INFINITY;
  const zones = [...details.zones].sort((a, b) => zoneNow(a) - zoneNow(b)).slice(0, MAX_ZONES);
  if (zones.length > 0) {
    charts.push({
      chart: shared({
        ...price,
        title: `${price.title}: the floor per zone`,
        subtitle: [`ALL per zone (the ${zones.length} cheapest now of ${details.zones.length})`, price.subtitle[1] ?? ''],
        series: zones.map((z) => ({ name: z.name, points: z.floor.series(since, until).map((p) => ({ at: p.at, value: p.price })) })),
      }),
      description: `The floor per zone: ${zones.map((z) => `${z.name} ${z.lowest === null ? 'no price' : `lowest ${money2(z.lowest)}`}`).join('; ')}.`,
    });
  }
  const count = (value: number) => String(Math.round(value));
  charts.push({
    chart: shared({
      ...price,
      title: `${price.title}: supply`,
      subtitle: ['Listings on offer (agents that count), and listings gone since the previous round', price.subtitle[1] ?? ''],
      valueLabel: 'Listings',
      series: [
        { name: 'listings on offer', points: details.supply.map((r) => ({ at: r.at, value: r.listings })) },
        { name: 'gone since the previous round', points: details.supply.map((r) => ({ at: r.at, value: r.gone })) },
      ],
      formatValue: count,
      nothingToPlot: 'No listings in the window.',
    }),
    description: supplyWords(details.supply, label),
  });
  const salesSeries: TimeSeries[] = e.sales.length
    ? [
        {
          name: 'tickets sold per day (StubHub)',
          points: e.sales.map((s) => ({ at: Date.parse(`${s.date}T12:00:00Z`), value: s.totalTickets })),
        },
      ]
    : [];
  charts.push({
    chart: shared({
      ...price,
      title: `${price.title}: tickets${e.sales.length ? ' and sales' : ''}`,
      subtitle: [
        `Tickets on offer (agents that count)${e.sales.length ? ", and StubHub's tickets sold per day" : ''}`,
        price.subtitle[1] ?? '',
      ],
      valueLabel: 'Tickets',
      series: [{ name: 'tickets on offer', points: details.supply.map((r) => ({ at: r.at, value: r.tickets })) }, ...salesSeries],
      formatValue: count,
      nothingToPlot: 'No tickets in the window.',
    }),
    description: `Tickets on offer from ${details.supply[0]?.tickets ?? 0} to ${details.supply.at(-1)?.tickets ?? 0}.${e.sales.length ? ` StubHub sold ${e.sales.reduce((n, s) => n + s.totalTickets, 0)} tickets over ${e.sales.length} days.` : ' No sales recorded (tix track --sales).'}`,
  });
  const about = e.about;
  const facts = [
    about?.eventDate ? `${label(Date.parse(about.eventDate))}${e.daysLeft !== null ? ` (${e.daysLeft} days left)` : ''}` : 'date unknown',
    [about?.venue, about?.city].filter(Boolean).join(', '),
    `agents: ${[...new Set(e.coverage.map((c) => c.agent))].join(', ')}`,
    `last snapshot ${e.health.lastSnapshot ? label(Date.parse(e.health.lastSnapshot)) : '–'}${e.health.stale.length ? `; stale: ${e.health.stale.join(', ')}` : ''}${e.health.gaps ? `; ${e.health.gaps} gaps` : ''}`,
    e.target,
  ].filter((f) => f !== '');
  const notes = e.headline.stale.length
    ? [`ALL now leaves out ${e.headline.stale.join(', ')}: their latest snapshot is older than twice their usual interval.`]
    : [];
  return {
    anchor,
    title: about?.name ?? e.target,
    facts,
    charts,
    sections: details.sections
      .slice(0, MAX_SECTIONS)
      .map((s) => ({ section: s.name, zone: s.zone, now: sectionNow(e, s), lowest: s.lowest })),
    notes,
  };
}

function thinned(series: TimeSeries, domain: Domain | undefined): TimeSeries {
  return domain ? { ...series, points: thinPoints(series.points, domain, CHART_BUCKETS) } : series;
}

function money2(value: number): string {
  return value.toFixed(2);
}

function priceWords(e: ReportEvent, label: (at: number) => string): string {
  const points = e.domain ? e.market.series(e.domain[0], e.domain[1]).filter((p) => p.price !== null) : [];
  if (points.length === 0) return 'No prices in the window.';
  const low = points.reduce((a, b) => (b.price! < a.price! ? b : a));
  return `The floor (${ALL_AGENTS}) went from ${money2(points[0]!.price!)} on ${label(points[0]!.at)} to ${money2(points.at(-1)!.price!)} on ${label(points.at(-1)!.at)}; its lowest was ${money2(low.price!)} on ${label(low.at)} (${low.agent}). Each agent's lowest price is drawn too.`;
}

function supplyWords(supply: readonly SupplyRound[], label: (at: number) => string): string {
  if (supply.length === 0) return 'No rounds in the window.';
  const first = supply[0]!;
  const last = supply.at(-1)!;
  const gone = supply.reduce((n, r) => n + (r.gone ?? 0), 0);
  return `Listings on offer went from ${first.listings} (${label(first.at)}) to ${last.listings} (${label(last.at)}); ${gone} listings went over ${supply.length} rounds.`;
}
