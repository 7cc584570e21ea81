import { maskSecrets } from '../shared/secrets.js';

/**
 * When to try a request again and how long to wait first. Pure functions, so the policy can be tested
 * without a network or a clock; the client does the sleeping.
 */

/** Statuses that mean "not now" rather than "no": rate limiting and a gateway or backend that is down. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

export const BACKOFF_BASE_MS = 250;
export const BACKOFF_CAP_MS = 8_000;
/**
 * The longest Retry-After tix honours. A server asking for more is told no: tix gives up at once with an
 * error that says how long the server wanted, instead of sitting silent for minutes (a cron job can simply
 * run again later, and a person at a terminal would rather know).
 */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * Exponential backoff with full jitter (AWS architecture blog, "Exponential Backoff And Jitter"): the wait
 * before retry n (0-based) is uniform in [0, min(cap, base * 2^n)). Full jitter spreads clients that
 * failed together, so they do not come back together.
 */
export function backoffDelay(retryIndex: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** retryIndex);
  return Math.floor(random() * ceiling);
}

export type RetryDecision =
  | { retry: true; waitMs: number; why: 'backoff' | 'Retry-After' }
  | { retry: false; why: 'exhausted' | 'Retry-After too long' };

/**
 * `attempt` is 1-based (the attempt that just failed); `retries` is how many retries are allowed in all.
 * A Retry-After, when the server sent one, replaces the backoff: the server knows its own state better.
 */
export function decideRetry(attempt: number, retries: number, retryAfterMs: number | undefined, random: () => number): RetryDecision {
  if (attempt > retries) return { retry: false, why: 'exhausted' };
  if (retryAfterMs !== undefined) {
    if (retryAfterMs > MAX_RETRY_AFTER_MS) return { retry: false, why: 'Retry-After too long' };
    return { retry: true, waitMs: retryAfterMs, why: 'Retry-After' };
  }
  return { retry: true, waitMs: backoffDelay(attempt - 1, random), why: 'backoff' };
}

export interface NetworkFailure {
  /** A short code for traces: ECONNRESET, UND_ERR_SOCKET, TIMEOUT... */
  code: string;
  /** Words for the error message: "connection reset by the server (ECONNRESET)". */
  description: string;
  retryable: boolean;
  timeout: boolean;
  /** The server's certificate chain does not lead to a CA this machine trusts (self-signed, private CA). */
  untrusted?: boolean;
  /** No connection was made (refused, host not found): through a proxy, the proxy is the one not reached. */
  connecting?: boolean;
}

/** Failures of the connection that a second try may well not meet. */
const TRANSIENT: Record<string, string> = {
  ECONNRESET: 'connection reset by the server',
  ECONNREFUSED: 'connection refused',
  ECONNABORTED: 'connection aborted',
  EPIPE: 'connection closed while sending',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ENETDOWN: 'network down',
  EAI_AGAIN: 'temporary DNS failure',
  UND_ERR_SOCKET: 'connection closed by the server',
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'response body cut short of its Content-Length',
  UND_ERR_CLOSED: 'connection closed',
};

const TIMEOUTS: Record<string, string> = {
  UND_ERR_CONNECT_TIMEOUT: 'timed out connecting',
  UND_ERR_HEADERS_TIMEOUT: 'timed out waiting for the response headers',
  UND_ERR_BODY_TIMEOUT: 'timed out waiting for the response body',
};

/** Failures to open a connection at all, as opposed to one that broke. */
const CONNECTING = new Set(['ECONNREFUSED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN', 'EAI_AGAIN', 'ENOTFOUND']);

/** Failures a retry cannot fix; still "unavailable" to the user, but reported at once. */
const PERMANENT: Record<string, string> = {
  ENOTFOUND: 'host not found',
  EPROTO: 'TLS protocol error',
  CERT_HAS_EXPIRED: 'the server certificate has expired',
  CERT_NOT_YET_VALID: "the server certificate is not valid yet (is this machine's clock right?)",
  DEPTH_ZERO_SELF_SIGNED_CERT: 'the server certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'the server certificate chain is self-signed',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'the server certificate cannot be verified',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'the server certificate issuer is unknown',
  ERR_TLS_CERT_ALTNAME_INVALID: 'the server certificate is for another host name',
};

/** Certificate failures that trusting the right CA fixes (NODE_EXTRA_CA_CERTS), unlike an expired one. */
const UNTRUSTED = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
]);

/**
 * Recognises a failure of the network or the connection, looking through the wrappers Node and undici put
 * around them (`cause`, and the AggregateError of happy-eyeballs connects). Anything else is not a network
 * failure but a bug, and the client lets it through unchanged.
 */
export function classifyNetworkError(error: unknown): NetworkFailure | undefined {
  for (const { code, message } of errorCodes(error)) {
    if (code in TIMEOUTS) return { code, description: `${TIMEOUTS[code]} (${code})`, retryable: true, timeout: true };
    const connecting = CONNECTING.has(code) ? { connecting: true } : {};
    if (code in TRANSIENT) return { code, description: `${TRANSIENT[code]} (${code})`, retryable: true, timeout: false, ...connecting };
    if (code in PERMANENT) {
      return {
        code,
        description: `${PERMANENT[code]} (${code})`,
        retryable: false,
        timeout: false,
        ...connecting,
        ...(UNTRUSTED.has(code) ? { untrusted: true } : {}),
      };
    }
    // The rest of OpenSSL's certificate verdicts (CERT_REVOKED, INVALID_CA, ...): its own words say which.
    if (/CERT|^UNABLE_TO_|^INVALID_CA$/.test(code) && !code.startsWith('ERR_')) {
      return {
        code,
        description: `the server certificate was refused: ${message || 'not trusted'} (${code})`,
        retryable: false,
        timeout: false,
      };
    }
    if (code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_')) {
      return { code, description: `TLS failure (${code})`, retryable: false, timeout: false };
    }
    // undici's other proxy failures (an https:// proxy's certificate, say) or a reply that is not HTTP:
    // undici's message says which, and may quote what the other side sent, so it is masked like any text
    // from elsewhere. A proxy's refusal is told apart earlier (http-transport.ts, ProxyRefused).
    if (PASSTHROUGH.has(code) || code.startsWith('HPE_')) {
      return { code, description: `${maskSecrets(message) || 'request failed'} (${code})`, retryable: false, timeout: false };
    }
  }
  return undefined;
}

/** undici failures of the proxy or the peer whose own message is the best description. */
const PASSTHROUGH = new Set(['UND_ERR_ABORTED', 'UND_ERR_PRX_TLS', 'UND_ERR_SOCKS5', 'UND_ERR_INFO']);

function errorCodes(error: unknown, depth = 0): { code: string; message: string }[] {
  if (depth > 4 || typeof error !== 'object' || error === null) return [];
  const found: { code: string; message: string }[] = [];
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string') found.push({ code, message: typeof message === 'string' ? message : '' });
  if (Array.isArray(errors)) for (const inner of errors) found.push(...errorCodes(inner, depth + 1));
  found.push(...errorCodes(cause, depth + 1));
  return found;
}

/** A wait that an abort signal cuts short, rejecting with the signal's reason (as fetch does). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
