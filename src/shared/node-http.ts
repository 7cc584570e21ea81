import type * as Http from 'node:http';
import type * as Https from 'node:https';
import { createRequire } from 'node:module';

// http and https are required, not imported. For an imported built-in, Node 22 and later build an ES module
// facade that reads every export, and reading node:http's WebSocket export loads Node's own undici with
// crypto and TLS: ~30 ms of a one-off query's start-up, for nothing tix uses. require() reads only what is used.
const requireBuiltin = createRequire(import.meta.url);

export const http: typeof Http = requireBuiltin('node:http');

/** TLS is loaded only for https: most runs against the sandbox never need it. */
export function loadHttps(): typeof Https {
  return requireBuiltin('node:https');
}
