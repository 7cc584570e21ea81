/**
 * A key of one to three characters leaves every message readable: the key is masked where it stands as a
 * token in what a server sent (its message, a header, an apiKey= parameter), never inside words, so `e`
 * does not turn "the API key" into "th*** API k***y" and tell the reader which letter the key is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { sendJson, startStubApi, type StubApi } from '../reliability/support/stub-api.js';
import { runTix as tix } from '../helpers/tix.js';

let sandbox: Sandbox;
let echo: StubApi;

beforeAll(async () => {
  sandbox = await startSandbox({ events: 20 });
  // Rejects every key, quoting it as a token in its message and in a login URL with an apiKey parameter.
  echo = await startStubApi({
    handle: (request, response) => {
      const key = String(request.headers['x-api-key'] ?? '');
      if ((request.url ?? '').startsWith('/inventory/')) {
        response.writeHead(302, { location: `https://login.example/start?apiKey=${key}&next=/events` });
        response.end();
        return;
      }
      sendJson(
        response,
        401,
        { status: 401, message: `the key "${key}" is not valid here (key=${key})` },
        { 'x-api-key': key, 'x-note': `rejected ${key}` },
      );
    },
  });
});

afterAll(async () => {
  await Promise.all([sandbox?.close(), echo?.close()]);
});

function run(args: string[], key: string, baseUrl: string) {
  return tix(args, { env: { TIX_API_KEY: key, TIX_BASE_URL: baseUrl } });
}

const REJECTED = (reason: string) =>
  `tix: the API key was not accepted (HTTP 401 from GET /events/evt_zzzzzzzzzz): ${reason}; check it with \`tix auth status\`, or set another with \`tix auth login\` or TIX_API_KEY\n`;

describe.each(['e', 'k', 'evt'])('with the key %j', (key) => {
  it('a rejected key is reported in words, not asterisks', async () => {
    const result = await run(['events', 'get', 'evt_zzzzzzzzzz'], key, sandbox.url);
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(REJECTED('invalid API key'));
  });

  it('--debug traces keep the URL readable', async () => {
    const result = await run(['--debug', 'events', 'get', 'evt_zzzzzzzzzz'], key, sandbox.url);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(`tix debug: GET ${sandbox.url}/events/evt_zzzzzzzzzz (attempt 1/4) -> 401 in `);
    expect(result.stderr).not.toContain('***');
  });

  it("the server's message is quoted with the key masked where it stands alone", async () => {
    const result = await run(['events', 'get', 'evt_zzzzzzzzzz'], key, echo.url);
    expect(result.code).toBe(3);
    expect(result.stderr).toBe(REJECTED('the key "***" is not valid here (key=***)'));
  });

  it('tix api -i masks the key in headers, whole in a key header', async () => {
    const result = await run(['api', '-i', '/events/evt_zzzzzzzzzz'], key, echo.url);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('\nx-api-key: ***\n');
    expect(result.stderr).toContain('\nx-note: rejected ***\n');
    expect(result.stderr).toContain('content-type: application/json\n');
  });

  it("a redirect's apiKey parameter is masked, the rest of its URL kept", async () => {
    const result = await run(['inventory', 'TMUSA', 'abc'], key, echo.url);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('it points to https://login.example/start?apiKey=***&next=/events; check the base URL');
  });
});

it("a key that is a word of the server's message is masked there, never in tix's own words", async () => {
  // The sandbox says "invalid API key": a server's text that holds the key as a token is masked as such.
  const result = await run(['--debug', 'events', 'get', 'evt_zzzzzzzzzz'], 'API', sandbox.url);
  expect(result.code).toBe(3);
  expect(result.stderr).toContain(`tix debug: GET ${sandbox.url}/events/evt_zzzzzzzzzz (attempt 1/4) -> 401 in `);
  expect(result.stderr).toContain(REJECTED('invalid *** key'));
});
