import { endQuietlyWhenStdoutCloses, realProcess } from './kit/real-process.js';
import { runTix } from './run-tix.js';

/**
 * The entry point of bin/tix for everything the fast path (fast.ts) does not take: it hands runTix the real
 * streams, environment, clock and signals, and turns the run's result into the exit code.
 */
endQuietlyWhenStdoutCloses();
// Not a top-level await: the standalone build bundles this file as CommonJS (scripts/release/build-sea.mjs).
void runTix(process.argv.slice(2), realProcess).then((code) => {
  process.exitCode = code;
});
