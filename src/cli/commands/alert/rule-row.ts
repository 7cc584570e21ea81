import type { AlertRule } from '../../../store/store.js';
import { outputInstant } from '../../../store/timestamps.js';
import { channelName } from '../../../recording/notify.js';

/** The conditions of a rule as flags a person could type again: `--below 150 --min-quantity 2`, or `any new low`. */
export function describeRule(rule: AlertRule): string {
  const parts: string[] = [];
  if (rule.below !== null) parts.push(`--below ${rule.below}`);
  if (rule.dropPercent !== null) parts.push(`--drop ${rule.dropPercent}`);
  if (rule.minQuantity !== null) parts.push(`--min-quantity ${rule.minQuantity}`);
  if (rule.section !== null) parts.push(`--section ${shellQuote(rule.section)}`);
  if (rule.eventId !== null && rule.agent !== null) parts.push(`--agent ${rule.agent}`);
  return parts.length > 0 ? parts.join(' ') : 'any new low';
}

/** The text as one shell word, so the command shown is the exact text that runs. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, "'\\''")}'`;
}

/** `active`, `paused`, or `retired` (its --until has passed). */
export function ruleState(rule: AlertRule, now: Date): 'active' | 'paused' | 'retired' {
  if (rule.paused) return 'paused';
  return rule.until !== null && Date.parse(rule.until) < now.getTime() ? 'retired' : 'active';
}

/**
 * A rule as `tix alert list` prints it: a URL's secrets hidden; a command in full (it is what this machine
 * would run), with whether this machine approved it (`consented`).
 */
export function ruleRow(rule: AlertRule, now: Date, consented: (command: string) => boolean) {
  return {
    id: rule.id,
    name: rule.name,
    event: rule.target,
    conditions: describeRule(rule),
    created: outputInstant(rule.createdAt),
    until: rule.until === null ? null : outputInstant(rule.until),
    last_notified_at: rule.lastNotifiedAt === null ? null : outputInstant(rule.lastNotifiedAt),
    last_notified_price: rule.lastNotifiedPrice,
    state: ruleState(rule, now),
    notify:
      [
        ...(rule.notifyUrl !== null ? [channelName('url', rule.notifyUrl)] : []),
        ...(rule.notifyExec !== null
          ? [
              `--notify-exec ${shellQuote(rule.notifyExec)} (${consented(rule.notifyExec) ? 'approved here' : `not approved here: tix alert approve ${rule.id}`})`,
            ]
          : []),
      ].join(', ') || null,
  };
}
