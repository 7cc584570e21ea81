import { UsageError } from '../../../shared/errors.js';
import { printable } from '../../../shared/printable.js';

/** A rule id as `tix alert list` shows it: a whole number from 1. */
export function parseRuleId(raw: string): number {
  const text = raw.trim();
  if (!/^\d{1,15}$/.test(text) || Number(text) < 1)
    throw new UsageError(`<id> must be an alert rule id such as 3 (see 'tix alert list'), not '${printable(raw)}'`);
  return Number(text);
}

/** The one line for an id no rule has: exit 2, as for any bad argument. */
export function noSuchRule(id: number): UsageError {
  return new UsageError(`<id>: there is no alert rule ${id} (see 'tix alert list')`);
}
