/** Checks on what a failed run printed: one clear line, the right exit code, no stack trace. */
import { expect } from 'vitest';
import type { TixResult as TixOutcome } from '../../helpers/tix-env.js';

/** Lines a stack trace or an unhandled error leaves on stderr. */
const TRACE_MARKS = [/^\s+at\s/m, /node:internal/, /file:\/\//, /^\s*\^+\s*$/m, /Unhandled|uncaught/i];

export function expectNoStackTrace(stderr: string): void {
  for (const mark of TRACE_MARKS) expect(stderr, `stderr looks like a stack trace:\n${stderr}`).not.toMatch(mark);
}

/** stderr without the --debug trace lines. */
export function messageLines(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line !== '' && !line.startsWith('tix debug: '));
}

/**
 * A clean failure: the exit code, nothing on stdout, and stderr is one `tix: ...` line matching `message`
 * (with -o json or ndjson the documented JSON copy of the error may follow as a second line).
 */
export function expectCleanFailure(result: TixOutcome, code: number, message: RegExp): void {
  const context = `exit ${result.code}\nstdout: ${result.stdout.slice(0, 500)}\nstderr: ${result.stderr.slice(0, 2000)}`;
  expect(result.code, context).toBe(code);
  expect(result.stdout, context).toBe('');
  expectNoStackTrace(result.stderr);
  const lines = messageLines(result.stderr);
  expect(lines.length, context).toBeGreaterThanOrEqual(1);
  expect(lines[0], context).toMatch(/^tix: /);
  expect(lines[0], context).toMatch(message);
  if (lines.length === 2) expect(JSON.parse(lines[1]!), context).toMatchObject({ error: { code } });
  else expect(lines, context).toHaveLength(1);
}

/** The --debug lines that announce a retry, e.g. `-> 503 in 3 ms; retrying in 180 ms (backoff)`. */
export function retryLines(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line.startsWith('tix debug: ') && /; retrying in \d+ ms/.test(line));
}
