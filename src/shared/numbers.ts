import { UsageError } from './errors.js';
import { printable } from './printable.js';

export function parseWholeNumber(flag: string, raw: string, min: number, max: number): number {
  const text = raw.trim();
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, not '${printable(raw)}'`);
  }
  return Number(text);
}
