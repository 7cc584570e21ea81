import type { Alert, AlertImport, AlertRule, AlertTables } from './store.js';

/**
 * Copying the alert tables from one store to another (`tix history export`, issue 28). Ids are kept where
 * the target never issued them (so a receiver that de-duplicates by id sees the same alert as the same),
 * else given new ones after every id the target ever issued (never one it issued and removed); a rule or
 * notification the target already holds (an export run again) is matched and left as it is.
 */

/** What the target holds and the last ids its counters issued. */
export interface AlertTarget extends AlertTables {
  lastRule: number;
  lastNotification: number;
}

const ruleKey = (r: AlertRule) => `${r.target}\u0000${Date.parse(r.createdAt)}\u0000${r.name ?? ''}`;
const notificationKey = (ruleId: number, n: Alert) => `${ruleId}\u0000${Date.parse(n.firedAt)}\u0000${n.listingId}`;

export function planAlertImport(source: AlertTables, target: AlertTarget): AlertImport {
  const plan: AlertImport = {
    rules: [],
    notifications: [],
    deliveries: [],
    kept: 0,
    renumbered: 0,
    lastRule: target.lastRule,
    lastNotification: target.lastNotification,
  };
  const ruleIds = new Set(target.rules.map((r) => r.id));
  const ruleByKey = new Map(target.rules.map((r) => [ruleKey(r), r.id]));
  const newRuleId = new Map<number, number>();
  // Ids above what the target issued are free for keeping; new ones come after all of them.
  let nextRule = Math.max(target.lastRule, ...target.rules.map((r) => r.id), ...source.rules.map((r) => r.id)) + 1;
  for (const rule of source.rules) {
    const held = ruleByKey.get(ruleKey(rule));
    if (held !== undefined) {
      newRuleId.set(rule.id, held);
      continue;
    }
    const keep = rule.id > target.lastRule && !ruleIds.has(rule.id);
    const id = keep ? rule.id : nextRule++;
    if (keep) plan.kept++;
    else plan.renumbered++;
    ruleIds.add(id);
    newRuleId.set(rule.id, id);
    plan.rules.push({ ...rule, id });
  }
  const notificationIds = new Set(target.notifications.map((n) => n.id));
  const notificationByKey = new Map(target.notifications.map((n) => [notificationKey(n.ruleId, n), n.id]));
  const newNotificationId = new Map<number, number>();
  let nextNotification =
    Math.max(target.lastNotification, ...target.notifications.map((n) => n.id), ...source.notifications.map((n) => n.id)) + 1;
  for (const notification of source.notifications) {
    const ruleId = newRuleId.get(notification.ruleId);
    if (ruleId === undefined) continue; // a notification whose rule is gone: nothing to hang it on
    const held = notificationByKey.get(notificationKey(ruleId, notification));
    if (held !== undefined) {
      newNotificationId.set(notification.id, held);
      continue;
    }
    const keep = notification.id > target.lastNotification && !notificationIds.has(notification.id);
    const id = keep ? notification.id : nextNotification++;
    if (keep) plan.kept++;
    else plan.renumbered++;
    notificationIds.add(id);
    newNotificationId.set(notification.id, id);
    plan.notifications.push({ ...notification, id, ruleId });
  }
  const heldDeliveries = new Set(target.deliveries.map((d) => `${d.notificationId}\u0000${d.channel}`));
  for (const delivery of source.deliveries) {
    const notificationId = newNotificationId.get(delivery.notificationId);
    if (notificationId === undefined || heldDeliveries.has(`${notificationId}\u0000${delivery.channel}`)) continue;
    plan.deliveries.push({ ...delivery, notificationId });
  }
  plan.lastRule = Math.max(target.lastRule, ...plan.rules.map((r) => r.id));
  plan.lastNotification = Math.max(target.lastNotification, ...plan.notifications.map((n) => n.id));
  return plan;
}
