/** Error responses: every error is `{ status, error, message }`, the message naming what was wrong. */
import { http } from '../shared/node-http.js';
import type { ErrorBody } from '../api/types.js';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function badRequest(message: string): HttpError {
  return new HttpError(400, message);
}

export function notFound(message: string): HttpError {
  return new HttpError(404, message);
}

export function errorBody(status: number, message: string): Required<Pick<ErrorBody, 'status' | 'error' | 'message'>> {
  return { status, error: http.STATUS_CODES[status] ?? 'Error', message };
}

/** Quotes a caller's value inside a message, shortened so a huge value cannot bloat the error. */
export function quote(value: string): string {
  const text = value.length > 60 ? `${value.slice(0, 57)}...` : value;
  return `'${text}'`;
}
