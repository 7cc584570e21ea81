import { ExitCode, TixError } from '../shared/errors.js';
import type { Headers } from './headers.js';

export interface ApiErrorDetails {
  /** Method and path relative to the base URL, without the query string: `GET /events/evt_1`. */
  endpoint: string;
  status?: number;
  /** The server's own explanation, from its JSON error body, already scrubbed of the key. */
  serverMessage?: string;
  /** The headers of the final non-2xx response (`tix api -i` shows them). */
  headers?: Headers;
  cause?: unknown;
}

/**
 * A failed API call, with everything a user or a script needs to act on it: the exit code (via TixError),
 * the HTTP status when there was one, the endpoint and the server's message.
 */
export class ApiError extends TixError {
  readonly status?: number;
  readonly endpoint: string;
  readonly serverMessage?: string;
  readonly headers?: Headers;

  constructor(message: string, exitCode: ExitCode, details: ApiErrorDetails) {
    super(message, exitCode, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'ApiError';
    this.endpoint = details.endpoint;
    if (details.status !== undefined) this.status = details.status;
    if (details.serverMessage !== undefined) this.serverMessage = details.serverMessage;
    if (details.headers !== undefined) this.headers = details.headers;
  }
}

/**
 * A base URL that does not answer like the ticket API: a static web server, the API under a wrong path
 * prefix, a proxy's page. Never "not found": what is wrong is the URL, and scripts must not read it as
 * "nothing there" (see identity.ts).
 */
export class NotTheApiError extends ApiError {
  constructor(baseUrl: string, endpoint: string, answer: string, details: Omit<ApiErrorDetails, 'endpoint'> = {}) {
    super(
      `${baseUrl} does not answer like the ticket API: ${endpoint} answered ${answer}; check --base-url, TIX_BASE_URL or 'tix config get base-url'`,
      ExitCode.ERROR,
      { ...details, endpoint },
    );
    this.name = 'NotTheApiError';
  }
}

/** Whether `error` is the API saying 404, the one status callers turn into "nothing here". */
export function isNotFound(error: unknown): error is ApiError {
  return error instanceof ApiError && !(error instanceof NotTheApiError) && error.status === 404;
}

export function attemptsText(attempts: number): string {
  return attempts === 1 ? '1 attempt' : `${attempts} attempts`;
}

/**
 * The error for a final non-2xx status. `attempts` is mentioned only for the statuses tix retries, where
 * "after 4 attempts" tells the user that waiting already happened.
 */
export function errorForStatus(
  status: number,
  endpoint: string,
  serverMessage: string | undefined,
  attempts: number,
  extra?: string,
  headers?: Headers,
): ApiError {
  const where = `(HTTP ${status} from ${endpoint})`;
  const said = serverMessage ? `: ${serverMessage}` : '';
  const details = {
    endpoint,
    status,
    ...(serverMessage === undefined ? {} : { serverMessage }),
    ...(headers === undefined ? {} : { headers }),
  };
  const tail = extra ? `; ${extra}` : '';
  switch (status) {
    case 401:
      return new ApiError(
        `the API key was not accepted ${where}${said}; check it with \`tix auth status\`, or set another with \`tix auth login\` or TIX_API_KEY`,
        ExitCode.AUTH,
        details,
      );
    case 403:
      return new ApiError(`the API key is not allowed to access this data ${where}${said}`, ExitCode.AUTH, details);
    case 404:
      return new ApiError(`not found ${where}${said}`, ExitCode.NOT_FOUND, details);
    case 429:
      return new ApiError(
        `rate limited by the API ${where}, gave up after ${attemptsText(attempts)}${said}${tail}`,
        ExitCode.UNAVAILABLE,
        details,
      );
    case 502:
    case 503:
    case 504:
      return new ApiError(
        `the API is unavailable ${where}, gave up after ${attemptsText(attempts)}${said}${tail}`,
        ExitCode.UNAVAILABLE,
        details,
      );
    case 400:
      return new ApiError(`the API rejected the request as malformed ${where}${said}`, ExitCode.ERROR, details);
    default:
      if (status >= 300 && status < 400) {
        // Redirects are not followed on purpose: following one could carry the key to another host.
        return new ApiError(`unexpected redirect ${where}${said}${tail}; check the base URL`, ExitCode.ERROR, details);
      }
      return new ApiError(`the API failed ${where}${said}`, ExitCode.ERROR, details);
  }
}
