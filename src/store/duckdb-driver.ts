// DuckDB's JavaScript, bundled into the store's chunk (its native bindings load from node_modules with it):
// whoever imports the store imports it through importingDuckDb, so a DuckDB that does not load is one line.
export {
  DuckDBInstance,
  DuckDBArrayValue,
  DuckDBDecimalValue,
  DuckDBListValue,
  DuckDBMapValue,
  DuckDBStructValue,
  DuckDBTimestampTZValue,
  DuckDBTimestampValue,
  dateValue,
  StatementType,
  timestampTZValue,
} from '@duckdb/node-api';
