import { Chalk } from 'chalk';
import Table from 'cli-table3';
import { accessor } from './flatten.js';
import { isNumeric, type ColumnType } from './column-types.js';
import { fitWidths } from './fit-widths.js';
import { tableText } from './table-cells.js';
import { displayWidth, truncateToWidth } from './text-width.js';

export interface TableOptions {
  columns: readonly string[];
  columnTypes?: Readonly<Record<string, ColumnType>>;
  header: boolean;
  /** Terminal width in cells; without it the table takes the room it needs. */
  width?: number;
  color: boolean;
}

/** cli-table3's frame: one border cell between columns and at each edge, one cell of padding on each side. */
const BORDER = 1;
const PADDING = 2;

/** Renders records as a table that fits `width`. Returns '' for no records: an empty search prints nothing. */
export function renderTable(records: readonly object[], options: TableOptions): string {
  if (records.length === 0 || options.columns.length === 0) return '';
  const { columns } = options;
  const readers = columns.map(accessor);
  const values = records.map((record) => readers.map((read) => read(record)));
  const types = columns.map((column, i) => options.columnTypes?.[column] ?? inferType(values, i));
  const cells = values.map((row) => row.map((value, i) => tableText(value, types[i]!)));
  const head = options.header ? columns.map((column) => column) : undefined;

  const measured = columns.map((_, i) => {
    let values = 0;
    for (const row of cells) values = Math.max(values, displayWidth(row[i]!));
    const natural = Math.max(1, values, head ? displayWidth(head[i]!) : 0);
    return { values, natural, cuttable: types[i] === 'text' };
  });
  const fitted =
    options.width === undefined
      ? measured.map((w) => w.natural)
      : fitWidths(measured, options.width - columns.length * (BORDER + PADDING) - BORDER);

  const bold = options.color ? new Chalk({ level: 1 }).bold : (text: string) => text;
  const table = new Table({
    ...(head ? { head: head.map((label, i) => bold(truncateToWidth(label, fitted[i]!))) } : {}),
    colWidths: fitted.map((w) => w + PADDING),
    colAligns: types.map((type) => (isNumeric(type) ? 'right' : 'left')),
    // No colour from cli-table3 itself (colour, when wanted, is only the bold header), and no rule between rows.
    style: { head: [], border: [], 'padding-left': 1, 'padding-right': 1, compact: true },
    wordWrap: false,
  });
  for (const row of cells) table.push(row.map((text, i) => truncateToWidth(text, fitted[i]!)));
  return `${table.toString()}\n`;
}

/** A column the command did not type is numeric when every value in it is a JSON number. */
function inferType(rows: readonly unknown[][], column: number): ColumnType {
  let sawNumber = false;
  for (const row of rows) {
    const value = row[column];
    if (value === null || value === undefined) continue;
    if (typeof value !== 'number') return 'text';
    sawNumber = true;
  }
  return sawNumber ? 'number' : 'text';
}
