import { describe, expect, it } from 'vitest';

import {
  bucketKeys,
  callActivityFilename,
  changePercent,
  numberOfCallsBucket,
  previousPeriod,
} from './call-reports.ts';

describe('the call reports rules', () => {
  it('the previous period is the same number of days just before', () => {
    expect(previousPeriod('2025-03-03', '2025-03-03')).toEqual({ from: '2025-03-02', to: '2025-03-02' });
    expect(previousPeriod('2025-02-25', '2025-03-03')).toEqual({ from: '2025-02-18', to: '2025-02-24' });
    expect(previousPeriod('2024-03-01', '2024-03-30')).toEqual({ from: '2024-01-31', to: '2024-02-29' });
  });

  it('a change is a whole percentage, none without a previous figure', () => {
    expect(changePercent(15, 10)).toBe(50);
    expect(changePercent(5, 10)).toBe(-50);
    expect(changePercent(1, 3)).toBe(-67);
    expect(changePercent(10, 10)).toBe(0);
    expect(changePercent(4, 0)).toBeNull();
  });

  it('number of calls groups by hour, day, week or month with the length of the range', () => {
    expect(numberOfCallsBucket('2025-03-03', '2025-03-03')).toBe('hour');
    expect(numberOfCallsBucket('2025-01-01', '2025-03-03')).toBe('day');
    expect(numberOfCallsBucket('2025-01-01', '2025-03-04')).toBe('week');
    expect(numberOfCallsBucket('2024-03-03', '2025-03-03')).toBe('week');
    expect(numberOfCallsBucket('2024-03-02', '2025-03-03')).toBe('month');
  });

  it('lists every bucket of a range: weeks from their Monday, months from their first', () => {
    expect(bucketKeys('2025-03-03', '2025-03-03', 'hour')).toHaveLength(24);
    expect(bucketKeys('2025-02-27', '2025-03-02', 'day')).toEqual([
      '2025-02-27',
      '2025-02-28',
      '2025-03-01',
      '2025-03-02',
    ]);
    expect(bucketKeys('2025-03-01', '2025-03-10', 'week')).toEqual(['2025-02-24', '2025-03-03', '2025-03-10']);
    expect(bucketKeys('2024-11-15', '2025-02-01', 'month')).toEqual([
      '2024-11-01',
      '2024-12-01',
      '2025-01-01',
      '2025-02-01',
    ]);
  });

  it('names the CSV with the product name, a name and DD-MM-YYYY', () => {
    expect(callActivityFilename('Cloud', '2025-03-04')).toBe('Cloud_call_activity_04-03-2025.csv');
  });
});
