/** Date and time-zone helpers the presets and headers rely on. */
import { describe, expect, it } from 'vitest';
import { chooseEncoding } from '../../src/sandbox/http.js';
import {
  addMonths,
  dayNumber,
  isValidTimeZone,
  isoMillis,
  isoSeconds,
  isoWithOffset,
  localDay,
  localDayStart,
  offsetMinutes,
  parseDateOnly,
  parseDateTime,
  scaledClock,
  weekday,
} from '../../src/sandbox/time.js';
import { REFRESH_MS, startSandbox } from '../../src/sandbox/index.js';
import { getJson } from '../helpers/sandbox.js';

const T = (iso: string) => Date.parse(iso);
const DAY_MS = 86_400_000;

describe('time zones', () => {
  it('knows offsets on both sides of daylight-saving changes', () => {
    expect(offsetMinutes('America/New_York', T('2026-03-08T06:59Z'))).toBe(-300);
    expect(offsetMinutes('America/New_York', T('2026-03-08T07:00Z'))).toBe(-240);
    expect(offsetMinutes('Europe/London', T('2026-03-29T00:59Z'))).toBe(0);
    expect(offsetMinutes('Europe/London', T('2026-03-29T01:00Z'))).toBe(60);
    expect(offsetMinutes('America/Phoenix', T('2026-07-01T00:00Z'))).toBe(-420);
    expect(offsetMinutes('UTC', T('2026-07-01T00:00Z'))).toBe(0);
  });

  it('finds local days and their starts', () => {
    const march15 = dayNumber(2026, 3, 15);
    expect(localDay('America/Los_Angeles', T('2026-03-15T03:00Z'))).toBe(march15 - 1);
    expect(localDay('UTC', T('2026-03-15T03:00Z'))).toBe(march15);
    expect(localDayStart('America/New_York', dayNumber(2026, 3, 8))).toBe(T('2026-03-08T05:00Z'));
    expect(localDayStart('America/New_York', dayNumber(2026, 3, 9))).toBe(T('2026-03-09T04:00Z'));
    expect(weekday(march15)).toBe(0);
    expect(weekday(march15 + 6)).toBe(6);
  });

  it('validates zone names', () => {
    expect(isValidTimeZone('America/New_York')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Base')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });

  it('adds calendar months, clamping to the end of the month', () => {
    expect(addMonths(dayNumber(2026, 3, 31), -1)).toBe(dayNumber(2026, 2, 28));
    expect(addMonths(dayNumber(2026, 3, 15), -12)).toBe(dayNumber(2025, 3, 15));
    expect(addMonths(dayNumber(2026, 1, 31), 24)).toBe(dayNumber(2028, 1, 31));
  });
});

describe('formatting', () => {
  it('writes UTC to the second, to the millisecond, and with an offset', () => {
    expect(isoSeconds(T('2026-06-01T23:30:00Z'))).toBe('2026-06-01T23:30:00Z');
    expect(isoMillis(T('2026-03-01T18:22:31.417Z'))).toBe('2026-03-01T18:22:31.417Z');
    expect(isoMillis(T('1999-12-31T00:00:00.005Z'))).toBe('1999-12-31T00:00:00.005Z');
    expect(isoWithOffset(T('2026-06-01T23:30:00Z'), 'America/New_York')).toBe('2026-06-01T19:30:00-04:00');
    expect(isoWithOffset(T('2026-01-10T19:30:00Z'), 'Europe/London')).toBe('2026-01-10T19:30:00+00:00');
    expect(isoWithOffset(T('2026-01-10T19:30:00Z'), 'Asia/Kolkata')).toBe('2026-01-11T01:00:00+05:30');
  });
});

describe('parsing query dates', () => {
  it('reads calendar dates and rejects impossible ones', () => {
    expect(parseDateOnly('2024-02-29')).toBe(dayNumber(2024, 2, 29));
    for (const bad of ['2026-02-29', '2026-13-01', '2026-1-05', '20260105', '2026-01-05T00:00']) expect(parseDateOnly(bad)).toBeUndefined();
  });

  it('reads date-times with Z, with offsets, and as wall-clock time in a zone', () => {
    expect(parseDateTime('2026-06-01T19:30:00Z', 'UTC')).toEqual({ instant: T('2026-06-01T19:30:00Z') });
    expect(parseDateTime('2026-06-01T19:30:00.1234567+02:00', 'UTC')).toEqual({ instant: T('2026-06-01T17:30:00.123Z') });
    expect(parseDateTime('2026-06-01T19:30', 'America/New_York')).toEqual({ instant: T('2026-06-01T23:30:00Z') });
    expect(parseDateTime('2026-06-01', 'America/New_York')).toEqual({ instant: T('2026-06-01T04:00:00Z'), day: dayNumber(2026, 6, 1) });
    for (const bad of ['2026-06-01T24:00', '2026-06-01T19:30+25:00', 'June 1', '']) expect(parseDateTime(bad, 'UTC')).toBeUndefined();
  });

  it('reads an unencoded "+" offset that arrived as a space', () => {
    expect(parseDateTime('2026-06-01T19:30:00 02:00', 'UTC')).toEqual({ instant: T('2026-06-01T17:30:00Z') });
  });
});

describe('Accept-Encoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br', 'br'],
    ['br, gzip', 'gzip'],
    ['gzip;q=0.2, br;q=0.8', 'br'],
    ['gzip;q=0, br;q=0', undefined],
    ['*;q=0.5', 'gzip'],
    ['identity', undefined],
  ])('%s -> %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('a time-scaled clock', () => {
  it('starts at the given instant and runs factor times as fast as the real clock', () => {
    let real = 5_000.25;
    const clock = scaledClock(T('2026-03-15T03:00:00Z'), 900, () => real);
    expect(clock()).toBe(T('2026-03-15T03:00:00Z'));
    real += 1_000;
    expect(clock()).toBe(T('2026-03-15T03:15:00Z'));
    real += 0.5;
    expect(clock()).toBe(T('2026-03-15T03:15:00.450Z'));
  });

  it('rejects a factor out of range, and a clock function (there is no start to scale from)', async () => {
    for (const timeScale of [0, 0.5, -2, 100_001, Number.NaN, Number.POSITIVE_INFINITY]) {
      await expect(startSandbox({ timeScale, events: 5 })).rejects.toThrow(/timeScale must be a number from 1 to 100000/);
    }
    await expect(startSandbox({ timeScale: 10, now: () => new Date(), events: 5 })).rejects.toThrow(/not from a clock function/);
  });

  it('makes an in-process sandbox refresh its inventory in real seconds', async () => {
    const start = T('2026-03-15T03:00:00Z');
    const sandbox = await startSandbox({ now: new Date(start), timeScale: 900, events: 300 });
    try {
      expect(sandbox.now()).toBeGreaterThanOrEqual(start);
      const event = sandbox.events.find((e) => e.agentIds.TMUSA && e.presaleTime < start && e.eventTime > start + 30 * DAY_MS)!;
      const path = `/inventory/TMUSA/${event.agentIds.TMUSA}`;
      const first = await getJson(sandbox, path);
      // 900x: a 15-minute refresh slot lasts one real second; poll until the next one is served.
      let next = first;
      while (next.timestamp === first.timestamp) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        next = await getJson(sandbox, path);
      }
      expect(Date.parse(next.timestamp) - Date.parse(first.timestamp)).toBeGreaterThanOrEqual(REFRESH_MS);
      expect(next.data[0].sections).not.toEqual(first.data[0].sections);
    } finally {
      await sandbox.close();
    }
  });
});
