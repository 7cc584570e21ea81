/** The bad dates of dates.test.ts, as data: test/cli/fast-path.test.ts runs them on both paths too. */

/** Each date flag of every command, as `[flag, args before the value, args after it]`. */
export const DATE_FLAGS: [string, string[], string[]][] = [
  ['--on', ['events', 'search', '--on'], []],
  ['--from', ['events', 'search', '--from'], ['--to', 'today']],
  ['--to', ['events', 'search', '--from', 'today', '--to'], []],
  ['--date-start', ['events', 'search', '--date-start'], []],
  ['--date-end', ['events', 'search', '--date-end'], []],
  ['--from', ['events', 'by-agent', 'STUBHUB', '--from'], []],
  ['--to', ['events', 'by-agent', 'STUBHUB', '--to'], []],
  ['--from', ['sales', 'summary', '101459428', '--from'], []],
  ['--to', ['sales', 'details', '101459428', '--to'], []],
  ['--since', ['history', 'STUBHUB', '101459428', '--since'], []],
  ['--until', ['history', 'STUBHUB', '101459428', '--until'], []],
];

export const BAD_VALUES = [
  ['an offset of 25 hours', '2026-01-01T10:00:00+25:00'],
  ['an offset beyond +14:00', '2026-01-01T10:00:00+14:30'],
  ['an offset beyond -14:00 without a colon', '2026-01-01T10:00:00-1500'],
  ['an offset with 60 minutes', '2026-01-01T10:00:00+05:60'],
  ['February 30th with a time', '2026-02-30T10:00:00Z'],
  ['a leap day in a common year', '2026-02-29'],
  ['the 31st of a 30-day month', '2026-04-31'],
] as const;

/** Every invocation dates.test.ts runs for DATE_FLAGS and BAD_VALUES, as argv. */
export function dateInvocations(): string[][] {
  const offset = BAD_VALUES[0][1];
  return [
    ...DATE_FLAGS.map(([, before, after]) => [...before, offset, ...after]),
    ...BAD_VALUES.map(([, value]) => ['events', 'search', '--date-start', value]),
  ];
}
