import { Chalk } from 'chalk';
import Table from 'cli-table3';
import { accessor } from './flatten.js';
import { isNumeric, type ColumnType } from './column-types.js';
import { planTable, type TableFit, type TablePlan } from './fit-widths.js';
import { renderBlocks } from './table-blocks.js';
import { safeText, tableText } from './table-cells.js';
import { displayWidth, truncateToWidth } from './text-width.js';

export interface TableOptions {
  columns: readonly string[];
  columnTypes?: Readonly<Record<string, ColumnType>>;
  header: boolean;
  /** Terminal width in cells; without it the table takes the room it needs. */
  width?: number;
  color: boolean;
  /** How the table gives way to a narrow terminal: its identifiers and the columns it may leave out. */
  fit?: TableFit;
}

export interface RenderedTable {
  text: string;
  /** Columns left out to fit the width, least important first. */
  leftOut: string[];
}

/** cli-table3's padding: one cell on each side of a column's content (fit-widths counts the borders too). */
const PADDING = 2;

/**
 * Renders records as a table that fits `width`, or, when not even the columns that must stay fit, as one
 * block of `key: value` lines per record. Returns '' for no records: an empty search prints nothing.
 */
export function renderTable(records: readonly object[], options: TableOptions): RenderedTable {
  if (records.length === 0 || options.columns.length === 0) return { text: '', leftOut: [] };
  const { columns } = options;
  const readers = columns.map(accessor);
  const values = records.map((record) => {
    const source = record !== null && typeof record === 'object' ? record : {};
    return readers.map((read) => read(source));
  });
  const types = columns.map((column, i) => options.columnTypes?.[column] ?? inferType(values, i));
  const cells = values.map((row) => row.map((value, i) => tableText(value, types[i]!)));
  const bold = options.color ? new Chalk({ level: 1 }).bold : (text: string) => text;

  const identifiers = new Set(options.fit?.identifiers);
  const measured = columns.map((column, i) => {
    let values = 0;
    for (const row of cells) values = Math.max(values, displayWidth(row[i]!));
    const natural = Math.max(1, values, options.header ? displayWidth(safeText(column)) : 0);
    return { values, natural, cuttable: types[i] === 'text' && !identifiers.has(column) };
  });
  let plan: TablePlan | undefined = { shown: columns.map((_, i) => i), widths: measured.map((w) => w.natural) };
  if (options.width !== undefined) {
    const dropOrder = (options.fit?.dropOrder ?? []).map((column) => columns.indexOf(column)).filter((i) => i >= 0);
    plan = planTable(measured, dropOrder, options.width);
  }
  if (!plan) return { text: renderBlocks(columns.map(safeText), cells, options.width!, bold), leftOut: [] };

  const { shown, widths } = plan;
  const aligns = shown.map((i) => (isNumeric(types[i]!) ? 'right' : 'left') as Align);
  const headRow = options.header ? shown.map((i, k) => bold(truncateToWidth(safeText(columns[i]!), widths[k]!))) : undefined;
  const rows = cells.map((row) => shown.map((i, k) => truncateToWidth(row[i]!, widths[k]!)));
  return { text: drawTable(rows, widths, aligns, headRow), leftOut: columns.filter((_, i) => !shown.includes(i)) };
}

export type Align = 'left' | 'right';

/** Draws cells that already fit their column widths (content widths, padding excluded). */
export function drawTable(
  rows: readonly (readonly string[])[],
  widths: readonly number[],
  aligns: readonly Align[],
  head?: string[],
): string {
  const frame = drawFrame(widths, aligns, head);
  let body = '';
  for (const row of rows) body += `${drawRow(row, widths, aligns)}\n`;
  return `${frame.top}\n${body}${frame.bottom}\n`;
}

/**
 * cli-table3 draws the frame: borders and the header. It gets slower than linear with the number of rows
 * (about 0.15 ms a row at best, 30 s for 20,000), so the body rows are drawn here, the way it draws them:
 * a border, one space of padding, the cell padded to the column width by the same width function, one
 * space, the next border. A test renders the same rows with cli-table3 and requires identical text.
 */
function drawFrame(widths: readonly number[], aligns: readonly Align[], head: string[] | undefined): { top: string; bottom: string } {
  const table = new Table({
    ...(head ? { head } : {}),
    colWidths: widths.map((w) => w + PADDING),
    colAligns: [...aligns],
    // No colour from cli-table3 itself (colour, when wanted, is only the bold header), and no rule between rows.
    style: { head: [], border: [], 'padding-left': 1, 'padding-right': 1, compact: true },
    wordWrap: false,
  });
  table.push(widths.map(() => '')); // a placeholder row, so the rule under the header is drawn too
  const lines = table.toString().split('\n');
  return { top: lines.slice(0, -2).join('\n'), bottom: lines[lines.length - 1]! };
}

function drawRow(cells: readonly string[], widths: readonly number[], aligns: readonly Align[]): string {
  let line = '│';
  for (let i = 0; i < cells.length; i++) {
    const text = cells[i]!;
    const fill = ' '.repeat(Math.max(0, widths[i]! - displayWidth(text)));
    line += aligns[i] === 'right' ? ` ${fill}${text} │` : ` ${text}${fill} │`;
  }
  return line;
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
