/** An amount as people read it in a summary line: thousands separators, two decimals, no currency symbol. */
export function money(value: number): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
