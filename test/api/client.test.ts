import { describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { ExitCode, TixError, UsageError } from '../../src/shared/errors.js';
import { startForwardProxy } from '../helpers/forward-proxy.js';
import { KEY, makeClient, rejectionOf, sendEncoded, sendJson, startServer } from './helpers.js';

describe('ApiClient requests', () => {
  it('sends the key in x-api-key, never in the URL, with accept, accept-encoding and user-agent', async () => {
    const server = await startServer((_req, res) => sendJson(res, 200, { ok: true }));
    const { client } = makeClient(server.baseUrl, { userAgent: 'tix/9.9.9 node/20.0.0' });

    await expect(client.get(['events'], { pageSize: 5 })).resolves.toEqual({ ok: true });

    const [request] = server.requests;
    expect(request?.headers['x-api-key']).toBe(KEY);
    expect(request?.headers.accept).toBe('application/json');
    expect(request?.headers['accept-encoding']).toBe('gzip, br');
    expect(request?.headers['user-agent']).toBe('tix/9.9.9 node/20.0.0');
    expect(request?.url).toBe('/events?pageSize=5');
    expect(request?.url.toLowerCase()).not.toContain('apikey');
    expect(request?.url).not.toContain(encodeURIComponent(KEY));
    expect(client.requestCount).toBe(1);
  });

  it('defaults the user-agent to tix/<version> node/<version>', async () => {
    const server = await startServer((_req, res) => sendJson(res, 200, {}));
    const { client } = makeClient(server.baseUrl);
    await client.get(['events']);
    expect(server.requests[0]?.headers['user-agent']).toMatch(new RegExp(`^tix/\\S+ node/${process.versions.node.replace(/\./g, '\\.')}$`));
  });

  it('keeps a path prefix of the base URL, with or without a trailing slash', async () => {
    const server = await startServer((_req, res) => sendJson(res, 200, {}));
    await makeClient(`${server.baseUrl}/v2`).client.get(['events', 'evt_1']);
    await makeClient(`${server.baseUrl}/v2/`).client.get(['events', 'evt_1']);
    expect(server.requests.map((r) => r.url)).toEqual(['/v2/events/evt_1', '/v2/events/evt_1']);
  });

  it('encodes query values and leaves out undefined ones', async () => {
    const server = await startServer((_req, res) => sendJson(res, 200, {}));
    const { client } = makeClient(server.baseUrl);
    await client.get(['events'], { name: 'Taylor %& Co', city: undefined, pageNumber: 2, flag: true, q: 'America/New_York' });
    expect(server.requests[0]?.url).toBe('/events?name=Taylor%20%25%26%20Co&pageNumber=2&flag=true&q=America%2FNew_York');
  });

  it('refuses to put apiKey in the query string', async () => {
    const { client } = makeClient('http://127.0.0.1:9');
    await expect(client.get(['events'], { apiKey: 'x' })).rejects.toThrow(/never be sent in the query/);
    expect(client.requestCount).toBe(0);
  });

  it.each(['gzip', 'br'] as const)('decodes a %s body', async (encoding) => {
    const payload = { events: [{ id: 'evt_1', name: 'Ünïcode ✓' }] };
    const server = await startServer((_req, res) => sendEncoded(res, payload, encoding));
    await expect(makeClient(server.baseUrl).client.get(['events'])).resolves.toEqual(payload);
  });

  it('reads an identity body without content-length (chunked)', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'identity' });
      res.write('{"events":');
      res.end('[]}');
    });
    await expect(makeClient(server.baseUrl).client.get(['events'])).resolves.toEqual({ events: [] });
  });
});

