/**
 * A forwarding proxy on 127.0.0.1 for one test, carrying requests as corporate proxies do: CONNECT tunnels
 * (for https://) and absolute-URI requests (`GET http://host/path`, for http://). Host names are made up:
 * `routes` maps the `host:port` a client asked for to a port on 127.0.0.1, so a base URL such as
 * https://api.tix.test reaches a local server only through the proxy (tix never resolves that name itself).
 * It logs what it carried, can require credentials, and can refuse. Closed when the test ends.
 *
 * Also here: a TLS front (`startTlsFront`) that puts a plain-http server such as the sandbox behind TLS.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo, connect, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { onTestFinished } from 'vitest';

export interface CarriedRequest {
  /** CONNECT, or the method of an absolute-URI request. */
  method: string;
  /** `host:port` for CONNECT, the absolute URL otherwise. */
  target: string;
  headers: IncomingHttpHeaders;
  /** What the proxy answered itself (a refusal, a 407), when it did not carry the request. */
  refusedWith?: number;
  /** CONNECT only: every byte the client sent through the tunnel, as the proxy saw it. */
  tunnelled: Buffer[];
}

export interface ForwardProxyOptions {
  /** `host:port` as the client asks for it → a port on 127.0.0.1. Anything else gets 502, as from a proxy that cannot resolve it. */
  routes: Record<string, number>;
  /** Requires `Proxy-Authorization: Basic` with these; 407 otherwise. */
  credentials?: { user: string; password: string };
  /** Answers every request with this status instead of carrying it (403: refused by policy; 502: upstream down). */
  refuse?: number;
  /**
   * Registers the proxy's closing: by default when the current test finishes. Concurrent tests pass their own
   * (vitest tracks no concurrent test in the global hook).
   */
  closeWhen?: (close: () => Promise<void>) => void;
}

export interface ForwardProxy {
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  /** Everything that reached the proxy, in order. */
  log: CarriedRequest[];
}

export async function startForwardProxy(options: ForwardProxyOptions): Promise<ForwardProxy> {
  const log: CarriedRequest[] = [];
  /** The status the proxy answers itself, or undefined to carry the request to the port returned with it. */
  const decide = (req: IncomingMessage, hostPort: string): { status: number } | { port: number } => {
    if (options.credentials) {
      const expected = `Basic ${Buffer.from(`${options.credentials.user}:${options.credentials.password}`).toString('base64')}`;
      if (req.headers['proxy-authorization'] !== expected) return { status: 407 };
    }
    if (options.refuse !== undefined) return { status: options.refuse };
    const port = options.routes[hostPort.toLowerCase()];
    return port === undefined ? { status: 502 } : { port };
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const entry: CarriedRequest = { method: req.method ?? '', target: req.url ?? '', headers: req.headers, tunnelled: [] };
    log.push(entry);
    let url: URL;
    try {
      url = new URL(req.url ?? '');
    } catch {
      entry.refusedWith = 400;
      res.writeHead(400).end('a proxy expects an absolute URI');
      return;
    }
    const decision = decide(req, `${url.hostname}:${url.port || 80}`);
    if ('status' in decision) {
      entry.refusedWith = decision.status;
      res.writeHead(decision.status, decision.status === 407 ? { 'proxy-authenticate': 'Basic realm="test proxy"' } : {}).end();
      return;
    }
    // A proxy's own headers stop here; everything else, the API key included, goes on as sent.
    const { 'proxy-authorization': _auth, 'proxy-connection': _connection, ...headers } = req.headers;
    const upstream = httpRequest(
      { host: '127.0.0.1', port: decision.port, method: req.method, path: `${url.pathname}${url.search}`, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });

  const sockets = new Set<Socket>();
  const track = (socket: Socket): void => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.once('close', () => sockets.delete(socket));
  };
  server.on('connection', track);
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const entry: CarriedRequest = { method: 'CONNECT', target: req.url ?? '', headers: req.headers, tunnelled: [] };
    log.push(entry);
    const decision = decide(req, req.url ?? '');
    if ('status' in decision) {
      entry.refusedWith = decision.status;
      const challenge = decision.status === 407 ? 'Proxy-Authenticate: Basic realm="test proxy"\r\n' : '';
      client.end(`HTTP/1.1 ${decision.status} Refused\r\n${challenge}Content-Length: 0\r\n\r\n`);
      return;
    }
    client.on('data', (chunk: Buffer) => entry.tunnelled.push(chunk));
    if (head.length) entry.tunnelled.push(head);
    const upstream = connect(decision.port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    track(upstream);
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });

  await listen(server);
  (options.closeWhen ?? onTestFinished)(() => closeServer(server, sockets));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, port, log };
}

export interface TlsFront {
  port: number;
  close(): Promise<void>;
}

/** Terminates TLS with `key` and `cert` and passes the plain bytes to 127.0.0.1:`port` (the sandbox, say). */
export async function startTlsFront(port: number, tls: { key: string; cert: string }): Promise<TlsFront> {
  const sockets = new Set<Socket>();
  const server = createTlsServer({ key: tls.key, cert: tls.cert }, (secure) => {
    const plain = connect(port, '127.0.0.1');
    for (const socket of [secure, plain]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.once('close', () => sockets.delete(socket));
    }
    secure.pipe(plain).pipe(secure);
    plain.on('close', () => secure.destroy());
    secure.on('close', () => plain.destroy());
  });
  // A client that rejects the certificate ends the handshake: not the front's error.
  server.on('tlsClientError', () => {});
  await listen(server);
  return { port: (server.address() as AddressInfo).port, close: () => closeServer(server, sockets) };
}

function listen(server: Server): Promise<void> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
}

function closeServer(server: Server, sockets: Set<Socket>): Promise<void> {
  return new Promise((resolve) => {
    for (const socket of sockets) socket.destroy();
    server.close(() => resolve());
  });
}
