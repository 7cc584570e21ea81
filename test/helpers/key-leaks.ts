/**
 * A distinctive API key, the forms a leak of it would take, and a server that puts the key it was sent in
 * every answer it can: test/security/secrets.test.ts checks every command with them, and each command's own
 * no-echo test (test/cli/commands/watch/no-key-echo.test.ts) reuses them.
 */
import { expect } from 'vitest';
import { sendJson, startStubApi, type StubApi } from '../reliability/support/stub-api.js';
import type { TixResult } from './tix-env.js';

/** Characters that URL-encoding changes, so an encoded leak looks different from a raw one. */
export const KEY = 'tixSECRET-9f3Kq/+=%&x7Zw';
const LEAKS = [
  KEY,
  encodeURIComponent(KEY),
  encodeURIComponent(KEY).toLowerCase(),
  new URLSearchParams({ k: KEY }).toString().slice(2),
  encodeURI(KEY),
  // The distinctive middle: a key cut short in a message is still a leak.
  'tixSECRET-9f3Kq',
  Buffer.from(KEY).toString('base64'),
];

export function expectNoLeak(result: Pick<TixResult, 'stdout' | 'stderr'>, what: string): void {
  for (const form of LEAKS) {
    expect(result.stdout.includes(form), `${what}: stdout contains ${form}\n${result.stdout.slice(0, 1000)}`).toBe(false);
    expect(result.stderr.includes(form), `${what}: stderr contains ${form}\n${result.stderr.slice(0, 2000)}`).toBe(false);
  }
}

/** A server that puts the key it was sent into every answer it can. */
export function echoTheKey(): Promise<StubApi> {
  return startStubApi({
    handle: (request, response) => {
      const key = String(request.headers['x-api-key'] ?? '');
      const said = `key ${key} (${encodeURIComponent(key)}) is not valid`;
      const path = request.url ?? '/';
      if (path.startsWith('/events?')) {
        response.writeHead(302, { location: `https://login.example/?apiKey=${encodeURIComponent(key)}&raw=${key}` });
        response.end();
      } else if (path.startsWith('/inventory/')) {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(said);
      } else if (path.includes('/sales-summary')) {
        sendJson(response, 401, { status: 401, error: 'Unauthorized', message: said });
      } else if (path.includes('/sales-details')) {
        sendJson(response, 403, { status: 403, error: said });
      } else if (/^\/events\/evt_/.test(path)) {
        sendJson(response, 400, { status: 400, message: said });
      } else if (/^\/events\/[^/]+\/[^/]+$/.test(path)) {
        sendJson(response, 429, { message: said }, { 'retry-after': '99999' });
      } else {
        sendJson(response, 404, { message: said });
      }
    },
  });
}
