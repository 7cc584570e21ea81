/**
 * A filter that sees each document alone runs once over every page of --all (jq starts once, issue 39), and
 * prints what a run a page printed; a filter that reads past its document (`input`, `inputs`) or ends a run
 * (`halt`) still runs once a page, as docs/output.md#--jq says. A page jq cannot read is named as a run over
 * that page alone names it: its line 1, not its line in the whole export.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTix } from '../helpers/tix.js';

const PAGES = 3;
/** Deeper than jq's parser goes (256 levels), well within what tix reads. */
const deep = `${'['.repeat(300)}${']'.repeat(300)}`;
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const page = Number(url.searchParams.get('pageNumber') ?? '1');
    const name = url.search.includes('deep') && page === PAGES ? deep : `"event ${page}"`;
    const events = page <= PAGES ? `[{"id":"evt_000000000${page}","name":${name}}]` : '[]';
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(`{"events":${events}}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const tix = (args: string[]) => runTix(args, { env: { TIX_BASE_URL: base, TIX_API_KEY: 'pages-key' } });
const search = ['events', 'search', '--all', '--page-size', '1'];

describe('--jq over the pages of --all', () => {
  it('a filter over each page alone: its answers page by page', async () => {
    const result = await tix([...search, '--jq', '.events[].id, (.events | length)']);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('evt_0000000001\n1\nevt_0000000002\n1\nevt_0000000003\n1\n');
    expect(result.code).toBe(0);
  });

  it('inputs reads within one page: a run a page', async () => {
    const result = await tix([...search, '--jq', '[inputs] | length']);
    expect(result.stdout).toBe('0\n0\n0\n');
    expect(result.code, result.stderr).toBe(0);
  });

  it('halt ends the run over one page: the next page is filtered', async () => {
    const result = await tix([...search, '--jq', '.events[0].id, halt']);
    expect(result.stdout).toBe('evt_0000000001\nevt_0000000002\nevt_0000000003\n');
    expect(result.code, result.stderr).toBe(0);
  });

  it('a page nested deeper than jq reads: the pages before it, then its own line 1, exit 1', async () => {
    const result = await tix([...search, '--name', 'deep', '--jq', '.events[].id']);
    expect(result.stdout).toBe('evt_0000000001\nevt_0000000002\n');
    expect(result.stderr).toMatch(
      /^tix: --jq: the JSON is nested deeper than jq reads \(256 levels of arrays and objects\): Exceeds depth limit for parsing at line 1, column \d+\n$/,
    );
    expect(result.code).toBe(1);
  });
});
