/**
 * How the client reaches the API: Node's own http/https with one keep-alive agent, or undici when a proxy
 * must be used.
 *
 * Why not undici for everything: loading undici and compiling its WebAssembly HTTP parser (llhttp) costs
 * about 200 ms of CPU per run, four times the cost of starting Node at all, and V8's background
 * optimisation of that WebAssembly holds up the exit of the process. Node's built-in parser is native and
 * costs nothing to load, which is most of a one-off query. undici's ProxyAgent serves the proxy that
 * proxy.ts chose, loaded only then.
 */
import type * as Http from 'node:http';
import type * as Https from 'node:https';
import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { http, loadHttps } from '../shared/node-http.js';
import type { ProxyRoute } from './proxy.js';
import { type NetworkFailure, RETRYABLE_STATUSES } from './retry.js';

export interface TransportOptions {
  /** Idle limit for connecting, for the headers, and between body chunks (undici's three timeouts). */
  timeoutMs: number;
  /** How long an idle keep-alive connection is kept for the next request. */
  keepAliveMs: number;
}

/** The part of undici's Dispatcher the client uses: request() and close(). */
interface RequestOptions {
  origin: string;
  path: string;
  method: string;
  headers: Record<string, string>;
  signal?: AbortSignal;
}

interface TransportResponse {
  statusCode: number;
  headers: Http.IncomingHttpHeaders;
  body: Readable;
}

/**
 * The dispatcher for the API, through `proxy` when one applies (proxy.ts). The result is typed as undici's
 * Dispatcher because that is the client's test seam; the client uses only request() (statusCode, headers,
 * body as a Readable) and close().
 */
export function createDispatcher(options: TransportOptions, proxy: ProxyRoute | undefined): Dispatcher {
  const dispatcher = proxy ? new LazyProxyDispatcher(proxy, options) : new NodeHttpDispatcher(options);
  return dispatcher as unknown as Dispatcher;
}

/**
 * A proxy that answered instead of passing the request on: a CONNECT refused (403, 407, 502...), or an
 * http:// proxy asking for credentials (407). A 502, 503 or 504 (the proxy could not reach the API) is
 * worth another try; a refusal by policy or for credentials is not.
 */
export class ProxyRefused extends Error {
  readonly failure: NetworkFailure;
  constructor(message: string, status: number) {
    super(message);
    this.name = 'ProxyRefused';
    this.failure = { code: `proxy ${status}`, description: message, retryable: RETRYABLE_STATUSES.has(status), timeout: false };
  }
}

/** undici's ProxyAgent, imported on the first request. */
class LazyProxyDispatcher {
  #agent: Promise<Dispatcher> | undefined;

  constructor(
    private readonly proxy: ProxyRoute,
    private readonly options: TransportOptions,
  ) {}

  async request(options: RequestOptions): Promise<Dispatcher.ResponseData> {
    this.#agent ??= loadUndici().then(({ ProxyAgent }) => {
      const { timeoutMs, keepAliveMs } = this.options;
      return new ProxyAgent({
        uri: this.proxy.uri,
        ...(this.proxy.token === undefined ? {} : { token: this.proxy.token }),
        // http:// requests go to an http:// proxy as absolute-URI requests (GET http://host/path), as curl
        // sends them; https:// ones always through a CONNECT tunnel, so the proxy sees neither key nor data.
        proxyTunnel: false,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        keepAliveTimeout: keepAliveMs,
        // The connections to the proxy and the TLS handshakes through it are made by these connectors,
        // not with connectTimeout.
        proxyTls: { timeout: timeoutMs },
        requestTls: { timeout: timeoutMs },
      });
    });
    const agent = await this.#agent;
    try {
      // A copy: undici's ProxyAgent writes a Host header into the headers it is given.
      return await agent.request({ ...options, headers: { ...options.headers } } as Dispatcher.RequestOptions);
    } catch (error) {
      throw refusal(error, new URL(options.origin), this.proxy) ?? error;
    }
  }

  async close(): Promise<void> {
    await (await this.#agent)?.close();
  }
}

/**
 * undici, which is CommonJS: in the bundle its chunk has only a default export (esbuild cannot see the
 * names a CommonJS module exports), while Node's own loader (the tests of the source) also gives names.
 */
