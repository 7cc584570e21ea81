import type { Alert } from '../store/store.js';
import { canonicalInstant, outputInstant } from '../store/timestamps.js';

/**
 * One alert as every channel carries it (docs/alerts.md): the object `track -o ndjson` prints, the body a
 * webhook receives and the stdin of a --notify-exec command. `type` tells it from track's snapshot rows;
 * `text` is a one-line summary, so a chat's incoming webhook takes the body unchanged.
 */
export interface AlertJson {
  type: 'alert';
  id: number;
  rule: number;
  rule_name: string | null;
  target: string;
  event_id: string | null;
  event_name: string | null;
  event_date: string | null;
  agent: string;
  agent_event_id: string;
  listing_id: string;
  section: string | null;
  row: string | null;
  quantity: number | null;
  price: number;
  previous_price: number | null;
  api_timestamp: string;
  fired_at: string;
  view: string;
  text: string;
  /** Only on the sample `tix alert test` sends. */
  test?: true;
}

export function alertJson(alert: Alert): AlertJson {
  return {
    type: 'alert',
    id: alert.id,
    rule: alert.ruleId,
    rule_name: alert.ruleName,
    target: alert.target,
    event_id: alert.eventId,
    event_name: alert.eventName,
    event_date: instant(alert.eventDate),
    agent: alert.agent,
    agent_event_id: alert.agentEventId,
    listing_id: alert.listingId,
    section: alert.section,
    row: alert.row,
    quantity: alert.quantity,
    price: alert.price,
    previous_price: alert.previousPrice,
    api_timestamp: instant(alert.apiTimestamp)!,
    fired_at: instant(alert.firedAt)!,
    view: viewCommand(alert),
    text: alertText(alert),
    ...(alert.test ? { test: true as const } : {}),
  };
}

/** Instants as tix prints them (UTC, whole seconds without a fraction), the same whether the alert was just made or read back from the store. */
function instant(text: string | null): string | null {
  return text === null ? null : outputInstant(canonicalInstant(text) ?? text);
}

/** The command that shows the whole market of the alert's event. */
function viewCommand(alert: Alert): string {
  return alert.eventId !== null ? `tix events view ${alert.eventId}` : `tix inventory ${alert.agent} ${alert.agentEventId}`;
}

/**
 * An amount with two decimals, or as many as it has (up to six): an alert says a price is lower than the
 * last one notified, so 79.999 after 80 must not read "80.00 (last notified 80.00)".
 */
function exactMoney(value: number): string {
  const decimals = [2, 3, 4, 5, 6].find((d) => Number(value.toFixed(d)) === value) ?? 6;
  return value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: decimals });
}

/**
 * `New low for rule 3 "floor under 200": Example Tour, 2026-04-01: TMUSA section FLOOR row 4, 2 tickets at
 * 180.00 (last notified 195.00): tix events view evt_x`
 */
export function alertText(alert: Alert): string {
  const rule = `rule ${alert.ruleId}${alert.ruleName !== null ? ` ${JSON.stringify(alert.ruleName)}` : ''}`;
  const event = [alert.eventName ?? alert.eventId ?? alert.target, alert.eventDate?.slice(0, 10)].filter(Boolean).join(', ');
  const place = [`section ${alert.section ?? '?'}`, alert.row ? `row ${alert.row}` : ''].filter(Boolean).join(' ');
  const tickets = alert.quantity === null ? '' : `${alert.quantity} ${alert.quantity === 1 ? 'ticket' : 'tickets'} `;
  const before = alert.previousPrice === null ? 'first notice' : `last notified ${exactMoney(alert.previousPrice)}`;
  const test = alert.test ? 'TEST from tix alert test, not a real price: ' : '';
  return `${test}New low for ${rule}: ${event}: ${alert.agent} ${place}, ${tickets}at ${exactMoney(alert.price)} (${before}): ${viewCommand(alert)}`;
}
