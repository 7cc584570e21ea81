/**
 * Which proxy, if any, carries the requests for the API's origin: the proxy variables read as curl reads
 * them. undici's EnvHttpProxyAgent reads them differently (https falls back to HTTP_PROXY, no trailing-dot,
 * IPv6 or CIDR entries in NO_PROXY), so tix decides here and hands undici's ProxyAgent the one proxy to use.
 */
import { BlockList, isIP } from 'node:net';
import { UsageError } from '../shared/errors.js';
import { isLoopbackHost } from './url.js';

export interface ProxyRoute {
  /** scheme://host:port of the proxy, without credentials: what undici connects to. */
  uri: string;
  /** The Proxy-Authorization value, from the user name and password in the proxy URL. */
  token?: string;
  /** For messages and --debug: the proxy URL with any credentials as `***`. */
  shown: string;
  /** The variable it came from, so a message can say what to change. */
  variable: string;
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

/**
 * The proxy for requests to `origin`, or undefined to connect directly. This machine is never reached
 * through a proxy: a proxy's 127.0.0.1 is not ours, and a key sent in clear to a loopback base URL must not
 * travel to another machine.
 */
export function proxyFor(origin: string, env: NodeJS.ProcessEnv): ProxyRoute | undefined {
  const url = new URL(origin);
  if (isLoopbackHost(url.hostname)) return undefined;
  // As curl: the scheme's own variable only (https never falls back to HTTP_PROXY), the lower-case
  // spelling first, and a variable that is set but empty means no proxy.
  const scheme = url.protocol.slice(0, -1);
  const variable = [`${scheme}_proxy`, `${scheme.toUpperCase()}_PROXY`].find((name) => env[name] !== undefined);
  const value = variable === undefined ? '' : env[variable]!.trim();
  if (variable === undefined || value === '') return undefined;
  const port = Number(url.port) || DEFAULT_PORTS[url.protocol]!;
  if (bypassesProxy(url.hostname, port, env.no_proxy ?? env.NO_PROXY ?? '')) return undefined;
  return parseProxyUrl(value, variable);
}

/**
 * NO_PROXY as curl reads it: entries separated by commas or spaces, case-insensitive; `*` alone turns the
 * proxy off for every host; `example.com`, `.example.com` and `*.example.com` match that host and every
 * host under it; an IP address or CIDR block (`10.0.0.0/8`) matches addresses; `host:port` matches only
 * that port (curl ignores ports; most other tools honour them).
 */
export function bypassesProxy(hostname: string, port: number, noProxy: string): boolean {
  if (noProxy.trim() === '*') return true;
  const host = bare(hostname);
  const hostIp = isIP(host);
  for (const raw of noProxy.split(/[\s,]+/)) {
    const entry = splitPort(raw.toLowerCase());
    if (!entry || (entry.port !== undefined && entry.port !== port)) continue;
    if (hostIp) {
      if (matchesAddress(host, hostIp, entry.host)) return true;
      continue;
    }
    const domain = entry.host.replace(/^\*?\./, '');
    if (domain !== '' && (host === domain || host.endsWith(`.${domain}`))) return true;
  }
  return false;
}

/** Lower case, without IPv6 brackets or a trailing dot: the form hosts are compared in. */
function bare(host: string): string {
  return host
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
}

/** `host`, `host:port`, `[v6]:port` or a bare IPv6 address (whose colons are not a port). */
function splitPort(entry: string): { host: string; port?: number } | undefined {
  if (entry === '') return undefined;
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) return { host: bracketed[1]!, ...(bracketed[2] ? { port: Number(bracketed[2]) } : {}) };
  const withPort = /^([^:]+):(\d+)$/.exec(entry);
  if (withPort) return { host: bare(withPort[1]!), port: Number(withPort[2]) };
  return { host: bare(entry) };
}

function matchesAddress(host: string, family: number, entry: string): boolean {
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const [address, bits] = entry.split('/');
  if (!address || isIP(address) !== family) return false;
  const list = new BlockList();
  if (bits === undefined) list.addAddress(address, type);
  else if (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128)) list.addSubnet(address, Number(bits), type);
  else return false;
  return list.check(host, type);
}

/**
 * The proxy URL from `variable`. A value without a scheme is an http:// proxy, as in curl. Its own text is
 * never repeated in an error: it may hold a password.
 */
function parseProxyUrl(value: string, variable: string): ProxyRoute {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new UsageError(`${variable} is not a valid proxy URL: expected http://[user:password@]host:port`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`${variable} names a ${url.protocol}// proxy, which tix does not support: use an http:// or https:// proxy`);
  }
  if (url.hostname === '') throw new UsageError(`${variable} is not a valid proxy URL: expected http://[user:password@]host:port`);
  const credentials = url.username !== '' || url.password !== '';
  const token = credentials ? `Basic ${Buffer.from(`${decoded(url.username)}:${decoded(url.password)}`).toString('base64')}` : undefined;
  return {
    uri: url.origin,
    ...(token === undefined ? {} : { token }),
    shown: credentials ? `${url.protocol}//***@${url.host}` : url.origin,
    variable,
  };
}

/** A percent-encoded user name or password; one that is not valid percent-encoding is taken as written. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
