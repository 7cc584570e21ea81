/**
 * csv and tsv exports make the rows of every page after the first straight from the page's bytes
 * (output/delimited-transcoder.ts), and must print exactly what reading record by record prints: the
 * reference here is the same export with --fields naming every column, which always reads record by record.
 * --debug says which way each page went, so these tests also fail if no page is ever made from its bytes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStubApi, type StubApi } from '../../../reliability/support/stub-api.js';
import { useSandbox } from '../../../helpers/sandbox.js';
import { runTix } from '../../../helpers/tix.js';
import { sandboxEnv, tempDir } from '../../../helpers/tix-env.js';

const sandbox = useSandbox({ now: '2026-06-15T12:00:00Z', events: 400, seed: 23 });

const MADE = /events page (\d+): (csv|tsv) rows made from its bytes/g;
const RECORD_BY_RECORD = /events page (\d+): read record by record/g;

function pagesMatching(stderr: string, pattern: RegExp): number[] {
  return [...stderr.matchAll(pattern)].map((m) => Number(m[1]));
}

/** The header line of csv or tsv output, as a --fields list. */
function headerFields(text: string, format: 'csv' | 'tsv'): string {
  return text
    .split(format === 'csv' ? '\r\n' : '\n')[0]!
    .split(format === 'csv' ? ',' : '\t')
    .join(',');
}

describe.each(['csv', 'tsv'] as const)('events search --all -o %s against the sandbox', (format) => {
  const args = ['events', 'search', '--all', '--page-size', '25', '-o', format];

  it('prints what reading record by record prints, byte for byte, and makes most pages from their bytes', async () => {
    const env = sandboxEnv(sandbox().url);
    const made = await runTix([...args, '--debug'], { env });
    expect(made.code, made.stderr).toBe(0);
    const byRecord = await runTix([...args, '--fields', headerFields(made.stdout, format)], { env });
    expect(byRecord.code, byRecord.stderr).toBe(0);
    expect(made.stdout).toBe(byRecord.stdout);
    expect(made.stdout.split('\n').length).toBeGreaterThan(400);
    // 16 pages: the first fixes the columns; of the rest, those that bring no new agent are made from their bytes.
    const fromBytes = pagesMatching(made.stderr, MADE);
    expect(fromBytes.length).toBeGreaterThan(8);
    expect(fromBytes).not.toContain(1);
  });

  it('--out gets the same file, a column first seen on a later page included', async () => {
    const env = sandboxEnv(sandbox().url);
    const dir = tempDir('tix-bytes-');
    const made = await runTix([...args, '--page-size', '3', '--out', join(dir, `made.${format}`), '--debug'], { env });
    expect(made.code, made.stderr).toBe(0);
    const text = readFileSync(join(dir, `made.${format}`), 'utf8');
    const byRecord = await runTix(
      [...args, '--page-size', '3', '--out', join(dir, `ref.${format}`), '--fields', headerFields(text, format)],
      {
        env,
      },
    );
    expect(byRecord.code, byRecord.stderr).toBe(0);
    expect(text).toBe(readFileSync(join(dir, `ref.${format}`), 'utf8'));
    // Pages of 3 bring new agents now and then: those are read record by record, and widen the file.
    expect(pagesMatching(made.stderr, RECORD_BY_RECORD).length).toBeGreaterThan(0);
    expect(pagesMatching(made.stderr, MADE).length).toBeGreaterThan(20);
  });
});

describe('pages that are not plain go record by record, and the output is the same', () => {
  let stub: StubApi;
  const PAGES = [
    '{"events":[{"id":"evt_1","name":"First","agentIds":{"TMUSA":"A1"}},{"id":"evt_2","name":"Second","agentIds":{"VIVID":"V2"}}]}',
    // Made from its bytes: a comma, quotes, escapes, non-ASCII text, null.
    '{"events":[{"id":"evt_3","name":"Rock, \\"Paper\\"","agentIds":{"TMUSA":"A3","VIVID":null}},{"id":"evt_4","name":"Café \\u2603 \\ud83c\\udfb8"}]}',
    // A new column.
    '{"events":[{"id":"evt_5","name":"Fifth","genre":"Jazz"},{"id":"evt_6","name":"Sixth","agentIds":{"TMUSA":"A6"}}]}',
    // A key twice: the last one counts, as JSON.parse has it.
    '{"events":[{"id":"evt_7","name":"one","name":"two"},{"id":"evt_8","name":"Eighth"}]}',
    // Made from its bytes again, with the new column.
    '{"events":[{"id":"evt_9","name":"Ninth","genre":"Folk"}]}',
  ];
  beforeAll(async () => {
    stub = await startStubApi({
      handle(request, response) {
        const page = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('pageNumber'));
        const body = PAGES[page - 1];
        if (body === undefined) {
          response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not found"}');
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end(body);
      },
    });
  });
  afterAll(() => stub.close());

  it.each(['csv', 'tsv'] as const)('%s to a file', async (format) => {
    const env = { ...sandboxEnv(stub.url), TIX_API_KEY: 'a-key-of-the-stub' };
    const dir = tempDir('tix-bytes-stub-');
    const args = ['events', 'search', '--all', '--page-size', '2', '-o', format];
    const made = await runTix([...args, '--out', join(dir, 'made'), '--debug'], { env });
    expect(made.code, made.stderr).toBe(0);
    const text = readFileSync(join(dir, 'made'), 'utf8');
    const byRecord = await runTix([...args, '--out', join(dir, 'ref'), '--fields', headerFields(text, format)], { env });
    expect(byRecord.code, byRecord.stderr).toBe(0);
    expect(text).toBe(readFileSync(join(dir, 'ref'), 'utf8'));
    expect(text).toContain(format === 'csv' ? 'evt_7,two,' : 'evt_7\ttwo\t');
    expect(text).toContain('Café ☃ 🎸');
    expect(pagesMatching(made.stderr, MADE)).toEqual([2, 5]);
    expect(pagesMatching(made.stderr, RECORD_BY_RECORD)).toEqual([3, 4]);
  });

  it('a page holding the API key goes record by record, and the warning names its field', async () => {
    const key = 'sk_test_stub_0123456789';
    const env = { ...sandboxEnv(stub.url), TIX_API_KEY: key };
    const pages = [...PAGES];
    PAGES[1] = PAGES[1]!.replace('Rock', key);
    try {
      const made = await runTix(['events', 'search', '--all', '--page-size', '2', '-o', 'csv', '--debug'], { env });
      expect(made.code, made.stderr).toBe(0);
      expect(pagesMatching(made.stderr, RECORD_BY_RECORD)).toContain(2);
      expect(made.stderr).toContain('the API echoed your API key in field "name" of the output');
    } finally {
      PAGES.splice(0, PAGES.length, ...pages);
    }
  });
});
