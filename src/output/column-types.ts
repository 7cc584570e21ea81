/** How a table shows a column: numbers right-aligned, prices with two decimals, date-times compact. */
export type ColumnType = 'text' | 'integer' | 'number' | 'price' | 'datetime';

export function isNumeric(type: ColumnType): boolean {
  return type === 'integer' || type === 'number' || type === 'price';
}
