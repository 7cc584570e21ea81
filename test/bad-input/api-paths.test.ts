/**
 * `tix api <path>` is the one command that takes a whole path from the user, so it is where the key could
 * be carried away from the API: to another host, scheme or port, or by `..` to another path. Each such
 * path must be refused with exit 2 before any request, and the proof is on the wire: neither the sandbox
 * (the configured API) nor a bystander server on another port receives anything.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { expectCleanFailure } from '../reliability/support/expect-output.js';
import { runTix as tix } from '../helpers/tix.js';
import { sandboxEnv as apiEnv } from '../helpers/tix-env.js';

const KEY = 'sandbox-key';
let sandbox: Sandbox;
let bystander: Server;
let elsewhere: string;
const reached: { url: string | undefined; headers: IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ events: 20, now: '2026-03-15T03:00:00Z' });
  // Another server on this machine: where a path that escaped the base URL would take the key.
  bystander = createServer((req, res) => {
    reached.push({ url: req.url, headers: req.headers });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"events":[]}');
  });
  await new Promise<void>((resolve) => bystander.listen(0, '127.0.0.1', resolve));
  elsewhere = `127.0.0.1:${(bystander.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await sandbox.close();
  await new Promise<void>((resolve) => bystander.close(() => resolve()));
});

/** Runs tix api with --debug (a request would leave a trace line) and checks it sent nothing anywhere. */
async function expectRefused(args: string[], message: RegExp, baseUrl = sandbox.url): Promise<void> {
  const before = sandbox.log.length;
  const result = await tix(['--debug', 'api', ...args], { env: apiEnv(baseUrl, KEY) });
  expectCleanFailure(result, 2, message);
  expect(result.stderr).not.toContain('tix debug: GET');
  expect(result.stderr).not.toContain(KEY);
  expect(sandbox.log.length - before, 'requests that reached the sandbox').toBe(0);
  expect(reached, 'requests that reached the bystander server').toEqual([]);
}

describe('paths that leave the base URL are refused and nothing is sent', () => {
  const cases: [string, () => string, RegExp][] = [
    ['another port', () => `http://${elsewhere}/events`, /only sent to the API's base URL/],
    ['another scheme', () => `https://127.0.0.1:${sandbox.port}/events`, /only sent to the API's base URL/],
    ['another host name for the same machine', () => `http://localhost:${sandbox.port}/events`, /only sent to the API's base URL/],
    [
      'the base URL as user info in front of another host',
      () => `http://127.0.0.1:${sandbox.port}@${elsewhere}/events`,
      /only sent to the API's base URL/,
    ],
    ['a scheme without //', () => `http:${elsewhere}/events`, /not a path under the API's base URL/],
    ['another protocol', () => `ftp://${elsewhere}/events`, /only sent to the API's base URL/],
    ['a //host path', () => `//${elsewhere}/events`, /'\/\/' names another host/],
    ['a ///host path', () => `///${elsewhere}/events`, /'\/\/' names another host/],
    ['a backslash host', () => `/\\${elsewhere}/events`, /backslash/],
    ['two backslashes', () => `\\\\${elsewhere}/events`, /backslash/],
    ['a tab that URL parsers drop', () => `/\t/${elsewhere}/events`, /control characters/],
    ['a newline', () => 'events\n/x', /control characters/],
    ['an escape sequence', () => 'events\u001b[2J', /control characters/],
    ['..', () => 'events/../inventory/TMUSA/1', /'\.' and '\.\.' segments/],
    ['. at the start', () => './events', /'\.' and '\.\.' segments/],
    ['. at the end', () => 'events/.', /'\.' and '\.\.' segments/],
    ['%2e%2e', () => 'events/%2e%2e/inventory', /'\.' and '\.\.' segments/],
    ['%2E%2e', () => 'events/%2E%2e', /'\.' and '\.\.' segments/],
    ['.%2e', () => 'events/.%2e/x', /'\.' and '\.\.' segments/],
    ['double-encoded %252e%252e', () => 'events/%252e%252e/x', /'\.' and '\.\.' segments/],
    ['..%2f inside one segment', () => 'events/..%2f..%2fx', /'\.' and '\.\.' segments/],
    ['..%5c inside one segment', () => 'events/..%5C..%5Cx', /'\.' and '\.\.' segments/],
    ['.. in an absolute URL under the base', () => `${sandbox.url}/events/../inventory`, /'\.' and '\.\.' segments/],
    ['an empty segment', () => 'events//evt_1', /empty path segment/],
    ['a fragment', () => 'events#x', /'#'/],
  ];
  it.for(cases)('%s', async ([, path, message]) => {
    await expectRefused([path()], message);
  });

  it('keeps an absolute URL to the prefix of the base URL, and nothing outside it', async () => {
    const base = `http://${elsewhere}/v2`;
    await expectRefused([`http://${elsewhere}/v1/events`], /outside the API's base URL/, base);
    await expectRefused([`http://${elsewhere}/v2x/events`], /outside the API's base URL/, base);
    await expectRefused(['/v2/../v1/events'], /'\.' and '\.\.' segments/, base);
    // The same server, under the prefix: accepted, and sent there.
    const accepted = await tix(['api', `http://${elsewhere}/v2/events?pageSize=1`], { env: apiEnv(base, KEY) });
    expect(accepted).toMatchObject({ code: 0, stdout: '{"events":[]}' });
    expect(reached.splice(0).map((r) => [r.url, r.headers['x-api-key']])).toEqual([['/v2/events?pageSize=1', KEY]]);
  });
});

describe('other bad input to tix api', () => {
  it.for([
    [[''], /<path> must not be empty/],
    [['events/%zz'], /'%' is not followed by two hex digits/],
    [['events?name=100%'], /'%' is not followed by two hex digits/],
    [['events', '-f', 'pageSize'], /-f\/--field expects name=value \(got 'pageSize'\)/],
    [['events', '-f', '=5'], /-f\/--field expects name=value/],
    [['events', '-f', 'apiKey=abc'], /the apiKey parameter is not allowed/],
    [['events?APIKEY=abc'], /the apiKey parameter is not allowed/],
    [['events', '--fields', 'id'], /--fields applies to -o table, csv, tsv and ndjson/],
    [['events', '--paginate', '-f', 'pageSize=2', '-f', 'pageSize=3'], /--paginate: pageSize is given 2 times/],
  ] as [string[], RegExp][])('%j', async ([args, message]) => {
    await expectRefused(args, message);
  });
});
