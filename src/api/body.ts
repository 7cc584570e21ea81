import { pipeline, type Readable, type Transform } from 'node:stream';
import type * as Zlib from 'node:zlib';
import { ExitCode } from '../shared/errors.js';
import { maskSecrets } from '../shared/secrets.js';
import { ApiError } from './errors.js';
import { holdsMoreValuesThan, MAX_PAGE_BYTES, MAX_VALUES_AT_ONCE, pageTooLarge, tooManyValues } from './page-bound.js';
import type { Headers } from './headers.js';
import { parseKeepingDigits } from './exact-json.js';

export type { Headers };

export function header(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The codings of Content-Encoding in the order they were applied; identity dropped. */
function codings(headers: Headers, endpoint: string): string[] {
  const value = header(headers, 'content-encoding');
  if (!value) return [];
  const list = value
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c && c !== 'identity');
  for (const coding of list) {
    if (!(coding in decoders)) {
      throw new ApiError(`the API answered ${endpoint} with an unsupported content-encoding "${maskSecrets(coding)}"`, ExitCode.ERROR, {
        endpoint,
      });
    }
  }
  return list;
}

/**
 * zlib, loaded when a body is compressed: an uncompressed answer never pays for it. A whole body is decoded
 * synchronously: it is in memory already, and the asynchronous form would start libuv's thread pool (about
 * 1.5 ms of a one-off query) to inflate a few kilobytes.
 */
const zlib = (): typeof Zlib => process.getBuiltinModule('node:zlib');

// tix asks for gzip and br; deflate costs nothing and some servers send it anyway.
// A whole body decodes to at most MAX_PAGE_BYTES (page-bound.ts): zlib stops there rather than inflate a bomb.
const whole = { maxOutputLength: MAX_PAGE_BYTES };
const decoders: Record<string, { whole: (buffer: Buffer) => Buffer; stream: (chunkSize?: number) => Transform }> = {
  gzip: { whole: (buffer) => zlib().gunzipSync(buffer, whole), stream: (chunkSize) => zlib().createGunzip({ chunkSize }) },
  'x-gzip': { whole: (buffer) => zlib().gunzipSync(buffer, whole), stream: (chunkSize) => zlib().createGunzip({ chunkSize }) },
  br: {
    whole: (buffer) => zlib().brotliDecompressSync(buffer, whole),
    stream: (chunkSize) => zlib().createBrotliDecompress({ chunkSize }),
  },
  deflate: { whole: (buffer) => zlib().inflateSync(buffer, whole), stream: (chunkSize) => zlib().createInflate({ chunkSize }) },
};

/** Reads a whole body into memory, stopping (and discarding the rest) after `limit` bytes. */
export async function readAll(body: AsyncIterable<Uint8Array>, limit = Number.POSITIVE_INFINITY): Promise<Buffer> {
  return Buffer.concat(await readChunks(body, limit));
}

/** Reads a whole body as the chunks it came in (copies: a chunk may be a view of a larger read buffer). */
async function readChunks(body: AsyncIterable<Uint8Array>, limit = Number.POSITIVE_INFINITY): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(Buffer.from(chunk));
    size += chunk.length;
    if (size >= limit) break;
  }
  return chunks;
}

/**
 * Undoes Content-Encoding on a complete body. A broken compressed stream is an API error, not a network one;
 * so is one that decodes to more than MAX_PAGE_BYTES (pageTooLarge).
 */
export async function decodeBody(raw: Buffer, headers: Headers, endpoint: string): Promise<Buffer> {
  let data = raw;
  for (const coding of codings(headers, endpoint).reverse()) {
    try {
      data = decoders[coding]!.whole(data);
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') throw pageTooLarge(endpoint);
      throw decodeError(error, coding, endpoint);
    }
  }
  return data;
}

/** Throws the error decodeBody would for a Content-Encoding tix cannot undo, before the body is read. */
export function checkEncoding(headers: Headers, endpoint: string): void {
  codings(headers, endpoint);
}

/**
 * The streaming form of decodeBody, for bodies too large to hold. Errors of any stage surface on the result.
 * `chunkBytes`: the size of the decoded chunks (zlib's default is 16 KB).
 */
