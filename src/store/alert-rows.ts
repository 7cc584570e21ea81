import type { Evaluation } from './alert-evaluate.js';
import type { Alert, AlertEvaluation, AlertRule, NewAlertRule } from './store.js';

/**
 * The alert tables' rows as both stores read and write them: columns by their SQL names, timestamps as
 * ISO text (each store converts its own: DuckDB reads epoch microseconds, PostgreSQL canonical text).
 */

// biome-ignore lint/suspicious/noExplicitAny: a row as the driver returns it; the columns are named in ALERT_RULE_COLUMNS.
type Row = Record<string, any>;

export const ALERT_RULE_COLUMNS = [
  'id',
  'name',
  'target',
  'event_id',
  'agent',
  'agent_event_id',
  'below',
  'drop_percent',
  'min_quantity',
  'section',
  'until',
  'notify_url',
  'notify_exec',
  'paused',
  'created_at',
  'baseline_price',
  'last_notified_at',
  'last_notified_price',
] as const;

export const ALERT_COLUMNS = [
  'id',
  'rule_id',
  'fired_at',
  'api_timestamp',
  'event_id',
  'event_name',
  'event_date',
  'agent',
  'agent_event_id',
  'listing_id',
  'section',
  'row',
  'quantity',
  'price',
  'previous_price',
] as const;

/** The first nine columns of a new rule's INSERT, in both stores: name, target, event_id, agent, agent_event_id, below, drop_percent, min_quantity, section. */
export function newRuleValues(rule: NewAlertRule): (string | number | null)[] {
  return [
    rule.name,
    rule.target,
    rule.eventId,
    rule.agent,
    rule.agentEventId,
    rule.below,
    rule.dropPercent,
    rule.minQuantity,
    rule.section,
  ];
}

/** A row of alert_rules; `time` turns the store's timestamps into ISO text. */
export function ruleOfRow(r: Row, time: (value: unknown) => string | null): AlertRule {
  return {
    id: Number(r.id),
    name: r.name ?? null,
    target: r.target,
    eventId: r.event_id ?? null,
    agent: r.agent ?? null,
    agentEventId: r.agent_event_id ?? null,
    below: numberOrNull(r.below),
    dropPercent: numberOrNull(r.drop_percent),
    minQuantity: numberOrNull(r.min_quantity),
    section: r.section ?? null,
    until: time(r.until),
    notifyUrl: r.notify_url ?? null,
    notifyExec: r.notify_exec ?? null,
    paused: r.paused === true,
    createdAt: time(r.created_at) ?? '',
    baselinePrice: numberOrNull(r.baseline_price),
    lastNotifiedAt: time(r.last_notified_at),
    lastNotifiedPrice: numberOrNull(r.last_notified_price),
  };
}

/** A row of alert_notifications joined to its rule's name and target. */
export function alertOfRow(r: Row, time: (value: unknown) => string | null): Alert {
  return {
    id: Number(r.id),
    ruleId: Number(r.rule_id),
    ruleName: r.rule_name ?? null,
    target: r.target,
    firedAt: time(r.fired_at) ?? '',
    apiTimestamp: time(r.api_timestamp) ?? '',
    eventId: r.event_id ?? null,
    eventName: r.event_name ?? null,
    eventDate: time(r.event_date),
    agent: r.agent,
    agentEventId: r.agent_event_id,
    listingId: r.listing_id,
    section: r.section ?? null,
    row: r.row ?? null,
    quantity: numberOrNull(r.quantity),
    price: Number(r.price),
    previousPrice: numberOrNull(r.previous_price),
  };
}

function numberOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** What one evaluation writes: a notification per firing (without its id), the deliveries it needs, and the rules' new state. */
export interface AlertWrites {
  alerts: { alert: Omit<Alert, 'id'>; channels: { channel: 'url' | 'exec'; target: string }[] }[];
  /** Per rule: the price notified (also its new --drop baseline), or a first baseline. */
  rules: { id: number; notifiedPrice: number | null; baselinePrice: number }[];
}

export function alertWrites(evaluation: Evaluation, options: AlertEvaluation): AlertWrites {
  const alerts = evaluation.fired.map(({ rule, snapshot, listing, event }) => ({
    alert: {
      ruleId: rule.id,
      ruleName: rule.name,
      target: rule.target,
      firedAt: options.at,
      apiTimestamp: snapshot.apiTimestamp,
      eventId: event?.eventId ?? rule.eventId,
      eventName: event?.name ?? null,
      eventDate: event?.eventDate ?? null,
      agent: snapshot.agent,
      agentEventId: snapshot.eventId,
      listingId: listing.listingId,
      section: listing.section ?? null,
      row: listing.row ?? null,
      quantity: Number.isInteger(listing.quantity) ? listing.quantity : null,
      price: listing.price,
      previousPrice: rule.lastNotifiedPrice,
    },
    channels: channelsOf(rule, options),
  }));
  const rules = [
    ...evaluation.fired.map((f) => ({ id: f.rule.id, notifiedPrice: f.listing.price, baselinePrice: f.listing.price })),
    ...evaluation.baselines.map((b) => ({ id: b.ruleId, notifiedPrice: null, baselinePrice: b.price })),
  ];
  return { alerts, rules };
}

/** A rule's own --notify-url and --notify-exec; a rule with neither uses the notify-url and notify-exec settings. */
export function channelsOf(rule: AlertRule, options: AlertEvaluation): { channel: 'url' | 'exec'; target: string }[] {
  const own = rule.notifyUrl !== null || rule.notifyExec !== null;
  const url = own ? rule.notifyUrl : (options.notifyUrl ?? null);
  const exec = own ? rule.notifyExec : (options.notifyExec ?? null);
  return [
    ...(url !== null ? [{ channel: 'url' as const, target: url }] : []),
    ...(exec !== null ? [{ channel: 'exec' as const, target: exec }] : []),
  ];
}
