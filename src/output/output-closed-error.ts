import { ExitCode, TixError } from '../shared/errors.js';

/**
 * The reader of stdout went away (`tix ... | head`). Not a failure: the command should stop fetching and exit 0
 * without a word on stderr. It carries ExitCode.OK so that is also what it means if it reaches the top level.
 */
export class OutputClosedError extends TixError {
  constructor(options?: { cause?: unknown }) {
    super('output closed by the reader', ExitCode.OK, options);
    this.name = 'OutputClosedError';
  }
}

export function isOutputClosed(error: unknown): error is OutputClosedError {
  return error instanceof OutputClosedError;
}
