import type * as DuckDB from '@duckdb/node-api';
import { DUCKDB_USERS, requireExternal } from '../shared/external-packages.js';

// Loaded when the DuckDB store is: a DuckDB that does not load is one line, exit 1, for the command that needed it.
export const {
  DuckDBInstance,
  DuckDBArrayValue,
  DuckDBDecimalValue,
  DuckDBListValue,
  DuckDBMapValue,
  DuckDBStructValue,
  DuckDBTimestampTZValue,
  DuckDBTimestampValue,
  dateValue,
  timestampTZValue,
} = requireExternal('@duckdb/node-api', DUCKDB_USERS) as typeof DuckDB;
