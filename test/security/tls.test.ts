/**
 * TLS against a local HTTPS server whose certificate comes from a private CA: without that CA tix fails
 * with a clear certificate error (and the key is never sent); with NODE_EXTRA_CA_CERTS naming the CA it
 * works.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCertificates, type Certificates } from '../reliability/support/certificates.js';
import { expectCleanFailure } from '../reliability/support/expect-output.js';
import { sendJson, startStubApi, type StubApi } from '../reliability/support/stub-api.js';
import { runBuiltTix as tix } from '../helpers/tix-binary.js';
import { sandboxEnv as apiEnv } from '../helpers/tix-env.js';

const KEY = 'tls-test-key-0042';
let dir: string;
let certs: Certificates;
let api: StubApi;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tix-tls-'));
  certs = makeCertificates(dir);
  api = await startStubApi({
    tls: { key: certs.serverKey, cert: certs.serverCert },
    handle: (_request, response) => sendJson(response, 200, { events: [{ id: 'evt_tls1', name: 'Served over TLS' }] }),
  });
});
afterAll(async () => {
  await api?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('an HTTPS API with a certificate from a private CA', () => {
  it('fails with a clear certificate error, says how to trust the CA, and never sends the key', async () => {
    const result = await tix(['events', 'search'], { env: apiEnv(api.url, KEY) });
    expectCleanFailure(
      result,
      5,
      /^tix: could not connect securely to the API at 127\.0\.0\.1:\d+ \(GET \/events\): the server certificate cannot be verified \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\); if it uses a private certificate authority, set NODE_EXTRA_CA_CERTS to that CA's PEM file$/,
    );
    // A certificate problem does not go away on retry.
    expect(result.stderr).not.toMatch(/gave up after/);
    expect(api.requests).toEqual([]);
  });

  it('works when NODE_EXTRA_CA_CERTS names the CA', async () => {
    const result = await tix(['events', 'search'], { env: { ...apiEnv(api.url, KEY), NODE_EXTRA_CA_CERTS: certs.caFile } });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ events: [{ id: 'evt_tls1', name: 'Served over TLS' }] });
    expect(api.requests.at(-1)?.headers['x-api-key']).toBe(KEY);
  });

  it('also by the name localhost, which the certificate names too', async () => {
    const url = api.url.replace('127.0.0.1', 'localhost');
    const result = await tix(['events', 'search'], { env: { ...apiEnv(url, KEY), NODE_EXTRA_CA_CERTS: certs.caFile } });
    expect(result.code, result.stderr).toBe(0);
  });
});
