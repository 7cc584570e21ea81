import { ExitCode } from '../shared/errors.js';
import { ApiError } from './errors.js';
import type { EventListing } from './types.js';

/**
 * The minimum checks on a response that the CLI's code relies on (an array where it iterates, a string id
 * where it prints one). Nothing is copied, stripped or rebuilt: unknown fields pass through untouched.
 */

export type JsonObject = Record<string, unknown>;

export function shapeError(endpoint: string, problem: string): ApiError {
  return new ApiError(`unexpected response from ${endpoint}: ${problem}`, ExitCode.ERROR, { endpoint });
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

export function expectObject(value: unknown, endpoint: string): JsonObject {
  if (!isObject(value)) throw shapeError(endpoint, `expected a JSON object, got ${kind(value)}`);
  return value;
}

/** Checks that `object[field]` is an array and returns it. */
export function expectArrayField(object: JsonObject, field: string, endpoint: string): unknown[] {
  const value = object[field];
  if (!Array.isArray(value))
    throw shapeError(endpoint, `"${field}" is ${value === undefined ? 'missing' : `not an array (${kind(value)})`}`);
  return value;
}

/** An event listing is at least an object with a string id; `where` names it in the message ("events[3]"). */
export function expectEvent(value: unknown, endpoint: string, where: string): EventListing {
  if (!isObject(value)) throw shapeError(endpoint, `${where} is not an object (${kind(value)})`);
  if (typeof value.id !== 'string') throw shapeError(endpoint, `"${where === 'the event' ? 'id' : `${where}.id`}" is not a string`);
  return value as EventListing;
}

/** Checks a `{ events: [...] }` body in place and returns it as typed. */
export function expectEventList<T extends JsonObject>(object: T, endpoint: string): T & { events: EventListing[] } {
  const events = expectArrayField(object, 'events', endpoint);
  for (const [index, event] of events.entries()) expectEvent(event, endpoint, `events[${index}]`);
  return object as T & { events: EventListing[] };
}
