/** The output layer: formats, sinks (stdout, atomic files) and the writers that turn records into text. */
export {
  EXCEL_SAFE_FORMATS,
  FORMATS,
  KNOWN_EXTENSIONS,
  SETTING_FORMATS,
  extensionOf,
  formatOfExtension,
  isForPeople,
  isDocument,
  isFormat,
  needsFile,
  takesExcelSafe,
  writesJsonValues,
  type Format,
  type RowFormat,
} from './formats.js';
export type { ColumnType } from './column-types.js';
export type { TableFit } from './fit-widths.js';
export {
  type Sink,
  OutputClosedError,
  isOutputClosed,
  stdoutSink,
  fileSink,
  abortAllFileSinksSync,
  openFileSinkCount,
} from './sink.js';
export { heldDescriptor, outSink } from './out-target.js';
export { accessor, collectColumns, flatten, type Accessor, type Cell } from './flatten.js';
export { resolveColumns, type ColumnChoice } from './columns.js';
export { excelSafeText } from './excel-safe.js';
export { createRowWriter, type RowWriter, type RowWriterOptions } from './row-writer.js';
export type { RowTextPlan } from './row-writer-interface.js';
export { canTranscode, DelimitedTranscoder, TranscodeMemory, type TranscodedRows } from './delimited-transcoder.js';
export { createJsonListWriter, createJsonObjectWriter, writeJson, type JsonListWriter, type JsonObjectWriter } from './json-writer.js';
