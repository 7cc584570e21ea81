/**
 * One page as a JSON document (-o json, --jq, --out) is written as it is parsed (events/page-document.ts):
 * the API's payload with its members in the order it sent them, never its whole text or objects at once
 * (issue 36 §4). What must hold as before: the document is the payload; a page found wrong part-way leaves
 * nothing on stdout and no --out file; events by-agent pages the same way.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTix } from '../../../helpers/tix.js';
import { startStubApi, type StubApi } from '../../../reliability/support/stub-api.js';

const EVENTS = Array.from({ length: 600 }, (_, i) => ({ id: `evt_${i}`, name: `Event ${i} ${'y'.repeat(300)}`, n: i / 4 }));
/** Members before and after the list, as an envelope the contract does not show might be. */
const PAYLOAD = { total: EVENTS.length, events: EVENTS, page: { number: 1, of: [1, null] } };
/** The same, but its 500th event is not an object: found only well into the page. */
const BROKEN = `{"total":600,"events":[${EVENTS.slice(0, 499)
  .map((event) => JSON.stringify(event))
  .join(',')},"not an event"]}`;

let api: StubApi;
beforeAll(async () => {
  api = await startStubApi({
    handle(request, response) {
      const broken = (request.url ?? '').startsWith('/broken/');
      response.writeHead(200, { 'content-type': 'application/json' }).end(broken ? BROKEN : JSON.stringify(PAYLOAD));
    },
  });
});
afterAll(() => api.close());

const tix = (prefix: string, args: string[]) => runTix(args, { env: { TIX_BASE_URL: `${api.url}${prefix}`, TIX_API_KEY: 'page-key' } });

describe('one page as a JSON document', () => {
  it.each([
    ['events', 'search'],
    ['events', 'by-agent', 'ticketMaster'],
  ])('%s %s -o json prints the payload, every member in its place', async (...command) => {
    const result = await tix('', [...command, '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(`${JSON.stringify(PAYLOAD)}\n`);
  });

  it('--jq sees that document', async () => {
    const result = await tix('', ['events', 'search', '--jq', '[.total, (.events | length), .events[599].n, .page.of[0]] | @csv']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('600,600,149.75,1\n');
  });

  it('--out writes it to the file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'tix-page-')), 'page.json');
    const result = await tix('', ['events', 'search', '--out', file]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(PAYLOAD);
  });

  it.each([[['-o', 'json']], [['--jq', '.events | length']]])(
    'a page found wrong part-way leaves stdout empty, exit 1 (%j)',
    async (flags) => {
      const result = await tix('/broken', ['events', 'search', ...flags]);
      expect(result.stdout).toBe('');
      expect(result.stderr.split('\n')[0]).toBe('tix: unexpected response from GET /events: events[499] is not an object (a string)');
      expect(result.code).toBe(1);
    },
  );

  it('a page found wrong part-way leaves no --out file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'tix-page-')), 'page.json');
    const result = await tix('/broken', ['events', 'search', '--out', file]);
    expect(result.code).toBe(1);
    expect(existsSync(file)).toBe(false);
  });
});
