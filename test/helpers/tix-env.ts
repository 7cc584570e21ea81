import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onTestFinished } from 'vitest';

/** What the in-process harness and the built-binary launcher share: the result, the options, the environment. */

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
  /** A run that takes longer is a hang: it ends (SIGKILL for the built binary) and the test sees what it printed. */
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

/**
 * `tix: unexpected error: ...` in what tix printed, or undefined. That line is for bugs: whatever a user can
 * fix (a damaged config, a busy port, a read-only folder, a wrong URL) gets a message of its own, so no test
 * run may print it.
 */
export function unexpectedErrorIn(stderr: string): string | undefined {
  return /^tix: unexpected error: .*$/m.exec(stderr)?.[0];
}

/**
 * Rejects when tix printed a Node warning the test did not expect, or an "unexpected error" (stderr is part
 * of tix's interface: both are failures of tix, whatever else the test checks).
 */
export function failOnUnexpectedStderr<T extends { stderr: string }>(
  result: T,
  allowNodeWarnings: boolean | undefined,
  args: readonly string[],
): T {
  const warning = allowNodeWarnings ? undefined : nodeWarningIn(result.stderr);
  if (warning) throw new Error(`tix ${args.join(' ')} printed a Node warning on stderr: ${warning}`);
  const unexpected = unexpectedErrorIn(result.stderr);
  if (unexpected) throw new Error(`tix ${args.join(' ')} printed: ${unexpected}`);
  return result;
}

/** A fresh, empty config folder, so no test sees another's profiles. */
export function tempDir(prefix = 'tix-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** The environment tix gets: PATH, HOME, TZ=UTC and a fresh, empty config folder, then the test's own. */
export function cleanEnv(extra: Record<string, string | undefined> = {}): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? tmpdir(),
    TZ: 'UTC',
    TIX_CONFIG_DIR: tempDir('tix-config-'),
  };
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

/**
 * A config folder holding a config.json, as every real user's does once `tix config set` or `tix auth login`
 * wrote one: reading it loads conf (and what conf loads), which a run without the file never does. Issue 36 §1:
 * a dependency of conf took over Ctrl-C and SIGTERM only when the file existed, so signal tests run both ways.
 */
export function configDirWithFile(): string {
  const dir = tempDir('tix-config-');
  // As conf writes it (tab-indented), 0600; a setting that changes nothing a test sees (the tests run with TZ=UTC).
  writeFileSync(join(dir, 'config.json'), `${JSON.stringify({ profiles: { default: { timezone: 'UTC' } } }, null, '\t')}\n`, {
    mode: 0o600,
  });
  return dir;
}

/** The two cases of every signal test: with a config file, and without one. */
export const CONFIG_FILE_CASES = [
  ['with a config file', true],
  ['without a config file', false],
] as const;

/** Ctrl-C and SIGTERM, with the exit code each ends a run with, each with a config file and without one. */
export const STOP_SIGNAL_CASES = (
  [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const
).flatMap(([signal, code]) => CONFIG_FILE_CASES.map(([config, withFile]) => [signal, code, config, withFile] as const));

/** TIX_CONFIG_DIR for one of CONFIG_FILE_CASES: a folder with a config.json, or an empty one. */
export function configEnv(withFile: boolean): { TIX_CONFIG_DIR: string } {
  return { TIX_CONFIG_DIR: withFile ? configDirWithFile() : tempDir('tix-config-') };
}

/** Environment that points tix at a running sandbox with its full-access key. */
export function sandboxEnv(url: string, key = 'sandbox-key'): Record<string, string> {
  return { TIX_BASE_URL: url, TIX_API_KEY: key };
}

/** A temporary folder removed when the current test ends (not for concurrent tests: use the context's hook there). */
export function testDir(prefix = 'tix-rel-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
