import { earlyJqFilter, startJqEarly, stopJqEarly } from './kit/jq-early.js';
import { endQuietlyWhenStdoutCloses, realProcess } from './kit/real-process.js';
import { runTix } from './run-tix.js';

/**
 * The entry point of bin/tix for everything the fast path (fast.ts) does not take: it hands runTix the real
 * streams, environment, clock and signals, and turns the run's result into the exit code.
 */
const args = process.argv.slice(2);
// --jq's worker starts first, before the command tree is built and the command's chunk loads (kit/jq-early.ts).
const jqEarly = startJqEarly(earlyJqFilter(args, process.env), realProcess.stderr, realProcess.env);
endQuietlyWhenStdoutCloses();
// Not a top-level await: the standalone build bundles this file as CommonJS (scripts/release/build-sea.mjs).
void runTix(args, realProcess, jqEarly).then((code) => {
  // A run that did not take it (help, a usage error, a history command) does not wait for it.
  stopJqEarly(jqEarly);
  process.exitCode = code;
});