async function loadUndici(): Promise<typeof import('undici')> {
  const loaded = await import('undici');
  return (loaded as { default?: typeof import('undici') }).default ?? loaded;
}

/** undici's errors for a proxy's refusal, which carry the status only in their message. */
function refusal(error: unknown, target: URL, proxy: ProxyRoute): ProxyRefused | undefined {
  const message = error instanceof Error ? error.message : '';
  const status = Number(
    /^Proxy response \((\d{3})\) !== 200 when HTTP Tunneling$/.exec(message)?.[1] ??
      /^Proxy Authentication Required \((407)\)$/.exec(message)?.[1],
  );
  if (!status) return undefined;
  const tunnel = `${target.hostname}:${target.port || (target.protocol === 'https:' ? 443 : 80)}`;
  if (status === 407) {
    return new ProxyRefused(
      proxy.token === undefined
        ? `the proxy asks for a user name and password (HTTP 407): give them in ${proxy.variable} as http://user:password@host:port`
        : `the proxy did not accept the user name and password in ${proxy.variable} (HTTP 407)`,
      status,
    );
  }
  if (status >= 500) return new ProxyRefused(`the proxy could not connect to ${tunnel} (HTTP ${status})`, status);
  return new ProxyRefused(`the proxy refused to connect to ${tunnel} (HTTP ${status})`, status);
}

const TIMEOUT_MESSAGES = {
  UND_ERR_CONNECT_TIMEOUT: 'Connect Timeout Error',
  UND_ERR_HEADERS_TIMEOUT: 'Headers Timeout Error',
  UND_ERR_BODY_TIMEOUT: 'Body Timeout Error',
};

/** A timeout in undici's words, so the client classifies and reports it exactly as it does undici's. */
function timeoutError(code: keyof typeof TIMEOUT_MESSAGES): Error {
  return Object.assign(new Error(TIMEOUT_MESSAGES[code]), { code });
}

class NodeHttpDispatcher {
  readonly #httpAgent: Http.Agent;
  #httpsAgent: Https.Agent | undefined;

  constructor(private readonly options: TransportOptions) {
    // lifo: the most recently used connection is the one least likely to have been closed by the server.
    this.#httpAgent = new http.Agent({ keepAlive: true, timeout: options.keepAliveMs, scheduling: 'lifo' });
  }

  async request(options: RequestOptions): Promise<TransportResponse> {
    const url = new URL(options.origin);
    let module: typeof Http | typeof Https = http;
    let agent: Http.Agent = this.#httpAgent;
    if (url.protocol === 'https:') {
      const secure = loadHttps();
      module = secure;
      agent = this.#httpsAgent ??= new secure.Agent({ keepAlive: true, timeout: this.options.keepAliveMs, scheduling: 'lifo' });
    }
    options.signal?.throwIfAborted();
    return new Promise((resolve, reject) => {
      const request = module.request({
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: url.port,
        path: options.path,
        method: options.method,
        headers: options.headers,
        agent,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      let connected = false;
      let response: Http.IncomingMessage | undefined;
      request.on('socket', (socket) => {
        if (!socket.connecting) connected = true;
        else socket.once('connect', () => (connected = true));
      });
      // One idle timer (the socket's) covers the three phases; the error says which one stalled.
      request.setTimeout(this.options.timeoutMs, () => {
        if (response) response.destroy(timeoutError('UND_ERR_BODY_TIMEOUT'));
        else request.destroy(timeoutError(connected ? 'UND_ERR_HEADERS_TIMEOUT' : 'UND_ERR_CONNECT_TIMEOUT'));
      });
      // Errors after the response reach the body's reader through the response; this listener stays so a
      // late socket error never goes unhandled.
      request.on('error', (error) => {
        if (!response) reject(error);
      });
      request.on('response', (incoming) => {
        response = incoming;
        resolve({ statusCode: incoming.statusCode ?? 0, headers: incoming.headers, body: incoming });
      });
      request.end();
    });
  }

  async close(): Promise<void> {
    this.#httpAgent.destroy();
    this.#httpsAgent?.destroy();
  }
}
