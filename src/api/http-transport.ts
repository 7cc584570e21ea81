/**
 * How the client reaches the API: Node's own http/https with one keep-alive agent, or undici when a proxy
 * must be used.
 *
 * Why not undici for everything: loading undici and compiling its WebAssembly HTTP parser (llhttp) costs
 * about 200 ms of CPU per run, four times the cost of starting Node at all, and V8's background
 * optimisation of that WebAssembly holds up the exit of the process. Node's built-in parser is native and
 * costs nothing to load, which is most of a one-off query. undici's EnvHttpProxyAgent still serves
 * HTTP(S)_PROXY/NO_PROXY, loaded only when a proxy variable is set and the host is not this machine.
 */
import type * as Http from 'node:http';
import type * as Https from 'node:https';
import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { http, loadHttps } from '../node-http.js';
import { isLoopbackHost } from './url.js';

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

const PROXY_VARIABLES = ['http_proxy', 'HTTP_PROXY', 'https_proxy', 'HTTPS_PROXY'];

/**
 * The dispatcher for `origin`. The result is typed as undici's Dispatcher because that is the client's
 * test seam; the client uses only request() (statusCode, headers, body as a Readable) and close().
 */
export function createDispatcher(origin: string, options: TransportOptions, env: NodeJS.ProcessEnv = process.env): Dispatcher {
  // This machine is reached directly, never through a proxy: a proxy's 127.0.0.1 is not ours, and a key
  // sent in clear to a loopback base URL must not travel to the proxy.
  const proxied = !isLoopbackHost(new URL(origin).hostname) && PROXY_VARIABLES.some((name) => env[name]);
  const dispatcher = proxied ? new LazyProxyDispatcher(options) : new NodeHttpDispatcher(options);
  return dispatcher as unknown as Dispatcher;
}

/** undici's EnvHttpProxyAgent, imported on the first request. */
class LazyProxyDispatcher {
  #agent: Promise<Dispatcher> | undefined;

  constructor(private readonly options: TransportOptions) {}

  async request(options: RequestOptions): Promise<Dispatcher.ResponseData> {
    this.#agent ??= import('undici').then(
      ({ EnvHttpProxyAgent }) =>
        new EnvHttpProxyAgent({
          connectTimeout: this.options.timeoutMs,
          headersTimeout: this.options.timeoutMs,
          bodyTimeout: this.options.timeoutMs,
          keepAliveTimeout: this.options.keepAliveMs,
        }),
    );
    return (await this.#agent).request(options as Dispatcher.RequestOptions);
  }

  async close(): Promise<void> {
    await (await this.#agent)?.close();
  }
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
