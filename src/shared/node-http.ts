import type * as Http from 'node:http';
import type * as Https from 'node:https';

// http and https are taken with process.getBuiltinModule, not imported. For an imported built-in, Node 22
// and later build an ES module facade that reads every export, and reading node:http's WebSocket export
// loads Node's own undici with crypto and TLS: ~30 ms of a one-off query's start-up, for nothing tix uses.
// getBuiltinModule (Node 20.16+, and package.json asks for 20.19) reads only what is used, and needs no
// require function made from the module's URL.
export const http: typeof Http = process.getBuiltinModule('node:http');

/** TLS is loaded only for https: most runs against the sandbox never need it. */
export function loadHttps(): typeof Https {
  return process.getBuiltinModule('node:https');
}
