/**
 * `tix api` reads a body through once, keeping nothing of it, before printing it as sent or making rows of its
 * list a batch at a time (body-scan.ts; issue 36 §4). What it finds must be what the whole parse would find
 * (api-list.ts, findList), and where only the whole parse can say (not JSON, a member named twice), it says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findList } from '../../../../src/cli/commands/api/api-list.js';
import { listBatches, scanBody } from '../../../../src/cli/commands/api/body-scan.js';
import { runTix } from '../../../helpers/tix.js';
import { startStubApi, type StubApi } from '../../../reliability/support/stub-api.js';

const ITEMS = Array.from({ length: 2000 }, (_, i) => ({ id: `e${i}`, name: `Event ${i} ${'z'.repeat(i % 90)}`, n: [i, { x: i / 3 }] }));

describe('scanBody', () => {
  it.each([
    ['a top-level array', ITEMS],
    ['the one array member', { total: 2000, events: ITEMS, page: { n: [1, 2] } }],
    ['an object with two array members', { a: [1], b: [2] }],
    ['an object with none', { a: { b: [1] } }],
    ['a bare value', 42],
    ['an empty array', []],
  ])('finds the list where findList does: %s', (_, body) => {
    const found = findList(body);
    expect(scanBody(Buffer.from(JSON.stringify(body, null, 1)))).toEqual({ list: found ? { key: found.key } : undefined });
  });

  it.each([
    ['not JSON', '{"events":[1,2'],
    ['trailing text', '{"events":[]} x'],
    ['empty', ''],
    ['a member named twice (JSON.parse keeps the last)', '{"events":[1],"events":2}'],
    ['a byte-order mark', '\uFEFF{"events":[]}'],
  ])('leaves it to the whole parse: %s', (_, text) => {
    expect(scanBody(Buffer.from(text))).toBeUndefined();
  });
});

describe('listBatches', () => {
  it('gives the list items in order, in batches, as JSON.parse does', () => {
    const body = Buffer.from(JSON.stringify({ before: 1, events: ITEMS, after: [3] }));
    const batches = [...listBatches(body, 'events', false)];
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.flat()).toEqual(ITEMS);
    expect([...listBatches(Buffer.from(JSON.stringify(ITEMS)), undefined, false)].flat()).toEqual(ITEMS);
  });
});

/** Bodies as an API may indent them: across lines, one with a member named twice (left to the whole parse). */
const BODIES: Record<string, string> = {
  '/indented/events': JSON.stringify({ total: 3, events: [{ id: 'a' }, { id: 'b' }, { id: 'c' }] }, null, 2),
  '/twice/events': '{\n  "events": [{"id": "x"}],\n  "events": [{"id": "a"}, {"id": "b"}]\n}',
};

describe('tix api, read through once or parsed whole', () => {
  let api: StubApi;
  beforeAll(async () => {
    api = await startStubApi({
      handle(request, response) {
        const path = (request.url ?? '').split('?')[0]!;
        response.writeHead(200, { 'content-type': 'application/json' }).end(BODIES[path] ?? '{}');
      },
    });
  });
  afterAll(() => api.close());
  const tix = (prefix: string, args: string[]) =>
    runTix(['api', 'events', ...args], { env: { TIX_BASE_URL: `${api.url}${prefix}`, TIX_API_KEY: 'scan-key' } });

  it.each([
    ['/indented', '3,c\n', 'id\r\na\r\nb\r\nc\r\n'],
    ['/twice', '2,b\n', 'id\r\na\r\nb\r\n'],
  ])('%s: --jq and -o csv see the list JSON.parse finds (the last of a member named twice)', async (prefix, jq, csv) => {
    const filtered = await tix(prefix, ['--jq', '[(.events | length), .events[-1].id] | @csv | gsub("\\"";"")']);
    const rows = await tix(prefix, ['-o', 'csv']);
    expect([filtered.code, rows.code], filtered.stderr + rows.stderr).toEqual([0, 0]);
    expect([filtered.stdout, rows.stdout]).toEqual([jq, csv]);
  });

  it('-o json prints the body as sent', async () => {
    const result = await tix('/indented', ['-o', 'json']);
    expect(result.stdout).toBe(BODIES['/indented/events']);
  });
});
