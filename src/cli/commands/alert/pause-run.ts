import { ExitCode } from '../../../shared/errors.js';
import type { Runtime } from '../../kit/runtime.js';
import { noSuchRule } from './rule-id.js';
import { withAlertStore } from './with-store.js';

export interface AlertPauseOptions {
  id: number;
  /** true: pause; false: resume. */
  paused: boolean;
  /** --lock-timeout, --schema */
  store: { lockTimeoutSeconds: number; schema?: string };
}

export async function runAlertPause(options: AlertPauseOptions, rt: Runtime): Promise<number> {
  const found = await withAlertStore(rt, { ...options.store, existing: true }, (store) => store.pauseAlertRule(options.id, options.paused));
  if (!found) throw noSuchRule(options.id);
  rt.note(`alert ${options.id} ${options.paused ? 'paused' : 'resumed'}`);
  return ExitCode.OK;
}
