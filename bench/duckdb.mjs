/** A DuckDB file opened for the benchmark's own setup and checks, closed whatever `body` does. */
import { DuckDBInstance } from '@duckdb/node-api';

export async function withDuckDb(file, body) {
  const instance = await DuckDBInstance.create(file);
  try {
    const connection = await instance.connect();
    try {
      return await body(connection);
    } finally {
      connection.closeSync();
    }
  } finally {
    instance.closeSync();
  }
}
