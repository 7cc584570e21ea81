import { ExitCode } from '../../shared/errors.js';
import type { TixProcess } from './run-context.js';

/**
 * The Node process as a TixProcess: its streams, environment, clock and signals. Only the entry points use it
 * (main.ts, and fast.ts for the fast path); everything below them gets the run's TixProcess instead.
 */
/** process.execve (Node.js 22.15 and 23.11 on), which tix's Node.js types do not declare yet. */
const execve = (process as { execve?: (file: string, args: string[], env: NodeJS.ProcessEnv) => never }).execve?.bind(process);

export const realProcess: TixProcess = {
  stdout: process.stdout,
  stderr: process.stderr,
  // A getter: Node builds process.stdin on first use (a ReadStream when stdin is a file, ~2 ms), and most runs never read it.
  get stdin() {
    return process.stdin;
  },
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
  ...(execve ? { replaceImage } : {}),
};

/**
 * execve of tix itself with the arguments it was started with: the standalone executable takes tix's
 * arguments directly (node:sea), node takes its own flags, then the script, then tix's.
 */
function replaceImage(env: NodeJS.ProcessEnv): void {
  const standalone = process.getBuiltinModule('node:sea')?.isSea() === true;
  const tixArgs = process.argv.slice(2);
  const args = standalone ? [process.argv0, ...tixArgs] : [process.argv0, ...process.execArgv, process.argv[1]!, ...tixArgs];
  execve!(process.execPath, args, env);
}

/** A reader that goes away (`tix --help | head -1`) ends tix quietly; commands add their own cleanup to this. */
export function endQuietlyWhenStdoutCloses(): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(ExitCode.OK);
  });
}
