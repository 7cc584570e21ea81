import { requireDuckDB } from '../shared/external-packages.js';

// Loaded when the DuckDB store is: a DuckDB that did not load is one line, exit 1, for the command that needed it.
export const { DuckDBInstance, DuckDBDecimalValue, DuckDBTimestampTZValue, DuckDBTimestampValue, dateValue, timestampTZValue } =
  requireDuckDB();
