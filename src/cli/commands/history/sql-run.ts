import { readFile } from 'node:fs/promises';
import { isDocument } from '../../../output/formats.js';
import { ExitCode, UsageError } from '../../../shared/errors.js';
import type { SqlResult } from '../../../store/store.js';
import { checkHistoryFolder, historyLocation, openHistoryStore } from '../../../recording/history-store.js';
import type { OutputOptions } from '../../kit/output-options.js';
import { jsonListFor, rowWriterFor, withSink } from '../../kit/present.js';
import { readAll } from '../../kit/read-all.js';
import type { Runtime } from '../../kit/runtime.js';

export interface HistorySqlOptions {
  /** The query: as given, from stdin (`-`), or from --file. */
  source: { text: string } | { stdin: true } | { file: string };
  /** --lock-timeout, --schema */
  store: { lockTimeoutSeconds: number; schema?: string };
  output: OutputOptions;
}

export async function runHistorySql(options: HistorySqlOptions, rt: Runtime): Promise<number> {
  const sql = await queryText(options, rt);
  const location = await historyLocation(rt);
  await checkHistoryFolder(rt, location);
  // Read-only: tix history's rules (a store not made yet is exit 4), and the store holds the file only for the query.
  const store = await openHistoryStore(rt, location, { ...options.store, readOnly: true });
  let result: SqlResult;
  try {
    result = await store.query(sql);
  } finally {
    await store.close();
  }
  const { output } = options;
  await withSink(rt, output, async (sink) => {
    const writer = isDocument(output.format)
      ? jsonListFor(rt, output, sink, 'rows')
      : rowWriterFor(rt, output, sink, { documented: result.columns, tableDefaults: result.columns, jsonKey: 'rows' });
    await writer.write(result.rows);
    await writer.end();
  });
  if (result.rows.length === 0) rt.note('The query returned no rows.');
  return ExitCode.OK;
}

async function queryText(options: HistorySqlOptions, rt: Runtime): Promise<string> {
  const { source } = options;
  let text: string;
  if ('text' in source) text = source.text;
  else if ('stdin' in source) text = await readAll(rt.io.stdin);
  else {
    try {
      text = await readFile(source.file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a folder' : code === 'EACCES' ? 'permission denied' : code;
      throw new UsageError(`--file ${source.file}: cannot read it (${reason})`);
    }
  }
  if (text.trim() === '')
    throw new UsageError(`the query is empty${'file' in source ? ` (--file ${source.file})` : 'stdin' in source ? ' (stdin)' : ''}`);
  return text;
}
