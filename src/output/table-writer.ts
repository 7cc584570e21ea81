import { resolveColumns } from './columns.js';
import type { RowWriter, RowWriterOptions } from './row-writer-interface.js';
import type { Sink } from './sink.js';

/**
 * The most rows a table holds at once. A table needs its rows before it can size its columns, so it buffers
 * them; a result with more (a `history sql` of millions of rows, an `events search --all`) is printed as
 * one table per block of this many rows, each sized by its own rows and under its own header, a blank line
 * between them: memory stays flat whatever the result's size (issue 36 §4: -o table held 200,000 rows in
 * 305 MB), and a person reading a screen gets a header again every so often.
 */
export const TABLE_BLOCK_ROWS = 1_000;

/**
 * Renders a block of rows at a time (at end(), or once TABLE_BLOCK_ROWS are held). The renderer, with
 * cli-table3 and chalk, is loaded only then, keeping it out of the start-up path of every other format.
 */
export function createTableWriter(sink: Sink, options: RowWriterOptions): RowWriter {
  let records: object[] = [];
  let blocks = 0;
  const leftOut = new Set<string>();
  const collided = new Set<string>();
  const render = async () => {
    const block = records;
    records = [];
    if (block.length === 0) return;
    const { renderTable } = await import('./table.js');
    const chosen = options.fields?.length ? options.fields : options.tableDefaults?.length ? options.tableDefaults : undefined;
    const columns = chosen
      ? [...new Set(chosen)]
      : resolveColumns({
          documented: options.documented,
          records: block,
          collided,
          ...(options.lastColumns ? { last: options.lastColumns } : {}),
        });
    // Columns named with --fields were asked for: none is left out (a narrow terminal gets blocks instead).
    const fit = options.fields?.length ? { identifiers: options.fit?.identifiers ?? [] } : options.fit;
    const table = renderTable(block, {
      columns,
      header: options.header !== false,
      color: options.color === true,
      ...(options.columnTypes ? { columnTypes: options.columnTypes } : {}),
      ...(options.width !== undefined ? { width: options.width } : {}),
      ...(fit ? { fit } : {}),
    });
    for (const column of table.leftOut) leftOut.add(column);
    if (table.text === '') return;
    await sink.write(blocks++ === 0 ? table.text : `\n${table.text}`);
  };
  return {
    async write(batch) {
      for (const record of batch) {
        records.push(record);
        if (records.length >= TABLE_BLOCK_ROWS) await render();
      }
    },
    end: render,
    leftOutToFit: () => [...leftOut],
    collided: () => [...collided],
  };
}
