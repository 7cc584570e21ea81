/** What a route handler gets and gives back. Handlers are synchronous and pure apart from caches. */
import type { EventStore } from '../data/store.js';
import type { InventoryGenerator } from '../data/inventory.js';
import type { LargeSales } from '../data/large-sales.js';
import type { SalesGenerator } from '../data/sales.js';
import type { Query } from '../query.js';

/** The sandbox's data and clock, shared by all requests. */
export interface App {
  store: EventStore;
  inventory: InventoryGenerator;
  sales: SalesGenerator;
  large: LargeSales | undefined;
  /** Cached gzip of the large event's full details body (made on first use). */
  largeGzip: Promise<Buffer> | undefined;
  /** Agent codes whose inventory is answered 503 (the failAgents option). */
  failingAgents: ReadonlySet<string>;
}

export interface RouteRequest {
  /** Path segments after splitting the raw path on "/" and percent-decoding each one. */
  segments: readonly string[];
  query: Query;
  /** The clock, read once per request. */
  now: number;
  app: App;
}

/** Which kind of body a reply carries; the bad-shape fault picks a wrong shape to match. */
export type Shape = 'events' | 'event' | 'inventory' | 'sales-summary' | 'sales-details' | 'error';

export interface Reply {
  status: number;
  shape: Shape;
  /** A value to serialise as JSON... */
  json?: unknown;
  /** ...or a body already serialised (the large sales event). */
  chunks?: Buffer[];
  /** For `chunks`: the gzip of every chunk but the last, cached; only the small last chunk is compressed per request. */
  gzipHead?: () => Promise<Buffer>;
}

export function ok(json: unknown, shape: Shape): Reply {
  return { status: 200, json, shape };
}
