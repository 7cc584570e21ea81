/** The one-line sales chart of `events view` (pure). */
import { describe, expect, it } from 'vitest';
import { dailySeries, sparkline } from '../../src/market/sparkline.js';

describe('sparkline', () => {
  it('draws one bar per value, the maximum full, zero as a blank, any sale at least the lowest bar', () => {
    expect(sparkline([0, 1, 4, 8, 2, 0, 100], 80)).toEqual({ line: ' ▁▁▁▁ █', perMark: 1, max: 100 });
    expect(sparkline([1, 2, 3, 4, 5, 6, 7, 8], 80).line).toBe('▁▂▃▄▅▆▇█');
  });

  it('is all blanks without sales, and empty without days', () => {
    expect(sparkline([0, 0, 0], 80)).toEqual({ line: '   ', perMark: 1, max: 0 });
    expect(sparkline([], 80)).toEqual({ line: '', perMark: 1, max: 0 });
  });

  it('sums neighbouring days when the series is wider than the room', () => {
    const chart = sparkline([1, 1, 2, 2, 0, 0, 4, 4, 8], 4);
    expect(chart.perMark).toBe(3);
    expect(chart).toEqual({ line: '▂▁█', perMark: 3, max: 16 }); // sums 4, 2, 16
  });
});

describe('dailySeries', () => {
  it('gives every day of the range, zero where the data has no row, across a month end', () => {
    const days = [
      { date: '2026-02-27', n: 3 },
      { date: '2026-03-02', n: 5 },
      { date: '2026-03-09', n: 9 }, // outside the range
    ];
    expect(dailySeries(days, '2026-02-27', '2026-03-02', (d) => d.n)).toEqual([3, 0, 0, 5]); // 2026 is not a leap year
  });
});
