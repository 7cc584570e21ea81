/**
 * Shares out a terminal's width between table columns. Text columns give way first, the widest first, down
 * to a few cells each. Numbers and date-times are never cut (a cut number reads as a different number);
 * only their headers shrink, to the width of their values. If even that does not fit, the table is wider
 * than the terminal, which is better than hiding data.
 */
export interface ColumnWidth {
  /** The widest cell, header included. */
  natural: number;
  /** The widest value, header excluded. */
  values: number;
  /** Text may be cut with an ellipsis; numbers and date-times may not. */
  cuttable: boolean;
}

/** Text columns are not cut below this (or their natural width, if smaller): "ab…" still hints at the value. */
export const MIN_TEXT_WIDTH = 4;

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
