import { UsageError } from './errors.js';
import { printable } from './printable.js';

const UNITS: Readonly<Record<string, number>> = { s: 1_000, m: 60_000, h: 3_600_000 };

/**
 * A duration as people type it for a polling interval: `30s`, `5m`, `1h`, or a bare number of seconds
 * (as `sleep 30` reads it). Whole units only: nobody polls every 1.5 minutes who cannot write 90s.
 */
export function parseDuration(flag: string, raw: string, minMs: number, maxMs: number): number {
  const match = /^(\d{1,9})\s*([smh]?)$/i.exec(raw.trim());
  const ms = match ? Number(match[1]) * UNITS[(match[2] || 's').toLowerCase()]! : Number.NaN;
  if (!(ms >= minMs && ms <= maxMs)) {
    throw new UsageError(
      `${flag} must be a duration from ${formatDuration(minMs)} to ${formatDuration(maxMs)} in s, m or h (a bare number is seconds), not '${printable(raw)}'`,
    );
  }
  return ms;
}

/** A duration the way parseDuration reads it, in the largest whole unit: 300000 -> 5m. */
export function formatDuration(ms: number): string {
  if (ms % UNITS.h! === 0) return `${ms / UNITS.h!}h`;
  if (ms % UNITS.m! === 0) return `${ms / UNITS.m!}m`;
  return `${ms / 1_000}s`;
}
