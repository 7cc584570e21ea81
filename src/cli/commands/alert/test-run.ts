import { ExitCode } from '../../../shared/errors.js';
import { channelsOf } from '../../../store/alert-rows.js';
import type { Alert, AlertRule, HistoryStore } from '../../../store/store.js';
import { alertEvaluation, announceAlerts, channelName, commandConsented, deliver } from '../../../recording/notify.js';
import type { Runtime } from '../../kit/runtime.js';
import { noSuchRule } from './rule-id.js';
import { withAlertStore } from './with-store.js';

export interface AlertTestOptions {
  id: number;
  /** --lock-timeout, --schema */
  store: { lockTimeoutSeconds: number; schema?: string };
}

export async function runAlertTest(options: AlertTestOptions, rt: Runtime): Promise<number> {
  const found = await withAlertStore(rt, { ...options.store, readOnly: true }, async (store) => {
    const rule = (await store.alertRules()).find((r) => r.id === options.id);
    return rule ? { rule, event: await eventOf(store, rule) } : undefined;
  });
  if (!found) throw noSuchRule(options.id);
  const { rule, event } = found;
  const now = rt.io.now().toISOString();
  const sample: Alert = {
    id: 0,
    ruleId: rule.id,
    ruleName: rule.name,
    target: rule.target,
    firedAt: now,
    apiTimestamp: now,
    eventId: event?.eventId ?? rule.eventId,
    eventName: event?.name ?? null,
    eventDate: event?.eventDate ?? rule.until,
    agent: rule.agent ?? 'SAMPLE',
    agentEventId: rule.agentEventId ?? 'sample',
    listingId: 'sample',
    section: 'SAMPLE',
    row: null,
    quantity: rule.minQuantity ?? 2,
    price: rule.below ?? rule.lastNotifiedPrice ?? 100,
    previousPrice: rule.lastNotifiedPrice,
    test: true,
  };
  announceAlerts(rt, [sample]);
  // The rule's own channels, else the settings: as a real alert of the rule would go.
  const channels = channelsOf(rule, alertEvaluation(rt));
  let failed = 0;
  for (const { channel, target } of channels) {
    if (channel === 'exec' && !commandConsented(rt, target)) {
      failed++;
      rt.warn(
        `alert test: the --notify-exec command of rule ${rule.id} is not approved on this machine: not run (see it with 'tix alert list'; approve it with 'tix alert approve ${rule.id}')`,
      );
      continue;
    }
    const error = await deliver(rt, channel, target, sample);
    if (error === undefined) rt.note(`alert test: delivered to ${channelName(channel, target)}`);
    else {
      failed++;
      rt.warn(`alert test: not delivered to ${channelName(channel, target)}: ${error}`);
    }
  }
  if (channels.length === 0) rt.note('alert test: the rule has no --notify-url or --notify-exec, and neither setting is set: stderr only');
  return failed > 0 ? ExitCode.ERROR : ExitCode.OK;
}

/** The event the rule watches, as the history knows it (name and date), for a sample that reads like a real alert. */
async function eventOf(
  store: HistoryStore,
  rule: AlertRule,
): Promise<{ eventId: string; name: string | null; eventDate: string | null } | undefined> {
  const eventId =
    rule.eventId ?? (rule.agent !== null && rule.agentEventId !== null ? await store.eventIdOf(rule.agent, rule.agentEventId) : undefined);
  if (eventId === undefined) return undefined;
  const event = await store.event(eventId);
  return event ? { eventId, name: event.name ?? null, eventDate: event.eventDate ?? null } : { eventId, name: null, eventDate: null };
}
