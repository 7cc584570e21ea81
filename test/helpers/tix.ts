import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const TIX_BIN = join(REPO_ROOT, 'bin', 'tix');

export interface TixResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface TixRunOptions {
  env?: Record<string, string | undefined>;
  /** Written to stdin, which is then closed; stdin is empty otherwise. */
  input?: string;
  cwd?: string;
  timeoutMs?: number;
  /** The test expects a Node warning on stderr; otherwise one fails the run (stderr is part of tix's interface). */
  allowNodeWarnings?: boolean;
}

/**
 * A Node.js process warning (`(node:1234) MaxListenersExceededWarning: ...`, a deprecation, an experimental
 * feature) in what tix printed on stderr, or undefined. Users see these as noise at best and scripts that
 * read stderr break, so every helper that runs tix fails the test on one unless the test expects it.
 */
export function nodeWarningIn(stderr: string): string | undefined {
  return /^\(node:\d+\) .*$/m.exec(stderr)?.[0];
}

/** Rejects with the warning when tix printed one and the test did not expect it. */
export function failOnNodeWarning<T extends { stderr: string }>(result: T, allow: boolean | undefined, args: readonly string[]): T {
  const warning = allow ? undefined : nodeWarningIn(result.stderr);
  if (warning) throw new Error(`tix ${args.join(' ')} printed a Node warning on stderr: ${warning}`);
  return result;
}

/** A fresh, empty config folder, so no test sees another's profiles. */
export function tempDir(prefix = 'tix-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/**
 * Runs the built bin/tix as a user would: its own process, pipes for stdio (so not a terminal), a clean
 * environment with an isolated config folder and TZ=UTC unless the test says otherwise.
 */
export function runTix(args: readonly string[], options: TixRunOptions = {}): Promise<TixResult> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? tmpdir(),
    TZ: 'UTC',
    TIX_CONFIG_DIR: tempDir('tix-config-'),
  };
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TIX_BIN, ...args], { cwd: options.cwd ?? REPO_ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 25_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const result = { code, signal, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') };
      try {
        resolve(failOnNodeWarning(result, options.allowNodeWarnings, args));
      } catch (error) {
        reject(error);
      }
    });
    child.stdin.on('error', () => {}); // tix may exit before reading stdin
    child.stdin.end(options.input ?? '');
  });
}

/** Environment that points tix at a running sandbox with its full-access key. */
export function sandboxEnv(url: string, key = 'sandbox-key'): Record<string, string> {
  return { TIX_BASE_URL: url, TIX_API_KEY: key };
}
