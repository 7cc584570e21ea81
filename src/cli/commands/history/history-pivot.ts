import type { ColumnType } from '../../../output/column-types.js';
import { timeZoneOffsetMs } from '../../../shared/time-zone-offset.js';
import { ALL_AGENTS, type MarketFloor } from '../../../market/floor.js';
import type { PeriodSnapshotRow, PeriodUnit } from '../../../store/store.js';
import { addDays } from '../../kit/parse/dates.js';
import type { RecordView } from '../../kit/present.js';
import type { SectionFloor } from '../../kit/section-floors.js';
import type { SupplyRound } from '../../kit/supply-rounds.js';

const HOUR_MS = 3_600_000;

/** The column across agents, for an evt_ id. */
export { ALL_AGENTS };

/** The lowest price of a period, of one agent or across them (agent null). */
export interface PeriodLowRow {
  period: string;
  agent: string | null;
  lowestPrice: number | null;
}

/**
 * Each agent's lowest price per period, from its snapshots in it; and with a market floor, ALL's: the lowest
 * the floor was at the instants of the period's snapshots (src/market/floor.ts: an agent's snapshot from before
 * the period counts while it is current; a stale one does not).
 */
export function periodLows(rows: readonly PeriodSnapshotRow[], market: MarketFloor | undefined): PeriodLowRow[] {
  const lows = new Map<string, PeriodLowRow>();
  const lower = (period: string, agent: string | null, price: number | null) => {
    const key = `${period}\u0000${agent ?? ''}`;
    const held = lows.get(key);
    if (!held) lows.set(key, { period, agent, lowestPrice: price });
    else if (price !== null && (held.lowestPrice === null || price < held.lowestPrice)) held.lowestPrice = price;
  };
  let instant: string | undefined;
  for (const row of rows) {
    lower(row.period, row.agent, row.minPrice);
    if (market && row.apiTimestamp !== instant) {
      instant = row.apiTimestamp;
      lower(row.period, null, market.at(Date.parse(instant)).price);
    }
  }
  return [...lows.values()];
}

/** `--by ... --supply`: a period's listings and tickets on offer at its last round, and the listings gone over its rounds. */
export interface PeriodSupply {
  listings: number;
  tickets: number;
  /** Summed over the period's rounds; null when no round of it has a previous snapshot to compare with. */
  gone: number | null;
}

/** The supply columns' names, after the prices. */
export const SUPPLY_COLUMNS = ['listings', 'tickets', 'gone'] as const;

/**
 * The supply rounds (kit/supply-rounds.ts, what tix report's supply chart draws) by period: each round falls in
 * the period of the snapshots taken at its instant (the store's periods, from the --by rows).
 */
export function periodSupply(rows: readonly PeriodSnapshotRow[], rounds: readonly SupplyRound[]): Map<string, PeriodSupply> {
  const periodAt = new Map<number, string>();
  for (const row of rows) periodAt.set(Date.parse(row.apiTimestamp), row.period);
  const supply = new Map<string, PeriodSupply>();
  for (const round of rounds) {
    const period = periodAt.get(round.at);
    if (period === undefined) continue;
    const held = supply.get(period);
    // Rounds run oldest first: the last one of the period says what was on offer at its end.
    const gone = round.gone === null ? (held?.gone ?? null) : (held?.gone ?? 0) + round.gone;
    supply.set(period, { listings: round.listings, tickets: round.tickets, gone });
  }
  return supply;
}

/** How pivotRecords keys a period: an hour's instant in one spelling, as periodsBetween makes them. */
function periodKey(by: PeriodUnit, period: string): string {
  return by === 'hour' ? new Date(Date.parse(period)).toISOString() : period;
}

/**
 * `history --by`: one record per period from the first to the last with a snapshot, every period in
 * between included (a spreadsheet's time axis stays even), and one column per agent (then ALL) holding
 * the lowest price of its snapshots in that period: empty where it has none, never carried forward.
 * With `supply` (--supply), then the period's listings, tickets and gone (empty for a period without a round).
 */
export function pivotRecords(
  lows: readonly PeriodLowRow[],
  agents: readonly string[],
  by: PeriodUnit,
  timeZone: string,
  withAll: boolean,
  supply?: ReadonlyMap<string, PeriodSupply>,
): Record<string, unknown>[] {
  const cells = new Map<string, Map<string, number | null>>();
  for (const low of lows) {
    const period = periodKey(by, low.period);
    let row = cells.get(period);
    if (!row) cells.set(period, (row = new Map()));
    row.set(low.agent ?? ALL_AGENTS, low.lowestPrice);
  }
  const supplyOf = supply && new Map([...supply].map(([period, s]) => [periodKey(by, period), s]));
  const columns = withAll ? [...agents, ALL_AGENTS] : [...agents];
  return periodsBetween([...cells.keys()], by).map((period) => {
    const row = cells.get(period);
    const shown = by === 'hour' ? localHour(period, timeZone) : by === 'days-to-event' ? Number(period) : period;
    const record: Record<string, unknown> = { [periodColumn(by)]: shown };
    for (const column of columns) record[column] = row?.get(column) ?? null;
    if (supplyOf) {
      const s = supplyOf.get(period);
      record.listings = s?.listings ?? null;
      record.tickets = s?.tickets ?? null;
      record.gone = s?.gone ?? null;
    }
    return record;
  });
}

