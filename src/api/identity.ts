/**
 * Whether the base URL answers like the ticket API. The contract answers 404 both for "no events matched"
 * and for "no such event", and shows no error bodies, so a 404 alone cannot tell "nothing here" from "this
 * is not the API" (a static web server, the API under a wrong path prefix): believed blindly, a mistyped
 * URL exports nothing every night and exits 0. The rule, decided here:
 *
 * - A 404 whose body is not JSON (HTML, text, nothing) is never "not found": every endpoint of the
 *   contract answers application/json, so it is not the API (the client applies this to every answer).
 * - A JSON 404 is "not found" or "no events" only once the base URL has answered like the API in this
 *   run: an answer already checked to have the documented shape, or else one probe, an unfiltered
 *   `GET /events?pageSize=1` that must answer 200 with `{"events": [...]}` of `evt_` ids. The probe is
 *   sent at most once per client, and only on those paths: never after a normal 200.
 * - A key is accepted only when an authenticated request got that documented answer (the same probe).
 */
import { ExitCode } from '../shared/errors.js';
import { type Headers, isJsonType, mediaType } from './body.js';
import { ApiError, isNotFound, NotTheApiError } from './errors.js';
import type { RelativeTarget } from './relative-target.js';

/** What the probe needs of a client (ApiClient is one); a structural type keeps client.ts free to import this file. */
export interface ProbeClient {
  /** The base URL as configured, for messages (it can hold no user name, password or query). */
  readonly baseUrl: string;
  getRaw(target: RelativeTarget): Promise<{ status: number; headers: Headers; body: Buffer }>;
}

const PROBE: RelativeTarget = { path: 'events', query: ['pageSize=1'] };
const PROBE_ENDPOINT = 'GET /events';

/** Per client, and so per run: resolved once the base URL has answered like the API. */
const confirmed = new WeakMap<ProbeClient, Promise<void>>();

/**
 * What came back, in a few words ("404 text/html", "404 with an empty body"), when a body is not JSON;
 * undefined when it is. A missing Content-Type is judged by the body alone.
 */
export function notJsonAnswer(status: number, headers: Headers, body: string): string | undefined {
  const type = mediaType(headers);
  if (body.replace(/^\uFEFF/, '').trim() === '') return `${status} with an empty body${type ? ` (${type})` : ''}`;
  if (isJsonType(type) && jsonOf(body) !== undefined) return undefined;
  return `${status} ${type ?? 'without a content type'}${isJsonType(type) ? ' that is not valid JSON' : ''}`;
}

/** Records that the client got an answer only the API gives (a 200 of the documented shape): no probe needed. */
export function vouchFor(client: ProbeClient): void {
  if (!confirmed.has(client)) confirmed.set(client, Promise.resolve());
}

/**
 * Resolves once the base URL is known to answer like the API; rejects with a NotTheApiError when the probe
 * says otherwise, or with the probe's own error (a rejected key, the API down). One probe per client.
 */
export function confirmTheApi(client: ProbeClient): Promise<void> {
  let check = confirmed.get(client);
  if (!check) {
    check = probe(client);
    // Callers that stop waiting (a page no longer wanted) must not leave the rejection unhandled.
    check.catch(() => {});
    confirmed.set(client, check);
  }
  return check;
}

async function probe(client: ProbeClient): Promise<void> {
  let response: { status: number; headers: Headers; body: Buffer };
  try {
    response = await client.getRaw(PROBE);
  } catch (error) {
    // A non-JSON 404 is already a NotTheApiError (client.ts); a JSON 404 to an unfiltered search is not the API either.
    if (isNotFound(error)) {
      throw new NotTheApiError(client.baseUrl, PROBE_ENDPOINT, `404 ${mediaType(error.headers ?? {}) ?? 'without a content type'}`, {
        status: 404,
      });
    }
    throw error;
  }
  const { status, headers } = response;
  const text = response.body.toString('utf8');
  const notJson = notJsonAnswer(status, headers, text);
  if (notJson !== undefined) throw new NotTheApiError(client.baseUrl, PROBE_ENDPOINT, notJson, { status });
  if (!isEventList(jsonOf(text)?.value)) {
    throw new NotTheApiError(
      client.baseUrl,
      PROBE_ENDPOINT,
      `${status} ${mediaType(headers) ?? 'JSON'} that is not the documented {"events": [...]} of evt_ ids`,
      { status },
    );
  }
}

/** The documented search answer: `{"events": [...]}`, each event an object whose id begins with `evt_`. */
function isEventList(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { events } = body as { events?: unknown };
  return (
    Array.isArray(events) &&
    events.every(
      (event) =>
        typeof event === 'object' &&
        event !== null &&
        typeof (event as { id?: unknown }).id === 'string' &&
        (event as { id: string }).id.startsWith('evt_'),
    )
  );
}

/** The parsed body (a byte-order mark allowed, as in parseJson), or undefined when it is not JSON. */
function jsonOf(body: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(body.replace(/^\uFEFF/, '')) as unknown };
  } catch {
    return undefined;
  }
}

/**
 * Rethrows the API's 404 with a message that names what was not found ("event evt_1 not found"), once the
 * base URL is known to be the API's (else the NotTheApiError); anything else passes through unchanged.
 */
export async function explainNotFound<T>(client: ProbeClient, call: Promise<T>, what: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!isNotFound(error)) throw error;
    await confirmTheApi(client);
    throw new ApiError(`${what} (HTTP 404 from ${error.endpoint})`, ExitCode.NOT_FOUND, {
      endpoint: error.endpoint,
      status: 404,
      ...(error.serverMessage === undefined ? {} : { serverMessage: error.serverMessage }),
      cause: error,
    });
  }
}
