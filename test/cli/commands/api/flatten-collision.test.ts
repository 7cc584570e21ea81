import { parse as parseCsv } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readParquet } from '../../../helpers/parquet.js';
import { runTix } from '../../../helpers/tix.js';
import { tempDir } from '../../../helpers/tix-env.js';
import { sendJson, startStubApi, type StubApi } from '../../../reliability/support/stub-api.js';

// A literal dotted key and a nested path can flatten to one column name: `{"a.b":1,"a":{"b":2}}`. The API's
// fields vary by agent, so a listing can hold both. Neither value may be dropped: the literal key keeps
// `a.b`, the nested value goes to `a.b_1`, and stderr says so once.
const ONE_PAGE = [
  { id: 'r1', 'a.b': 'literal-1', a: { b: 'nested-1' } },
  { id: 'r2', a: { b: 'nested-2' } },
  { id: 'r3', 'a.b': 'literal-3' },
];
// The same collision first seen on the second page, after the header went out.
const PAGES = [
  [
    { id: 'p1', 'a.b': 'literal-1' },
    { id: 'p2', a: { b: 'nested-2' } },
  ],
  [{ id: 'p3', a: { b: 'nested-3' }, 'a.b': 'literal-3' }],
];

let stub: StubApi;
beforeAll(async () => {
  stub = await startStubApi({
    handle(request, response) {
      const url = new URL(request.url ?? '/', 'http://stub');
      if (url.pathname === '/listing') return sendJson(response, 200, { items: ONE_PAGE });
      const page = Number(url.searchParams.get('pageNumber') ?? '1');
      sendJson(response, 200, { items: PAGES[page - 1] ?? [] });
    },
  });
});
afterAll(() => stub.close());

const env = () => ({ TIX_BASE_URL: stub.url, TIX_API_KEY: 'stub-key' });
const WARNING = /a\.b and a\.b_1/;

function rowsOf(format: string, text: string): string[][] {
  if (format === 'csv') return parseCsv(text) as string[][];
  return text
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => line.split('\t'));
}

function warningLines(stderr: string): string[] {
  return stderr.split('\n').filter((line) => WARNING.test(line));
}

describe('a literal "a.b" key and a nested a → b in one record', () => {
  it.each(['csv', 'tsv'])('%s keeps both values in a.b and a.b_1, with one warning', async (format) => {
    const result = await runTix(['api', 'listing', '-o', format], { env: env() });
    expect(result.code).toBe(0);
    expect(rowsOf(format, result.stdout)).toEqual([
      ['id', 'a.b', 'a.b_1'],
      ['r1', 'literal-1', 'nested-1'],
      ['r2', 'nested-2', ''],
      ['r3', 'literal-3', ''],
    ]);
    expect(warningLines(result.stderr)).toHaveLength(1);
  });

  it('table shows both columns', async () => {
    const result = await runTix(['api', 'listing', '-o', 'table'], { env: env() });
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines.find((line) => line.includes('id'))).toMatch(/\ba\.b\b.*\ba\.b_1\b/);
    expect(lines.find((line) => line.includes('r1'))).toMatch(/literal-1.*nested-1/);
    expect(warningLines(result.stderr)).toHaveLength(1);
  });

  it('parquet has a.b and a.b_1 with both values', async () => {
    const file = join(tempDir('tix-collide-'), 'out.parquet');
    const result = await runTix(['api', 'listing', '--out', file], { env: env() });
    expect(result.code).toBe(0);
    const parquet = await readParquet(file);
    expect(parquet.columns).toEqual(['id', 'a.b', 'a.b_1']);
    expect(parquet.rows).toEqual([
      ['r1', 'literal-1', 'nested-1'],
      ['r2', 'nested-2', null],
      ['r3', 'literal-3', null],
    ]);
    expect(warningLines(result.stderr)).toHaveLength(1);
  });

  it('--fields addresses each: a.b the literal key, a.b_1 the nested value', async () => {
    const result = await runTix(['api', 'listing', '-o', 'csv', '--fields', 'id,a.b_1,a.b'], { env: env() });
    expect(result.code).toBe(0);
    expect(rowsOf('csv', result.stdout)).toEqual([
      ['id', 'a.b_1', 'a.b'],
      ['r1', 'nested-1', 'literal-1'],
      ['r2', '', 'nested-2'],
      ['r3', '', 'literal-3'],
    ]);
    expect(result.stderr).toBe('');
  });

  it('ndjson keeps each record as sent, so nothing collides', async () => {
    const result = await runTix(['api', 'listing', '-o', 'ndjson'], { env: env() });
    expect(result.code).toBe(0);
    expect(
      result.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual(ONE_PAGE);
    expect(result.stderr).not.toMatch(WARNING);
  });
});

describe('the collision first seen on a later page', () => {
  const args = ['api', 'paged', '--paginate', '-f', 'pageSize=2'];

  it.each(['csv', 'tsv'])('--out file.%s adds a.b_1 and keeps the earlier rows lined up', async (format) => {
    const file = join(tempDir('tix-collide-'), `out.${format}`);
    const result = await runTix([...args, '--out', file], { env: env() });
    expect(result.code).toBe(0);
    expect(rowsOf(format, readFileSync(file, 'utf8'))).toEqual([
      ['id', 'a.b', 'a.b_1'],
      ['p1', 'literal-1', ''],
      ['p2', 'nested-2', ''],
      ['p3', 'literal-3', 'nested-3'],
    ]);
    expect(warningLines(result.stderr)).toHaveLength(1);
  });

  it('csv on stdout keeps its header and names the column it could not add', async () => {
    const result = await runTix([...args, '-o', 'csv'], { env: env() });
    expect(result.code).toBe(0);
    expect(rowsOf('csv', result.stdout)).toEqual([
      ['id', 'a.b'],
      ['p1', 'literal-1'],
      ['p2', 'nested-2'],
      ['p3', 'literal-3'],
    ]);
    expect(result.stderr).toMatch(/first seen after the header was written is not in the output: a\.b_1/);
    expect(warningLines(result.stderr).filter((line) => !line.includes('first seen'))).toHaveLength(1);
  });

  it('parquet adds a.b_1 too, null in the rows before it', async () => {
    const file = join(tempDir('tix-collide-'), 'out.parquet');
    const result = await runTix([...args, '--out', file], { env: env() });
    expect(result.code).toBe(0);
    expect(warningLines(result.stderr)).toHaveLength(1);
    const parquet = await readParquet(file);
    expect(parquet.columns).toEqual(['id', 'a.b', 'a.b_1']);
    expect(parquet.rows).toEqual([
      ['p1', 'literal-1', null],
      ['p2', 'nested-2', null],
      ['p3', 'literal-3', 'nested-3'],
    ]);
  });
});
