/**
 * The HTTP side: one node:http server bound to 127.0.0.1. Per request, in order: latency (and the `slow`
 * fault), `failRate` and `failRequests` 503s, the `rate-limit`, `html` and `not-json` faults, authentication, method, routing, the
 * handler (any exception becomes a 500 and the server carries on), then serialisation, compression and
 * the `reset` / `truncate` / `bad-shape` faults on the way out.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { http } from '../shared/node-http.js';
import { HttpError, errorBody } from './errors.js';
import { Query } from './query.js';
import { Lru } from './lru.js';
import { hash, unit } from './random.js';
import type { App, Reply, Shape } from './routes/context.js';
import { type RouteKind, classify, pathSegments, route } from './routes/index.js';

export const SANDBOX_API_KEY = 'sandbox-key';
export const SANDBOX_NOSALES_KEY = 'sandbox-key-nosales';

export type Fault = 'reset' | 'truncate' | 'rate-limit' | 'slow' | 'html' | 'bad-shape' | 'not-json';
/** `not-json`: a 200 labelled application/json whose body is an HTML page (a proxy that mislabels its error page). */
export const FAULTS: readonly Fault[] = ['reset', 'truncate', 'rate-limit', 'slow', 'html', 'bad-shape', 'not-json'];

export interface LogEntry {
  method: string;
  /** The request target as received (path and query), with the apiKey query value replaced by ***. */
  path: string;
  status: number;
}

export interface ServerConfig {
  app: App;
  clock: () => number;
  seed: number;
  latencyMs: number;
  failRate: number;
  /** Request numbers (1 for the first) always answered like a failRate 503. */
  failRequests: ReadonlySet<number>;
  fault: Fault | undefined;
  faultRate: number;
  retryAfter: string;
  slowMs: number;
  /** At most this many failRate 503s and faults in a row for one request target; Infinity for no limit. */
  maxConsecutiveFailures: number;
  /** Entries the request log keeps (LOG_LIMIT unless the sandbox was told otherwise). */
  logLimit: number;
  /** Keys with full access besides SANDBOX_API_KEY. */
  extraKeys: ReadonlySet<string>;
  hook: ((request: { method: string; path: string }) => void) | undefined;
}

/** The log keeps the most recent entries only (this many unless told otherwise), so a load test cannot grow it without bound. */
export const LOG_LIMIT = 10_000;
/** Bodies smaller than this go out uncompressed, as most servers do; compression would only cost time. */
export const COMPRESS_MIN_BYTES = 1024;
const SYNC_COMPRESS_MAX_BYTES = 64 * 1024;

const JSON_TYPE = 'application/json; charset=utf-8';
const HTML_PAGE = Buffer.from(
  '<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>Service Unavailable</title></head>\n' +
    '<body><h1>We&rsquo;ll be right back</h1><p>The service is undergoing maintenance. Please try again later.</p></body></html>\n',
);

const FAIL_SALT = 0x503;
const FAULT_SALT = 0xfa17;

type Encoding = 'gzip' | 'br' | undefined;

/** Picks gzip or br from Accept-Encoding by q-value; gzip wins ties; anything else means no compression. */
export function chooseEncoding(header: string | undefined): Encoding {
  if (!header) return undefined;
  let gzipQ = 0;
  let brQ = 0;
  let starQ: number | undefined;
  for (const part of header.split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';');
    let q = 1;
    for (const param of params) {
      const [name, value] = param.trim().split('=');
      if (name === 'q') q = Number(value) || 0;
    }
    if (token === 'gzip' || token === 'x-gzip') gzipQ = q;
    else if (token === 'br') brQ = q;
    else if (token === '*') starQ = q;
  }
  if (starQ !== undefined) {
    if (!/\b(x-)?gzip\b/i.test(header)) gzipQ = starQ;
  }
  if (gzipQ > 0 && gzipQ >= brQ) return 'gzip';
  if (brQ > 0) return 'br';
  return undefined;
}

const BROTLI_FAST = { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } };

function compressed(encoding: 'gzip' | 'br', body: Buffer): Promise<Buffer> {
  if (body.length <= SYNC_COMPRESS_MAX_BYTES) {
    // Small bodies: a synchronous call is cheaper than a round trip through the thread pool.
    return Promise.resolve(encoding === 'gzip' ? gzipSync(body, { level: 1 }) : brotliCompressSync(body, BROTLI_FAST));
  }
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
    if (encoding === 'gzip') gzip(body, { level: 1 }, done);
    else brotliCompress(body, BROTLI_FAST, done);
  });
}

/** A body of the wrong shape for the reply it replaces, for the bad-shape fault. */
function wrongShape(shape: Shape): unknown {
  switch (shape) {
    case 'events':
      return { events: { oops: true } };
    case 'event':
      return { id: 12345, name: null, oops: true };
    case 'inventory':
      return { data: { oops: true }, timestamp: 12345 };
    case 'sales-summary':
      return { marketplaceId: 0, salesData: { oops: true } };
    case 'sales-details':
      return { salesDetails: 'oops' };
    default:
      return { oops: true };
  }
}