describe('path segments', () => {
  it.each([
    ['../../events', '..%2F..%2Fevents'],
    ['a/b', 'a%2Fb'],
    ['what?x=1', 'what%3Fx%3D1'],
    ['frag#ment', 'frag%23ment'],
    ['100%', '100%25'],
    ['two words', 'two%20words'],
    ['café ✓', 'caf%C3%A9%20%E2%9C%93'],
    ['%2e%2e', '%252e%252e'],
  ])('sends %j as one encoded segment', async (raw, encoded) => {
    const server = await startServer((_req, res) => sendJson(res, 200, {}));
    await makeClient(`${server.baseUrl}/v2`).client.get(['events', raw, 'sales-summary']);
    expect(server.requests[0]?.url).toBe(`/v2/events/${encoded}/sales-summary`);
  });

  it('sends a list segment with literal commas and each item encoded', async () => {
    const server = await startServer((_req, res) => sendJson(res, 200, {}));
    await makeClient(server.baseUrl).client.get(['inventory', 'TMUSA', ['1', 'a/b', 'x y']]);
    expect(server.requests[0]?.url).toBe('/inventory/TMUSA/1,a%2Fb,x%20y');
  });

  it.each([[''], ['.'], ['..']])('rejects the segment %j before any request', async (segment) => {
    const { client } = makeClient('http://127.0.0.1:9');
    const error = await rejectionOf(client.get(['events', segment]));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.exitCode).toBe(ExitCode.USAGE);
    expect(client.requestCount).toBe(0);
  });

  it('rejects list items that are empty or contain a comma', async () => {
    const { client } = makeClient('http://127.0.0.1:9');
    await expect(client.get(['inventory', 'TMUSA', ['1', '']])).rejects.toBeInstanceOf(UsageError);
    await expect(client.get(['inventory', 'TMUSA', ['1', '2,3']])).rejects.toThrow(/comma/);
    await expect(client.get(['inventory', 'TMUSA', []])).rejects.toBeInstanceOf(UsageError);
    expect(client.requestCount).toBe(0);
  });

  it('rejects a lone surrogate as a usage error', async () => {
    const { client } = makeClient('http://127.0.0.1:9');
    await expect(client.get(['events', 'x\ud800'])).rejects.toBeInstanceOf(UsageError);
  });
});

describe('base URL and plain http', () => {
  it('refuses to send the key over http:// to a non-loopback host, before any network I/O', () => {
    const dispatcher = {
      request: () => {
        throw new Error('no request may be made');
      },
    } as never;
    let error: unknown;
    try {
      new ApiClient({ baseUrl: 'http://example.invalid/v2', apiKey: KEY, dispatcher });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(TixError);
    expect((error as TixError).exitCode).toBe(ExitCode.USAGE);
    expect((error as TixError).message).toContain('https://');
    expect((error as TixError).message).toContain('--insecure-http');
  });

  it('allows http:// to a non-loopback host with insecureHttp', async () => {
    const client = new ApiClient({ baseUrl: 'http://example.invalid', apiKey: KEY, insecureHttp: true });
    await client.close();
  });

  it.each(['http://127.0.0.1:1', 'http://127.8.9.10', 'http://localhost:8080/api', 'http://[::1]:3000', 'https://example.invalid'])(
    'allows %s',
    async (baseUrl) => {
      const client = new ApiClient({ baseUrl, apiKey: KEY });
      await client.close();
    },
  );

  it.each(['http://128.0.0.1', 'http://localhost.example.com', 'http://[::2]', 'http://10.0.0.1'])('refuses %s', (baseUrl) => {
    expect(() => new ApiClient({ baseUrl, apiKey: KEY })).toThrow(/refusing to send the API key over plain http/);
  });

  it.each(['not a url', 'ftp://example.com', 'https://user:pw@example.com', 'https://example.com/?apiKey=1'])(
    'rejects the base URL %j',
    (baseUrl) => {
      expect(() => new ApiClient({ baseUrl, apiKey: KEY })).toThrow(UsageError);
    },
  );

  it('rejects a key with a line break without echoing it', () => {
    const error = (() => {
      try {
        new ApiClient({ baseUrl: 'https://example.invalid', apiKey: `${KEY}\n` });
      } catch (caught) {
        return caught as TixError;
      }
      return undefined;
    })();
    expect(error?.exitCode).toBe(ExitCode.AUTH);
    expect(error?.message).not.toContain(KEY);
  });
});

describe('responses that are not what was asked for', () => {
  it('reports a 200 HTML page as not JSON, with exit 1 and without retrying', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<html>Please log in to the Wi-Fi</html>');
    });
    const { client, waits } = makeClient(server.baseUrl);
    const error = await rejectionOf(client.get(['events']));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.exitCode).toBe(ExitCode.ERROR);
    expect(error.message).toContain('expected JSON from GET /events but got text/html');
    expect(server.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('reports a complete but malformed JSON body with exit 1, not retried', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"events": [');
    });
    const { client } = makeClient(server.baseUrl);
    const error = await rejectionOf(client.get(['events']));
    expect(error.exitCode).toBe(ExitCode.ERROR);
    expect(error.message).toMatch(/^the response from GET \/events is not valid JSON/);
    expect(server.requests).toHaveLength(1);
  });

  it('reports an empty 200 body', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end();
    });
    await expect(makeClient(server.baseUrl).client.get(['events'])).rejects.toThrow(/body was empty/);
  });

  it('reports a broken gzip body as a decode error, exit 1', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end('this is not gzip');
    });
    const error = await rejectionOf(makeClient(server.baseUrl).client.get(['events']));
    expect(error.exitCode).toBe(ExitCode.ERROR);
    expect(error.message).toContain('could not decode the gzip-compressed response from GET /events');
    expect(server.requests).toHaveLength(1);
  });

  it('reports an unsupported content-encoding', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'zstd' });
      res.end('xx');
    });
    await expect(makeClient(server.baseUrl).client.get(['events'])).rejects.toThrow(/unsupported content-encoding "zstd"/);
  });

  it('accepts JSON with a byte-order mark and a missing content-type', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200);
      res.end('\uFEFF{"a":1}');
    });
    await expect(makeClient(server.baseUrl).client.get(['x'])).resolves.toEqual({ a: 1 });
  });
});

