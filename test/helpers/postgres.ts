/**
 * Tests against a real, throw-away PostgreSQL server (postgres-cluster.ts): `usePostgres()` starts one for
 * the enclosing describe and stops it after. PostgreSQL not installed: the tests fail in CI (CI=true), and
 * are skipped with the reason locally.
 */
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { MISSING, binaries, startPostgres, type PgCluster } from './postgres-cluster.js';

export { SUPERUSER, SUPERUSER_PASSWORD, startPostgres, type PgCluster } from './postgres-cluster.js';

/**
 * `describe`, for tests that need a PostgreSQL server: skipped with the reason when PostgreSQL is not
 * installed, except in CI, where that is a failure (a suite that silently tests nothing proves nothing).
 */
export function describePostgres(name: string, body: () => void): void {
  if (binaries) {
    describe(name, body);
  } else if (process.env.CI) {
    // One failing test, not a failing beforeAll: vitest counts the tests of a failed beforeAll as skipped.
    describe(name, () => {
      it('has PostgreSQL to test against', () => {
        throw new Error(MISSING);
      });
    });
  } else {
    process.stderr.write(`skipping '${name}': ${MISSING}\n`);
    describe.skip(`${name} (skipped: ${MISSING})`, body);
  }
}

/** Starts a server before the enclosing describe's tests and stops it after them. */
export function usePostgres(): () => PgCluster {
  let cluster: PgCluster | undefined;
  beforeAll(async () => {
    // A copy of the run's one initdb (test/postgres-template.ts): a server of its own, without initdb's second of CPU.
    cluster = await startPostgres({ template: inject('postgresTemplate') });
  }, 60_000);
  afterAll(() => cluster?.stop());
  return () => {
    if (!cluster)
      throw new Error('PostgreSQL is not running: call usePostgres() inside describePostgres() and use the getter inside tests');
    return cluster;
  };
}
