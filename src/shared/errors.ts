/** Exit codes are part of tix's interface: scripts branch on them, so they are documented and never reused. */
export const ExitCode = {
  OK: 0,
  ERROR: 1,
  USAGE: 2,
  AUTH: 3,
  NOT_FOUND: 4,
  UNAVAILABLE: 5,
  INTERRUPTED: 130,
  TERMINATED: 143,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** An error tix expects and reports as one line on stderr, with its exit code; anything else is a bug. */
export class TixError extends Error {
  readonly exitCode: ExitCode;
  constructor(message: string, exitCode: ExitCode = ExitCode.ERROR, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TixError';
    this.exitCode = exitCode;
  }
}

/** Bad input from the user: a flag, argument or value that is not allowed (exit 2). */
export class UsageError extends TixError {
  constructor(message: string) {
    super(message, ExitCode.USAGE);
    this.name = 'UsageError';
  }
}

/**
 * A run that ends with a given exit code whose reason is already on stderr: jq's `halt_error`, which sets
 * its own exit code and prints its own message, as jq does.
 */
export class SilentExit extends TixError {
  constructor(code: number) {
    super('', code as ExitCode);
    this.name = 'SilentExit';
  }
}
