import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { onTestFinished, vi } from 'vitest';
import { ApiClient, type ApiClientOptions } from '../../src/api/client.js';

/** A key no message, URL or trace line may ever contain, with characters that change when encoded. */
export const KEY = 'tk_SECRET+k3y/Zq=9&x';

export interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

export interface TestServer {
  baseUrl: string;
  requests: Recorded[];
}

export type Handler = (req: IncomingMessage, res: ServerResponse, index: number) => void | Promise<void>;

/**
 * A loopback server for one test, closed (with its connections) when the test ends. `index` counts the
 * requests it has seen, from 0, so handlers can script "fail twice, then succeed".
 */
export async function startServer(handler: Handler): Promise<TestServer> {
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    const index = requests.length;
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    Promise.resolve(handler(req, res, index)).catch((error: unknown) => {
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, requests };
}

/** Tests must not depend on the machine's proxy settings; the proxy test sets its own. */
for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy', 'NO_PROXY', 'no_proxy']) vi.stubEnv(name, undefined);

export interface TestClient {
  client: ApiClient;
  /** The waits the client chose between attempts, in order (no real time passes). */
  waits: number[];
  trace: string[];
}

/** A client whose sleeps are recorded instead of waited, and whose jitter is fixed at one half. */
export function makeClient(baseUrl: string, options: Partial<ApiClientOptions> = {}): TestClient {
  const waits: number[] = [];
  const trace: string[] = [];
  const client = new ApiClient({
    baseUrl,
    apiKey: KEY,
    sleep: async (ms) => {
      waits.push(ms);
    },
    random: () => 0.5,
    trace: (line) => trace.push(line),
    ...options,
  });
  onTestFinished(() => client.close());
  return { client, waits, trace };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function sendEncoded(res: ServerResponse, body: unknown, encoding: 'gzip' | 'br'): void {
  const raw = Buffer.from(JSON.stringify(body));
  const data = encoding === 'gzip' ? gzipSync(raw) : brotliCompressSync(raw);
  res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding, 'content-length': data.length });
  res.end(data);
}

/** Resolves with the rejection of `promise`, failing the test if it resolves instead. */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    return error as Error & Record<string, unknown>;
  }
  throw new Error('expected the promise to reject, but it resolved');
}
