/**
 * Lines in braille: each terminal cell holds two columns by four rows of dots (U+2800 plus one bit per
 * dot), so a line between two points moves in quarter rows and half columns rather than whole cells.
 */

/** The bit of the dot in each row (0-3, top first) and column (0-1) of a cell. */
const DOT_BITS = [
  [0x01, 0x08],
  [0x02, 0x10],
  [0x04, 0x20],
  [0x40, 0x80],
] as const;

export interface DotCell {
  /** The braille dots drawn in the cell, as bits. */
  dots: number;
  /** The series that drew last in it, for its colour. */
  series: number;
}

/**
 * Draws a straight line of dots from one point to another, given in cell units (column, row: fractions
 * allowed, whole numbers at a cell's centre), into the cells `cellAt` gives; a cell it gives no cell for
 * (outside the plot, or kept for something else) is passed over.
 */
export function brailleLine(
  [column0, row0]: readonly [number, number],
  [column1, row1]: readonly [number, number],
  series: number,
  cellAt: (column: number, row: number) => DotCell | undefined,
): void {
  const [x0, y0, x1, y1] = [column0 * 2 + 0.5, row0 * 4 + 1.5, column1 * 2 + 0.5, row1 * 4 + 1.5];
  const steps = Math.max(1, Math.ceil(Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0))));
  for (let i = 0; i <= steps; i++) {
    const x = Math.round(x0 + ((x1 - x0) * i) / steps);
    const y = Math.round(y0 + ((y1 - y0) * i) / steps);
    const cell = cellAt(Math.floor(x / 2), Math.floor(y / 4));
    if (!cell) continue;
    cell.dots |= DOT_BITS[y % 4]![x % 2]!;
    cell.series = series;
  }
}

/** The braille character of a cell's dots. */
export function brailleText(dots: number): string {
  return String.fromCodePoint(0x2800 + dots);
}
