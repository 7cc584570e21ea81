/**
 * Shares out a terminal's width between table columns. Text columns give way first, the widest first.
 * Numbers, date-times and identifiers are never cut (a cut number reads as a different number, a cut id
 * may match several rows and cannot be pasted into the next command); only their headers shrink, to the
 * width of their values. When that is not enough the command's least important columns are left out, and
 * when even the rest does not fit there is no table: the records are shown as blocks instead.
 */
export interface ColumnWidth {
  /** The widest cell, header included. */
  natural: number;
  /** The widest value, header excluded. */
  values: number;
  /** Text may be cut with an ellipsis; numbers, date-times and identifiers may not. */
  cuttable: boolean;
}

/** How a command's table gives way to a narrow terminal, declared with its columns. */
export interface TableFit {
  /** Identifiers and codes (event and listing ids, agent codes): never cut. */
  identifiers?: readonly string[];
  /** Columns a narrow terminal may leave out, least important first; columns not named are always shown. */
  dropOrder?: readonly string[];
}

/** The columns a table shows (indexes into the columns measured) and their content widths. */
export interface TablePlan {
  shown: number[];
  widths: number[];
}

/** cli-table3's frame: a border cell between columns and at each edge, a cell of padding on each side. */
const FRAME_PER_COLUMN = 3;

/**
 * Text narrower than this is barely readable, so columns are left out before any text column is cut below
 * it; only when nothing more may be left out is text cut further, down to MIN_TEXT_WIDTH.
 */
const READABLE_TEXT_WIDTH = 10;

/** Text columns are not cut below this (or their natural width, if smaller): "ab…" still hints at the value. */
export const MIN_TEXT_WIDTH = 4;

/**
 * Which columns fit `width` cells, and how wide: all of them if text cut to READABLE_TEXT_WIDTH makes them
 * fit; else without the columns `dropOrder` (indexes, least important first) names, one at a time, until
 * they do; else, with nothing left to leave out, cut to the minimum. Undefined when not even that fits.
 */
export function planTable(columns: readonly ColumnWidth[], dropOrder: readonly number[], width: number): TablePlan | undefined {
  let shown = columns.map((_, i) => i);
  const room = () => width - shown.length * FRAME_PER_COLUMN - 1;
  const needs = (min: (c: ColumnWidth) => number) => shown.reduce((sum, i) => sum + min(columns[i]!), 0);
  const plan = () => ({
    shown,
    widths: fitWidths(
      shown.map((i) => columns[i]!),
      room(),
    ),
  });
  for (const next of [...dropOrder, undefined]) {
    if (needs((c) => (c.cuttable ? Math.min(c.natural, READABLE_TEXT_WIDTH) : c.natural)) <= room()) return plan();
    if (next === undefined || shown.length === 1) break;
    shown = shown.filter((i) => i !== next);
  }
  const tightest = needs((c) => (c.cuttable ? Math.min(c.natural, MIN_TEXT_WIDTH) : Math.max(1, Math.min(c.natural, c.values))));
  return tightest <= room() ? plan() : undefined;
}

/** Content widths (padding and borders excluded) that fit `available` cells, or come as close as allowed. */
export function fitWidths(columns: readonly ColumnWidth[], available: number): number[] {
  const widths = columns.map((c) => c.natural);
  const textMins = columns.map((c) => (c.cuttable ? Math.min(c.natural, MIN_TEXT_WIDTH) : c.natural));
  shrink(widths, textMins, available);
  const headerMins = columns.map((c, i) => (c.cuttable ? textMins[i]! : Math.max(1, Math.min(c.natural, c.values))));
  shrink(widths, headerMins, available);
  return widths;
}

/**
 * Lowers a common ceiling over the columns until the total fits (each column stays at or above its minimum),
 * then hands the cells left over back one by one, so the full width is used.
 */
function shrink(widths: number[], mins: readonly number[], available: number): void {
  const total = (ceiling: number) => widths.reduce((sum, w, i) => sum + Math.max(mins[i]!, Math.min(w, ceiling)), 0);
  if (total(Infinity) <= available) return;
  let low = 0;
  let high = Math.max(0, ...widths);
  // The highest ceiling whose total fits; if none does, 0 (everything at its minimum).
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (total(mid) <= available) low = mid;
    else high = mid - 1;
  }
  let spare = available - total(low);
  for (let i = 0; i < widths.length; i++) {
    const capped = Math.max(mins[i]!, Math.min(widths[i]!, low));
    if (spare > 0 && capped < widths[i]! && capped === low) {
      widths[i] = capped + 1;
      spare--;
    } else {
      widths[i] = capped;
    }
  }
}
