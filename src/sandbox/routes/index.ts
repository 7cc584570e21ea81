/**
 * Routing on path segments. The raw path is split on "/" first and each segment percent-decoded after,
 * so an encoded "/" (%2F) stays inside its segment and can never change which route is taken.
 */
import { notFound } from '../errors.js';
import type { Reply, RouteRequest } from './context.js';
import { eventByServiceId, eventsByAgent, eventsByAgentIds, searchEvents } from './events.js';
import { inventory } from './inventory.js';
import { SALES_DETAILS, SALES_SUMMARY, sales } from './sales.js';

export type RouteKind = 'search' | 'event' | 'agent-events' | 'agent-ids' | 'inventory' | 'sales' | 'none';

/**
 * Splits and decodes the path ("/events/a%2Fb" -> ["events", "a/b"]). One trailing slash is ignored.
 * Returns undefined when a segment's percent-encoding is malformed.
 */
export function pathSegments(rawPath: string): string[] | undefined {
  const raw = rawPath.split('/').slice(1);
  if (raw.length > 1 && raw[raw.length - 1] === '') raw.pop();
  const segments: string[] = [];
  for (const segment of raw) {
    try {
      segments.push(decodeURIComponent(segment));
    } catch {
      return undefined;
    }
  }
  return segments;
}

export function classify(segments: readonly string[]): RouteKind {
  const [root, a, b, c] = segments;
  if (root === 'events') {
    if (segments.length === 1) return 'search';
    if (segments.length === 2) return a?.startsWith('evt_') ? 'event' : 'agent-events';
    if (segments.length === 3) return 'agent-ids';
    if (segments.length === 4 && (c === SALES_SUMMARY || c === SALES_DETAILS) && b !== undefined) return 'sales';
    return 'none';
  }
  if (root === 'inventory' && segments.length === 3) return 'inventory';
  return 'none';
}

export function route(request: RouteRequest, kind: RouteKind): Reply {
  const [, a = '', b = '', c = ''] = request.segments;
  // Empty segments ("/events//x") never name anything.
  if (kind !== 'search' && kind !== 'none' && request.segments.some((segment) => segment === '')) {
    throw notFound(`no such path: empty path segment`);
  }
  switch (kind) {
    case 'search':
      return searchEvents(request);
    case 'event':
      return eventByServiceId(request, a);
    case 'agent-events':
      return eventsByAgent(request, a);
    case 'agent-ids':
      return eventsByAgentIds(request, a, b);
    case 'sales':
      return sales(request, a, b, c);
    case 'inventory':
      return inventory(request, a, b);
    default:
      throw notFound(
        'no such endpoint; see GET /events, /events/{id}, /events/{agent}, /events/{agent}/{ids}, /inventory/{agent}/{ids}, /events/stubhub/{id}/sales-summary|sales-details',
      );
  }
}
