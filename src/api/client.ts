import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { ExitCode, TixError, UsageError } from '../shared/errors.js';
import { maskSecrets, treatAsSecret } from '../shared/secrets.js';
import { VERSION } from '../shared/version.js';
import { link } from './abort-link.js';
import {
  checkEncoding,
  checkJsonType,
  decodeBody,
  decodeError,
  decodeStream,
  header,
  type Headers,
  parseJson,
  readAll,
  serverMessageFrom,
} from './body.js';
import { ByteBlocks } from './byte-blocks.js';
import { boundedBody, MAX_PAGE_BYTES, pageTooLarge } from './page-bound.js';
import { ApiError, attemptsText, errorForStatus, NotTheApiError } from './errors.js';
import { notJsonAnswer } from './identity.js';
import { parseRetryAfter } from './retry-after.js';
import { resumableBody } from './resumable-body.js';
import {
  backoffDelay,
  classifyNetworkError,
  decideRetry,
  MAX_RETRY_AFTER_MS,
  type NetworkFailure,
  RETRYABLE_STATUSES,
  type RetryDecision,
  sleep,
} from './retry.js';
import { createDispatcher, ProxyRefused } from './http-transport.js';
import { proxyFor, type ProxyRoute } from './proxy.js';
import { queryString, type RelativeTarget } from './relative-target.js';
import { encodeQuery, encodeSegment, endpointFor, parseBaseUrl, type BaseUrl, type PathSegment, type Query, traceQuery } from './url.js';

export type { PathSegment, Query } from './url.js';

export interface ApiClientOptions {
  /** May include a path prefix, e.g. https://api.example.com/v2; a trailing slash is ignored. */
  baseUrl: string;
  apiKey: string;
  /** Default 30 000; bounds connect, headers and body of each attempt. */
  timeoutMs?: number;
  /** Default 3, so up to 4 attempts. */
  retries?: number;
  /** `tix/<version> node/<version>` unless given. */
  userAgent?: string;
  /** The --debug sink: one line per attempt with method, URL, status, time, and the retry decision. Never the key. */
  trace?: (line: string) => void;
  /** Allow plain http:// to a host that is not this machine. */
  insecureHttp?: boolean;
  /** Cancels everything, waits included (Ctrl-C). */
  signal?: AbortSignal;
  /** Where HTTPS_PROXY, HTTP_PROXY and NO_PROXY are read: the run's environment (the process's unless given). */
  env?: NodeJS.ProcessEnv;
  /**
   * Numbers a double cannot hold keep the text the API wrote, as ExactNumber values in the parsed bodies
   * (exact-json.ts): for a run that writes csv or tsv, which prints them as sent.
   */
  keepDigits?: boolean;
  /** Test seam; when given, the caller owns it and close() leaves it open. */
  dispatcher?: Dispatcher;
  /** Test seam for the waits between attempts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Test seam for backoff jitter. */
  random?: () => number;
}

export interface RequestInit {
  /** Cancels this request only (e.g. a page that is no longer wanted). */
  signal?: AbortSignal;
}

export interface StreamResponse {
  status: number;
  headers: Headers;
  /**
   * The decompressed body. Read it to the end or destroy() it: until then it holds a connection. Failures
   * while reading are ApiErrors (a body still cut off after --retries resumes: exit 5).
   */
  body: Readable;
}

/**
 * A body read by getBody(), as it came over the wire: still compressed (Content-Encoding), in the chunks
 * it was read in. Parse it whole with parseBody(), or decode it a slice at a time with bodySlices().
 */
export interface RawBody {
  chunks: Buffer[];
  /**
   * The chunks' memory may be used for another body from now on (byte-blocks.ts): call it once the body has
   * been read for the last time. Not calling it only leaves the memory to the collector.
   */
  release(): void;
  headers: Headers;
  endpoint: string;
  status: number;
  /** Parse it as ApiClientOptions.keepDigits says. */
  keepDigits: boolean;
}

/** What getRaw() hands back: a 2xx answer as the API sent it, its body decoded but not parsed. */
export interface RawResponse {
  status: number;
  headers: Headers;
  body: Buffer;
  endpoint: string;
}

/** Parses a body read by getBody(), with get()'s errors. */
export async function parseBody<T>({ chunks, headers, endpoint, status, keepDigits }: RawBody): Promise<T> {
  const decoded = await decodeBody(Buffer.concat(chunks), headers, endpoint);
  return parseJson(decoded.toString('utf8'), endpoint, status, keepDigits) as T;
}

