import type { ColumnType } from '../../../output/column-types.js';
import { timeZoneOffsetMs } from '../../../shared/time-zone-offset.js';
import { ALL_AGENTS, type MarketFloor } from '../../../market/floor.js';
import type { PeriodSnapshotRow, PeriodUnit } from '../../../store/store.js';
import { addDays } from '../../kit/parse/dates.js';
import type { RecordView } from '../../kit/present.js';

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

/**
 * `history --by`: one record per period from the first to the last with a snapshot, every period in
 * between included (a spreadsheet's time axis stays even), and one column per agent (then ALL) holding
 * the lowest price of its snapshots in that period: empty where it has none, never carried forward.
 */
export function pivotRecords(
  lows: readonly PeriodLowRow[],
  agents: readonly string[],
  by: PeriodUnit,
  timeZone: string,
  withAll: boolean,
): Record<string, unknown>[] {
  const cells = new Map<string, Map<string, number | null>>();
  for (const low of lows) {
    // An hour's instant in one spelling, as periodsBetween makes them.
    const period = by === 'hour' ? new Date(Date.parse(low.period)).toISOString() : low.period;
    let row = cells.get(period);
    if (!row) cells.set(period, (row = new Map()));
    row.set(low.agent ?? ALL_AGENTS, low.lowestPrice);
  }
  const columns = withAll ? [...agents, ALL_AGENTS] : [...agents];
  return periodsBetween([...cells.keys()], by).map((period) => {
    const row = cells.get(period);
    const shown = by === 'hour' ? localHour(period, timeZone) : by === 'days-to-event' ? Number(period) : period;
    const record: Record<string, unknown> = { [periodColumn(by)]: shown };
    for (const column of columns) record[column] = row?.get(column) ?? null;
    return record;
  });
}

/** The first column's name: the period's unit, or `days_before` (whole days before the event: 0 is its last 24 hours, negative after it). */
function periodColumn(by: PeriodUnit): string {
  return by === 'days-to-event' ? 'days_before' : by;
}

export function pivotView(agents: readonly string[], by: PeriodUnit, withAll: boolean): RecordView {
  const first = periodColumn(by);
  const columns = [first, ...agents, ...(withAll ? [ALL_AGENTS] : [])];
  const firstType: ColumnType = by === 'hour' ? 'datetime' : by === 'days-to-event' ? 'integer' : 'date';
  return {
    documented: columns,
    tableDefaults: columns,
    columnTypes: Object.fromEntries(columns.map((c): [string, ColumnType] => [c, c === first ? firstType : 'price'])),
    fit: { identifiers: [first], dropOrder: [] },
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
