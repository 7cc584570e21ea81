import type { EnumTable } from '../../../api/enums.js';
import { UsageError } from '../../../shared/errors.js';
import { printable } from '../../../shared/printable.js';

/** Accepts a slug or its API number; a wrong value lists the allowed ones and suggests the closest. */
export function parseEnum(flag: string, table: EnumTable, raw: string): number {
  const text = raw.trim().toLowerCase();
  const bySlug = table.find((v) => v.slug === text);
  if (bySlug) return bySlug.value;
  if (/^\d+$/.test(text)) {
    const byNumber = table.find((v) => v.value === Number(text));
    if (byNumber) return byNumber.value;
  }
  const slugs = table.map((v) => v.slug);
  const suggestion = closest(text, slugs);
  throw new UsageError(
    `${flag}: '${printable(raw)}' is not allowed${suggestion ? ` (did you mean ${suggestion}?)` : ''}; use one of ${slugs.join(', ')} or their numbers`,
  );
}

/** The candidate within a small edit distance, or one the input is a prefix of. */
export function closest(input: string, candidates: readonly string[]): string | undefined {
  if (!input || input.length > 64) return undefined;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = candidate.startsWith(input) ? 1 : editDistance(input, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= Math.max(2, Math.floor(input.length / 3)) ? best : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
