import { approveCommand } from '../../../config/approved-commands.js';
import { ExitCode, TixError, UsageError } from '../../../shared/errors.js';
import { messageOf } from '../../../shared/message-of.js';
import { printable } from '../../../shared/printable.js';
import type { Runtime } from '../../kit/runtime.js';
import { noSuchRule } from './rule-id.js';
import { withAlertStore } from './with-store.js';

export interface AlertApproveOptions {
  id: number;
  /** --lock-timeout, --schema */
  store: { lockTimeoutSeconds: number; schema?: string };
}

export async function runAlertApprove(options: AlertApproveOptions, rt: Runtime): Promise<number> {
  const rules = await withAlertStore(rt, { ...options.store, readOnly: true }, (store) => store.alertRules());
  const rule = rules.find((r) => r.id === options.id);
  if (!rule) throw noSuchRule(options.id);
  if (rule.notifyExec === null) throw new UsageError(`<id>: alert rule ${rule.id} has no --notify-exec command to approve`);
  let added: boolean;
  try {
    added = approveCommand(rt.io.env, rule.notifyExec, rt.io.now().toISOString());
  } catch (error) {
    throw new TixError(`could not record the approval in this machine's config folder: ${messageOf(error)}`);
  }
  // Shown whole (control characters escaped): what is approved is exactly this text.
  const command = printable(rule.notifyExec, Number.POSITIVE_INFINITY);
  rt.note(`alert ${rule.id}: ${added ? 'approved' : 'already approved'} on this machine: ${command}`);
  return ExitCode.OK;
}