describe('status errors', () => {
  const cases: [number, ExitCode, RegExp][] = [
    [400, ExitCode.ERROR, /rejected the request as malformed \(HTTP 400 from GET \/events\/evt_1\): bad date/],
    [401, ExitCode.AUTH, /the API key was not accepted \(HTTP 401 from GET \/events\/evt_1\): bad date/],
    [403, ExitCode.AUTH, /the API key is not allowed to access this data \(HTTP 403/],
    [404, ExitCode.NOT_FOUND, /not found \(HTTP 404 from GET \/events\/evt_1\)/],
    [500, ExitCode.ERROR, /the API failed \(HTTP 500/],
    [301, ExitCode.ERROR, /unexpected redirect \(HTTP 301.*points to https:\/\/elsewhere\.example/],
  ];
  it.each(cases)(
    'maps %i to exit %i, carrying status, endpoint and server message, without retrying',
    async (status, exitCode, message) => {
      const server = await startServer((_req, res) =>
        sendJson(
          res,
          status,
          { status, error: 'Some Error', message: 'bad date' },
          status === 301 ? { location: 'https://elsewhere.example/x' } : {},
        ),
      );
      const { client, waits } = makeClient(server.baseUrl);
      const error = await rejectionOf(client.get(['events', 'evt_1'], { q: 'UTC' }));
      expect(error).toBeInstanceOf(ApiError);
      expect(error.exitCode).toBe(exitCode);
      expect(error.status).toBe(status);
      expect(error.endpoint).toBe('GET /events/evt_1');
      expect(error.serverMessage).toBe('bad date');
      expect(error.message).toMatch(message);
      expect(server.requests).toHaveLength(1);
      expect(waits).toEqual([]);
    },
  );

  it('falls back to the "error" field, and ignores an HTML error page', async () => {
    const server = await startServer((_req, res, i) => {
      if (i === 0) return sendJson(res, 400, { error: 'Bad Request' });
      res.writeHead(400, { 'content-type': 'text/html' });
      res.end('<h1>nginx</h1>');
    });
    const { client } = makeClient(server.baseUrl);
    expect((await rejectionOf(client.get(['a']))).serverMessage).toBe('Bad Request');
    const second = await rejectionOf(client.get(['a']));
    expect(second.serverMessage).toBeUndefined();
    expect(second.message).toBe('the API rejected the request as malformed (HTTP 400 from GET /a)');
  });

  it('never lets the key into a message, even when the server echoes it raw and encoded', async () => {
    const server = await startServer((req, res) => {
      const key = String(req.headers['x-api-key']);
      sendJson(res, 401, { message: `key ${key} (or ${encodeURIComponent(key)}, ${encodeURIComponent(key).toLowerCase()}) is invalid` });
    });
    const { client, trace } = makeClient(server.baseUrl);
    const error = await rejectionOf(client.get(['events']));
    const everything = [error.message, String(error.serverMessage), ...trace].join('\n');
    expect(everything).toContain('is invalid');
    expect(everything).not.toContain(KEY);
    expect(everything).not.toContain(encodeURIComponent(KEY));
    expect(everything.toLowerCase()).not.toContain(encodeURIComponent(KEY).toLowerCase());
  });
});

describe('trace', () => {
  it('writes one line per attempt with method, URL, status, time and the retry decision, masking secrets', async () => {
    const server = await startServer((_req, res, i) =>
      i === 0 ? sendJson(res, 503, {}, { 'retry-after': '2' }) : sendJson(res, 200, { events: [] }),
    );
    const { client, trace } = makeClient(server.baseUrl, { retries: 2 });
    await client.get(['events'], { name: 'x', password: 'hunter2' });
    expect(trace).toHaveLength(2);
    expect(trace[0]).toMatch(
      new RegExp(
        `^GET ${server.baseUrl}/events\\?name=x&password=\\*\\*\\* \\(attempt 1/3\\) -> 503 in \\d+ ms; retrying in 2000 ms \\(Retry-After\\)$`,
      ),
    );
    expect(trace[1]).toMatch(/\(attempt 2\/3\) -> 200 in \d+ ms$/);
    expect(trace.join('\n')).not.toContain('hunter2');
    expect(trace.join('\n')).not.toContain(KEY);
    // The password itself still reaches the server.
    expect(server.requests[0]?.url).toContain('password=hunter2');
  });
});

describe('proxies', () => {
  // A name that is not this machine (so the proxy applies); the test proxy routes it to 127.0.0.1.
  const REMOTE = 'api.tix-proxy-test.invalid';

  it('goes through HTTP_PROXY (an absolute-URI request) when it is set, and not when NO_PROXY names the host', async () => {
    const target = await startServer((_req, res) => sendJson(res, 200, { via: 'target' }));
    const port = Number(new URL(target.baseUrl).port);
    const proxy = await startForwardProxy({ routes: { [`${REMOTE}:${port}`]: port } });
    const remoteUrl = `http://${REMOTE}:${port}`;
    vi.stubEnv('http_proxy', proxy.url);
    try {
      await expect(makeClient(remoteUrl, { insecureHttp: true }).client.get(['events'])).resolves.toEqual({ via: 'target' });
      expect(proxy.log.map((entry) => entry.target)).toEqual([`${remoteUrl}/events`]);

      // Direct, so the made-up name does not resolve: what matters is that the proxy saw nothing.
      vi.stubEnv('no_proxy', REMOTE);
      await expect(makeClient(remoteUrl, { insecureHttp: true, retries: 0, timeoutMs: 5000 }).client.get(['events'])).rejects.toThrow(
        /could not reach|timed out/,
      );
      expect(proxy.log).toHaveLength(1);
    } finally {
      vi.stubEnv('http_proxy', undefined);
      vi.stubEnv('no_proxy', undefined);
    }
  });

  it('never sends a request for this machine through the proxy', async () => {
    const target = await startServer((_req, res) => sendJson(res, 200, { via: 'target' }));
    const proxy = await startForwardProxy({ routes: {} });
    vi.stubEnv('http_proxy', proxy.url);
    try {
      await expect(makeClient(target.baseUrl).client.get(['events'])).resolves.toEqual({ via: 'target' });
      expect(proxy.log).toEqual([]);
      expect(target.requests).toHaveLength(1);
    } finally {
      vi.stubEnv('http_proxy', undefined);
    }
  });
});
