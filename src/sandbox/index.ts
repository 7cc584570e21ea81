/**
 * The sandbox: a local HTTP implementation of the partner API (the contract in the seed document) over
 * generated, deterministic data. Every CLI test runs against it, and `tix --sandbox` starts one in-process.
 * Decisions the contract leaves open are documented next to the code that makes them: routes/events.ts,
 * routes/sales.ts, routes/inventory.ts, routes/match.ts, query.ts and http.ts.
 */
import { AGENT_CODES, findAgent } from '../api/agents.js';
import { EventContext, type SandboxEvent } from './data/events.js';
import { InventoryGenerator } from './data/inventory.js';
import { buildLargeSales, pickLargeSalesEvent } from './data/large-sales.js';
import { SalesGenerator } from './data/sales.js';
import { EventStore } from './data/store.js';
import { FAULTS, type Fault, LOG_LIMIT, type LogEntry, SANDBOX_API_KEY, SANDBOX_NOSALES_KEY, SandboxServer } from './http.js';
import { MAX_INDEX, hash } from './random.js';
import { MAX_TIME_SCALE, scaledClock } from './time.js';
import type { App } from './routes/context.js';

export { SANDBOX_API_KEY, SANDBOX_NOSALES_KEY, FAULTS };
export type { Fault, LogEntry };
export { SandboxEvent, listing, LISTING_FIELDS } from './data/events.js';
export { REFRESH_MS } from './data/inventory.js';

export interface SandboxOptions {
  /** Port to listen on; default 0 (an ephemeral port). Always bound to 127.0.0.1. */
  port?: number;
  /** Seed of the generated data; default 42. */
  seed?: number;
  /** The sandbox clock: a fixed instant (Date or ISO text) or a function; default real time. */
  now?: Date | string | (() => Date);
  /**
   * The clock runs this many times as fast as real time, from `now` (a fixed instant) or from the real time
   * when `now` is not given: 900 makes the 15-minute inventory refresh happen every second. 1 to 100,000.
   */
  timeScale?: number;
  /** Number of events; default 2,000. */
  events?: number;
  /** Milliseconds added before every response. */
  latencyMs?: number;
  /** Fraction (0..1) of requests answered 503. */
  failRate?: number;
  /**
   * These requests, by their number in the order they arrive (1 is the first), are answered 503 as failRate
   * answers: a failure a test can place exactly (with one request at a time, a chosen batch).
   */
  failRequests?: readonly number[];
  /**
   * Ticket agents (code or name, any case) whose inventory requests are all answered 503, while every other
   * request is served: one marketplace down while the rest answer.
   */
  failAgents?: readonly string[];
  /** A fault for reliability tests, applied to `faultRate` of requests. */
  fault?: Fault;
  /** Fraction (0..1) of requests the fault applies to; default 1. */
  faultRate?: number;
  /** Retry-After header value for the rate-limit fault (429); default '1'. */
  retryAfter?: string;
  /** Delay before the headers under the slow fault; default 60,000 ms. close() does not wait for it. */
  slowMs?: number;
  /**
   * At most this many failures (failRate 503s and faults) in a row for one request target; its next try is
   * then served normally. Default: no limit. With 3, "half the requests fail" still lets a client with 3
   * retries finish, so a test of that is not left to chance.
   */
  maxConsecutiveFailures?: number;
  /**
   * Requests the log keeps, the oldest dropped first (default LOG_LIMIT, 10,000): a smaller log lets a test
   * show the server's memory flat past a full log with proportionally fewer requests.
   */
  requestLog?: number;
  /** More keys with full access besides SANDBOX_API_KEY (tests that need a distinctive key). */
  extraApiKeys?: readonly string[];
  /** Gives one past event this many individual sales (e.g. 1,000,000); its id is `largeSalesEventId`. */
  largeSalesEvent?: number;
  /**
   * Test hook, called for each authenticated GET before routing, inside the handler's error boundary:
   * throwing from it produces a 500 (tests use it to prove the server survives a handler crash).
   */
  hook?: (request: { method: string; path: string }) => void;
}

export interface Sandbox {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:43121. */
  url: string;
  port: number;
  /** Closes the server and every open socket promptly. */
  close(): Promise<void>;
  /** Requests received so far. */
  readonly requests: number;
  /** Recent requests (the last `requestLog`, 10,000 unless set): method, raw request target (apiKey value masked), status sent. */
  log: LogEntry[];
  /** StubHub id of the large-sales event, when `largeSalesEvent` is set. */
  largeSalesEventId?: string;
  /** The generated events. */
  events: readonly SandboxEvent[];
  /** The seed the data was generated from. */
  seed: number;
  /** The sandbox clock, in epoch milliseconds. */
  now(): number;
}

export const DEFAULT_SEED = 42;
export const DEFAULT_EVENTS = 2_000;
export const MAX_EVENTS = 10_000_000;
if (MAX_EVENTS > MAX_INDEX) throw new Error('MAX_EVENTS exceeds the id space');

