import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Builds dist/ first when src/ changed since: the built-binary tests must not run old code. And a folder
    // for the one initdb of the run, which each PostgreSQL test server copies.
    globalSetup: ['test/fresh-dist.ts', 'test/postgres-template.ts'],
    // tix runs in-process in most tests, and the child processes of the others get TZ=UTC too.
    env: { TZ: 'UTC' },
    // Most tests wait on sockets, servers and child processes rather than the CPU: on a 2-core machine
    // vitest's default (one worker) leaves the CPU idle. BENCHMARKS.md has the measurements.
    maxWorkers: 3,
    // The files a worker runs share the modules it loaded, rather than each importing tix's modules again
    // (69 of the suite's 256 s, BENCHMARKS.md "The test suite again"): tix keeps no state in its modules
    // but caches, and every run takes what it needs (streams, environment, clock) from its arguments.
    isolate: false,
    // Tests spawn the built CLI and real servers; a loaded 2-core CI machine needs headroom.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    reporters: ['default', 'json'],
    outputFile: { json: '.test-results/vitest.json' },
  },
});
