/**
 * Runs the built bin/tix as its own process, for tests that need more control than test/helpers/tix.ts
 * gives: a signal at the right moment, the elapsed time, a config folder that is removed afterwards.
 * The environment is clean (no proxy or TIX_* variables leak in from the machine running the tests).
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { onTestFinished } from 'vitest';
import { failOnNodeWarning, REPO_ROOT, TIX_BIN } from '../../helpers/tix.js';

export { REPO_ROOT, TIX_BIN };

export interface TixOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Wall-clock milliseconds from spawn to exit. */
  ms: number;
}

export interface TixOptions {
  env?: Record<string, string | undefined>;
  /** Written to stdin, which is then closed. */
  input?: string;
  cwd?: string;
  /** Killed with SIGKILL after this long (default 60 s): a hang fails the test instead of stalling the run. */
  timeoutMs?: number;
  /** The test expects a Node warning on stderr; otherwise one fails the run. */
  allowNodeWarnings?: boolean;
  /** A command tix runs under, such as `unshare -m sh -c ...` or `setpriv --reuid=...`: its argv before Node's. */
  wrapper?: readonly string[];
}

export interface RunningTix {
  child: ChildProcessWithoutNullStreams;
  done: Promise<TixOutcome>;
}

/** A temporary folder removed when the current test ends (not for concurrent tests: use the context's hook there). */
export function tempDir(prefix = 'tix-rel-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * The config folder of runs that store nothing: one that does not exist (tix only reads it, and creates it
 * only to store a setting or a key). Tests of `config set` and `auth login` pass their own TIX_CONFIG_DIR.
 */
const NO_CONFIG_DIR = join(tmpdir(), `tix-rel-no-config-${process.pid}-${Date.now()}`);

/** The environment tix gets: PATH, HOME, TZ=UTC and an isolated config folder, then the test's own. */
export function cleanEnv(extra: Record<string, string | undefined> = {}): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? tmpdir(),
    TZ: 'UTC',
    TIX_CONFIG_DIR: NO_CONFIG_DIR,
  };
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

export function startTix(args: readonly string[], options: TixOptions = {}): RunningTix {
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
        resolve(failOnNodeWarning(outcome, options.allowNodeWarnings, args));
      } catch (error) {
        reject(error);
      }
    });
  });
  return { child, done };
}

export function tix(args: readonly string[], options: TixOptions = {}): Promise<TixOutcome> {
  return startTix(args, options).done;
}

/** TIX_BASE_URL and TIX_API_KEY for a sandbox (its full-access key unless another is given). */
export function apiEnv(url: string, key = 'sandbox-key'): Record<string, string> {
  return { TIX_BASE_URL: url, TIX_API_KEY: key };
}
