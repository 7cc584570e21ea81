import { BlockList } from 'node:net';
import { ExitCode, TixError, UsageError } from '../shared/errors.js';

/** Query parameters; `undefined` values are left out, so callers can pass optional flags straight through. */
export type Query = Record<string, string | number | boolean | undefined>;

/**
 * One path segment: a raw string, or a list that becomes one segment with literal commas between its
 * items (the API's "comma-delimited list of ids", e.g. /inventory/TMUSA/1,2,3). Each string is
 * percent-encoded, so no value can add a segment or a query and change which endpoint is called.
 */
export type PathSegment = string | readonly string[];

export interface BaseUrl {
  /** scheme://host:port, what undici dispatches to. */
  origin: string;
  /** The base path without a trailing slash ("" or "/v2"). */
  prefix: string;
}

/**
 * Checks the base URL once, before any request. The key travels in a header on every request, so plain
 * http:// is refused unless the host is this machine or the user said the network is trusted.
 */
export function parseBaseUrl(baseUrl: string, insecureHttp: boolean): BaseUrl {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new UsageError(`invalid base URL "${baseUrl}": expected something like https://api.example.com`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(`invalid base URL "${baseUrl}": it must start with https://`);
  }
  if (url.username || url.password) {
    throw new UsageError('invalid base URL: it must not contain a user name or password');
  }
  if (url.search || url.hash) {
    throw new UsageError('invalid base URL: it must not contain a query string or a fragment (the key goes in a header, never in the URL)');
  }
  if (url.protocol === 'http:' && !insecureHttp && !isLoopbackHost(url.hostname)) {
    throw new TixError(
      `refusing to send the API key over plain http:// to ${url.host}: use https://, or --insecure-http if the network is trusted`,
      ExitCode.USAGE,
    );
  }
  return { origin: url.origin, prefix: url.pathname.replace(/\/+$/, '') };
}

/** ::1 and its IPv4-mapped forms, made on first use: Node's BlockList is a module of its own to load. */
let ipv6Loopback: BlockList | undefined;
function isIpv6Loopback(host: string): boolean {
  if (!ipv6Loopback) {
    ipv6Loopback = new BlockList();
    ipv6Loopback.addSubnet('127.0.0.0', 8, 'ipv4');
    ipv6Loopback.addAddress('::1', 'ipv6');
  }
  return ipv6Loopback.check(host, 'ipv6');
}

/** 127.0.0.0/8, ::1 (also IPv4-mapped) and localhost: traffic that never leaves this machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
  if (host === 'localhost') return true;
  const ipv4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host);
  if (ipv4) return ipv4[1] === '127' && ipv4.slice(2).every((octet) => Number(octet) <= 255);
  if (host.includes(':')) {
    try {
      return isIpv6Loopback(host);
    } catch {
      return false;
    }
  }
  return false;
}

/**
 * Percent-encodes one segment. Empty, "." and ".." are refused: URL normalisers (ours, proxies', the
 * server's) collapse them, so they would silently call a different endpoint.
 */
export function encodeSegment(segment: PathSegment): string {
  if (typeof segment !== 'string') {
    if (segment.length === 0) throw new UsageError('an empty list of ids cannot be sent');
    for (const item of segment) {
      if (item.includes(',')) throw new UsageError(`"${item}" contains a comma, which the API reads as a separator between ids`);
    }
    return segment.length === 1 ? encodeSegment(segment[0]!) : segment.map(encodeItem).join(',');
  }
  if (segment === '' || segment === '.' || segment === '..') {
    throw new UsageError(segment === '' ? 'an empty id or name cannot be sent' : `"${segment}" is not a valid id or name`);
  }
  return encodeItem(segment);
}

function encodeItem(item: string): string {
  if (item === '') throw new UsageError('an empty id cannot be sent');
  try {
    return encodeURIComponent(item);
  } catch {
    // encodeURIComponent throws on a lone surrogate, which has no UTF-8 form.
    throw new UsageError(`"${item}" contains invalid Unicode`);
  }
}

/** `?a=1&b=x%20y`, or "" when nothing is left. %20 rather than "+": no server reads it as anything else. */
export function encodeQuery(query: Query | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (name.toLowerCase() === 'apikey') throw new Error('bug: the API key must never be sent in the query string');
    parts.push(`${encodeItem(name)}=${encodeURIComponent(String(value))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Query parameters that are secrets by their nature; their values never reach a trace line. */
const SECRET_PARAMS = new Set(['password']);

export function isSecretParam(name: string): boolean {
  return SECRET_PARAMS.has(name.toLowerCase());
}

/** The query string for --debug, with secret parameters' values masked. */
export function traceQuery(query: Query | undefined): string {
  if (!query) return '';
  const masked: Query = {};
  for (const [name, value] of Object.entries(query)) {
    masked[name] = value !== undefined && isSecretParam(name) ? '***' : value;
  }
  return encodeQuery(masked);
}

/** How errors name a request: method and path relative to the base URL, never the query (`GET /events/evt_1`). */
export function endpointFor(path: readonly PathSegment[]): string {
  return `GET /${path.map(encodeSegment).join('/')}`;
}