export function decodeStream(body: Readable, headers: Headers, endpoint: string, chunkBytes?: number): Readable {
  const stages = codings(headers, endpoint).reverse();
  if (stages.length === 0) return body;
  const transforms = stages.map((coding) => decoders[coding]!.stream(chunkBytes));
  // pipeline destroys every stage on any failure, so the consumer of the last one sees the first error.
  return pipeline([body, ...transforms], () => {}) as unknown as Readable;
}

export function decodeError(error: unknown, coding: string, endpoint: string): ApiError {
  const reason = error instanceof Error ? error.message : String(error);
  return new ApiError(`could not decode the ${coding}-compressed response from ${endpoint}: ${reason}`, ExitCode.ERROR, {
    endpoint,
    cause: error,
  });
}

export function mediaType(headers: Headers): string | undefined {
  return header(headers, 'content-type')?.split(';')[0]?.trim().toLowerCase() || undefined;
}

export function isJsonType(type: string | undefined): boolean {
  return type === undefined || type === 'application/json' || type === 'text/json' || type.endsWith('+json');
}

/**
 * Fails early, before reading the body, when a 2xx is plainly not JSON: typically a proxy's or captive
 * portal's HTML page. A missing Content-Type is given the benefit of the doubt.
 */
export function checkJsonType(headers: Headers, endpoint: string, status: number): void {
  const type = mediaType(headers);
  if (!isJsonType(type)) {
    throw new ApiError(
      `expected JSON from ${endpoint} but got ${maskSecrets(type ?? '')} (HTTP ${status}); is the base URL right, or is a proxy in the way?`,
      ExitCode.ERROR,
      {
        endpoint,
        status,
      },
    );
  }
}

/**
 * Parses a complete body; failure here is the server's, so it is not retried. `keepDigits`: numbers a double
 * cannot hold keep their text (exact-json.ts), for csv and tsv.
 */
export function parseJson(body: string, endpoint: string, status: number, keepDigits = false): unknown {
  // A byte-order mark is legal in front of UTF-8 JSON on the wire but not to JSON.parse.
  const text = body.replace(/^\uFEFF/, '');
  if (text.trim() === '') {
    throw new ApiError(`expected JSON from ${endpoint} but the body was empty (HTTP ${status})`, ExitCode.ERROR, { endpoint, status });
  }
  if (holdsMoreValuesThan(text, MAX_VALUES_AT_ONCE)) throw tooManyValues(endpoint, 'the body');
  try {
    return keepDigits ? parseKeepingDigits(text) : JSON.parse(text);
  } catch (error) {
    // A proxy's or login page's HTML sent as application/json: say what it is rather than quote a parser
    // message about a '<'.
    const reason = /^\s*</.test(text)
      ? 'it looks like an HTML page; is the base URL right, or is a proxy in the way?'
      : parserReason(error);
    throw new ApiError(`the response from ${endpoint} is not valid JSON (HTTP ${status}): ${reason}`, ExitCode.ERROR, {
      endpoint,
      status,
      cause: error,
    });
  }
}

/**
 * A JSON parser's complaint, fit for a message: without V8's quote of the text (`, "..." is not valid
 * JSON`), which is the server's data cut at an arbitrary point (a key cut in two cannot be masked).
 */
export function parserReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return maskSecrets(message.replace(/, ".*" is not valid JSON$/s, ''));
}

const MAX_SERVER_MESSAGE = 300;

/**
 * The server's explanation from an error body: `message`, else `error`, from a JSON body
 * (`{"status":404,"error":"Not Found","message":"..."}`), or a short plain-text body. HTML is ignored:
 * a proxy's error page says nothing useful in one line.
 */
export function serverMessageFrom(text: string, headers: Headers): string | undefined {
  const type = mediaType(headers);
  let message: string | undefined;
  if (isJsonType(type)) {
    try {
      const body = JSON.parse(text) as unknown;
      if (body && typeof body === 'object') {
        const { message: m, error: e } = body as { message?: unknown; error?: unknown };
        message = typeof m === 'string' && m.trim() ? m : typeof e === 'string' && e.trim() ? e : undefined;
      }
    } catch {
      message = undefined;
    }
  } else if (type === 'text/plain') {
    message = text;
  }
  if (!message) return undefined;
  // Masked before it is shortened: a key cut in two at the end could not be masked any more.
  const line = maskSecrets(message.replace(/\s+/g, ' ').trim());
  return line.length > MAX_SERVER_MESSAGE ? `${line.slice(0, MAX_SERVER_MESSAGE - 1)}…` : line;
}
