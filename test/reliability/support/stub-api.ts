/**
 * A tiny stand-in for the API on 127.0.0.1, for what the sandbox does not do on purpose: serve over TLS,
 * return chosen bodies (formula-like text for --excel-safe), or misbehave by echoing the key back.
 */
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';

export interface StubRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
}

export interface StubApi {
  url: string;
  requests: StubRequest[];
  close(): Promise<void>;
}

export interface StubOptions {
  /** PEM key and certificate: serve HTTPS. */
  tls?: { key: string; cert: string };
  handle: (request: IncomingMessage, response: ServerResponse) => void;
}

export async function startStubApi(options: StubOptions): Promise<StubApi> {
  const requests: StubRequest[] = [];
  const listener = (request: IncomingMessage, response: ServerResponse) => {
    requests.push({ method: request.method ?? 'GET', url: request.url ?? '/', headers: request.headers });
    options.handle(request, response);
  };
  const server = options.tls ? createHttpsServer({ key: options.tls.key, cert: options.tls.cert }, listener) : createHttpServer(listener);
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  // A client that rejects the certificate ends the handshake: not an error of the stub.
  server.on('tlsClientError', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

/** Sends a JSON body with a status. */
export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...headers });
  response.end(text);
}
