import { isDocument } from '../../../output/formats.js';
import { ExitCode, TixError } from '../../../shared/errors.js';
import type { AlertRule } from '../../../store/store.js';
import type { OutputOptions } from '../../kit/output-options.js';
import { jsonListFor, rowWriterFor, withSink, type RecordView } from '../../kit/present.js';
import type { Runtime } from '../../kit/runtime.js';
import { commandConsented } from '../../../recording/notify.js';
import { ruleRow } from './rule-row.js';
import { withAlertStore } from './with-store.js';

export interface AlertListOptions {
  /** --lock-timeout, --schema */
  store: { lockTimeoutSeconds: number; schema?: string };
  output: OutputOptions;
}

const RULE_VIEW: RecordView = {
  documented: ['id', 'name', 'event', 'conditions', 'created', 'until', 'last_notified_at', 'last_notified_price', 'state', 'notify'],
  // notify: a person reading the table sees the command this machine would run, and whether it may (issue 36 §5).
  tableDefaults: ['id', 'name', 'event', 'conditions', 'last_notified_at', 'last_notified_price', 'state', 'notify'],
  columnTypes: { id: 'integer', created: 'datetime', until: 'datetime', last_notified_at: 'datetime', last_notified_price: 'price' },
  fit: { identifiers: ['id', 'event'], dropOrder: ['name', 'last_notified_at', 'conditions'] },
};

export async function runAlertList(options: AlertListOptions, rt: Runtime): Promise<number> {
  const rules = await readRules(options, rt);
  const now = rt.io.now();
  const rows = rules.map((rule) => ruleRow(rule, now, (command) => commandConsented(rt, command)));
  const { output } = options;
  await withSink(rt, output, async (sink) => {
    const writer = isDocument(output.format) ? jsonListFor(rt, output, sink, 'rules') : rowWriterFor(rt, output, sink, RULE_VIEW);
    await writer.write(rows);
    await writer.end();
  });
  if (rules.length === 0) rt.note("No alert rules: add one with 'tix alert add'.");
  return ExitCode.OK;
}

/** Read-only: a history not made yet has no rules (rather than exit 4). */
async function readRules(options: AlertListOptions, rt: Runtime): Promise<AlertRule[]> {
  try {
    return await withAlertStore(rt, { ...options.store, readOnly: true }, (store) => store.alertRules());
  } catch (error) {
    if (error instanceof TixError && error.exitCode === ExitCode.NOT_FOUND) return [];
    throw error;
  }
}
