/**
 * What a command knows about a column: a table shows numbers right-aligned, prices with two decimals and
 * date-times compact; Parquet stores integers, doubles, timestamps and dates as such. `date` is a calendar
 * day written YYYY-MM-DD, `datetime` an ISO 8601 date-time.
 */
export type ColumnType = 'text' | 'integer' | 'number' | 'price' | 'datetime' | 'date';

export function isNumeric(type: ColumnType): boolean {
  return type === 'integer' || type === 'number' || type === 'price';
}
