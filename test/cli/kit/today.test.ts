/** todayWhere: the same date as Intl gives, by whichever way is cheapest. */
import { describe, expect, it } from 'vitest';
import { calendarDate } from '../../../src/cli/kit/parse/dates.js';
import { todayWhere } from '../../../src/cli/kit/parse/today.js';
import { systemTimeZone } from '../../../src/config/settings.js';

const INSTANTS = ['2026-03-15T03:00:00Z', '2026-12-31T23:30:00Z', '2027-01-01T00:10:00Z', '2026-06-30T12:00:00Z'].map((t) => new Date(t));

describe('todayWhere', () => {
  it.each(['UTC', systemTimeZone(), 'America/Los_Angeles', 'Pacific/Auckland', 'Asia/Kolkata'])('agrees with Intl in %s', (zone) => {
    for (const now of INSTANTS) expect(todayWhere(now, zone)).toBe(calendarDate(now, zone));
  });
});
