import { resolveColumns } from './columns.js';
import type { RowWriter, RowWriterOptions } from './row-writer-interface.js';
import type { Sink } from './sink.js';

/**
 * A table needs every row before it can size its columns, so it buffers (tables are for people reading a
 * screen, not for 400,000-row exports) and renders at end(). The renderer, with cli-table3 and chalk, is
 * loaded only then, keeping it out of the start-up path of every other format.
 */
export function createTableWriter(sink: Sink, options: RowWriterOptions): RowWriter {
  const records: object[] = [];
  let leftOut: string[] = [];
  const collided = new Set<string>();
  return {
    write(batch) {
      for (const record of batch) records.push(record);
      return Promise.resolve();
    },
    async end() {
      if (records.length === 0) return;
      const { renderTable } = await import('./table.js');
      const chosen = options.fields?.length ? options.fields : options.tableDefaults?.length ? options.tableDefaults : undefined;
      const columns = chosen
        ? [...new Set(chosen)]
        : resolveColumns({
            documented: options.documented,
            records,
            collided,
            ...(options.lastColumns ? { last: options.lastColumns } : {}),
          });
      // Columns named with --fields were asked for: none is left out (a narrow terminal gets blocks instead).
      const fit = options.fields?.length ? { identifiers: options.fit?.identifiers ?? [] } : options.fit;
      const table = renderTable(records, {
        columns,
        header: options.header !== false,
        color: options.color === true,
        ...(options.columnTypes ? { columnTypes: options.columnTypes } : {}),
        ...(options.width !== undefined ? { width: options.width } : {}),
        ...(fit ? { fit } : {}),
      });
      leftOut = table.leftOut;
      await sink.write(table.text);
    },
    leftOutToFit: () => leftOut,
    collided: () => [...collided],
  };
}
