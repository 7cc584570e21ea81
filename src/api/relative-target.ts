import { UsageError } from '../shared/errors.js';
import { isSecretParam, type BaseUrl } from './url.js';

/**
 * A request target typed by a person (`tix api <path>`), checked to stay under the API's base URL and
 * percent-encoded where it has to be. Everything else tix sends is built from segments it encodes itself
 * (url.ts); this is the one place a whole path arrives from outside, so it is where the key could be
 * carried somewhere else: to another host, or by `..` to another path of the same host.
 */
export interface RelativeTarget {
  /** The encoded path without the leading slash ("events/evt_1"); "" is the base URL itself. */
  path: string;
  /** The query string's parameters in order, each `name=value` as sent (`&` between them). */
  query: readonly string[];
}

/** Characters that may stand unencoded in a path segment (RFC 3986 pchar, less %, which is checked apart). */
const PATH_CHARACTER = /[A-Za-z0-9\-._~!$&'()*+,;=:@/]/;
/** ...and in a query, where `?` and `/` are data too. */
const QUERY_CHARACTER = /[A-Za-z0-9\-._~!$&'()*+,;=:@/?]/;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const BAD_ESCAPE = /%(?![0-9A-Fa-f]{2})/;

/** Reads `<path>`: relative to the base URL (leading slash optional), or an absolute URL under it. */
export function parseRelativeTarget(input: string, base: BaseUrl): RelativeTarget {
  if (input === '') throw new UsageError('<path> must not be empty: give an API path such as /events/evt_fnt7jz3fkx');
  // Before any URL parsing: parsers drop tabs and newlines, so "/\t/host" would become "//host".
  if (CONTROL.test(input)) throw refused(input, 'it contains control characters');
  // WHATWG URL parsers read "\" as "/", so "/\host" can mean "//host" to a proxy or the server.
  if (input.includes('\\')) throw refused(input, 'it contains a backslash');
  if (input.includes('#')) throw refused(input, "it contains '#', which would not be sent (to send a '#' in a value, use -f name=value)");
  return parseRelative(SCHEME.test(input) ? underBase(input, base) : input, input);
}

/** `-f name=value`: both sides percent-encoded (UTF-8), so `&`, `=`, spaces and any text arrive as typed. */
export function encodeField(raw: string): string {
  const at = raw.indexOf('=');
  if (at <= 0) throw new UsageError(`-f/--field expects name=value (got '${shown(raw)}')`);
  const name = raw.slice(0, at);
  checkParameterName(name, `-f ${shown(raw)}`);
  try {
    return `${encodeURIComponent(name)}=${encodeURIComponent(raw.slice(at + 1))}`;
  } catch {
    throw new UsageError(`-f/--field: '${shown(raw)}' contains invalid Unicode`);
  }
}

/** The target's query with every `name` parameter replaced by one `name=value` at the end. */
export function withParameter(target: RelativeTarget, name: string, value: string): RelativeTarget {
  return {
    path: target.path,
    query: [...target.query.filter((piece) => parameterName(piece) !== name), `${encodeURIComponent(name)}=${encodeURIComponent(value)}`],
  };
}

/** The decoded values of every `name` parameter, in order. */
export function parameterValues(target: RelativeTarget, name: string): string[] {
  return target.query
    .filter((piece) => parameterName(piece) === name)
    .map((piece) => decodeQueryPart(piece.includes('=') ? piece.slice(piece.indexOf('=') + 1) : ''));
}

/** `?a=1&b=2`, or "" without parameters; for --debug, secret values masked. */
export function queryString(target: RelativeTarget, forTrace = false): string {
  if (target.query.length === 0) return '';
  const pieces = forTrace
    ? target.query.map((piece) => (isSecretParam(parameterName(piece)) ? `${piece.split('=')[0]}=***` : piece))
    : target.query;
  return `?${pieces.join('&')}`;
}

/** An absolute URL is accepted only when it points under the configured base; the rest is read as relative. */
function underBase(input: string, base: BaseUrl): string {
  const parts = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?]*)(.*)$/s.exec(input);
  if (!parts) throw refused(input, `it is not a path under the API's base URL ${base.origin}${base.prefix}`);
  const [, scheme = '', authority = '', rest = ''] = parts;
  let origin: string;
  try {
    origin = new URL(`${scheme}://${authority}/`).origin;
  } catch {
    throw refused(input, 'it is not a valid URL');
  }
  // user:password@ in front of the host is how "https://api.example.com@evil.example" deceives a reader.
  if (authority.includes('@') || origin !== base.origin) {
    throw refused(input, `the API key is only sent to the API's base URL ${base.origin}${base.prefix}`);
  }
  const prefixed = rest.startsWith(base.prefix) && /^(?:[/?]|$)/.test(rest.slice(base.prefix.length));
  if (!prefixed) throw refused(input, `it is outside the API's base URL ${base.origin}${base.prefix}`);
  return rest.slice(base.prefix.length);
}

