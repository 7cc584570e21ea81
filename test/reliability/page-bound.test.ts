/**
 * A page tix reads whole is at most 4 MB, as sent or decoded (src/api/page-bound.ts): beyond it, one line and
 * exit 1, asked once (not retried), instead of holding it (issue 36 §4: one 60 MB page peaked at 336-523 MB).
 * A gzip body that inflates beyond the bound stops there too. A page under the bound is read as before.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTix } from '../helpers/tix.js';
import { startStubApi, type StubApi } from './support/stub-api.js';

const MB = 2 ** 20;

/** `{"events":[...]}` of at least `bytes` bytes, each event with its own id. */
function eventsPage(bytes: number): Buffer {
  const events: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const event = JSON.stringify({
      id: `evt_${String(i).padStart(10, '0')}`,
      name: `Event ${i} ${'x'.repeat(200)}`,
      eventDate: '2026-06-01T19:00:00Z',
      agentIds: { TMUSA: `G5v${i}` },
    });
    events.push(event);
    size += event.length + 1;
  }
  return Buffer.from(`{"events":[${events.join(',')}]}`);
}

const large = eventsPage(4 * MB + 1);
const small = eventsPage(3 * MB);
const bomb = gzipSync(eventsPage(40 * MB));
let api: StubApi;

beforeAll(async () => {
  api = await startStubApi({
    handle(request, response) {
      const path = request.url ?? '/';
      if (path.startsWith('/small/')) {
        response.writeHead(200, { 'content-type': 'application/json' }).end(small);
      } else if (path.startsWith('/gzip/')) {
        response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(bomb);
      } else {
        response.writeHead(200, { 'content-type': 'application/json' }).end(large);
      }
    },
  });
});
afterAll(() => api.close());

const tix = (prefix: string, args: string[]) =>
  runTix(args, { env: { TIX_BASE_URL: `${api.url}${prefix}`, TIX_API_KEY: 'bound-key', TIX_RETRIES: '3' } });

const refusal = (endpoint: string) =>
  `tix: the response from ${endpoint} is larger than 4 MB, the most tix reads as one page; stopped rather than hold it (ask for less: a smaller --page-size, where the command has one)\n`;

/** The error line (-o json and -o ndjson follow it with the same error as JSON). */
const firstLine = (stderr: string) => `${stderr.split('\n')[0]}\n`;

describe('a page beyond the bound', () => {
  it.each([
    [['events', 'search', '--page-size', '5000', '-o', 'table']],
    [['events', 'search', '--page-size', '5000', '-o', 'ndjson']],
    [['events', 'search', '--page-size', '5000', '-o', 'csv']],
    [['events', 'search', '--page-size', '5000', '--jq', '.events | length']],
    [['events', 'search', '--all', '--page-size', '5000', '-o', 'csv']],
  ])('tix %j: one line, exit 1, not asked again', async (args) => {
    const before = api.requests.length;
    const result = await tix('', args);
    expect(result.stdout).toBe('');
    expect(firstLine(result.stderr)).toBe(refusal('GET /events'));
    expect(result.code).toBe(1);
    // --all asks for the next page ahead; no page is asked for twice (a retry).
    const urls = api.requests.slice(before).map((request) => request.url);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('tix api: the same line', async () => {
    const result = await tix('', ['api', 'events']);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(refusal('GET /events'));
    expect(result.code).toBe(1);
  });

  it('a gzip body that inflates beyond it stops at the bound, one line', async () => {
    expect(bomb.length).toBeLessThan(4 * MB);
    const result = await tix('/gzip', ['events', 'search', '-o', 'json']);
    expect(result.stdout).toBe('');
    // -o json adds the same error as one JSON line (docs/output.md).
    expect(result.stderr.split('\n')).toHaveLength(3);
    expect(firstLine(result.stderr)).toBe(refusal('GET /events'));
    expect(result.code).toBe(1);
  });

  it('a page under it is read as before', async () => {
    const result = await tix('/small', ['events', 'search', '--page-size', '5000', '--jq', '.events | length']);
    expect(result.code, result.stderr).toBe(0);
    expect(Number(result.stdout)).toBe(JSON.parse(small.toString('utf8')).events.length);
  });
});
