import { ExitCode } from '../../../shared/errors.js';
import { channelsOf } from '../../../store/alert-rows.js';
import type { Alert } from '../../../store/store.js';
import { alertEvaluation, announceAlerts, channelName, deliver } from '../../../recording/notify.js';
import type { Runtime } from '../../kit/runtime.js';
import { noSuchRule } from './rule-id.js';
import { withAlertStore } from './with-store.js';

export interface AlertTestOptions {
  id: number;
  /** --lock-timeout, --schema */
  store: { lockTimeoutSeconds: number; schema?: string };
}

export async function runAlertTest(options: AlertTestOptions, rt: Runtime): Promise<number> {
  const rules = await withAlertStore(rt, options.store, (store) => store.alertRules());
  const rule = rules.find((r) => r.id === options.id);
  if (!rule) throw noSuchRule(options.id);
  const now = rt.io.now().toISOString();
  const sample: Alert = {
    id: 0,
    ruleId: rule.id,
    ruleName: rule.name,
    target: rule.target,
    firedAt: now,
    apiTimestamp: now,
    eventId: rule.eventId,
    eventName: null,
    eventDate: rule.until,
    agent: rule.agent ?? 'SAMPLE',
    agentEventId: rule.agentEventId ?? 'sample',
    listingId: 'sample',
    section: 'SAMPLE',
    row: null,
    quantity: rule.minQuantity ?? 2,
    price: rule.below ?? rule.lastNotifiedPrice ?? 100,
    previousPrice: rule.lastNotifiedPrice,
  };
  announceAlerts(rt, [sample]);
  // The rule's own channels, else the settings: as a real alert of the rule would go.
  const channels = channelsOf(rule, alertEvaluation(rt));
  let failed = 0;
  for (const { channel, target } of channels) {
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