/**
 * A body read by getBody(), decoded as it is read, in slices of about `sliceBytes`: the whole of it is
 * never decoded at once (for a page of 5,000 events, 2.3 MB against 0.6 MB compressed). A body that does
 * not decode fails as decodeBody does, after the slices before the fault.
 */
export async function* bodySlices({ chunks, headers, endpoint }: RawBody, sliceBytes: number): AsyncGenerator<Buffer> {
  const source = Readable.from(chunks, { objectMode: false });
  const decoded = decodeStream(source, headers, endpoint, sliceBytes);
  if (decoded === source) {
    yield* chunks;
    return;
  }
  let size = 0;
  try {
    for await (const slice of decoded) {
      // Decoded, a page is bound as when it is decoded whole (page-bound.ts): a gzip bomb stops here too.
      size += (slice as Buffer).length;
      if (size > MAX_PAGE_BYTES) throw pageTooLarge(endpoint);
      yield slice as Buffer;
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw decodeError(error, header(headers, 'content-encoding') ?? '', endpoint);
  } finally {
    decoded.destroy();
  }
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_RETRIES = 3;
/** Error bodies are read for their message only; a proxy's huge HTML page is not worth more. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;
/** How long an idle keep-alive connection is kept for the next request (pages, concurrent gets). */
const KEEP_ALIVE_MS = 10_000;

interface Target {
  path: string;
  /** For messages: method and path relative to the base URL, no query. */
  endpoint: string;
  /** For --debug: the full URL, secret query values masked. */
  traceUrl: string;
}

/** Lets a streaming response keep its abort wiring alive after the attempt returns. */
interface Handover {
  handedOver: boolean;
  releases: (() => void)[];
}

interface AttemptContext {
  endpoint: string;
  /** Aborted by the caller's signals (and, until a handover, by the attempt's timer). */
  signal: AbortSignal;
  /** Keeps the request's signal wiring alive; the returned function undoes it when the body is done. */
  handOver(): () => void;
}

type Consume<R> = (response: Dispatcher.ResponseData, context: AttemptContext) => Promise<R>;

type Failure =
  | {
      kind: 'status';
      status: number;
      headers: Headers;
      serverMessage?: string;
      /** What came back, when the body was read and is not JSON ("text/html"): never the API's (identity.ts). */
      notJson?: string;
      retryAfterMs?: number;
      location?: string;
    }
  | { kind: 'network'; network: NetworkFailure; cause: unknown };

type Outcome<R> = { ok: true; value: R; status: number } | { ok: false; failure: Failure } | { ok: false; fatal: ApiError };

/** The reason the per-attempt timer aborts with, told apart from the caller's own abort. */
class AttemptTimedOut extends Error {}

/**
 * The one way tix talks to the API: one keep-alive dispatcher, the key in a header, timeouts per attempt,
 * retries with backoff for the failures that pass, and typed errors for the ones that do not.
 */
export class ApiClient {
  readonly #base: BaseUrl;
  readonly #timeoutMs: number;
  readonly #retries: number;
  readonly #headers: Record<string, string>;
  /** Trace lines are built from masked parts only (the URL's secret parameters, the server's words). */
  readonly #trace: ((line: string) => void) | undefined;
  readonly #signal: AbortSignal | undefined;
  readonly #dispatcher: Dispatcher;
  readonly #ownsDispatcher: boolean;
  /** The proxy requests go through (HTTPS_PROXY, HTTP_PROXY; never for this machine), for messages and traces. */
  readonly #proxy: ProxyRoute | undefined;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Memory for getBody()'s bodies, reused once they are released. */
  readonly #blocks = new ByteBlocks();
  readonly #random: () => number;
  readonly #keepDigits: boolean;
  #requestCount = 0;

  constructor(options: ApiClientOptions) {
    const { apiKey } = options;
    if (typeof apiKey !== 'string' || apiKey === '') throw new TixError('no API key given', ExitCode.AUTH);
    // A newline or other control character would break the header (undici refuses it with a less clear error).
    if (/[\u0000-\u001f\u007f]/.test(apiKey) || /[^\u0000-\u00ff]/.test(apiKey)) {
      throw new TixError(
        'the API key contains characters that cannot be sent in a header (a line break, or non-Latin-1 text); check how it was copied',
        ExitCode.AUTH,
      );
    }
    // From here on no message of this run shows it, whatever a server echoes back.
    treatAsSecret(apiKey);
    this.#base = parseBaseUrl(options.baseUrl, options.insecureHttp ?? false);

    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (!Number.isFinite(this.#timeoutMs) || this.#timeoutMs <= 0)
      throw new UsageError('--timeout must be a number of seconds greater than 0');
    this.#retries = options.retries ?? DEFAULT_RETRIES;
    if (!Number.isInteger(this.#retries) || this.#retries < 0) throw new UsageError('--retries must be a whole number, 0 or more');

    this.#headers = {
      'x-api-key': apiKey,
      accept: 'application/json',
      'accept-encoding': 'gzip, br',
      'user-agent': options.userAgent ?? `tix/${VERSION} node/${process.versions.node}`,
    };
    this.#trace = options.trace;
    this.#signal = options.signal;
    this.#sleep = options.sleep ?? sleep;
    this.#random = options.random ?? Math.random;
    this.#keepDigits = options.keepDigits === true;
    this.#ownsDispatcher = options.dispatcher === undefined;
    // An injected dispatcher is the test's own: it decides the route, so no proxy is named.
    this.#proxy = this.#ownsDispatcher ? proxyFor(this.#base.origin, options.env ?? process.env) : undefined;
    // Node's own http/https with keep-alive, or undici's ProxyAgent through the proxy.
    this.#dispatcher = options.dispatcher ?? createDispatcher({ timeoutMs: this.#timeoutMs, keepAliveMs: KEEP_ALIVE_MS }, this.#proxy);
  }

  /** The base URL as configured, for messages: parseBaseUrl refuses a user name, password or query in it. */
  get baseUrl(): string {
    return `${this.#base.origin}${this.#base.prefix}`;
  }

  /** Whether bodies keep the text of numbers a double cannot hold (ApiClientOptions.keepDigits). */
  get keepDigits(): boolean {
    return this.#keepDigits;
  }

  /** HTTP attempts sent so far, retries included. */
  get requestCount(): number {
    return this.#requestCount;
  }

  /** GET and parse JSON. `path` is raw segments (`['events', id]`); each is percent-encoded here. */
  async get<T>(path: readonly PathSegment[], query?: Query, init?: RequestInit): Promise<T> {
    return this.#request(this.#target(path, query), init, async (response, { endpoint }) => {
      checkJsonType(response.headers, endpoint, response.statusCode);
      // A read that fails here (connection cut before the end) is a network failure and is retried...
      const raw = await readAll(boundedBody(response.body, endpoint));
      // ...but a complete body that does not decode or parse is the server's answer, and is not.
      const decoded = await decodeBody(raw, response.headers, endpoint);
      return parseJson(decoded.toString('utf8'), endpoint, response.statusCode, this.#keepDigits) as T;
    });
  }

  /**
   * GET a JSON body, read but not yet decoded nor parsed (parseBody, or bodySlices and json-stream.ts):
   * pages fetched ahead of the one being written wait as the compressed bytes they came as, outside V8's
   * heap, rather than as megabytes of text or of parsed objects. Reading fails, and is retried, exactly as
   * in get(); a body that does not decode or parse fails when it is parsed, not retried, as in get().
   */
  async getBody(path: readonly PathSegment[], query?: Query, init?: RequestInit): Promise<RawBody> {
    return this.#request(this.#target(path, query), init, async (response, { endpoint }) => {
      checkJsonType(response.headers, endpoint, response.statusCode);
      checkEncoding(response.headers, endpoint);
      const { chunks, release } = await this.#blocks.read(boundedBody(response.body, endpoint));
      return { chunks, release, headers: response.headers, endpoint, status: response.statusCode, keepDigits: this.#keepDigits };
    });
  }

  /**
   * GET a target typed by a person (`tix api`), already checked to stay under the base URL
   * (relative-target.ts), with get()'s retries, timeouts and errors. Whatever its content type, a 2xx body
   * comes back decoded and unparsed; a final non-2xx is thrown as everywhere else, its ApiError carrying
   * the response's headers.
   */
  async getRaw(target: RelativeTarget, init?: RequestInit): Promise<RawResponse> {
    const full = `${this.#base.prefix}/${target.path}`;
    const resolved: Target = {
      path: `${full}${queryString(target)}`,
      endpoint: `GET /${target.path}`,
      traceUrl: `${this.#base.origin}${full}${queryString(target, true)}`,
    };
    return this.#request(resolved, init, async (response, { endpoint }) => {
      const decoded = await decodeBody(await readAll(boundedBody(response.body, endpoint)), response.headers, endpoint);
      // The body is data and goes out as sent (the command warns if it holds the key); the headers are shown
      // on stderr with -i, so they are masked like any message.
      return { status: response.statusCode, headers: maskHeaders(response.headers), body: decoded, endpoint };
    });
  }

  /**
   * GET with the body as a stream, for responses too large to hold. A body cut off part-way is resumed:
   * the request is sent again and read past what was already delivered (resumable-body.ts), up to --retries
   * times, so a stream is as robust as a body read whole.
   */
  async getStream(path: readonly PathSegment[], query?: Query, init?: RequestInit): Promise<StreamResponse> {
    const first = await this.#openStream(path, query, init);
    const { endpoint, traceUrl } = this.#target(path, query);
    const signal = AbortSignal.any([this.#signal, init?.signal].filter((s): s is AbortSignal => s !== undefined));
    const body = resumableBody(first.body, {
      endpoint,
      status: first.status,
      retries: this.#retries,
      // What the stream relay throws for a broken connection: exit 5 with the network failure as its cause.
      isCutOff: (error) =>
        error instanceof ApiError && error.exitCode === ExitCode.UNAVAILABLE && classifyNetworkError(error.cause)?.retryable === true,
      wait: async (resume, delivered, error) => {
        const waitMs = backoffDelay(resume, this.#random);
        const code = classifyNetworkError((error as ApiError).cause)?.code ?? 'cut off';
        this.#trace?.(
          `GET ${traceUrl}${this.#via()} (resume ${resume + 1}/${this.#retries}) -> ${code} after ${delivered} bytes of the body; retrying in ${waitMs} ms (backoff)`,
        );
        await this.#sleep(waitMs, signal);
      },
      reopen: async () => (await this.#openStream(path, query, init)).body,
    });
    return { ...first, body: Readable.from(body, { objectMode: false }) };
  }

  /** One streamed GET; retries happen only before the body is handed over (getStream resumes after that). */
  async #openStream(path: readonly PathSegment[], query?: Query, init?: RequestInit): Promise<StreamResponse> {
    return this.#request(this.#target(path, query), init, async (response, context) => {
      const { endpoint, signal } = context;
      const status = response.statusCode;
      checkJsonType(response.headers, endpoint, status);
      const decoded = decodeStream(response.body, response.headers, endpoint);
      const release = context.handOver();
      async function* relay(): AsyncGenerator<Buffer> {
        try {
          for await (const chunk of decoded) yield chunk as Buffer;
        } catch (error) {
          if (signal.aborted) throw signal.reason;
          const network = classifyNetworkError(error);
          if (network) {
            throw new ApiError(`the response from ${endpoint} was cut off: ${network.description}`, ExitCode.UNAVAILABLE, {
              endpoint,
              status,
              cause: error,
            });
          }
          const reason = error instanceof Error ? error.message : String(error);
          throw new ApiError(`could not decode the response from ${endpoint}: ${reason}`, ExitCode.ERROR, {
            endpoint,
            status,
            cause: error,
          });
        } finally {
          discard(decoded);
          discard(response.body);
          release();
        }
      }
      return { status, headers: response.headers, body: Readable.from(relay(), { objectMode: false }) };
    });
  }

  /** Closes the connections this client opened (not an injected dispatcher, which its owner closes). */
  async close(): Promise<void> {
    if (this.#ownsDispatcher) await this.#dispatcher.close();
  }

  async #request<R>(target: Target, init: RequestInit | undefined, consume: Consume<R>): Promise<R> {
    // One signal for the whole call, waits included: the client's (Ctrl-C) and this request's.
    const call = new AbortController();
    const handover: Handover = { handedOver: false, releases: [link(call, [this.#signal, init?.signal])] };
    const attempts = this.#retries + 1;
    try {
      for (let attempt = 1; ; attempt++) {
        call.signal.throwIfAborted();
        // hrtime, not performance.now(): node:perf_hooks would load nine modules for one subtraction.
        const started = process.hrtime.bigint();
        const outcome = await this.#attempt(target, call.signal, consume, handover);
        const elapsed = `${Math.round(Number(process.hrtime.bigint() - started) / 1e6)} ms`;
        const line = `GET ${target.traceUrl}${this.#via()} (attempt ${attempt}/${attempts})`;

        if (outcome.ok) {
          this.#trace?.(`${line} -> ${outcome.status} in ${elapsed}`);
          return outcome.value;
        }
        if ('fatal' in outcome) {
          this.#trace?.(`${line} -> ${outcome.fatal.status ?? 'failed'} in ${elapsed}: ${outcome.fatal.message}`);
          throw outcome.fatal;
        }

        const { failure } = outcome;
        const retryable = failure.kind === 'status' ? RETRYABLE_STATUSES.has(failure.status) : failure.network.retryable;
        const decision: RetryDecision | { retry: false; why: 'final' } = retryable
          ? decideRetry(attempt, this.#retries, failure.kind === 'status' ? failure.retryAfterMs : undefined, this.#random)
          : { retry: false, why: 'final' };
        const result = failure.kind === 'status' ? `${failure.status} in ${elapsed}` : `${failure.network.code} after ${elapsed}`;
        const next = decision.retry
          ? `retrying in ${decision.waitMs} ms (${decision.why})`
          : decision.why === 'final'
            ? 'not retried'
            : `giving up (${decision.why})`;
        this.#trace?.(`${line} -> ${result}; ${next}`);

        if (!decision.retry) throw this.#finalError(failure, target, attempt, decision.why === 'Retry-After too long');
        await this.#sleep(decision.waitMs, call.signal);
      }
    } finally {
      if (!handover.handedOver) for (const release of handover.releases) release();
    }
  }

  async #attempt<R>(target: Target, callSignal: AbortSignal, consume: Consume<R>, handover: Handover): Promise<Outcome<R>> {
    const attempt = new AbortController();
    const unlink = link(attempt, [callSignal]);
    // Undici's own timeouts watch each phase for idleness; this one bounds the attempt as a whole.
    const timer = setTimeout(() => attempt.abort(new AttemptTimedOut()), this.#timeoutMs);
    let response: Dispatcher.ResponseData | undefined;
    this.#requestCount++;
    try {
      response = await this.#dispatcher.request({
        origin: this.#base.origin,
        path: target.path,
        method: 'GET',
        headers: this.#headers,
        signal: attempt.signal,
        headersTimeout: this.#timeoutMs,
        bodyTimeout: this.#timeoutMs,
      });
      const status = response.statusCode;
      if (status >= 200 && status < 300) {
        const context: AttemptContext = {
          endpoint: target.endpoint,
          signal: attempt.signal,
          handOver: () => {
            handover.handedOver = true;
            // The body outlives this attempt: its time is bounded by undici's bodyTimeout (idle time
            // between chunks) rather than by a deadline that a very large download would overrun.
            clearTimeout(timer);
            const releases = [...handover.releases, unlink];
            return () => {
              for (const release of releases) release();
            };
          },
        };
        return { ok: true, value: await consume(response, context), status };
      }
      const { serverMessage, notJson } = await this.#errorBody(response, target.endpoint);
      callSignal.throwIfAborted();
      const retryAfterMs = parseRetryAfter(response.headers['retry-after']);
      const location = header(response.headers, 'location');
      // Quoted in the error ("it points to ..."): a login page's URL may carry the key back.
      const shownLocation = location === undefined ? undefined : maskSecrets(location);
      return {
        ok: false,
        failure: {
          kind: 'status',
          status,
          headers: maskHeaders(response.headers),
          ...(serverMessage === undefined ? {} : { serverMessage }),
          ...(notJson === undefined ? {} : { notJson }),
          ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
          ...(shownLocation === undefined ? {} : { location: shownLocation }),
        },
      };
    } catch (error) {
      if (callSignal.aborted) throw callSignal.reason;
      if (error instanceof ApiError) return { ok: false, fatal: error };
      if (attempt.signal.reason instanceof AttemptTimedOut) {
        const network: NetworkFailure = { code: 'TIMEOUT', description: 'timed out', retryable: true, timeout: true };
        return { ok: false, failure: { kind: 'network', network, cause: error } };
      }
      const network = error instanceof ProxyRefused ? error.failure : classifyNetworkError(error);
      if (!network) throw error;
      return { ok: false, failure: { kind: 'network', network, cause: error } };
    } finally {
      if (!handover.handedOver) {
        clearTimeout(timer);
        unlink();
        // Frees the connection whatever happened to the body (a no-op once it was read to the end).
        if (response) discard(response.body);
      }
    }
  }

  /**
   * The server's explanation from an error body, if it gave one, and what the body was when it is not JSON.
   * Reading it must not fail the call: a body that cannot be read tells nothing either way.
   */
  async #errorBody(response: Dispatcher.ResponseData, endpoint: string): Promise<{ serverMessage?: string; notJson?: string }> {
    try {
      const raw = await readAll(response.body, MAX_ERROR_BODY_BYTES);
      const text = (await decodeBody(raw, response.headers, endpoint)).toString('utf8');
      const serverMessage = serverMessageFrom(text, response.headers);
      const notJson = notJsonAnswer(response.statusCode, response.headers, text);
      return {
        ...(serverMessage === undefined ? {} : { serverMessage }),
        ...(notJson === undefined ? {} : { notJson: maskSecrets(notJson) }),
      };
    } catch {
      return {};
    }
  }

  #finalError(failure: Failure, target: Target, attempts: number, retryAfterTooLong: boolean): ApiError {
    const { endpoint } = target;
    if (failure.kind === 'status') {
      if (failure.status === 404 && failure.notJson !== undefined) {
        return new NotTheApiError(this.baseUrl, endpoint, failure.notJson, { status: 404, headers: failure.headers });
      }
      let extra: string | undefined;
      if (retryAfterTooLong && failure.retryAfterMs !== undefined) {
        extra = `the API asked to wait ${seconds(failure.retryAfterMs)} before retrying, longer than tix waits (${seconds(MAX_RETRY_AFTER_MS)}); try again later`;
      } else if (failure.status >= 300 && failure.status < 400 && failure.location) {
        extra = `it points to ${failure.location}`;
      }
      return errorForStatus(failure.status, endpoint, failure.serverMessage, attempts, extra, failure.headers);
    }
    const { network, cause } = failure;
    const gaveUp = network.retryable ? `, gave up after ${attemptsText(attempts)}` : '';
    if (network.timeout) {
      return new ApiError(
        `request timed out after ${seconds(this.#timeoutMs)} (${endpoint})${gaveUp}; allow more time with --timeout <seconds>`,
        ExitCode.UNAVAILABLE,
        { endpoint, cause },
      );
    }
    const host = new URL(this.#base.origin).host;
    if (network.untrusted) {
      // The server was reached but not trusted: say so, and how to trust a private CA, rather than "could not reach".
      return new ApiError(
        `could not connect securely to the API at ${host} (${endpoint}): ${network.description}; if it uses a private certificate authority, set NODE_EXTRA_CA_CERTS to that CA's PEM file`,
        ExitCode.UNAVAILABLE,
        { endpoint, cause },
      );
    }
    if (this.#proxy) {
      // tix connects to nothing but the proxy: a connection that could not be made is the proxy's.
      const reason = network.connecting ? `could not connect to the proxy: ${network.description}` : network.description;
      const { shown, variable } = this.#proxy;
      return new ApiError(
        `cannot reach the API through the proxy ${shown} set in ${variable} (${endpoint}): ${reason}${gaveUp}`,
        ExitCode.UNAVAILABLE,
        {
          endpoint,
          cause,
        },
      );
    }
    return new ApiError(`could not reach the API at ${host} (${endpoint}): ${network.description}${gaveUp}`, ExitCode.UNAVAILABLE, {
      endpoint,
      cause,
    });
  }

  /** For --debug: which proxy carried a request, its credentials masked. */
  #via(): string {
    return this.#proxy ? ` via proxy ${this.#proxy.shown}` : '';
  }

  #target(path: readonly PathSegment[], query: Query | undefined): Target {
    const full = `${this.#base.prefix}/${path.map(encodeSegment).join('/')}`;
    return {
      path: `${full}${encodeQuery(query)}`,
      endpoint: endpointFor(path),
      traceUrl: `${this.#base.origin}${full}${traceQuery(query)}`,
    };
  }
}

/** Response headers fit to show (`tix api -i`, errors): a key header's value whole, the key anywhere else. */
function maskHeaders(headers: Headers): Headers {
  const masked: Headers = {};
  for (const [name, value] of Object.entries(headers)) {
    const mask = KEY_HEADERS.test(name) ? () => '***' : maskSecrets;
    masked[name] = Array.isArray(value) ? value.map(mask) : value === undefined ? undefined : mask(value);
  }
  return masked;
}

/** Headers that carry credentials: their values are masked whatever they are. */
const KEY_HEADERS = /^(x-api-?key|authorization|proxy-authorization)$/i;

/** Destroys a body that may be unread; the abort error that follows has no one left to tell. */
function discard(stream: Readable): void {
  if (stream.destroyed) return;
  stream.on('error', () => {});
  stream.destroy();
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))}s`;
}