function redact(target: string): string {
  return target.replace(/([?&]apikey=)[^&#]*/gi, '$1***');
}

function headerValue(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined || text === '' ? undefined : text;
}

export class SandboxServer {
  readonly server: Server;
  readonly log: LogEntry[] = [];
  requests = 0;
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Failures in a row per request target, for maxConsecutiveFailures; bounded so a load test cannot grow it. */
  private readonly streaks = new Lru<string, number>(10_000);
  private closing: Promise<void> | undefined;

  constructor(private readonly config: ServerConfig) {
    this.server = http.createServer({ noDelay: true }, (req, res) => this.onRequest(req, res));
    this.server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
  }

  listen(port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', reject);
        const address = this.server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  }

  /** Stops listening, cancels pending (latency, slow) responses and destroys every open socket. */
  close(): Promise<void> {
    this.closing ??= new Promise<void>((resolve) => {
      for (const timer of this.timers) clearTimeout(timer);
      this.timers.clear();
      this.server.close(() => resolve());
      this.server.closeAllConnections();
      for (const socket of this.sockets) socket.destroy();
    });
    return this.closing;
  }

  private chance(salt: number, rate: number, n: number): boolean {
    return rate >= 1 || (rate > 0 && unit(hash(this.config.seed, salt, n)) < rate);
  }

  private onRequest(req: IncomingMessage, res: ServerResponse): void {
    const n = ++this.requests;
    const { config } = this;
    let failing = config.failRequests.has(n) || this.chance(FAIL_SALT, config.failRate, n);
    let fault = config.fault !== undefined && this.chance(FAULT_SALT, config.faultRate, n) ? config.fault : undefined;
    if (!this.mayFail(req, failing || fault !== undefined)) {
      failing = false;
      fault = undefined;
    }
    const delay = config.latencyMs + (fault === 'slow' ? config.slowMs : 0);
    if (delay <= 0) {
      this.handle(req, res, failing, fault);
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.handle(req, res, failing, fault);
    }, delay);
    this.timers.add(timer);
    // A client that gives up must not leave its timer behind.
    res.once('close', () => {
      clearTimeout(timer);
      this.timers.delete(timer);
    });
  }

  /**
   * Whether a failure picked for this request may happen. Once a request target (method and raw target) has
   * failed maxConsecutiveFailures times in a row, its next try is served normally: which requests fail stays
   * random, but a test knows that tix's retries are enough.
   */
  private mayFail(req: IncomingMessage, picked: boolean): boolean {
    const limit = this.config.maxConsecutiveFailures;
    if (limit === Number.POSITIVE_INFINITY) return true;
    const target = `${req.method ?? 'GET'} ${req.url ?? '/'}`;
    const streak = picked ? (this.streaks.get(target) ?? 0) : 0;
    const fails = picked && streak < limit;
    this.streaks.set(target, fails ? streak + 1 : 0);
    return fails;
  }

  private handle(req: IncomingMessage, res: ServerResponse, failing: boolean, fault: Fault | undefined): void {
    if (res.destroyed || this.closing) return;
    const method = req.method ?? 'GET';
    let target = req.url ?? '/';
    // Absolute-form targets (a proxy-style request line) carry the origin; only the path matters here.
    if (/^https?:\/\//i.test(target)) target = target.replace(/^https?:\/\/[^/?#]*/i, '') || '/';
    const entry: LogEntry = { method, path: redact(req.url ?? '/'), status: 0 };
    const queryAt = target.indexOf('?');
    const rawPath = queryAt < 0 ? target : target.slice(0, queryAt);
    const query = new Query(queryAt < 0 ? '' : target.slice(queryAt + 1).replace(/#.*$/, ''));
    const segments = pathSegments(rawPath);
    const kind: RouteKind = segments ? classify(segments) : 'none';

    if (failing) {
      const what = kind === 'inventory' ? 'Inventory service' : 'Service';
      this.sendError(req, res, entry, new HttpError(503, `${what} temporarily unavailable (sandbox failRate)`), undefined);
      return;
    }
    if (fault === 'rate-limit') {
      const retryAfter = this.config.retryAfter;
      this.sendError(
        req,
        res,
        entry,
        new HttpError(429, `rate limit exceeded; retry after ${retryAfter}${/^\d+$/.test(retryAfter) ? ' seconds' : ''}`, {
          'retry-after': retryAfter,
        }),
        undefined,
      );
      return;
    }
    if (fault === 'html' || fault === 'not-json') {
      const type = fault === 'html' ? 'text/html; charset=utf-8' : JSON_TYPE;
      this.write(req, res, entry, 200, { 'content-type': type }, [HTML_PAGE], undefined);
      return;
    }

    let reply: Reply;
    try {
      this.authenticate(req, query, kind);
      if (method !== 'GET') throw new HttpError(405, `method ${method} not allowed; the API only answers GET`, { allow: 'GET' });
      if (!segments) throw new HttpError(400, 'the path has malformed percent-encoding');
      this.config.hook?.({ method, path: rawPath });
      reply = route({ segments, query, now: this.config.clock(), app: this.config.app }, kind);
    } catch (error) {
      this.sendError(req, res, entry, error, fault);
      return;
    }
    if (fault === 'bad-shape' && reply.status < 300) reply = { status: 200, shape: reply.shape, json: wrongShape(reply.shape) };
    this.sendReply(req, res, entry, reply, fault);
  }

  /** 401 without a valid key; 403 for the no-sales key on the sales endpoints. The key is never echoed. */
  private authenticate(req: IncomingMessage, query: Query, kind: RouteKind): void {
    const fromHeader = headerValue(req.headers['x-api-key']) ?? headerValue(req.headers['x-apikey']);
    const key = fromHeader ?? query.get('apiKey');
    if (key === undefined) throw new HttpError(401, 'missing API key: send it in the x-api-key header (or the apiKey query parameter)');
    if (key !== SANDBOX_API_KEY && key !== SANDBOX_NOSALES_KEY && !this.config.extraKeys.has(key))
      throw new HttpError(401, 'invalid API key');
    if (key === SANDBOX_NOSALES_KEY && kind === 'sales') throw new HttpError(403, 'this API key may not use the sales endpoints');
  }

  private sendError(req: IncomingMessage, res: ServerResponse, entry: LogEntry, error: unknown, fault: Fault | undefined): void {
    const known = error instanceof HttpError;
    const status = known ? error.status : 500;
    const message = known ? error.message : `internal server error: ${error instanceof Error ? error.message : String(error)}`;
    const headers = { 'content-type': JSON_TYPE, ...(known ? error.headers : {}) };
    this.encodeAndWrite(req, res, entry, status, headers, [Buffer.from(JSON.stringify(errorBody(status, message)))], undefined, fault);
  }

  private sendReply(req: IncomingMessage, res: ServerResponse, entry: LogEntry, reply: Reply, fault: Fault | undefined): void {
    let chunks: Buffer[];
    try {
      chunks = reply.chunks ?? [Buffer.from(JSON.stringify(reply.json))];
    } catch (error) {
      this.sendError(req, res, entry, error, fault);
      return;
    }
    this.encodeAndWrite(req, res, entry, reply.status, { 'content-type': JSON_TYPE }, chunks, reply.gzipHead, fault);
  }

  private encodeAndWrite(
    req: IncomingMessage,
    res: ServerResponse,
    entry: LogEntry,
    status: number,
    headers: Record<string, string>,
    chunks: Buffer[],
    gzipHead: (() => Promise<Buffer>) | undefined,
    fault: Fault | undefined,
  ): void {
    const length = chunks.reduce((n, chunk) => n + chunk.length, 0);
    const encoding = length >= COMPRESS_MIN_BYTES ? chooseEncoding(headerValue(req.headers['accept-encoding'])) : undefined;
    headers.vary = 'Accept-Encoding';
    if (!encoding) {
      this.write(req, res, entry, status, headers, chunks, fault);
      return;
    }
    let body: Promise<Buffer[]>;
    if (encoding === 'gzip' && gzipHead && chunks.length > 1) {
      // Concatenated gzip members are one valid gzip stream: cached head + freshly compressed tail.
      const tail = chunks[chunks.length - 1] as Buffer;
      body = Promise.all([gzipHead(), compressed('gzip', tail)]);
    } else {
      body = compressed(encoding, chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, length)).then((b) => [b]);
    }
    body.then(
      (encoded) => this.write(req, res, entry, status, { ...headers, 'content-encoding': encoding }, encoded, fault),
      () => this.write(req, res, entry, status, headers, chunks, fault),
    );
  }

  private write(
    _req: IncomingMessage,
    res: ServerResponse,
    entry: LogEntry,
    status: number,
    headers: Record<string, string>,
    chunks: Buffer[],
    fault: Fault | undefined,
  ): void {
    if (res.destroyed || res.headersSent) return;
    const length = chunks.reduce((n, chunk) => n + chunk.length, 0);
    entry.status = status;
    this.record(entry);
    res.writeHead(status, { ...headers, 'content-length': String(length) });

    if (fault === 'reset' || fault === 'truncate') {
      // Send the headers and about half the body, then break the connection.
      let budget = Math.max(1, Math.floor(length / 2));
      const part: Buffer[] = [];
      for (const chunk of chunks) {
        if (budget <= 0) break;
        part.push(chunk.subarray(0, budget));
        budget -= chunk.length;
      }
      const socket = res.socket;
      res.write(Buffer.concat(part), () => {
        if (!socket || socket.destroyed) return;
        if (fault === 'reset') socket.resetAndDestroy();
        else socket.end();
      });
      return;
    }
    if (chunks.length === 1) {
      res.end(chunks[0]);
      return;
    }
    for (const chunk of chunks) res.write(chunk);
    res.end();
  }

  private record(entry: LogEntry): void {
    // A tenth goes at once when it is full, so the array is not shifted on every request.
    const limit = this.config.logLimit;
    if (this.log.length >= limit) this.log.splice(0, this.log.length - limit + Math.ceil(limit / 10));
    this.log.push(entry);
  }
}
