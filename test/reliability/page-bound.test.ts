/**
 * A page tix reads whole is at most 4 MB, as sent or decoded (src/api/page-bound.ts): beyond it, one line and
 * exit 1, asked once (not retried), instead of holding it (issue 36 §4: one 60 MB page peaked at 336-523 MB).
 * A gzip body that inflates beyond the bound stops there too. A page under the bound is read as before.
 * Within 4 MB, a page dense with values (`[1,1,1,...]`) is bound too: at most 250,000 values in one page,
 * and in one event, before they are built (one page of two million numbers peaked at 130-174 MB).
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

/** A page of `events` events, each with an array of `numbers` ones besides its own fields. */
function densePage(events: number, numbers: number): Buffer {
  const extra = `[${'1,'.repeat(numbers - 1)}1]`;
  const list = Array.from({ length: events }, (_, i) => `{"id":"evt_dense${i}","name":"Dense ${i}","extra":${extra}}`);
  return Buffer.from(`{"events":[${list.join(',')}]}`);
}

const large = eventsPage(4 * MB + 1);
const small = eventsPage(3 * MB);
const bomb = gzipSync(eventsPage(40 * MB));
let api: StubApi;

beforeAll(async () => {
  api = await startStubApi({
    handle(request, response) {
      const path = request.url ?? '/';
      const dense = /^\/dense-(\d+)x(\d+)\//.exec(path);
      if (dense) {
        response.writeHead(200, { 'content-type': 'application/json' }).end(densePage(Number(dense[1]), Number(dense[2])));
      } else if (path.startsWith('/small/')) {
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

describe('a page dense with values', () => {
  const tooMany = (endpoint: string, where: string) =>
    `tix: the response from ${endpoint} has more than 250,000 JSON values in ${where}, the most tix builds at once; stopped rather than hold them\n`;

  it.each([
    ['one event of 1,000,000 numbers', '/dense-1x1000000', 'events[0]'],
    ['2,000 events of 150 numbers', '/dense-2000x150', 'the body'],
  ])('%s: one line, exit 1, in every format', async (_case, prefix, where) => {
    for (const args of [
      ['events', 'search', '-o', 'table'],
      ['events', 'search', '-o', 'ndjson'],
      ['events', 'search', '-o', 'csv'],
      ['events', 'search', '--jq', '.events | length'],
      ['api', 'events'],
      ['api', 'events', '--jq', '.events | length'],
      ['api', 'events', '-o', 'csv'],
    ]) {
      const result = await tix(prefix, args);
      expect(result.stdout, args.join(' ')).toBe('');
      expect(firstLine(result.stderr), args.join(' ')).toBe(tooMany('GET /events', where));
      expect(result.code, args.join(' ')).toBe(1);
    }
  });

  it('tix api -o json at a terminal width (parsed whole to indent it): the same line', async () => {
    const result = await runTix(['api', 'events', '-o', 'json'], {
      env: { TIX_BASE_URL: `${api.url}/dense-1x1000000`, TIX_API_KEY: 'bound-key' },
      terminal: { columns: 100 },
    });
    expect(firstLine(result.stderr)).toBe(tooMany('GET /events', 'the body'));
    expect(result.code).toBe(1);
  });

  it('a page within it is read as before: one event of 200,000 numbers', async () => {
    const result = await tix('/dense-1x200000', ['events', 'search', '--jq', '.events[0].extra | length']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('200000\n');
  });
});