function parseRelative(relative: string, input: string): RelativeTarget {
  if (relative.startsWith('//')) throw refused(input, "a path starting with '//' names another host");
  const withoutSlash = relative.startsWith('/') ? relative.slice(1) : relative;
  const mark = withoutSlash.indexOf('?');
  const rawPath = mark === -1 ? withoutSlash : withoutSlash.slice(0, mark);
  const rawQuery = mark === -1 ? '' : withoutSlash.slice(mark + 1);

  if (BAD_ESCAPE.test(withoutSlash)) {
    throw refused(
      input,
      "a '%' is not followed by two hex digits (write it as %25, or pass the value with -f name=value, which encodes it)",
    );
  }
  const segments = rawPath.split('/');
  for (const [index, segment] of segments.entries()) checkSegment(segment, index === segments.length - 1, input);

  const query = rawQuery === '' ? [] : rawQuery.split('&');
  for (const piece of query) checkParameterName(parameterName(piece), `<path> '${shown(input)}'`);
  return { path: encodeLoose(rawPath, PATH_CHARACTER, input), query: query.map((piece) => encodeLoose(piece, QUERY_CHARACTER, input)) };
}

/**
 * "." and ".." are refused in every spelling a server might decode (%2e, %252e, "..%2f" inside one
 * segment): URL normalisers collapse them, so they would reach a path outside the base or another endpoint.
 */
function checkSegment(segment: string, last: boolean, input: string): void {
  // One trailing slash ("events/") is harmless; "a//b" may be collapsed to "a/b" on the way.
  if (segment === '' && !last) throw refused(input, 'it has an empty path segment');
  let text = segment;
  for (let round = 0; round < 3; round++) {
    if (text.split(/[/\\]/).some((piece) => piece === '.' || piece === '..')) {
      throw refused(input, "'.' and '..' segments (also percent-encoded) are not allowed: they lead outside the path given");
    }
    const decoded = decodeAscii(text);
    if (decoded === text) return;
    text = decoded;
  }
}

function checkParameterName(name: string, where: string): void {
  // The key travels in the x-api-key header only: in a URL it would end up in logs and histories.
  if (name.toLowerCase() === 'apikey') {
    throw new UsageError(`${where}: the apiKey parameter is not allowed; tix sends the stored key in the x-api-key header`);
  }
}

/** Percent-encodes the characters a URL cannot carry as they are (spaces, quotes, any non-ASCII text), keeping escapes. */
function encodeLoose(text: string, allowed: RegExp, input: string): string {
  let out = '';
  for (const character of text) {
    if (character === '%' || allowed.test(character)) {
      out += character;
      continue;
    }
    try {
      out += encodeURIComponent(character);
    } catch {
      throw refused(input, 'it contains invalid Unicode');
    }
  }
  return out;
}

function parameterName(piece: string): string {
  const at = piece.indexOf('=');
  return decodeQueryPart(at === -1 ? piece : piece.slice(0, at));
}

function decodeQueryPart(text: string): string {
  return safeDecode(text.replaceAll('+', ' '));
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    // A valid escape of an invalid UTF-8 sequence: no server reads it as a dot or a slash either.
    return text;
  }
}

/** Decodes the escapes of ASCII characters only: enough to see dots and slashes, and it cannot fail. */
function decodeAscii(text: string): string {
  return text.replace(/%([0-7][0-9A-Fa-f])/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function refused(input: string, why: string): UsageError {
  return new UsageError(`<path> '${shown(input)}' is refused: ${why}; nothing was sent`);
}

function shown(text: string): string {
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return clean.length > 80 ? `${clean.slice(0, 80)}…` : clean;
}
