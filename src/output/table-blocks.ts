import { displayWidth, truncateToWidth, wrapToWidth } from './text-width.js';

/**
 * Records for a terminal too narrow for their table: one block of `key: value` lines per record, blocks
 * separated by a blank line. A value too long for its line moves to the lines below its key, indented by
 * two cells and wrapped, so nothing is cut away: an id stays whole, if broken over two lines.
 */
export function renderBlocks(
  keys: readonly string[],
  rows: readonly (readonly string[])[],
  width: number,
  bold: (text: string) => string,
): string {
  const blocks = rows.map((row) => {
    const lines: string[] = [];
    row.forEach((value, i) => {
      const key = truncateToWidth(`${keys[i]}:`, width);
      if (value === '' || displayWidth(`${key} ${value}`) <= width) {
        lines.push(value === '' ? bold(key) : `${bold(key)} ${value}`);
        return;
      }
      lines.push(bold(key), ...wrapToWidth(value, width - 2).map((part) => `  ${part}`));
    });
    return lines.join('\n');
  });
  return `${blocks.join('\n\n')}\n`;
}
