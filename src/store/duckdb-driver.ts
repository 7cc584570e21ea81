import { createRequire } from 'node:module';
import type * as DuckDB from '@duckdb/node-api';

// Required, not imported: DuckDB's bindings are CommonJS, and Node's ES module loader takes three times
// as long to load them (it scans every file of the package for export names), which `tix history` feels.
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
} = createRequire(import.meta.url)('@duckdb/node-api') as typeof DuckDB;
