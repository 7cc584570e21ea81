import { ExitCode } from '../shared/errors.js';
import type { TixProcess } from './kit/run-context.js';
import { runTix } from './run-tix.js';

/**
 * The entry point of bin/tix, and the only code that touches the Node process: it hands runTix the real
 * streams, environment, clock and signals, and turns the run's result into the exit code.
 */
const realProcess: TixProcess = {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
  now: () => new Date(),
  onStopSignal(handler) {
    process.on('SIGINT', handler);
    process.on('SIGTERM', handler);
    return () => {
      process.off('SIGINT', handler);
      process.off('SIGTERM', handler);
    };
  },
  exit: (code) => process.exit(code),
};

// A reader that goes away (`tix --help | head -1`) ends tix quietly; commands add their own cleanup to this.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(ExitCode.OK);
});

process.exitCode = await runTix(process.argv.slice(2), realProcess);
