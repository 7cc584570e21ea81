/**
 * The spellings of instants the stores give back: the quick ways (microsToIso without BigInt arithmetic,
 * PostgreSQL's UTC text rearranged) must agree with the general one for every instant a history can hold.
 */
import { describe, expect, it } from 'vitest';
import { canonicalInstant, isoToMicros, microsToIso, postgresInstant } from '../../src/store/timestamps.js';

/** Instants from 1970 to 2255 (2^53 µs), some on a whole second, some with milliseconds, some with microseconds. */
function instants(): number[] {
  const out = [0, 1, 999, 1000, 1_773_543_600_000_000, 1_773_543_600_250_000, 1_773_543_600_250_001, 2 ** 53 - 1];
  let seed = 7;
  for (let i = 0; i < 500; i++) {
    seed = (seed * 48271) % 2147483647;
    const seconds = Math.floor((seed / 2147483647) * 9_000_000_000);
    out.push(seconds * 1_000_000, seconds * 1_000_000 + (seed % 1000) * 1000, seconds * 1_000_000 + (seed % 1_000_000));
  }
  return out;
}

describe('microsToIso', () => {
  it('spells every instant of a history so that it reads back exactly, to the millisecond or the microsecond', () => {
    for (const micros of instants()) {
      const iso = microsToIso(micros);
      expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(\d{3})?Z$/);
      expect(isoToMicros(iso)).toBe(BigInt(micros));
      expect(microsToIso(BigInt(micros))).toBe(iso);
    }
  });

  it('spells instants outside that range too (before 1970, after 2255)', () => {
    expect(microsToIso(-1_000_000n)).toBe('1969-12-31T23:59:59.000Z');
    expect(isoToMicros(microsToIso(2n ** 53n + 1n))).toBe(2n ** 53n + 1n);
  });
});

describe('postgresInstant', () => {
  it("rearranges PostgreSQL's UTC text into the same spelling canonicalInstant gives", () => {
    for (const micros of instants()) {
      const iso = microsToIso(micros);
      const [date, rest] = iso.slice(0, -1).split('T') as [string, string];
      // PostgreSQL drops trailing zeros of the fraction, and the fraction itself when it is zero.
      const fraction = rest.slice(9).replace(/0+$/, '');
      const text = `${date} ${rest.slice(0, 8)}${fraction ? `.${fraction}` : ''}+00`;
      expect(postgresInstant(text)).toBe(canonicalInstant(text));
      expect(postgresInstant(text)).toBe(iso);
    }
  });

  it('takes any other text the general way', () => {
    for (const text of [
      '2026-03-15 04:00:00+01',
      '2026-03-15 03:00:00.5-05:30',
      '2026-03-15T03:00:00Z',
      '0044-03-15 12:00:00+00 BC',
      'x',
    ]) {
      expect(postgresInstant(text)).toBe(canonicalInstant(text));
    }
  });
});
