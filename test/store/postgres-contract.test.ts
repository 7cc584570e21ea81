import { openPostgresStore } from '../../src/store/postgres.js';
import { describePostgres, usePostgres } from '../helpers/postgres.js';
import { defineStoreContract } from './contract.js';

// The same contract as the DuckDB store (duckdb.test.ts): each test gets a schema of its own.
describePostgres('contract', () => {
  const cluster = usePostgres();
  let n = 0;
  defineStoreContract('postgres', {
    fresh: async () => `${cluster().url()}#schema=c${++n}`,
    open: (at) => {
      const [url, schema] = at.split('#schema=') as [string, string];
      return openPostgresStore(url, { schema });
    },
  });
});
