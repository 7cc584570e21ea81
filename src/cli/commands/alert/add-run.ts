import { outputInstant } from '../../../store/timestamps.js';
import { ExitCode } from '../../../shared/errors.js';
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
  const rule = await withAlertStore(rt, options.store, (store) => store.addAlertRule(options.rule));
  rt.io.stdout.write(`${rule.id}\n`);
  rt.note(`alert ${rule.id} added: ${rule.target} ${describeRule(rule)}${rule.until ? ` until ${outputInstant(rule.until)}` : ''}`);
  return ExitCode.OK;
}
