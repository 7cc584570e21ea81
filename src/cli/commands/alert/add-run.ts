import { isNotFound } from '../../../api/errors.js';
import { approveCommand } from '../../../config/approved-commands.js';
import { outputInstant } from '../../../store/timestamps.js';
import { ExitCode, UsageError } from '../../../shared/errors.js';
import { messageOf } from '../../../shared/message-of.js';
import type { NewAlertRule } from '../../../store/store.js';
import type { Runtime } from '../../kit/runtime.js';
import { describeRule } from './rule-row.js';
import { withAlertStore } from './with-store.js';

export interface AlertAddOptions {
  rule: NewAlertRule;
  /** --lock-timeout, --schema */
  store: { lockTimeoutSeconds: number; schema?: string };
}

export async function runAlertAdd(options: AlertAddOptions, rt: Runtime): Promise<number> {
  if (options.rule.eventId !== null) await checkEvent(rt, options.rule.eventId);
  const rule = await withAlertStore(rt, options.store, (store) => store.addAlertRule(options.rule));
  rt.io.stdout.write(`${rule.id}\n`);
  // Typed on this machine, so this machine consents to run it; others sharing the history must approve it (docs/alerts.md).
  if (rule.notifyExec !== null) {
    try {
      approveCommand(rt.io.env, rule.notifyExec, rt.io.now().toISOString());
    } catch (error) {
      rt.warn(
        `could not record the approval of the --notify-exec command in this machine's config folder: ${messageOf(error)}; approve it with 'tix alert approve ${rule.id}'`,
      );
    }
  }
  rt.note(`alert ${rule.id} added: ${rule.target} ${describeRule(rule)}${rule.until ? ` until ${wholeSeconds(rule.until)}` : ''}`);
  return ExitCode.OK;
}

/** An instant in a note as tix writes them elsewhere, to the second (`2026-03-15T23:59:59Z`, not `.999999Z`, the end of a day as stored). */
function wholeSeconds(iso: string): string {
  return outputInstant(iso).replace(/\.\d+Z$/, 'Z');
}

/**
 * An evt_ id the API does not know is refused (exit 2): a rule on it would never fire. When the API cannot
 * be asked (no key, no base URL, down), the rule is added all the same, and stderr says it was not checked.
 */
async function checkEvent(rt: Runtime, eventId: string): Promise<void> {
  try {
    const { getEvent } = await import('../../../api/events.js');
    await getEvent(await rt.client(), eventId, { signal: rt.signal });
  } catch (error) {
    if (rt.signal.aborted) throw error;
    if (isNotFound(error)) throw new UsageError(`<event>: the API knows no event ${eventId} (HTTP 404): see 'tix events search'`);
    rt.note(`tix: note: ${eventId} could not be checked with the API (${messageOf(error)}); the rule is added all the same`);
  }
}
