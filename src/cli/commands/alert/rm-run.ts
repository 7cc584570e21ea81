import { ExitCode } from '../../../shared/errors.js';
import type { Runtime } from '../../kit/runtime.js';
import { noSuchRule } from './rule-id.js';
import { withAlertStore } from './with-store.js';

export interface AlertRmOptions {
  id: number;
  /** --lock-timeout, --schema */
  store: { lockTimeoutSeconds: number; schema?: string };
}

export async function runAlertRm(options: AlertRmOptions, rt: Runtime): Promise<number> {
  const removed = await withAlertStore(rt, { ...options.store, existing: true }, (store) => store.removeAlertRule(options.id));
  if (!removed) throw noSuchRule(options.id);
  rt.note(`alert ${options.id} removed`);
  return ExitCode.OK;
}
