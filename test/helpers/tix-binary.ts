/**
 * The one launcher of the built bin/tix as its own process, for what only a real process shows: signals,
 * a reader that goes away, start-up and lazy loading, a pseudo-terminal, proxies and TLS (read at process
 * start), the process's own TZ or umask, another user. Everything else runs in-process (test/helpers/tix.ts).
 * The environment is clean: no proxy or TIX_* variables leak in from the machine running the tests.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { cleanEnv, failOnUnexpectedStderr, REPO_ROOT, TIX_BIN, type TixResult, type TixRunOptions } from './tix-env.js';

export { cleanEnv, REPO_ROOT, TIX_BIN };

export interface TixOutcome extends TixResult {
  /** Wall-clock milliseconds from spawn to exit. */
  ms: number;
}

export interface BuiltTixOptions extends TixRunOptions {
  cwd?: string;
  /** A command tix runs under, such as `unshare -m sh -c ...` or `setpriv --reuid=...`: its argv before Node's. */
  wrapper?: readonly string[];
}

export interface RunningTix {
  child: ChildProcessWithoutNullStreams;
  done: Promise<TixOutcome>;
}

/**
 * A wrapper (BuiltTixOptions.wrapper) that runs tix into a shell pipe whose reader leaves after two seconds having
 * read nothing, as `| head -1` of a run that never prints does once head is killed: a real pipe, which the
 * child_process pipes of startTix are not (they are sockets). With pipefail, the exit code is tix's.
 */
export const PIPE_READER_LEAVES = ['bash', '-c', 'set -o pipefail; "$@" | sleep 2', 'tix-in-a-pipe'];

/** Runs bin/tix to the end into a pipe whose reader leaves having read nothing (PIPE_READER_LEAVES). */
export function runIntoLeavingReader(args: readonly string[], env: Record<string, string>): Promise<TixOutcome> {
  return startTix(args, { env, wrapper: PIPE_READER_LEAVES, timeoutMs: 25_000 }).done;
}

/** Starts bin/tix and returns at once, for tests that act while it runs (a signal, a closed pipe). */
export function startTix(args: readonly string[], options: BuiltTixOptions = {}): RunningTix {
  const env = cleanEnv(options.env);
  const started = performance.now();
  // process.execPath: the Node.js running the tests runs tix too, so a CI run on Node 24 tests tix on Node 24.
  const [command, ...rest] = [...(options.wrapper ?? []), process.execPath, TIX_BIN, ...args];
  const child = spawn(command!, rest, { cwd: options.cwd ?? REPO_ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
  child.stdin.on('error', () => {}); // tix may exit without reading stdin
  child.stdin.end(options.input ?? '');
  const done = new Promise<TixOutcome>((resolve, reject) => {
    // A hang fails the test with what tix printed instead of stalling the run.
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const outcome = {
        code,
        signal,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
        ms: performance.now() - started,
      };
      try {
        resolve(failOnUnexpectedStderr(outcome, options.allowNodeWarnings, args));
      } catch (error) {
        reject(error);
      }
    });
  });
  return { child, done };
}

/** Runs bin/tix to the end. */
export function runBuiltTix(args: readonly string[], options: BuiltTixOptions = {}): Promise<TixOutcome> {
  return startTix(args, options).done;
}
