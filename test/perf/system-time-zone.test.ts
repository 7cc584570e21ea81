import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { systemTimeZone } from '../../src/config/system-time-zone.js';

const intl = Intl.DateTimeFormat().resolvedOptions().timeZone;
const hasZoneinfo = existsSync('/usr/share/zoneinfo/Europe/Paris');

describe('systemTimeZone', () => {
  it.runIf(hasZoneinfo)('takes a zone TZ names, as Intl would, without asking Intl', () => {
    expect(systemTimeZone({ TZ: 'Europe/Paris' })).toBe('Europe/Paris');
    expect(systemTimeZone({ TZ: ':America/New_York' })).toBe('America/New_York');
    expect(systemTimeZone({ TZ: 'UTC' })).toBe('UTC');
    expect(systemTimeZone({ TZ: 'Etc/UTC' })).toBe('UTC');
    expect(systemTimeZone({ TZ: 'GMT' })).toBe('UTC');
  });

  it('leaves to Intl what is not a zone of the tz database, never reading outside it', () => {
    for (const tz of ['utc', 'Nowhere/Land', '../../etc/passwd', '/etc/localtime', 'EST+5', '']) {
      expect(systemTimeZone({ TZ: tz })).toBe(intl || 'UTC');
    }
  });

  it('follows the /etc/localtime link, or Intl, when TZ is not set', () => {
    expect(typeof systemTimeZone({})).toBe('string');
    expect(systemTimeZone({}).length).toBeGreaterThan(0);
  });
});
