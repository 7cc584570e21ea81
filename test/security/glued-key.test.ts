/**
 * A key a server quotes glued to `_`, `-`, a digit or a non-ASCII letter (`x-K3Ysecret`, `K3Ysecret_2`) is
 * masked as well: a token boundary is not where a server stops quoting (issue 36 §5: these were printed whole,
 * in the error line and the JSON error line). Keys of one to three characters stay whole-token only
 * (short-keys.test.ts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sendJson, startStubApi, type StubApi } from '../reliability/support/stub-api.js';
import { runTix as tix } from '../helpers/tix.js';

const KEY = 'K3Ysecret';
let echo: StubApi;

beforeAll(async () => {
  echo = await startStubApi({
    handle: (request, response) => {
      const key = String(request.headers['x-api-key'] ?? '');
      sendJson(response, 401, { status: 401, message: `rejected x-${key}, ${key}_2, ${key}7, é${key}ß and 9${key}-x` });
    },
  });
});

afterAll(async () => {
  await echo?.close();
});

it('is masked wherever it occurs, in the error line and the JSON error line', async () => {
  const result = await tix(['events', 'search', '-o', 'json'], { env: { TIX_API_KEY: KEY, TIX_BASE_URL: echo.url } });
  expect(result.code).toBe(3);
  expect(result.stderr).not.toContain(KEY);
  expect(result.stderr).toContain('rejected x-***, ***_2, ***7, é***ß and 9***-x');
  expect(result.stderr.split('\n').filter((line) => line.startsWith('{"error"'))).toHaveLength(1);
});
