/**
 * The in-process harness: runs tix (src/cli/run-tix.ts, the code bin/tix runs) in the test's own process
 * with its own argv, environment, stdin, stdout, stderr and clock, and returns its exit code and output,
 * as wrangler's runWrangler or gh's iostreams.Test() do. Starting a Node process per case cost ~0.3 s; a
 * run here costs what the command costs. What only a real process shows is tested with the built binary
 * (test/helpers/tix-binary.ts).
 */
import { Readable, Writable } from 'node:stream';
import { runTix as runTixIn } from '../../src/cli/run-tix.js';
import type { TixProcess } from '../../src/cli/kit/run-context.js';
import { cleanEnv, failOnUnexpectedStderr, type TixResult, type TixRunOptions } from './tix-env.js';

export {
  failOnUnexpectedStderr,
  nodeWarningIn,
  REPO_ROOT,
  sandboxEnv,
  tempDir,
  TIX_BIN,
  type TixResult,
  type TixRunOptions,
} from './tix-env.js';

export interface InProcessOptions extends TixRunOptions {
  /** stdout and stderr are a terminal this many columns wide (they are pipes otherwise). */
  terminal?: { columns: number };
  /** The run's clock (the wall clock otherwise). */
  now?: () => Date;
}

/** A stream that keeps what is written to it, until the run has ended. */
class Capture extends Writable {
  readonly chunks: Buffer[] = [];
  ended = false;
  isTTY?: boolean;
  columns?: number;

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    if (!this.ended) this.chunks.push(Buffer.from(chunk));
    done();
  }

  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

/**
 * Runs `tix <args>` in-process: a clean environment (PATH, HOME, TZ=UTC, a fresh config folder, then the
 * test's own), stdin with `input` then closed, pipes for stdout and stderr unless `terminal` is given.
 * A Node warning during the run fails it, as one on a tix process's stderr does, unless `allowNodeWarnings`.
 */
export async function runTix(args: readonly string[], options: InProcessOptions = {}): Promise<TixResult> {
  const stdout = new Capture();
  const stderr = new Capture();
  if (options.terminal) {
    for (const stream of [stdout, stderr]) Object.assign(stream, { isTTY: true, columns: options.terminal.columns });
  }
  const stopHandlers = new Set<(signal: 'SIGINT' | 'SIGTERM') => void>();
  let exit!: (code: number | null, signal?: NodeJS.Signals) => void;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    exit = (code, signal) => resolve({ code, signal: signal ?? null });
  });
  const proc: TixProcess = {
    stdout,
    stderr,
    stdin: Readable.from(options.input ? [Buffer.from(options.input)] : []),
    env: cleanEnv(options.env),
    now: options.now ?? (() => new Date()),
    onStopSignal(handler) {
      stopHandlers.add(handler);
      return () => stopHandlers.delete(handler);
    },
    exit: (code) => exit(code),
  };
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(`(node:${process.pid}) ${warning.name}: ${warning.message}`);
  process.on('warning', onWarning);
  // A hang: the run is told to stop (as by SIGTERM) and the test sees what it printed, as a killed process.
  const timer = setTimeout(() => {
    exit(null, 'SIGKILL');
    for (const handler of stopHandlers) handler('SIGTERM');
  }, options.timeoutMs ?? 25_000);
  runTixIn(args, proc).then(
    (code) => exit(code),
    (error: unknown) => exit(reportUncaught(error, stderr)),
  );
  try {
    const { code, signal } = await exited;
    stdout.ended = true;
    stderr.ended = true;
    const warned = warnings.length > 0 ? `${warnings.join('\n')}\n` : '';
    return failOnUnexpectedStderr({ code, signal, stdout: stdout.text(), stderr: stderr.text() + warned }, options.allowNodeWarnings, args);
  } finally {
    clearTimeout(timer);
    process.off('warning', onWarning);
  }
}

/** What Node does with an error nothing caught: its stack on stderr, exit code 1. */
function reportUncaught(error: unknown, stderr: Writable): number {
  stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  return 1;
}
