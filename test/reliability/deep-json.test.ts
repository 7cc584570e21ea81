/**
 * JSON nested thousands deep (a broken proxy, a hostile server) is the data's fault, not tix's and not the
 * network's: one line saying so, exit 1, never `unexpected error` and never exit 5, "try again later" (issue
 * 36 §2: `tix api --jq` printed jq's own parse message and exited 5; elsewhere `unexpected error`).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTix } from '../helpers/tix.js';

const DEPTH = 100_000;
const nested = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(request.url?.startsWith('/events') ? `{"events":[{"id":"evt_0000000001","name":${nested}}]}` : nested);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const tix = (args: string[]) => runTix(args, { env: { TIX_BASE_URL: base, TIX_API_KEY: 'deep-key' } });

describe('deeply nested JSON', () => {
  it('tix api --jq: one line naming the depth, exit 1', async () => {
    const result = await tix(['api', '/deep', '--jq', '.']);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'tix: --jq: the JSON is nested deeper than jq reads (256 levels of arrays and objects): Exceeds depth limit for parsing at line 1, column 257\n',
    );
    expect(result.code).toBe(1);
  });

  it.each([
    [['api', '/deep', '-o', 'ndjson']],
    [['events', 'search', '--limit', '1', '-o', 'json']],
    [['events', 'search', '--limit', '1', '-o', 'csv']],
  ])('tix %j: one line, exit 1, not an unexpected error', async (args) => {
    const result = await tix(args);
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n')[0]).toBe(
      'tix: the data is JSON nested too deeply for tix to read or write (its arrays and objects go thousands of levels deep)',
    );
  });
});
