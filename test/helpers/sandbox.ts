/**
 * Test fixtures for the sandbox. `useSandbox()` starts one sandbox for the file (or describe block) and
 * closes it afterwards; `request()` sends one GET with node:http exactly as given (no URL normalisation,
 * no automatic headers) and decodes gzip/br bodies.
 */
import { type IncomingHttpHeaders, request as httpRequest, type Agent } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll } from 'vitest';
import { SANDBOX_API_KEY, type Sandbox, type SandboxOptions, startSandbox } from '../../src/sandbox/index.js';

export { SANDBOX_API_KEY, SANDBOX_NOSALES_KEY } from '../../src/sandbox/index.js';
export type { Sandbox, SandboxOptions } from '../../src/sandbox/index.js';

/** A fixed clock for deterministic tests: a Sunday, 03:00 UTC (still Saturday evening in the Americas). */
export const FIXED_NOW = '2026-03-15T03:00:00Z';

/**
 * The clock the documentation's examples run at (test/docs): the events they name (evt_fnt7jz3fkx and
 * evt_52d8dsq2xe, with their agents' ids) are on sale then, at every agent that lists them.
 */
export const DOCS_NOW = '2025-12-01T15:00:00Z';

/** Starts a sandbox before the tests of the enclosing file or describe block and closes it after them. */
export function useSandbox(options: SandboxOptions = {}): () => Sandbox {
  let sandbox: Sandbox | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox(options);
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  return () => {
    if (!sandbox)
      throw new Error('the sandbox is not running: call useSandbox() at file or describe level and use the getter inside tests');
    return sandbox;
  };
}

export interface Response {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as sent (compressed if the server compressed it). */
  raw: Buffer;
  /** The decoded body text. */
  text: string;
  json: any;
}

export interface RequestOptions {
  /** API key sent in x-api-key; default the full sandbox key; null sends none. */
  key?: string | null;
  headers?: Record<string, string>;
  method?: string;
  agent?: Agent;
}

/** GET `path` (sent byte for byte as the request target) from the sandbox. */
export function request(sandbox: Sandbox, path: string, options: RequestOptions = {}): Promise<Response> {
  const key = options.key === undefined ? SANDBOX_API_KEY : options.key;
  const headers: Record<string, string> = { ...(key === null ? {} : { 'x-api-key': key }), ...options.headers };
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: sandbox.port,
        path,
        method: options.method ?? 'GET',
        headers,
        // A connection of its own unless the test brings an agent: Node's global agent keeps sockets alive, and a
        // request sent on one just as the sandbox closes it for idleness (a slow check in between, under load)
        // fails with ECONNRESET.
        agent: options.agent ?? false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const body = encoding === 'gzip' ? gunzipSync(raw) : encoding === 'br' ? brotliDecompressSync(raw) : raw;
          const text = body.toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, text, json });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Shorthand: GET and return the parsed JSON, failing loudly when the status is not the expected one. */
export async function getJson(sandbox: Sandbox, path: string, expectedStatus = 200, options: RequestOptions = {}): Promise<any> {
  const response = await request(sandbox, path, options);
  if (response.status !== expectedStatus) {
    throw new Error(`GET ${path}: expected ${expectedStatus}, got ${response.status}: ${response.text.slice(0, 300)}`);
  }
  return response.json;
}