function fail(message: string): never {
  throw new RangeError(`sandbox: ${message}`);
}

/** Turns the `now` and `timeScale` options into a clock returning epoch milliseconds. */
export function makeClock(now: SandboxOptions['now'], timeScale?: number): () => number {
  if (timeScale !== undefined) {
    if (!(timeScale >= 1 && timeScale <= MAX_TIME_SCALE)) fail(`timeScale must be a number from 1 to ${MAX_TIME_SCALE} (got ${timeScale})`);
    if (typeof now === 'function') fail('timeScale runs from a fixed now or the real time, not from a clock function');
    return scaledClock(now === undefined ? Date.now() : makeClock(now)(), timeScale);
  }
  if (now === undefined) return () => Date.now();
  if (typeof now === 'function') {
    return () => {
      const value = now();
      const time = value instanceof Date ? value.getTime() : Number.NaN;
      if (!Number.isFinite(time)) throw new Error('the sandbox clock returned an invalid date');
      return time;
    };
  }
  const time = now instanceof Date ? now.getTime() : Date.parse(now);
  if (!Number.isFinite(time)) fail(`now must be a valid date (got ${String(now)})`);
  return () => time;
}

function fraction(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!(value >= 0 && value <= 1)) fail(`${name} must be between 0 and 1 (got ${value})`);
  return value;
}

function count(name: string, value: number | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 0 || value > max) fail(`${name} must be an integer between 0 and ${max} (got ${value})`);
  return value;
}

/** The 32-bit data key of a seed (any safe integer). */
export function seedKey(seed: number): number {
  return hash(seed % 2 ** 32, Math.floor(seed / 2 ** 32));
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isSafeInteger(seed)) fail(`seed must be an integer (got ${seed})`);
  const eventCount = count('events', options.events, DEFAULT_EVENTS, MAX_EVENTS);
  const port = count('port', options.port, 0, 65_535);
  const latencyMs = count('latencyMs', options.latencyMs, 0, 600_000);
  const slowMs = count('slowMs', options.slowMs, 60_000, 3_600_000);
  const maxConsecutiveFailures = count('maxConsecutiveFailures', options.maxConsecutiveFailures, Number.POSITIVE_INFINITY, 1_000);
  const failRate = fraction('failRate', options.failRate, 0);
  for (const n of options.failRequests ?? [])
    if (!Number.isSafeInteger(n) || n < 1) fail(`failRequests must be request numbers from 1 (got ${n})`);
  const faultRate = fraction('faultRate', options.faultRate, 1);
  if (options.fault !== undefined && !FAULTS.includes(options.fault))
    fail(`fault must be one of ${FAULTS.join(', ')} (got ${String(options.fault)})`);
  const logLimit = count('requestLog', options.requestLog, LOG_LIMIT, 1_000_000);
  if (logLimit < 1) fail(`requestLog must be at least 1 (got ${logLimit})`);
  const largeCount = count('largeSalesEvent', options.largeSalesEvent, 0, 20_000_000);
  const clock = makeClock(options.now, options.timeScale);
  const failingAgents = new Set(
    (options.failAgents ?? []).map(
      (name) => findAgent(name)?.code ?? fail(`failAgents: '${name}' is not a ticket agent (codes are ${AGENT_CODES.join(', ')})`),
    ),
  );

  const key = seedKey(seed);
  // The events are the seed's world, the same whatever the clock; the clock only decides what has happened.
  const store = new EventStore(new EventContext(key), eventCount);
  const app: App = {
    store,
    inventory: new InventoryGenerator(key),
    sales: new SalesGenerator(key),
    large: undefined,
    largeGzip: undefined,
    failingAgents,
  };
  if (options.largeSalesEvent !== undefined) {
    const event = pickLargeSalesEvent(store.events, clock());
    if (!event) fail('largeSalesEvent needs at least one event that is already over');
    app.large = buildLargeSales(key, event, largeCount);
  }

  const server = new SandboxServer({
    app,
    clock,
    seed: key,
    latencyMs,
    failRate,
    failRequests: new Set(options.failRequests ?? []),
    fault: options.fault,
    faultRate,
    retryAfter: options.retryAfter ?? '1',
    slowMs,
    maxConsecutiveFailures,
    logLimit,
    extraKeys: new Set(options.extraApiKeys ?? []),
    hook: options.hook,
  });
  const boundPort = await server.listen(port);
  const sandbox: Sandbox = {
    url: `http://127.0.0.1:${boundPort}`,
    port: boundPort,
    close: () => server.close(),
    get requests() {
      return server.requests;
    },
    log: server.log,
    events: store.events,
    seed,
    now: clock,
  };
  if (app.large) sandbox.largeSalesEventId = app.large.event.stubhubId;
  return sandbox;
}