/**
 * `history --by ... --per section|zone`: pivotRecords' rows once per section (or zone) of kit/section-floors.ts
 * (what tix report computes), in its order, for every period: each agent's lowest price of its listings there in
 * the period's snapshots, and ALL the lowest that section's floor was at the instants of the period's snapshots
 * (periodLows over the section's floor, as --by's ALL over the event's).
 */
export function sectionPivotRecords(
  rows: readonly PeriodSnapshotRow[],
  floors: readonly SectionFloor[],
  per: 'section' | 'zone',
  agents: readonly string[],
  by: PeriodUnit,
  timeZone: string,
  withAll: boolean,
): Record<string, unknown>[] {
  const first = periodColumn(by);
  const each = floors.map((f) => {
    const inSection = rows.map((r) => ({ ...r, minPrice: f.floor.agentAt(r.agent, Date.parse(r.apiTimestamp))?.price ?? null }));
    return pivotRecords(periodLows(inSection, withAll ? f.floor : undefined), agents, by, timeZone, withAll);
  });
  // Every section has a low in every period with a snapshot (an empty one where it had no listing): the same periods.
  const periods = each[0]?.length ?? 0;
  const records: Record<string, unknown>[] = [];
  for (let i = 0; i < periods; i++) {
    floors.forEach((f, j) => {
      const { [first]: period, ...prices } = each[j]![i]!;
      records.push({ [first]: period, [per]: f.name, ...prices });
    });
  }
  return records;
}

/** The first column's name: the period's unit, or `days_before` (whole days before the event: 0 is its last 24 hours, negative after it). */
function periodColumn(by: PeriodUnit): string {
  return by === 'days-to-event' ? 'days_before' : by;
}

export function pivotView(
  agents: readonly string[],
  by: PeriodUnit,
  withAll: boolean,
  extra: { per?: 'section' | 'zone'; supply?: boolean } = {},
): RecordView {
  const first = periodColumn(by);
  const prices = [...agents, ...(withAll ? [ALL_AGENTS] : [])];
  const columns = [first, ...(extra.per ? [extra.per] : []), ...prices, ...(extra.supply ? SUPPLY_COLUMNS : [])];
  const firstType: ColumnType = by === 'hour' ? 'datetime' : by === 'days-to-event' ? 'integer' : 'date';
  const typeOf = (c: string): ColumnType => (c === first ? firstType : c === extra.per ? 'text' : prices.includes(c) ? 'price' : 'integer');
  return {
    documented: columns,
    tableDefaults: columns,
    columnTypes: Object.fromEntries(columns.map((c): [string, ColumnType] => [c, typeOf(c)])),
    fit: { identifiers: extra.per ? [first, extra.per] : [first], dropOrder: [] },
  };
}

/** Every period from the first to the last of these (sorted, as the store gives them; days before the event, counting down). */
function periodsBetween(periods: readonly string[], by: PeriodUnit): string[] {
  if (periods.length === 0) return [];
  const first = periods[0]!;
  const last = periods.at(-1)!;
  const all = new Set(periods);
  if (by === 'days-to-event') {
    // Counting down: the farthest day first, every day to the nearest included.
    const days = periods.map(Number);
    const [far, near] = [Math.max(...days), Math.min(...days)];
    return Array.from({ length: far - near + 1 }, (_, i) => String(far - i));
  }
  if (by === 'hour') {
    // A zone whose offset changes by part of an hour shifts its hours: those starts are kept as they are.
    for (let at = Date.parse(first); at < Date.parse(last); at += HOUR_MS) all.add(new Date(at).toISOString());
    return [...all].sort((a, b) => Date.parse(a) - Date.parse(b));
  }
  const step = by === 'week' ? 7 : 1;
  for (let day = first; day < last; day = addDays(day, step)) all.add(day);
  return [...all].sort();
}

/** The local start of an hour with its offset, `2026-03-14T23:00:00-04:00`: one text per hour, daylight-saving's repeated hour included. */
function localHour(instant: string, timeZone: string): string {
  const at = Date.parse(instant);
  const offsetMinutes = Math.round(timeZoneOffsetMs(timeZone, at) / 60_000);
  const wall = new Date(at + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${wall}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
